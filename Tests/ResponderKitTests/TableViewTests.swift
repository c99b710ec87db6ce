import Foundation
import Testing

@testable import ResponderKit

@MainActor
final class FruitSource: TableViewEditingDataSource, TableViewReorderingDataSource {
  var items: [String]
  var editable = true
  var movable = false
  var moves: [(Int, Int)] = []
  var commits: [(TableView.EditingStyle, Int)] = []

  init(_ items: [String]) { self.items = items }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { items.count }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let cell =
      tableView.dequeueReusableCell(withIdentifier: "fruit") ?? TableViewCell(reuseIdentifier: "fruit")
    cell.text = items[indexPath.row]
    return cell
  }

  func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool { editable }

  func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { movable }

  func tableView(_ tableView: TableView, moveRowAt source: IndexPath, to destination: IndexPath) {
    moves.append((source.row, destination.row))
    items.insert(items.remove(at: source.row), at: destination.row)
  }

  func tableView(
    _ tableView: TableView, commit editingStyle: TableView.EditingStyle, forRowAt indexPath: IndexPath
  ) {
    commits.append((editingStyle, indexPath.row))
    items.remove(at: indexPath.row)
    tableView.deleteRows(at: [indexPath])
  }
}

@MainActor
final class SelectionLog: TableViewDelegate {
  var log: [String] = []
  var veto: Set<Int> = []
  var redirect: [Int: Int] = [:]

