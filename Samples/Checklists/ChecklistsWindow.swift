import ResponderKit

/// The main window. When it is the target of Undo or Redo it names the menu item after the
/// change ("Undo Add Item"), as AppKit's windows do.
@MainActor
final class ChecklistsWindow: Window {
  override func validate(_ item: any ValidatedItem) -> Bool {
    if let menuItem = item as? MenuItem, let undoManager {
      if item.action == .undo { menuItem.title = undoManager.undoMenuItemTitle }
      if item.action == .redo { menuItem.title = undoManager.redoMenuItemTitle }
    }
    return super.validate(item)
  }
}
