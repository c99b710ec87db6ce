import ResponderKit

/// The entry table: a right click selects the row under the pointer and pops up the row's
/// menu (Finder's and GNOME Files' order: select, then act on the selection).
@MainActor
final class EntryTableView: TableView {
  /// The menu of a row; nil over the empty space below the rows.
  var rowMenu: Menu?
  /// The menu of the empty space: New Folder and the like.
  var backgroundMenu: Menu?
  /// Told when the width changed: the columns are laid out again.
  var widthDidChange: (() -> Void)?
  private var laidOutWidth: Double?

  override func layoutSubviews() {
    if bounds.width != laidOutWidth {
      laidOutWidth = bounds.width
      widthDidChange?()
    }
    super.layoutSubviews()
  }

  override func menu(for event: Event) -> Menu? {
    guard let point = event.location(in: self) else {
      return indexPathForSelectedRow == nil ? backgroundMenu : rowMenu
    }
    guard let indexPath = indexPathForRow(at: point) else { return backgroundMenu }
    if indexPathForSelectedRow != indexPath { _ = selectRow(at: indexPath, notifyingDelegate: true) }
    if !isFirstResponder { _ = window?.makeFirstResponder(self) }
    return rowMenu
  }
}
