import Foundation

/// A table data source that answers per column: AppKit's `tableView(_:objectValueFor:row:)`
/// and view-based `tableView(_:viewFor:row:)`, for a ``TableView`` with ``TableColumn``s.
///
/// The table casts its data source to this protocol once, when it is set. For each row on
/// screen it then asks, column by column, for a view (``tableView(_:viewFor:at:)``, default
/// none) or else the text (``tableView(_:textFor:at:)``); the row's cell draws the texts in
/// the columns' places and holds the views. The row cell itself comes from
/// ``TableViewDataSource/tableView(_:cellForRowAt:)``, which this protocol implements with a
/// plain reusable ``TableViewCell``: implement it too only to give rows a cell of your own.
/// Sorting by a header click reaches ``tableView(_:sortDescriptorsDidChange:)``.
@MainActor
public protocol TableViewColumnDataSource: TableViewDataSource {
  /// The text of one row in one column. Default: empty.
  func tableView(_ tableView: TableView, textFor tableColumn: TableColumn, at indexPath: IndexPath) -> String

  /// A view to show in one row's column instead of text, or nil (the default) for the text.
  /// A ``TableViewCell`` returned here is told the row's state (``TableViewCell/isSelected``,
  /// ``TableViewCell/isFocused``, ``TableViewCell/isHovered``) as the row's cell is, so it
  /// draws the selected and focused styles by itself.
  func tableView(_ tableView: TableView, viewFor tableColumn: TableColumn, at indexPath: IndexPath) -> View?

  /// The table's ``TableView/sortDescriptors`` changed (a header click, or code): sort the
  /// model by them and reload. `oldDescriptors` are the ones before. Default: nothing.
  func tableView(_ tableView: TableView, sortDescriptorsDidChange oldDescriptors: [TableSortDescriptor])
}

extension TableViewColumnDataSource {
  /// Empty.
  public func tableView(_ tableView: TableView, textFor tableColumn: TableColumn, at indexPath: IndexPath)
    -> String
  { "" }

  /// None: the column shows the text.
  public func tableView(_ tableView: TableView, viewFor tableColumn: TableColumn, at indexPath: IndexPath)
    -> View?
  { nil }

  /// Does nothing.
  public func tableView(
    _ tableView: TableView, sortDescriptorsDidChange oldDescriptors: [TableSortDescriptor]
  ) {}

  /// A plain row cell from the table's pool (reuse identifier ``TableView/columnRowReuseIdentifier``).
  public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    tableView.dequeueReusableCell(withIdentifier: TableView.columnRowReuseIdentifier)
      ?? TableViewCell(reuseIdentifier: TableView.columnRowReuseIdentifier)
  }
}
