import Testing

@testable import ResponderKit

@MainActor
final class FruitSource: TableViewDataSource {
  var items: [String]
  var editable = true
  var movable = false
  var moves: [(Int, Int)] = []
  var commits: [(TableView.EditingStyle, Int)] = []

  init(_ items: [String]) { self.items = items }

  func numberOfRows(in tableView: TableView) -> Int { items.count }

  func tableView(_ tableView: TableView, cellForRow row: Int) -> TableViewCell {
    let cell =
      tableView.dequeueReusableCell(withIdentifier: "fruit") ?? TableViewCell(reuseIdentifier: "fruit")
    cell.text = items[row]
    return cell
  }

  func tableView(_ tableView: TableView, canEditRow row: Int) -> Bool { editable }

  func tableView(_ tableView: TableView, canMoveRow row: Int) -> Bool { movable }

  func tableView(_ tableView: TableView, moveRow sourceRow: Int, to destinationRow: Int) {
    moves.append((sourceRow, destinationRow))
    items.insert(items.remove(at: sourceRow), at: destinationRow)
  }

  func tableView(_ tableView: TableView, commit editingStyle: TableView.EditingStyle, forRow row: Int) {
    commits.append((editingStyle, row))
    items.remove(at: row)
    tableView.deleteRows([row])
  }
}

@MainActor
final class SelectionLog: TableViewDelegate {
  var log: [String] = []
  var veto: Set<Int> = []
  var redirect: [Int: Int] = [:]

  func tableView(_ tableView: TableView, willSelectRow row: Int) -> Int? {
    log.append("willSelect \(row)")
    if veto.contains(row) { return nil }
    return redirect[row] ?? row
  }
  func tableView(_ tableView: TableView, didSelectRow row: Int) { log.append("didSelect \(row)") }
  func tableView(_ tableView: TableView, willDeselectRow row: Int) { log.append("willDeselect \(row)") }
  func tableView(_ tableView: TableView, didDeselectRow row: Int) { log.append("didDeselect \(row)") }
  func tableView(_ tableView: TableView, performPrimaryActionForRow row: Int) {
    log.append("activate \(row)")
  }
}

@MainActor
struct TableViewTests {
  let app: Application
  let window: Window
  let table: TableView
  let source = FruitSource(["apple", "banana", "cherry", "date", "elder", "fig", "grape", "kiwi"])
  let log = SelectionLog()

  init() {
    (app, window) = Input.app(columns: 20, rows: 4)
    table = TableView()
    window.rootView = table
    table.dataSource = source
    table.delegate = log
    window.makeFirstResponder(table)
  }