  func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
    log.append("willSelect \(indexPath.row)")
    if veto.contains(indexPath.row) { return nil }
    return IndexPath(row: redirect[indexPath.row] ?? indexPath.row, section: indexPath.section)
  }
  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    log.append("didSelect \(indexPath.row)")
  }
  func tableView(_ tableView: TableView, willDeselectRowAt indexPath: IndexPath) {
    log.append("willDeselect \(indexPath.row)")
  }
  func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {
    log.append("didDeselect \(indexPath.row)")
  }
  func tableView(_ tableView: TableView, performPrimaryActionForRowAt indexPath: IndexPath) {
    log.append("activate \(indexPath.row)")
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
    #expect(table.indexPathForSelectedRow?.row == 1)
    #expect(
      log.log == [
        "willSelect 0", "didSelect 0", "willSelect 1", "willDeselect 0", "didDeselect 0", "didSelect 1",
      ])
  }

  @Test func willSelectReturningNilRefusesTheTap() {
    table.selectRow(at: IndexPath(row: 2))
    log.veto = [3]
    Input.tap(app, x: 3, y: 3, time: 0)
    #expect(table.indexPathForSelectedRow?.row == 2)
    #expect(log.log == ["willSelect 3"])
  }

  @Test func willSelectCanRedirectToAnotherRow() {
    log.redirect = [1: 3]
    Input.tap(app, x: 0, y: 1, time: 0)
    #expect(table.indexPathForSelectedRow?.row == 3)
    #expect(log.log == ["willSelect 1", "didSelect 3"])
  }

  @Test func arrowKeysSkipRowsTheDelegateRefuses() {
    log.veto = [1, 2]
    app.handle(Input.key(.down))
    app.handle(Input.key(.down))
    #expect(table.indexPathForSelectedRow?.row == 3)
    app.handle(Input.key(.up))
    #expect(table.indexPathForSelectedRow?.row == 0)
  }

  @Test func keyboardMovesScrollTheSelectionIntoView() {
    app.handle(Input.key(.end, .control))
    #expect(table.indexPathForSelectedRow?.row == 7)
    #expect(table.contentOffset.y == 4)
    app.handle(Input.key(.pageUp))
    #expect(table.indexPathForSelectedRow?.row == 4)
    app.handle(Input.key(.home, .control))
    #expect(table.indexPathForSelectedRow?.row == 0)
    #expect(table.contentOffset.y == 0)
    app.handle(Input.key(.pageDown))
    #expect(table.indexPathForSelectedRow?.row == 3)
  }

  @Test func returnActivatesTheSelectedRow() {
    table.selectRow(at: IndexPath(row: 2))
    app.handle(Input.key(.returnKey))
    #expect(log.log == ["activate 2"])
  }

  @Test func tapSelectsTheRowUnderTheTouchAndFocusesTheTable() {
    window.makeFirstResponder(nil)
    table.scrollToRow(at: IndexPath(row: 5), at: .top)
    #expect(table.contentOffset.y == 4)
    Input.tap(app, x: 2, y: 1, time: 0)
    #expect(table.indexPathForSelectedRow?.row == 5)
    #expect(table.isFirstResponder)
  }

  @Test func doubleTapActivates() {
    Input.tap(app, x: 2, y: 1, time: 0)
    Input.tap(app, x: 2, y: 1, time: 0.2)
    #expect(log.log.suffix(1) == ["activate 1"])
  }

  /// UIKit's `UITapGestureRecognizer` with `numberOfTapsRequired = 2` and
  /// `cancelsTouchesInView`: the second tap is the recognizer's, so the table sees it cancelled
  /// and selects nothing more before the row is activated.
  @Test func theDoubleTapIsTheTablesRecognizerAndItsSecondTapSelectsNothing() {
    #expect(table.gestureRecognizers.contains { $0 === table.doubleTapRecognizer })
    Input.tap(app, x: 2, y: 1, time: 0)
    Input.tap(app, x: 2, y: 1, time: 0.2)
    #expect(log.log == ["willSelect 1", "didSelect 1", "activate 1"])
  }

  @Test func aDisabledDoubleTapRecognizerLeavesEveryClickToTheTable() {
    table.doubleTapRecognizer.isEnabled = false
    Input.tap(app, x: 2, y: 1, time: 0)
    Input.tap(app, x: 2, y: 1, time: 0.2)
    #expect(!log.log.contains("activate 1"))
    #expect(log.log.filter { $0 == "willSelect 1" }.count == 2)
  }

  /// The Gestures article's toggle: a table turns its double tap off for a while and on again,
  /// and a double click activates the row again (UIGestureRecognizer.isEnabled).
  @Test func aDoubleTapRecognizerTurnedOffAndOnAgainActivatesAgain() {
    table.doubleTapRecognizer.isEnabled = false
    table.doubleTapRecognizer.isEnabled = true
    Input.tap(app, x: 2, y: 1, time: 0)
    Input.tap(app, x: 2, y: 1, time: 0.2)
    #expect(log.log == ["willSelect 1", "didSelect 1", "activate 1"])
  }

  @Test func aDoubleTapOnARowTheDelegateRefusedActivatesNothing() {
    log.veto = [1]
    Input.tap(app, x: 2, y: 1, time: 0)
    Input.tap(app, x: 2, y: 1, time: 0.2)
    #expect(log.log == ["willSelect 1"])
    #expect(!log.log.contains("activate 1"))
  }

  @Test func deleteKeyCommitsThroughTheDataSourceAndKeepsAPlaceInTheList() {
    table.selectRow(at: IndexPath(row: 1))
    app.handle(Input.key(.backSpace))
    #expect(source.commits.map(\.1) == [1])
    #expect(source.commits.first?.0 == .delete)
    #expect(source.items.prefix(2) == ["apple", "cherry"])
    #expect(table.indexPathForSelectedRow?.row == 1)
    #expect(table.cellForRow(at: IndexPath(row: 1))?.text == "cherry")
    #expect(table.cellForRow(at: IndexPath(row: 1))?.isSelected == true)
  }

  @Test func deleteIsRefusedWhenTheRowIsNotEditable() {
    source.editable = false
    table.selectRow(at: IndexPath(row: 1))
    #expect(!table.canPerformAction(.deleteBackward, withSender: nil))
    app.handle(Input.key(.delete))
    #expect(source.commits.isEmpty)
    #expect(source.items.count == 8)
  }

  @Test func scrollingRecyclesCells() {
    let first = table.cellForRow(at: IndexPath(row: 0))
    #expect(table.indexPathsForVisibleRows.map(\.row) == [0, 1, 2, 3])
    table.scrollToRow(at: IndexPath(row: 7), at: .bottom)
    #expect(table.indexPathsForVisibleRows.map(\.row) == [4, 5, 6, 7])
    let reused = (4...7).compactMap { table.cellForRow(at: IndexPath(row: $0)) }.contains { $0 === first }
    #expect(reused)
    #expect(table.cellForRow(at: IndexPath(row: 4))?.text == "elder")
  }

  @Test func rendersRowsWithSelectionAndIndicator() {
    table.selectRow(at: IndexPath(row: 1))
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
      #expect(other.numberOfRows(inSection: 0) == 2)
      _ = app.renderScreen()
    }
    #expect(other.dataSource == nil)
    #expect(other.delegate == nil)
    #expect(other.numberOfRows(inSection: 0) == 0)
    window.makeFirstResponder(other)
    app.handle(Input.key(.down))
    Input.tap(app, x: 0, y: 0, time: 0)
    #expect(other.indexPathForSelectedRow == nil)
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
    table.selectRow(at: IndexPath(row: 1))
    app.handle(Input.key(.down, .alt))
    #expect(source.moves.isEmpty)
    #expect(table.indexPathForSelectedRow?.row == 1)
    source.movable = true
    table.selectRow(at: IndexPath(row: 1))
    app.handle(Input.key(.down, .alt))
    #expect(source.moves.map { [$0.0, $0.1] } == [[1, 2]])
    #expect(table.indexPathForSelectedRow?.row == 2)
    #expect(table.cellForRow(at: IndexPath(row: 2))?.text == "banana")
    app.handle(Input.key(.up, .alt))
    app.handle(Input.key(.up, .alt))
    app.handle(Input.key(.up, .alt))
    #expect(source.items.prefix(2) == ["banana", "apple"])
    #expect(table.indexPathForSelectedRow?.row == 0)
  }
}

