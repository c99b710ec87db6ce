import Foundation
import Observation
import Testing

@testable import ResponderKit

/// Files with a name, a size and a kind: a data source that answers per column, logs what
/// it is asked and sorts itself when the table's sort descriptors change.
@MainActor
final class FileColumnsSource: TableViewColumnDataSource {
  var files: [(name: String, size: Int, kind: String)] = [
    ("notes.txt", 120, "Text"), ("a.out", 9000, "Binary"), ("README", 40, "Text"),
    ("photo.png", 5500, "Image"), ("zeta.md", 77, "Text"), ("main.swift", 300, "Swift"),
    ("b.c", 12, "C"), ("log", 1, "Text"),
  ]
  var asked: [String] = []
  var sortChanges: [[TableSortDescriptor]] = []
  /// Columns for which a cell view is given instead of text.
  var viewColumns: Set<TableColumn.Identifier> = []
  var madeViews: [TableViewCell] = []

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { files.count }

  func tableView(_ tableView: TableView, textFor tableColumn: TableColumn, at indexPath: IndexPath) -> String
  {
    asked.append("\(tableColumn.identifier.rawValue) \(indexPath.row)")
    let file = files[indexPath.row]
    switch tableColumn.identifier {
    case "name": return file.name
    case "size": return String(file.size)
    default: return file.kind
    }
  }

  func tableView(_ tableView: TableView, viewFor tableColumn: TableColumn, at indexPath: IndexPath) -> View? {
    guard viewColumns.contains(tableColumn.identifier) else { return nil }
    let cell = TableViewCell()
    cell.text = "<\(files[indexPath.row].kind)>"
    madeViews.append(cell)
    return cell
  }

  func tableView(_ tableView: TableView, sortDescriptorsDidChange oldDescriptors: [TableSortDescriptor]) {
    sortChanges.append(oldDescriptors)
    for descriptor in tableView.sortDescriptors.reversed() {
      switch descriptor.key {
      case "name": files.sort { descriptor.orders($0.name, before: $1.name) }
      case "size": files.sort { descriptor.orders($0.size, before: $1.size) }
      default: break
      }
    }
    tableView.reloadData()
  }
}

@MainActor
struct TableColumnTests {
  let app: Application
  let window: Window
  let table = TableView()
  let source = FileColumnsSource()
  let name = TableColumn(identifier: "name", title: "Name", width: 10)
  let size = TableColumn(identifier: "size", title: "Size", width: 5)
  let kind = TableColumn(identifier: "kind", title: "Kind", width: 6)

  init() {
    (app, window) = Input.app(columns: 26, rows: 5)
    window.rootView = table
    table.showsVerticalScrollIndicator = false
    name.sortDescriptorPrototype = TableSortDescriptor(key: "name")
    size.sortDescriptorPrototype = TableSortDescriptor(key: "size", ascending: false)
    size.alignment = .right
    for column in [name, size, kind] { table.addTableColumn(column) }
    table.dataSource = source
    window.makeFirstResponder(table)
  }

  private var lines: [String] {
    app.renderScreen().plainText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// Drags the mouse from one screen cell to another along the row.
  private func drag(fromX: Int, toX: Int, y: Int) {
    func at(_ x: Int) -> Point { Point(x: Double(x) + 0.5, y: Double(y) + 0.5) }
    app.handle(.touches([TouchSample(phase: .began, location: at(fromX), timestamp: 0)]))
    app.handle(.touches([TouchSample(phase: .moved, location: at(toX), timestamp: 0.05)]))
    app.handle(.touches([TouchSample(phase: .ended, location: at(toX), timestamp: 0.1)]))
  }

  @Test func theHeaderRowShowsTitlesAndEachRowItsColumnsTexts() {
    #expect(table.tableColumns.map(\.identifier) == ["name", "size", "kind"])
    #expect(
      lines.map { $0.trimmingCharacters(in: .whitespaces) } == [
        "Name      │ Size│Kind  │", "notes.txt    120 Text", "a.out       9000 Binary",
        "README        40 Text", "photo.png   5500 Image",
      ])
    #expect(app.renderScreen()[0, 0].style.attributes.contains(.bold))
    #expect(table.cellForRow(at: IndexPath(row: 1))?.columnTexts == ["a.out", "9000", "Binary"])
  }

