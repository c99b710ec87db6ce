import Foundation

/// A data source whose rows the user may move (Alt-Up, Alt-Down): UIKit's reordering pair,
/// `moveRowAt` and `canMoveRowAt`.
///
/// UIKit shows reorder controls only when its data source implements
/// [`tableView(_:moveRowAt:to:)`](https://developer.apple.com/documentation/uikit/uitableviewdatasource/tableview(_:moverowat:to:))
/// — a behaviour chosen by the method's presence. Here conforming is that choice: the table
/// casts its data source to this protocol once, when the data source is set, and a data
/// source that does not conform has no movable rows.
@MainActor
public protocol TableViewReorderingDataSource: TableViewDataSource {
  /// Whether the user may move a row. Default, UIKit's rule: every row, since the data
  /// source moves rows.
  func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool

  /// The user moved a row; update the model to match (the table has already moved it on
  /// screen).
  func tableView(
    _ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
}

extension TableViewReorderingDataSource {
  /// Every row: "By default, the reordering control is shown if the data source implements
  /// the tableView(_:moveRowAt:to:) method" (UIKit's `tableView(_:canMoveRowAt:)`).
  public func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }
}
