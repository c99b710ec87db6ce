import Foundation

/// What a ``TableView`` shows: its sections, their rows and cells, and the edits the user
/// asks for. Held weakly by the table. Only ``tableView(_:numberOfRowsInSection:)`` and
/// ``tableView(_:cellForRowAt:)`` are required; declare the optional methods you implement in
/// ``tableViewDataSourceMethods`` (see <doc:OptionalDelegateMethods>): the table reads it once
/// when the data source is set and calls nothing else.
@MainActor
public protocol TableViewDataSource: AnyObject {
  /// The optional methods this data source implements. Default: none.
  var tableViewDataSourceMethods: TableViewDataSourceMethods { get }

  /// The number of sections. Not declared: 1.
  func numberOfSections(in tableView: TableView) -> Int

  /// The number of rows in a section.
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int

  /// The cell for a row. Ask ``TableView/dequeueReusableCell(withIdentifier:)`` first to
  /// reuse a cell whose row scrolled away.
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell

  /// The title shown on a line above a section's rows, or nil for no header. Not declared: no
  /// headers.
  func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String?

  /// Whether the user may delete (or otherwise edit) a row with Delete or BackSpace. Not
  /// declared, UIKit's rule: every row is editable when ``tableView(_:commit:forRowAt:)`` is
  /// declared, none otherwise.
  func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool

  /// The user asked to delete (or insert) a row. Update the model, then call
  /// ``TableView/deleteRows(at:)`` (or ``TableView/reloadData()``).
  func tableView(
    _ tableView: TableView, commit editingStyle: TableView.EditingStyle, forRowAt indexPath: IndexPath)

  /// Whether the user may move a row. Not declared, UIKit's rule: every row is movable when
  /// ``tableView(_:moveRowAt:to:)`` is declared, none otherwise.
  func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool

  /// The user moved a row; update the model to match (the table has already moved it on
  /// screen).
  func tableView(
    _ tableView: TableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
}

extension TableViewDataSource {
  /// None.
  public var tableViewDataSourceMethods: TableViewDataSourceMethods { [] }
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
