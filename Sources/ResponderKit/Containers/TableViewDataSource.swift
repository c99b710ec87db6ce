import Foundation

/// What a ``TableView`` shows: its sections, their rows and cells, and the edits the user
/// asks for. Held weakly by the table. Only ``tableView(_:numberOfRowsInSection:)`` and
/// ``tableView(_:cellForRowAt:)`` are required; a table has one section unless
/// ``numberOfSections(in:)`` says otherwise.
@MainActor
public protocol TableViewDataSource: AnyObject {
  /// The number of sections. Default 1.
  func numberOfSections(in tableView: TableView) -> Int

  /// The number of rows in a section.
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int

  /// The cell for a row. Ask ``TableView/dequeueReusableCell(withIdentifier:)`` first to
  /// reuse a cell whose row scrolled away.
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell

  /// The title shown on a line above a section's rows, or nil for no header. Default nil.
  func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String?

  /// Whether the user may delete (or otherwise edit) a row. Default false: unlike UIKit, a
  /// protocol extension cannot tell whether ``tableView(_:commit:forRowAt:)`` is implemented,
  /// so say true here to allow Delete and BackSpace.
  func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool

  /// The user asked to delete (or insert) a row. Update the model, then call
  /// ``TableView/deleteRows(at:)`` (or ``TableView/reloadData()``). Default: nothing.
  func tableView(
    _ tableView: TableView, commit editingStyle: TableView.EditingStyle, forRowAt indexPath: IndexPath)

  /// Whether the user may move a row. Default false.
  func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool

  /// The user moved a row; update the model to match (the table has already moved it on
  /// screen). Default: nothing.
  func tableView(
    _ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
}

extension TableViewDataSource {
  /// One section.
  public func numberOfSections(in tableView: TableView) -> Int { 1 }
  /// No header.
  public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { nil }
  /// Not editable.
  public func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool { false }
  /// Does nothing.
  public func tableView(
    _ tableView: TableView, commit editingStyle: TableView.EditingStyle, forRowAt indexPath: IndexPath
  ) {}
  /// Not movable.
  public func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }
  /// Does nothing.
  public func tableView(
    _ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
  ) {}
}
