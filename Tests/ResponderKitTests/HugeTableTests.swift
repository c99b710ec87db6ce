import Foundation
import Testing

@testable import ResponderKit

/// A data source with any number of rows and sections, that counts what it is asked.
@MainActor
private final class CountingSource: TableViewDataSource {
  let rows: Int
  let sections: Int
  var cellRequests: [IndexPath] = []

  init(rows: Int, sections: Int = 1) {
    self.rows = rows
    self.sections = sections
  }

  func numberOfSections(in tableView: TableView) -> Int { sections }
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows }
  func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
    section < 3 ? "Section \(section)" : nil
  }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    cellRequests.append(indexPath)
    let cell = tableView.dequeueReusableCell(withIdentifier: "row") ?? TableViewCell(reuseIdentifier: "row")
    cell.text = "\(indexPath.section).\(indexPath.row)"
    return cell
  }
}

/// UIKit's tables take any row count lazily; so does this one for uniform rows: geometry is
/// kept per section, never per row, so `Int.max` rows cost what 100 do. (Before, every row had
/// two array entries: 10⁹ rows asked for 8 GB per array and `Int.max` crashed.)
@Suite("Huge tables")
@MainActor
struct HugeTableTests {
  private func table(_ source: CountingSource, height: Double = 5) -> TableView {
    let table = TableView(frame: Rect(x: 0, y: 0, width: 20, height: height))
    table.dataSource = source
    table.layoutSubviews()
    return table
  }

  @Test(arguments: [100, 1_000_000, Int.max])
  func aTableAsksOnlyForItsVisibleRows(rows: Int) {
    let source = CountingSource(rows: rows)
    let table = table(source)
    #expect(table.numberOfRows(inSection: 0) == rows)
    // Header line plus four rows fit in five lines.
    #expect(source.cellRequests.map(\.row) == [0, 1, 2, 3])
    #expect(table.indexPathForRow(at: Point(x: 1, y: 2)) == IndexPath(row: 1, section: 0))
  }

  @Test func intMaxRowsInManySectionsSaturateInsteadOfOverflowing() {
    let source = CountingSource(rows: Int.max, sections: 4)
    let table = table(source)
    #expect(table.numberOfSections == 4)
    #expect(table.numberOfRows(inSection: 0) == Int.max)
    #expect(table.numberOfRows(inSection: 1) == 0)  // nothing is left past Int.max in all
    #expect(table.contentSize.height == Double(Int.max))
  }

  @Test func anIntMaxSectionCountIsTakenAtTheLimit() {
    let source = CountingSource(rows: 1, sections: Int.max)
    let table = table(source)
    #expect(table.numberOfSections == TableView.maximumNumberOfSections)
  }

  @Test func theKeyboardMovesThroughAnIntMaxTable() {
    let source = CountingSource(rows: Int.max)
    let table = table(source)
    table.moveDown(nil)
    table.moveDown(nil)
    #expect(table.indexPathForSelectedRow == IndexPath(row: 1, section: 0))
    table.pageDown(nil)
    #expect(table.indexPathForSelectedRow!.row > 1)
    table.moveToEndOfDocument(nil)
    #expect(table.indexPathForSelectedRow == IndexPath(row: Int.max - 1, section: 0))
    table.moveUp(nil)
    #expect(table.indexPathForSelectedRow == IndexPath(row: Int.max - 2, section: 0))
    table.moveToBeginningOfDocument(nil)
    #expect(table.indexPathForSelectedRow == IndexPath(row: 0, section: 0))
    #expect(table.rectForRow(at: IndexPath(row: Int.max - 1, section: 0)).height == 1)
  }

  @Test func scrollingFarDownShowsTheRowsThereAndOnlyThose() {
    let source = CountingSource(rows: 1_000_000_000)
    let table = table(source)
    source.cellRequests = []
    table.contentOffset.y = 500_000_001  // the header line, then row 500,000,000 at y 500,000,001
    table.layoutSubviews()
    #expect(
      source.cellRequests.map(\.row) == [500_000_000, 500_000_001, 500_000_002, 500_000_003, 500_000_004])
  }

  /// Geometry keeps 2³⁰ cells (ARCHITECTURE.md, "Geometry limits"), so a table of more rows
  /// scrolls as far as that: its bounds end where they say and the rows there are drawn, each
  /// on its own line, and marked as they change (the census fuzzer found a 2⁴⁰-row outline
  /// whose End left rows of the last frame on the screen).
  @Test func aTableLongerThanTheGeometryRangeScrollsToItsEdgeAndShowsTheRowsThere() {
    let app = Application()
    app.screenSize = Size(width: 20, height: 5)
    var reports: [String] = []
    app.damageCheckHandler = { reports.append($0) }
    app.checksDamage = true
    let window = Window()
    let table = TableView(frame: Rect(x: 0, y: 0, width: 20, height: 5))
    let source = CountingSource(rows: Int.max)
    table.dataSource = source
    window.rootView = table
    app.addWindow(window)
    window.makeKeyAndOrderFront()
    _ = app.renderScreen()
    table.moveToEndOfDocument(nil)
    let screen = app.renderScreen()
    let edge = 1 << 30
    #expect(table.contentOffset.y == Double(edge - 5))
    #expect(table.bounds.maxY == Double(edge))
    // The header line is on top; the rows under it are the table's, one a line (the scroll
    // indicator in the last column).
    let rows = (1..<5).map { screen.text(ofRow: $0).split(separator: " ").first.map(String.init) }
    #expect(rows == (edge - 4..<edge).map { "0.\($0 - 1)" })
    #expect(reports.isEmpty, "\(reports)")
  }

  @Test func sectionsWithHeadersKeepTheirRowsApart() {
    let source = CountingSource(rows: 2, sections: 3)
    let table = table(source, height: 9)
    // Lines: header 0, rows 0.0 0.1, header 1, rows 1.0 1.1, header 2, rows 2.0 2.1.
    #expect(table.rectForRow(at: IndexPath(row: 0, section: 1)).minY == 4)
    #expect(table.indexPathForRow(at: Point(x: 0, y: 3)) == nil)  // a header line
    #expect(table.indexPathForRow(at: Point(x: 0, y: 8)) == IndexPath(row: 1, section: 2))
    #expect(source.cellRequests.count == 6)
  }
}