  @Test func theDataSourceIsAskedPerColumnForTheVisibleRowsOnly() {
    _ = app.renderScreen()
    #expect(source.asked.count == 4 * 3, "four rows under the header, three columns: \(source.asked)")
    #expect(source.asked.prefix(3) == ["name 0", "size 0", "kind 0"])
    source.asked = []
    _ = app.renderScreen()
    #expect(source.asked.isEmpty, "a still table asks nothing again")
    app.handle(Input.key(.down))
    app.handle(Input.key(.end))
    _ = app.renderScreen()
    #expect(Set(source.asked.map { $0.split(separator: " ")[1] }) == ["4", "5", "6", "7"])
  }

  @Test func clickingAHeaderSortsAndClickingItAgainReversesTheOrderAsAppKitDoes() {
    Input.tap(app, x: 2, y: 0, time: 0)
    #expect(table.sortDescriptors == [TableSortDescriptor(key: "name")])
    #expect(source.sortChanges == [[]])
    #expect(lines[1].hasPrefix("README"))
    #expect(lines[0].hasPrefix("Name     ▲"))
    Input.tap(app, x: 2, y: 0, time: 1)
    #expect(table.sortDescriptors == [TableSortDescriptor(key: "name", ascending: false)])
    #expect(source.sortChanges.last == [TableSortDescriptor(key: "name")])
    #expect(lines[1].hasPrefix("zeta.md"))
    #expect(lines[0].hasPrefix("Name     ▼"))
    // Another column's prototype goes first; the name order stays as the secondary key.
    Input.tap(app, x: 12, y: 0, time: 2)
    #expect(
      table.sortDescriptors == [
        TableSortDescriptor(key: "size", ascending: false),
        TableSortDescriptor(key: "name", ascending: false),
      ])
    #expect(lines[1].hasPrefix("a.out"))
    // A column without a prototype does not sort.
    Input.tap(app, x: 19, y: 0, time: 3)
    #expect(source.sortChanges.count == 3)
  }

  @Test func settingTheSameSortDescriptorsTellsTheDataSourceNothing() {
    table.sortDescriptors = [TableSortDescriptor(key: "size")]
    table.sortDescriptors = [TableSortDescriptor(key: "size")]
    #expect(source.sortChanges == [[]])
    #expect(table.cellForRow(at: IndexPath(row: 0))?.columnTexts.first == "log")
  }

  @Test func draggingAHeaderDividerResizesTheColumnWithinItsLimits() {
    // Name's divider is the cell after its ten: x = 10.
    drag(fromX: 10, toX: 14, y: 0)
    #expect(name.width == 14)
    #expect(source.sortChanges.isEmpty, "a drag is not a click")
    #expect(lines[0].hasPrefix("Name          │ Size│"))
    #expect(lines[1].hasPrefix("notes.txt        120"))
    name.maxWidth = 16
    drag(fromX: 14, toX: 25, y: 0)
    #expect(name.width == 16)
    name.minWidth = 4
    drag(fromX: 16, toX: 0, y: 0)
    #expect(name.width == 4)
    #expect(lines[1].hasPrefix("not…"))
    size.isResizable = false
    drag(fromX: 10, toX: 12, y: 0)
    #expect(size.width == 5, "a column that is not resizable keeps its width")
  }

  @Test func theHeaderStaysAtTheTopAndTheSelectionNeverHidesUnderIt() {
    app.handle(Input.key(.end, .control))
    #expect(table.indexPathForSelectedRow?.row == 7)
    #expect(lines[0].hasPrefix("Name"))
    #expect(lines[4].hasPrefix("log"))
    app.handle(Input.key(.home, .control))
    #expect(table.contentOffset.y == 0)
    #expect(lines[1].hasPrefix("notes.txt"))
    table.scrollToRow(at: IndexPath(row: 3), at: .top)
    #expect(lines[1].hasPrefix("photo.png"))
    #expect(table.indexPathsForVisibleRows.map(\.row) == [3, 4, 5, 6])
  }

  @Test func aHiddenHeaderLeavesTheRowsAtTheTop() {
    table.headerView = nil
    #expect(lines[0].hasPrefix("notes.txt"))
    #expect(table.rectForRow(at: IndexPath(row: 0)).minY == 0)
    table.headerView = TableHeaderView()
    #expect(lines[0].hasPrefix("Name"))
    #expect(table.rectForRow(at: IndexPath(row: 0)).minY == 1)
  }

  @Test func cellsAreToldTheSelectedAndFocusedStateWithoutLookingForTheTable() {
    source.viewColumns = ["kind"]
    table.reloadData()
    app.handle(Input.key(.down))
    let cell = table.cellForRow(at: IndexPath(row: 0))
    #expect(cell?.configurationState == TableViewCell.ConfigurationState(isSelected: true, isFocused: true))
    let kindCell = source.madeViews.first { $0.superview === cell }
    #expect(kindCell?.isSelected == true)
    #expect(kindCell?.isFocused == true)
    #expect(kindCell?.frame == Rect(x: 17, y: 0, width: 6, height: 1))
    #expect(lines[1].contains("<Text>"))
    window.makeFirstResponder(nil)
    #expect(cell?.configurationState == TableViewCell.ConfigurationState(isSelected: true))
    #expect(kindCell?.isFocused == false)
    #expect(kindCell?.contentStyle == cell?.contentStyle, "the column's cell draws in the row's style")
    window.makeFirstResponder(table)
    app.handle(Input.key(.down))
    #expect(cell?.isSelected == false)
    #expect(kindCell?.isSelected == false)
  }

  @Test func theDelegateHearsOfHeaderClicksAndResizes() {
    let log = ColumnLog()
    table.delegate = log
    Input.tap(app, x: 19, y: 0, time: 0)
    Input.tap(app, x: 2, y: 0, time: 1)
    drag(fromX: 10, toX: 12, y: 0)
    #expect(log.events == ["click kind", "click name", "resize name 12"])
    #expect(
      table.sortDescriptors == [TableSortDescriptor(key: "name")],
      "the click sorted before the delegate heard")
  }

  @Test func theLastColumnCanTakeTheRoomTheOthersLeave() {
    _ = app.renderScreen()
    #expect(table.rect(ofColumn: 2).width == 6)
    table.columnAutoresizingStyle = .lastColumnOnly
    _ = app.renderScreen()
    #expect(table.rect(ofColumn: 2).width == 8, "26 cells, less the 17 before it and its divider")
    #expect(kind.width == 6, "the width set stays")
    kind.maxWidth = 7
    _ = app.renderScreen()
    #expect(table.rect(ofColumn: 2).width == 7)
  }

  @Test func columnsAreFoundByIdentifierAndPoint() {
    #expect(table.column(withIdentifier: "size") == 1)
    #expect(table.tableColumn(withIdentifier: "kind") === kind)
    #expect(table.column(withIdentifier: "missing") == nil)
    #expect(table.column(at: Point(x: 12.5, y: 3)) == 1)
    #expect(table.column(at: Point(x: 10.5, y: 3)) == nil, "the divider")
    #expect(table.column(at: Point(x: .nan, y: 3)) == nil)
    #expect(table.rect(ofColumn: 2).minX == 17)
    #expect(table.rect(ofColumn: 9) == .zero)
    table.removeTableColumn(size)
    #expect(size.tableView == nil)
    #expect(lines[1].hasPrefix("notes.txt  Text"))
  }

  @Test func aTableWithoutColumnsHasNoHeaderRow() {
    for column in table.tableColumns { table.removeTableColumn(column) }
    _ = app.renderScreen()
    #expect(table.rectForRow(at: IndexPath(row: 0)).minY == 0)
    #expect(table.headerView?.superview == nil)
  }
}

