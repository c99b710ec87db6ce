import ResponderKit

/// A shown table of the census rows with two columns, the first resizable.
@MainActor func censusColumnTable(_ stage: CensusStage) -> (TableView, TableColumn) {
  let table = TableView()
  let column = TableColumn(identifier: "a", title: "A", width: 6)
  table.addTableColumn(column)
  table.addTableColumn(TableColumn(identifier: "b", title: "B", width: 4))
  table.dataSource = stage.censusRows
  stage.show(table)
  return (table, column)
}

extension CensusEntry {
  @MainActor static let tableColumns: [CensusEntry] = [
    CensusEntry("ResponderKit.TableHeaderView.init(frame:) frame: Rect", .geometry) { stage, v in
      stage.frameBeforeShowing(TableHeaderView(frame: v))
    },
    CensusEntry(
      "ResponderKit.TableColumn.init(identifier:title:width:) width: Int",
      .clamped(to: 1...TableColumn.maximumWidth)
    ) { stage, v in
      let column = TableColumn(identifier: "w", title: "W", width: v)
      let (table, _) = censusColumnTable(stage)
      table.addTableColumn(column)
      _ = stage.driver.screen
      return column.width
    },
    CensusEntry("ResponderKit.TableColumn.width: Int", .clamped(to: 1...TableColumn.maximumWidth)) {
      stage, v in
      let (_, column) = censusColumnTable(stage)
      column.width = v
      _ = stage.driver.screen
      stage.driver.press("Down")
      return column.width
    },
    CensusEntry("ResponderKit.TableColumn.minWidth: Int", .clamped(to: 1...TableColumn.maximumWidth)) {
      stage, v in
      let (_, column) = censusColumnTable(stage)
      column.minWidth = v
      _ = stage.driver.screen
      stage.expect(column.width >= column.minWidth && column.maxWidth >= column.minWidth)
      return column.minWidth
    },
    CensusEntry("ResponderKit.TableColumn.maxWidth: Int", .clamped(to: 1...TableColumn.maximumWidth)) {
      stage, v in
      let (_, column) = censusColumnTable(stage)
      column.maxWidth = v
      _ = stage.driver.screen
      stage.expect(column.width <= column.maxWidth)
      return column.maxWidth
    },
    call("ResponderKit.TableView.column(at:) at: Point", Point.self) { stage, v in
      let (table, _) = censusColumnTable(stage)
      if let index = table.column(at: v) { stage.expect(table.tableColumns.indices.contains(index)) }
    },
    call("ResponderKit.TableView.rect(ofColumn:) ofColumn: Int", Int.self) { stage, v in
      let (table, _) = censusColumnTable(stage)
      let rect = table.rect(ofColumn: v)
      stage.expect(table.tableColumns.indices.contains(v) || rect == .zero)
    },
    call("ResponderKit.Alert.defaultButtonIndex: Int?", Int.self) { stage, v in
      let alert = Alert(title: "Title")
      _ = alert.addButton(withTitle: "Delete", style: .destructive)
      _ = alert.addButton(withTitle: "Cancel", style: .cancel)
      alert.defaultButtonIndex = v
      alert.beginModal(for: stage.application)
      _ = stage.driver.screen
      stage.driver.press("Return")
    },
  ]
}
