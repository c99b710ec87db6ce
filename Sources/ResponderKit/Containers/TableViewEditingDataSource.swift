import Foundation

/// A data source whose rows the user may delete (Delete or BackSpace): UIKit's row-editing
/// pair, `commit` and `canEditRowAt`.
///
/// UIKit turns editing on when its data source implements
/// [`tableView(_:commit:forRowAt:)`](https://developer.apple.com/documentation/uikit/uitableviewdatasource/tableview(_:commit:forrowat:))
/// — a behaviour chosen by the method's presence, which no default implementation can
/// express. Here conforming is that choice: the table casts its data source to this protocol
/// once, when the data source is set, and a data source that does not conform has no
/// editable rows.
@MainActor
public protocol TableViewEditingDataSource: TableViewDataSource {
  /// Whether the user may delete (or otherwise edit) a row. Default, UIKit's rule: every
  /// row, since the data source commits edits.
  func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool

  /// The user asked to delete (or insert) a row. Update the model, then call
  /// ``TableView/deleteRows(at:)`` (or ``TableView/reloadData()``).
  func tableView(
    _ tableView: TableView, commit editingStyle: TableView.EditingStyle, forRowAt indexPath: IndexPath)
}

extension TableViewEditingDataSource {
  /// Every row: "If this method is not implemented, all rows are assumed to be editable"
  /// (UIKit's `tableView(_:canEditRowAt:)`).
  public func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
}
