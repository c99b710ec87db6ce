import ResponderKit

/// The detail screens' text field: while it is the target of Undo and Redo (there is typing
/// to undo), it names the menu items "Undo Typing", like the window does for other changes.
@MainActor
final class DetailTextField: TextField {
  override func validate(_ item: any ValidatedItem) -> Bool {
    (item as? MenuItem)?.updateUndoTitle(from: undoManager)
    return super.validate(item)
  }
}
