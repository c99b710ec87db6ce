import Foundation
import ResponderKit
import Testing

@testable import EventReplay

/// The hover style of table rows, driven as pointer moves through ``HeadlessDriver``.
@MainActor
@Suite struct TableRowHoverTests {
  final class Rows: TableViewDataSource {
    func numberOfSections(in tableView: TableView) -> Int { 2 }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 10 }
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
      section == 1 ? "More" : nil
    }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
      let cell = tableView.dequeueReusableCell(withIdentifier: "row") ?? TableViewCell(reuseIdentifier: "row")
      cell.text = "Row \(indexPath.section).\(indexPath.row)"
      return cell
    }
  }

  /// A window 20x6 with the table on rows 1-4 and a label above it.
  private func scene() -> (HeadlessDriver, TableView, Rows) {
    let app = Application()
    let window = Window(frame: Rect(x: 0, y: 0, width: 20, height: 6))
    let root = View(frame: window.frame)
    window.rootView = root
    let table = TableView(frame: Rect(x: 0, y: 1, width: 20, height: 4))
    let rows = Rows()
    table.dataSource = rows
    root.addSubview(table)
    app.addWindow(window)
    window.makeKeyAndOrderFront()
    return (HeadlessDriver(application: app, size: Size(width: 20, height: 6)), table, rows)
  }

  /// Which screen lines have underlined text, as the renderer drew them.
  private func underlinedLines(_ driver: HeadlessDriver) -> [Int] {
    (0..<6).filter { y in (0..<20).contains { driver.screen[$0, y].style.attributes.contains(.underline) } }
  }

  @Test func offByDefaultAndAddsNoTrackingArea() {
    let (driver, table, rows) = scene()
    _ = rows
    driver.hover(x: 2, y: 2)
    #expect(table.trackingAreas.isEmpty)
    #expect(table.indexPathForHoveredRow == nil)
    #expect(underlinedLines(driver).isEmpty)
  }

  @Test func theRowUnderThePointerIsUnderlinedAndFollowsIt() {
    let (driver, table, rows) = scene()
    _ = rows
    table.highlightsRowOnHover = true
    driver.hover(x: 2, y: 2)
    #expect(table.indexPathForHoveredRow == IndexPath(row: 1, section: 0))
    #expect(underlinedLines(driver) == [2])
    #expect(driver.screen[0, 2].style.attributes.contains(.underline), "the text, from the left edge")
    driver.hover(x: 3, y: 4)
    #expect(table.indexPathForHoveredRow == IndexPath(row: 3, section: 0))
    #expect(underlinedLines(driver) == [4])
    driver.hover(x: 3, y: 0)
    #expect(table.indexPathForHoveredRow == nil, "left the table")
    #expect(underlinedLines(driver).isEmpty)
  }

  @Test func scrolledRowsAndHeadersAreFoundInContentCoordinates() {
    let (driver, table, rows) = scene()
    _ = rows
    table.highlightsRowOnHover = true
    // Content: rows 0.0-0.9 on lines 0-9, the "More" header on line 10, 1.0 on line 11.
    table.contentOffset = Point(x: 0, y: 9)
    driver.hover(x: 1, y: 1)
    #expect(table.indexPathForHoveredRow == IndexPath(row: 9, section: 0))
    driver.hover(x: 1, y: 2)
    #expect(table.indexPathForHoveredRow == nil, "a header line is no row")
    #expect(underlinedLines(driver) == [], "the header is bold, not underlined")
    driver.hover(x: 1, y: 3)
    #expect(table.indexPathForHoveredRow == IndexPath(row: 0, section: 1))
    #expect(underlinedLines(driver) == [3])
  }

  @Test func turningItOffClearsTheMarkAndTheArea() {
    let (driver, table, rows) = scene()
    _ = rows
    table.highlightsRowOnHover = true
    driver.hover(x: 2, y: 1)
    #expect(underlinedLines(driver) == [1])
    table.highlightsRowOnHover = false
    #expect(table.trackingAreas.isEmpty)
    #expect(table.indexPathForHoveredRow == nil)
    driver.hover(x: 2, y: 3)
    #expect(underlinedLines(driver).isEmpty)
  }

  @Test func aScrollUnderAStillPointerMovesTheMarkToTheRowThatCameUnderIt() {
    let (driver, table, rows) = scene()
    _ = rows
    table.highlightsRowOnHover = true
    driver.hover(x: 2, y: 1)
    #expect(table.indexPathForHoveredRow == IndexPath(row: 0, section: 0))
    driver.scroll(x: 2, y: 1, dy: 5)
    #expect(table.contentOffset.y > 0)
    let expected = table.indexPathForRow(at: Point(x: 2, y: table.contentOffset.y))
    #expect(expected != nil && table.indexPathForHoveredRow == expected)
    #expect(underlinedLines(driver) == [1], "one mark, on the cell now under the pointer")
  }
}
