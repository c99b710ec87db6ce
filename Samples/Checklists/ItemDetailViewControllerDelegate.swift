/// Hears how an ``ItemDetailViewController`` ended. The screen knows only this protocol, not
/// who opened it: whoever set itself as the delegate adds or updates the item and closes the
/// screen.
@MainActor
protocol ItemDetailViewControllerDelegate: AnyObject {
  /// The user cancelled; nothing changed.
  func itemDetailViewControllerDidCancel(_ controller: ItemDetailViewController)
  /// The user finished adding `item`.
  func itemDetailViewController(_ controller: ItemDetailViewController, didFinishAdding item: ChecklistItem)
  /// The user finished editing `item` (the one given to the screen, with the new text).
  func itemDetailViewController(_ controller: ItemDetailViewController, didFinishEditing item: ChecklistItem)
}
