import ResponderKit

/// A document's window. Like AppKit's windows, it answers Undo and Redo even when there is
/// nothing to undo, so the Edit menu's items are validated here and named after the change
/// ("Undo Typing"), disabled when the document's undo manager has nothing to give.
@MainActor
final class EditorWindow: Window {
  override func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
    if action == .undo || action == .redo { return true }
    return super.canPerformAction(action, withSender: sender)
  }

  override func validate(_ item: any ValidatedItem) -> Bool {
    if let item = item as? MenuItem, let undoManager {
      if item.action == .undo { item.title = undoManager.undoMenuItemTitle }
      if item.action == .redo { item.title = undoManager.redoMenuItemTitle }
    }
    if item.action == .undo { return undoManager?.canUndo ?? false }
    if item.action == .redo { return undoManager?.canRedo ?? false }
    return super.validate(item)
  }
}
