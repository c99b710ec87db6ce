import ResponderKit

/// The main window. When it is the target of Undo or Redo it names the menu item after the
/// change ("Undo Add Item"), as AppKit's windows do.
@MainActor
final class ChecklistsWindow: Window {
  override func validate(_ item: any ValidatedItem) -> Bool {
    (item as? MenuItem)?.updateUndoTitle(from: undoManager)
    return super.validate(item)
  }
}
