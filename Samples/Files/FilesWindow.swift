import ResponderKit

/// The main window: answers Undo and Redo even with nothing to undo, so validation reaches it
/// and it names the items after the change ("Undo Move to Trash"), disabled when there is none.
@MainActor
final class FilesWindow: Window {
  override func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
    if action == .undo || action == .redo { return true }
    return super.canPerformAction(action, withSender: sender)
  }

  override func validate(_ item: any ValidatedItem) -> Bool {
    if let menuItem = item as? MenuItem, let undoManager {
      if item.action == .undo { menuItem.title = undoManager.undoMenuItemTitle }
      if item.action == .redo { menuItem.title = undoManager.redoMenuItemTitle }
    }
    if item.action == .undo { return undoManager?.canUndo ?? false }
    if item.action == .redo { return undoManager?.canRedo ?? false }
    return super.validate(item)
  }
}
