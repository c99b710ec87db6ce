/// Hears about and steers a ``TableView``'s selection, and sizes rows. Held weakly; every
/// method is optional.
///
/// For a selection the user makes (keys, taps) the order is UIKit's: `willSelectRow`,
/// `willDeselectRow` (old row), `didDeselectRow` (old row), `didSelectRow`. Programmatic
/// ``TableView/selectRow(_:animated:scrollPosition:)`` calls none of them, as in UIKit.
@MainActor
public protocol TableViewDelegate: AnyObject {
  /// The user is about to select `row`. Return it to allow, another row to select that one
  /// instead, or nil to refuse. Default: `row`.
  func tableView(_ tableView: TableView, willSelectRow row: Int) -> Int?
  /// `row` was selected by the user.
  func tableView(_ tableView: TableView, didSelectRow row: Int)
  /// `row` is about to lose the selection because the user chose another.
  func tableView(_ tableView: TableView, willDeselectRow row: Int)
  /// `row` lost the selection.
  func tableView(_ tableView: TableView, didDeselectRow row: Int)
  /// The user activated the selected row: Return, or a double tap. Default: nothing.
  func tableView(_ tableView: TableView, performPrimaryActionForRow row: Int)
  /// The height of a row in cells, at least 1. Default: ``TableView/rowHeight``.
  func tableView(_ tableView: TableView, heightForRow row: Int) -> Int
}

extension TableViewDelegate {
  /// Allows the row.
  public func tableView(_ tableView: TableView, willSelectRow row: Int) -> Int? { row }
  /// Does nothing.
  public func tableView(_ tableView: TableView, didSelectRow row: Int) {}
  /// Does nothing.
  public func tableView(_ tableView: TableView, willDeselectRow row: Int) {}
  /// Does nothing.
  public func tableView(_ tableView: TableView, didDeselectRow row: Int) {}
  /// Does nothing.
  public func tableView(_ tableView: TableView, performPrimaryActionForRow row: Int) {}
  /// The table's ``TableView/rowHeight``.
  public func tableView(_ tableView: TableView, heightForRow row: Int) -> Int { tableView.rowHeight }
}
