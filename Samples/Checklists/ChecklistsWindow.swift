import ResponderKit

/// The main window. Like AppKit's windows, it answers Undo and Redo even when there is
/// nothing to undo, so validation reaches it and it can name the menu items after the change
/// ("Undo Add Item") or, with nothing to redo, plain "Redo" — the items are disabled then.
@MainActor
final class ChecklistsWindow: Window {
  override func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
    if action == .undo || action == .redo { return true }
    return super.canPerformAction(action, withSender: sender)
  }

  override func validate(_ item: any ValidatedItem) -> Bool {
    (item as? MenuItem)?.updateUndoTitle(from: undoManager)
    if item.action == .undo { return undoManager?.canUndo ?? false }
    if item.action == .redo { return undoManager?.canRedo ?? false }
    return super.validate(item)
  }
}
