import Foundation

/// What a ``TableView`` shows: its sections, their rows and cells. Held weakly by the table.
/// Only ``tableView(_:numberOfRowsInSection:)`` and ``tableView(_:cellForRowAt:)`` are
/// required; the others have defaults in an extension, so implementing one is all it takes
/// for the table to call it (see <doc:OptionalDelegateMethods>).
///
/// Letting the user delete or move rows is a choice UIKit reads from whether the data source
/// *has* `commit` or `moveRowAt`; here it is a refining protocol the compiler checks:
/// ``TableViewEditingDataSource`` and ``TableViewReorderingDataSource``.
@MainActor
public protocol TableViewDataSource: AnyObject {
  /// The number of sections. Default: 1.
  func numberOfSections(in tableView: TableView) -> Int

  /// The number of rows in a section.
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int

  /// The cell for a row. Ask ``TableView/dequeueReusableCell(withIdentifier:)`` first to
  /// reuse a cell whose row scrolled away.
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell

  /// The title shown on a line above a section's rows, or nil for no header. Default: no
  /// headers.
  func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String?
}

extension TableViewDataSource {
  /// One section.
  public func numberOfSections(in tableView: TableView) -> Int { 1 }
  /// No header.
  public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { nil }
}
