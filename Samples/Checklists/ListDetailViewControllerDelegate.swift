/// Hears how a ``ListDetailViewController`` ended; the same pattern as
/// ``ItemDetailViewControllerDelegate``.
@MainActor
protocol ListDetailViewControllerDelegate: AnyObject {
  /// The user cancelled; nothing changed.
  func listDetailViewControllerDidCancel(_ controller: ListDetailViewController)
  /// The user finished adding `checklist`.
  func listDetailViewController(_ controller: ListDetailViewController, didFinishAdding checklist: Checklist)
  /// The user finished editing `checklist` (the one given to the screen, renamed).
  func listDetailViewController(_ controller: ListDetailViewController, didFinishEditing checklist: Checklist)
}