/// Three sections, the middle one empty; the first and last titled.
@MainActor
final class PantrySource: TableViewDataSource {
  var sections: [(title: String?, items: [String])] = [
    ("Fruit", ["apple", "banana"]), (nil, []), ("Veg", ["carrot", "leek", "onion"]),
  ]

  func numberOfSections(in tableView: TableView) -> Int { sections.count }
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    sections[section].items.count
  }
  func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
    sections[section].title
  }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let cell = TableViewCell()
    cell.text = sections[indexPath.section].items[indexPath.row]
    return cell
  }
}

@MainActor
final class IndexPathLog: TableViewDelegate {
  var selected: [IndexPath] = []
  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) { selected.append(indexPath) }
}

@MainActor
struct TableViewSectionTests {
  let app: Application
  let window: Window
  let table = TableView()
  let source = PantrySource()
  let log = IndexPathLog()

  init() {
    (app, window) = Input.app(columns: 12, rows: 8)
    window.rootView = table
    table.dataSource = source
    table.delegate = log
    window.makeFirstResponder(table)
  }

  @Test func sectionsShowTheirHeadersAboveTheirRows() {
    #expect(table.numberOfSections == 3)
    #expect(table.numberOfRows(inSection: 1) == 0)
    #expect(table.numberOfRows(inSection: 2) == 3)
    let text = app.renderScreen().plainText.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(text.prefix(7) == ["Fruit", "apple", "banana", "Veg", "carrot", "leek", "onion"])
    #expect(table.rectForRow(at: IndexPath(row: 0, section: 2)).minY == 4)
  }

  @Test func pointsMapToIndexPathsAndHeadersToNone() {
    #expect(table.indexPathForRow(at: Point(x: 1, y: 0)) == nil, "the Fruit header")
    #expect(table.indexPathForRow(at: Point(x: 1, y: 2)) == IndexPath(row: 1, section: 0))
    #expect(table.indexPathForRow(at: Point(x: 1, y: 3)) == nil, "the Veg header")
    #expect(table.indexPathForRow(at: Point(x: 1, y: 6)) == IndexPath(row: 2, section: 2))
    #expect(table.indexPathForRow(at: Point(x: 1, y: 7)) == nil, "below the last row")
  }

  @Test func arrowKeysCrossSectionsAndSkipEmptyOnes() {
    app.handle(Input.key(.down))
    app.handle(Input.key(.down))
    app.handle(Input.key(.down))
    #expect(table.indexPathForSelectedRow == IndexPath(row: 0, section: 2))
    #expect(log.selected == [IndexPath(row: 0), IndexPath(row: 1), IndexPath(row: 0, section: 2)])
    app.handle(Input.key(.up))
    #expect(table.indexPathForSelectedRow == IndexPath(row: 1, section: 0))
  }

  @Test func aTapOnAHeaderSelectsNothing() {
    Input.tap(app, x: 2, y: 3, time: 0)
    #expect(table.indexPathForSelectedRow == nil)
    Input.tap(app, x: 2, y: 5, time: 1)
    #expect(table.indexPathForSelectedRow == IndexPath(row: 1, section: 2))
  }

  @Test func insertsAndDeletesInOneSectionMoveTheSelectionOnlyThere() {
    table.selectRow(at: IndexPath(row: 1, section: 2))
    source.sections[2].items.insert("bean", at: 0)
    table.insertRows(at: [IndexPath(row: 0, section: 2)])
    #expect(table.indexPathForSelectedRow == IndexPath(row: 2, section: 2))
    #expect(table.cellForRow(at: IndexPath(row: 2, section: 2))?.text == "leek")

    source.sections[0].items.remove(at: 0)
    table.deleteRows(at: [IndexPath(row: 0, section: 0)])
    #expect(table.indexPathForSelectedRow == IndexPath(row: 2, section: 2), "another section's delete")

    source.sections[2].items.remove(at: 2)
    table.deleteRows(at: [IndexPath(row: 2, section: 2)])
    #expect(table.indexPathForSelectedRow == nil, "its own row went")
  }

  @Test func anIndexPathOutsideTheTableIsIgnored() {
    table.selectRow(at: IndexPath(row: 0, section: 1))
    #expect(table.indexPathForSelectedRow == nil)
    #expect(table.selectRow(at: IndexPath(row: 5, section: 0), notifyingDelegate: true) == nil)
    #expect(table.rectForRow(at: IndexPath(row: 0, section: 7)) == .zero)
    #expect(log.selected.isEmpty)
  }
}