@MainActor @Observable final class FileList {
  var names = ["b", "a", "c"]
}

/// A column data source reading an `@Observable` list, bound with `bindRows`.
@MainActor final class BoundColumns: TableViewColumnDataSource {
  let list: FileList
  init(_ list: FileList) { self.list = list }
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { list.names.count }
  func tableView(_ tableView: TableView, textFor tableColumn: TableColumn, at indexPath: IndexPath) -> String
  {
    tableColumn.identifier == "name" ? list.names[indexPath.row] : "#\(indexPath.row)"
  }
}

@MainActor
@Test func aBoundTableWithColumnsFollowsItsModelAndKeepsTheSelectedRow() {
  let (app, window) = Input.app(columns: 12, rows: 5)
  let table = TableView()
  window.rootView = table
  table.addTableColumn(TableColumn(identifier: "name", title: "Name", width: 4))
  table.addTableColumn(TableColumn(identifier: "index", title: "#", width: 3))
  let list = FileList()
  let source = BoundColumns(list)
  table.dataSource = source
  table.bindRows(to: list, \.names)
  table.selectRow(at: IndexPath(row: 1))
  list.names.insert("z", at: 0)
  let screen = app.renderScreen().plainText.split(separator: "\n").map {
    $0.trimmingCharacters(in: .whitespaces)
  }
  #expect(screen.prefix(5) == ["Name│#  │", "z    #0", "b    #1", "a    #2", "c    #3"])
  #expect(table.indexPathForSelectedRow?.row == 2)
  #expect(table.cellForRow(at: IndexPath(row: 2))?.columnTexts == ["a", "#2"])
}

