import Foundation

/// Hears about and steers a ``TableView``'s selection. Held weakly; every method is optional:
/// each has a default in an extension that does what UIKit does when the method is missing,
/// so implementing one is all it takes for the table to call it (see
/// <doc:OptionalDelegateMethods>). Rows of different heights come from a delegate that
/// conforms to ``TableViewRowHeightDelegate``.
///
/// For a selection the user makes (keys, taps) the order is UIKit's: `willSelectRowAt`,
/// `willDeselectRowAt` (old row), `didDeselectRowAt` (old row), `didSelectRowAt`.
/// Programmatic ``TableView/selectRow(at:animated:scrollPosition:)`` calls none of them, as in
/// UIKit.
@MainActor
public protocol TableViewDelegate: AnyObject {
  /// The user is about to select a row. Return its index path to allow, another to select
  /// that row instead, or nil to refuse. Default: every row may be selected.
  func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath?
  /// A row was selected by the user.
  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath)
  /// A row is about to lose the selection because the user chose another.
  func tableView(_ tableView: TableView, willDeselectRowAt indexPath: IndexPath)
  /// A row lost the selection.
  func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath)
  /// The user activated the selected row: Return, or a double tap.
  func tableView(_ tableView: TableView, performPrimaryActionForRowAt indexPath: IndexPath)
  /// The user clicked a column's title (AppKit's `tableView(_:didClick:)`), after the sort
  /// order changed for a sortable column.
  func tableView(_ tableView: TableView, didClick tableColumn: TableColumn)
  /// The user dragged a column's divider and its width changed (AppKit's
  /// `tableViewColumnDidResize`).
  func tableView(_ tableView: TableView, didResize tableColumn: TableColumn)
}

extension TableViewDelegate {
  /// Allows the row.
  public func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
    indexPath
  }
  /// Does nothing.
  public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {}
  /// Does nothing.
  public func tableView(_ tableView: TableView, willDeselectRowAt indexPath: IndexPath) {}
  /// Does nothing.
  public func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {}
  /// Does nothing.
  public func tableView(_ tableView: TableView, performPrimaryActionForRowAt indexPath: IndexPath) {}
  /// Does nothing.
  public func tableView(_ tableView: TableView, didClick tableColumn: TableColumn) {}
  /// Does nothing.
  public func tableView(_ tableView: TableView, didResize tableColumn: TableColumn) {}
}
