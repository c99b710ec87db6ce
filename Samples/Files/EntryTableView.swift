import ResponderKit

/// The entry table: a right click selects the row under the pointer and pops up the row's
/// menu (Finder's and GNOME Files' order: select, then act on the selection).
@MainActor
final class EntryTableView: TableView {
  /// The menu of a row; nil over the empty space below the rows.
  var rowMenu: Menu?
  /// The menu of the empty space: New Folder and the like.
  var backgroundMenu: Menu?
  private var fittedWidth: Double?

  /// The first column (the name) takes the room the others leave whenever the table's width
  /// changes, as AppKit's `firstColumnOnlyAutoresizingStyle` does; a divider dragged since
  /// stays where it was put until the next resize.
  override func layoutSubviews() {
    if bounds.width != fittedWidth, let first = tableColumns.first {
      fittedWidth = bounds.width
      let others = tableColumns.dropFirst().reduce(0) { $0 + $1.width + 1 }
      first.width = max(first.minWidth, Int(max(0, visibleContentWidth)) - others - 1)
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