/// The selection across `deleteRows`/`insertRows` as UIKit and AppKit keep it: the selected
/// row's index moves by the rows removed or added before it, in any order given; removing the
/// selected row clears the selection (AppKit's `deselectRow(_:)`: "regardless of whether
/// empty selection is allowed").
@MainActor
@Suite("Selection across row updates")
struct TableSelectionUpdateTests {
  let table = TableView(frame: Rect(x: 0, y: 0, width: 20, height: 6))
  let source = FruitSource((0..<30).map { "row \($0)" })

  init() {
    table.dataSource = source
  }

  /// Applies the removals (old rows) to the model and the table.
  private func delete(_ rows: [Int]) {
    for row in Set(rows).sorted(by: >) { source.items.remove(at: row) }
    table.deleteRows(at: rows.map { IndexPath(row: $0) })
  }

  /// Applies the insertions (new rows) to the model and the table.
  private func insert(_ rows: [Int]) {
    for row in Set(rows).sorted() { source.items.insert("new \(row)", at: row) }
    table.insertRows(at: rows.map { IndexPath(row: $0) })
  }

  @Test func randomDeletesAndInsertsKeepTheSelectedItemSelected() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<200 {
      let count = source.items.count
      guard count > 2 else { break }
      let selected = Int.random(in: 0..<count, using: &generator)
      table.selectRow(at: IndexPath(row: selected))
      let item = source.items[selected]
      if Bool.random(using: &generator) {
        var rows = (0..<Int.random(in: 1...3, using: &generator)).map { _ in Int.random(in: 0..<count) }
        rows.removeAll { $0 == selected }
        rows += rows.prefix(1)  // a repeat counts once
        delete(rows.shuffled())
      } else {
        insert(
          (0..<Int.random(in: 1...3, using: &generator)).map { _ in Int.random(in: 0...count) }.shuffled())
      }
      #expect(table.indexPathForSelectedRow.map { source.items[$0.row] } == item)
    }
  }

  @Test func deletingTheSelectedRowClearsTheSelection() {
    table.selectRow(at: IndexPath(row: 4))
    delete([9, 4, 1])
    #expect(table.indexPathForSelectedRow == nil)
  }

  @Test func aBoundRowReplacedInPlaceKeepsItsSelection() {
    let (app, window) = Input.app(columns: 12, rows: 5)
    let list = FileList()
    let source = BoundColumns(list)
    let table = TableView()
    window.rootView = table
    table.addTableColumn(TableColumn(identifier: "name", title: "Name", width: 6))
    table.dataSource = source
    table.bindRows(to: list, \.names)
    table.selectRow(at: IndexPath(row: 1))
    list.names[1] = "renamed"
    _ = app.renderScreen()
    #expect(table.indexPathForSelectedRow == IndexPath(row: 1))
    #expect(table.cellForRow(at: IndexPath(row: 1))?.columnTexts == ["renamed"])
  }
}

/// Home, End, Page Up and Page Down move the selection, as a focused list does in UIKit and
/// AppKit, in a plain table and in one with a header row (whose page is one row shorter).
@MainActor
@Test func homeEndAndThePageKeysMoveTheSelection() {
  for columns in [false, true] {
    let (app, window) = Input.app(columns: 20, rows: 5)
    let table = TableView()
    window.rootView = table
    let source = FruitSource((0..<12).map { "row \($0)" })
    if columns { table.addTableColumn(TableColumn(identifier: "name", title: "Name", width: 10)) }
    table.dataSource = source
    window.makeFirstResponder(table)
    let page = columns ? 3 : 4
    app.handle(Input.key(.end))
    #expect(table.indexPathForSelectedRow?.row == 11)
    app.handle(Input.key(.home))
    #expect(table.indexPathForSelectedRow?.row == 0)
    app.handle(Input.key(.pageDown))
    #expect(table.indexPathForSelectedRow?.row == page)
    app.handle(Input.key(.pageDown))
    #expect(table.indexPathForSelectedRow?.row == 2 * page)
    #expect(table.indexPathsForVisibleRows.contains(IndexPath(row: 2 * page)))
    app.handle(Input.key(.pageUp))
    #expect(table.indexPathForSelectedRow?.row == page)
  }
}

/// A delegate that logs column clicks and resizes.
@MainActor
final class ColumnLog: TableViewDelegate {
  var events: [String] = []
  func tableView(_ tableView: TableView, didClick tableColumn: TableColumn) {
    events.append("click \(tableColumn.identifier.rawValue)")
  }
  func tableView(_ tableView: TableView, didResize tableColumn: TableColumn) {
    events.append("resize \(tableColumn.identifier.rawValue) \(tableColumn.width)")
  }
}
