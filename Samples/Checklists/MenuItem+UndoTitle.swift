import ResponderKit

extension MenuItem {
  /// Names an Undo or Redo item after the change it would undo or redo ("Undo Add Item"),
  /// as AppKit's validating targets do. Other items are left alone.
  func updateUndoTitle(from undoManager: UndoManager?) {
    guard let undoManager else { return }
    if action == .undo { title = undoManager.undoMenuItemTitle }
    if action == .redo { title = undoManager.redoMenuItemTitle }
  }
}
