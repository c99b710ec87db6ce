/// What a ``TableView`` shows: the rows and their cells, and the edits the user asks for.
/// Held weakly by the table. Only ``numberOfRows(in:)`` and ``tableView(_:cellForRow:)`` are
/// required.
@MainActor
public protocol TableViewDataSource: AnyObject {
  /// The number of rows.
  func numberOfRows(in tableView: TableView) -> Int

  /// The cell for a row. Ask ``TableView/dequeueReusableCell(withIdentifier:)`` first to
  /// reuse a cell whose row scrolled away.
  func tableView(_ tableView: TableView, cellForRow row: Int) -> TableViewCell

  /// Whether the user may delete (or otherwise edit) a row. Default false: unlike UIKit, a
  /// protocol extension cannot tell whether ``tableView(_:commit:forRow:)`` is implemented, so
  /// say true here to allow Delete and BackSpace.
  func tableView(_ tableView: TableView, canEditRow row: Int) -> Bool

  /// The user asked to delete (or insert) a row. Update the model, then call
  /// ``TableView/deleteRows(_:)`` (or ``TableView/reloadData()``). Default: nothing.
  func tableView(_ tableView: TableView, commit editingStyle: TableView.EditingStyle, forRow row: Int)

  /// Whether the user may move a row. Default false.
  func tableView(_ tableView: TableView, canMoveRow row: Int) -> Bool

  /// The user moved a row; update the model to match (the table has already moved it on
  /// screen). Default: nothing.
  func tableView(_ tableView: TableView, moveRow sourceRow: Int, to destinationRow: Int)
}

extension TableViewDataSource {
  /// Not editable.
  public func tableView(_ tableView: TableView, canEditRow row: Int) -> Bool { false }
  /// Does nothing.
  public func tableView(
    _ tableView: TableView, commit editingStyle: TableView.EditingStyle, forRow row: Int
  ) {}
  /// Not movable.
  public func tableView(_ tableView: TableView, canMoveRow row: Int) -> Bool { false }
  /// Does nothing.
  public func tableView(_ tableView: TableView, moveRow sourceRow: Int, to destinationRow: Int) {}
}