  @Test func userSelectionCallsDelegateInUIKitOrder() {
    app.handle(Input.key(.down))
    app.handle(Input.key(.down))
    #expect(table.selectedRow == 1)
    #expect(
      log.log == [
        "willSelect 0", "didSelect 0", "willSelect 1", "willDeselect 0", "didDeselect 0", "didSelect 1",
      ])
  }

  @Test func willSelectReturningNilRefusesTheTap() {
    table.selectRow(2)
    log.veto = [3]
    Input.tap(app, x: 3, y: 3, time: 0)
    #expect(table.selectedRow == 2)
    #expect(log.log == ["willSelect 3"])
  }

  @Test func willSelectCanRedirectToAnotherRow() {
    log.redirect = [1: 3]
    Input.tap(app, x: 0, y: 1, time: 0)
    #expect(table.selectedRow == 3)
    #expect(log.log == ["willSelect 1", "didSelect 3"])
  }

  @Test func arrowKeysSkipRowsTheDelegateRefuses() {
    log.veto = [1, 2]
    app.handle(Input.key(.down))
    app.handle(Input.key(.down))
    #expect(table.selectedRow == 3)
    app.handle(Input.key(.up))
    #expect(table.selectedRow == 0)
  }

  @Test func keyboardMovesScrollTheSelectionIntoView() {
    app.handle(Input.key(.end, .control))
    #expect(table.selectedRow == 7)
    #expect(table.contentOffset.y == 4)
    app.handle(Input.key(.pageUp))
    #expect(table.selectedRow == 4)
    app.handle(Input.key(.home, .control))
    #expect(table.selectedRow == 0)
    #expect(table.contentOffset.y == 0)
    app.handle(Input.key(.pageDown))
    #expect(table.selectedRow == 3)
  }

  @Test func returnActivatesTheSelectedRow() {
    table.selectRow(2)
    app.handle(Input.key(.returnKey))
    #expect(log.log == ["activate 2"])
  }

  @Test func tapSelectsTheRowUnderTheTouchAndFocusesTheTable() {
    window.makeFirstResponder(nil)
    table.scrollToRow(5, at: .top)
    #expect(table.contentOffset.y == 4)
    Input.tap(app, x: 2, y: 1, time: 0)
    #expect(table.selectedRow == 5)
    #expect(table.isFirstResponder)
  }

  @Test func doubleTapActivates() {
    Input.tap(app, x: 2, y: 1, time: 0)
    Input.tap(app, x: 2, y: 1, time: 0.2)
    #expect(log.log.suffix(1) == ["activate 1"])
  }

  @Test func deleteKeyCommitsThroughTheDataSourceAndKeepsAPlaceInTheList() {
    table.selectRow(1)
    app.handle(Input.key(.backSpace))
    #expect(source.commits.map(\.1) == [1])
    #expect(source.commits.first?.0 == .delete)
    #expect(source.items.prefix(2) == ["apple", "cherry"])
    #expect(table.selectedRow == 1)
    #expect(table.cellForRow(1)?.text == "cherry")
    #expect(table.cellForRow(1)?.isSelected == true)
  }

  @Test func deleteIsRefusedWhenTheRowIsNotEditable() {
    source.editable = false
    table.selectRow(1)
    #expect(!table.canPerformAction(.deleteBackward, withSender: nil))
    app.handle(Input.key(.delete))
    #expect(source.commits.isEmpty)
    #expect(source.items.count == 8)
  }

  @Test func scrollingRecyclesCells() {
    let first = table.cellForRow(0)
    #expect(table.indicesOfVisibleRows == [0, 1, 2, 3])
    table.scrollToRow(7, at: .bottom)
    #expect(table.indicesOfVisibleRows == [4, 5, 6, 7])
    let reused = (4...7).compactMap { table.cellForRow($0) }.contains { $0 === first }
    #expect(reused)
    #expect(table.cellForRow(4)?.text == "elder")
  }

  @Test func rendersRowsWithSelectionAndIndicator() {
    table.selectRow(1)
    let screen = app.renderScreen()
    #expect(
      screen.plainText
        == "apple              █\nbanana             █\ncherry             │\ndate               │")
    #expect(screen[0, 1].style.attributes.contains(.reverse))
    #expect(!screen[0, 0].style.attributes.contains(.reverse))
  }

  @Test func deallocatedDataSourceAndDelegateLeaveAnEmptyTable() {
    let other = TableView(frame: Rect(x: 0, y: 0, width: 20, height: 4))
    window.rootView = other
    do {
      let source = FruitSource(["one", "two"])
      let log = SelectionLog()
      other.dataSource = source
      other.delegate = log
      #expect(other.numberOfRows == 2)
      _ = app.renderScreen()
    }
    #expect(other.dataSource == nil)
    #expect(other.delegate == nil)
    #expect(other.numberOfRows == 0)
    window.makeFirstResponder(other)
    app.handle(Input.key(.down))
    Input.tap(app, x: 0, y: 0, time: 0)
    #expect(other.selectedRow == nil)
    #expect(app.renderScreen().plainText == "\n\n\n")
  }

  @Test func scrollWheelMovesTheContent() {
    app.handle(.scroll(ScrollSample(location: Point(x: 1, y: 1), dy: 3)))
    #expect(table.contentOffset.y == 3)
    app.handle(.scroll(ScrollSample(location: Point(x: 1, y: 1), dy: 10)))
    #expect(table.contentOffset.y == 4)
    #expect(app.renderScreen().plainText.hasPrefix("elder"))
  }

  @Test func altArrowsMoveTheSelectedRowThroughTheDataSource() {
    table.selectRow(1)
    app.handle(Input.key(.down, .alt))
    #expect(source.moves.isEmpty)
    #expect(table.selectedRow == 1)
    source.movable = true
    table.selectRow(1)
    app.handle(Input.key(.down, .alt))
    #expect(source.moves.map { [$0.0, $0.1] } == [[1, 2]])
    #expect(table.selectedRow == 2)
    #expect(table.cellForRow(2)?.text == "banana")
    app.handle(Input.key(.up, .alt))
    app.handle(Input.key(.up, .alt))
    app.handle(Input.key(.up, .alt))
    #expect(source.items.prefix(2) == ["banana", "apple"])
    #expect(table.selectedRow == 0)
  }
}
