import Foundation

extension TableView {
  /// Adds a column at the right: AppKit's `addTableColumn(_:)`. A column already in a table
  /// moves here.
  public func addTableColumn(_ column: TableColumn) {
    column.tableView?.removeTableColumn(column)
    column.tableView = self
    tableColumns.append(column)
    columnsChangedReloading()
  }

  /// Removes a column; the sort order keeps its descriptors.
  public func removeTableColumn(_ column: TableColumn) {
    guard let index = tableColumns.firstIndex(where: { $0 === column }) else { return }
    tableColumns.remove(at: index)
    column.tableView = nil
    columnsChangedReloading()
  }

  /// The column with this identifier, or nil.
  public func tableColumn(withIdentifier identifier: TableColumn.Identifier) -> TableColumn? {
    tableColumns.first { $0.identifier == identifier }
  }

  /// The index of the column with this identifier, or nil (AppKit answers -1).
  public func column(withIdentifier identifier: TableColumn.Identifier) -> Int? {
    tableColumns.firstIndex { $0.identifier == identifier }
  }

  /// The column under a point in the table's coordinates, or nil on a divider or past the
  /// last column: AppKit's `column(at:)`.
  public func column(at point: Point) -> Int? {
    guard point.x.isFinite, point.x >= 0 else { return nil }
    let x = Int(cells: point.x.rounded(.down))
    return columnSpans.firstIndex { x >= $0.x && x - $0.x < $0.width }
  }

  /// The rectangle of a column across every row, in the table's content coordinates, or
  /// `.zero` when there is no such column: AppKit's `rect(ofColumn:)`.
  public func rect(ofColumn column: Int) -> Rect {
    guard columnSpans.indices.contains(column) else { return .zero }
    let span = columnSpans[column]
    return Rect(x: Double(span.x), y: 0, width: Double(span.width), height: contentSize.height)
  }

  /// Columns changed: the header row may come or go, and every row's cell asks again.
  private func columnsChangedReloading() {
    columnsDidChange()
    reloadData()
  }

  /// Keeps the header row at the top of the view, over the columns.
  func layoutHeaderView() {
    guard let headerView else { return }
    guard headerHeight > 0 else {
      if headerView.superview === self { headerView.removeFromSuperview() }
      return
    }
    if headerView.superview !== self { addSubview(headerView) }
    headerView.frame = Rect(x: contentOffset.x, y: contentOffset.y, width: visibleContentWidth, height: 1)
  }

  /// Asks the data source for each column of a new row: a view, else the text.
  func fillColumns(of cell: TableViewCell, at indexPath: IndexPath) {
    guard let source = roles.columns else { return }
    var texts: [String] = []
    texts.reserveCapacity(tableColumns.count)
    for (index, column) in tableColumns.enumerated() {
      let view = source.tableView(self, viewFor: column, at: indexPath)
      if view != nil || cell.columnViews[index] != nil { cell.setColumnView(view, at: index) }
      texts.append(view == nil ? source.tableView(self, textFor: column, at: indexPath) : "")
    }
    cell.columnTexts = texts
  }

  /// The resizable column whose divider is at `x` in the header, or nil.
  func columnResized(byDividerAt x: Double) -> TableColumn? {
    guard x.isFinite, x >= 0 else { return nil }
    let cell = Int(cells: x.rounded(.down))
    guard let index = columnSpans.firstIndex(where: { $0.x + $0.width == cell }),
      tableColumns[index].isResizable
    else { return nil }
    return tableColumns[index]
  }

  /// The column whose title is at `x` in the header, or nil.
  func column(atHeaderX x: Double) -> TableColumn? {
    column(at: Point(x: x, y: 0)).map { tableColumns[$0] }
  }

  /// AppKit's header click: a sortable column's descriptor goes first, or is reversed when it
  /// already is first; another descriptor with the same key is dropped.
  func headerClicked(_ column: TableColumn) {
    defer { delegate?.tableView(self, didClick: column) }
    guard let prototype = column.sortDescriptorPrototype else { return }
    var descriptors = sortDescriptors
    if let first = descriptors.first, first.key == prototype.key {
      descriptors[0] = first.reversed
    } else {
      descriptors.removeAll { $0.key == prototype.key }
      descriptors.insert(prototype, at: 0)
    }
    sortDescriptors = descriptors
  }
}
