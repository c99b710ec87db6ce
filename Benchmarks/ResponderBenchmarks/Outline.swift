// Outline: an OutlineView of 1,000,000 items over a lazy data source, beside a plain TableView
// of as many rows measured in the same run. `ResponderBenchmarks --outline` runs these rows
// alone.

import BenchmarkSupport
import Foundation
import ResponderKit

/// Ten top-level items of 100,000 children each (the last 99,990): 1,000,000 items in all,
/// answered from arithmetic, as a lazy source over a database or a file system would be.
/// Item `i` is `i`; child `j` of item `i` is `(i + 1) * 1_000_000 + j`.
@MainActor final class MillionItems: OutlineViewDataSource {
  static let topLevel = 10
  func outlineView(_ outlineView: OutlineView, numberOfChildrenOfItem item: AnyHashable?) -> Int {
    guard let item = item?.base as? Int else { return Self.topLevel }
    guard item < Self.topLevel else { return 0 }
    return item == Self.topLevel - 1 ? 99_990 : 100_000
  }
  func outlineView(_ outlineView: OutlineView, child index: Int, ofItem item: AnyHashable?) -> AnyHashable {
    guard let item = item?.base as? Int else { return AnyHashable(index) }
    return AnyHashable((item + 1) * 1_000_000 + index)
  }
  func outlineView(_ outlineView: OutlineView, isItemExpandable item: AnyHashable) -> Bool {
    (item.base as? Int ?? Int.max) < Self.topLevel
  }
  func outlineView(_ outlineView: OutlineView, textForItem item: AnyHashable) -> String {
    let value = item.base as? Int ?? 0
    // The plain table's texts (ScalingRows), so the two draw the same.
    return value < Self.topLevel ? "Folder \(value)" : "Row \(value % 1_000_000)"
  }
}

/// An application showing a 200×60 outline over a fresh 1,000,000-item source, drawn once.
@MainActor func firstOutlineFrame() -> (Application, MillionItems, CellBuffer) {
  let source = MillionItems()
  let (app, _) = shownOutline(source)
  return (app, source, app.renderScreen())
}

@MainActor func shownOutline(_ source: MillionItems) -> (Application, OutlineView) {
  let app = Application()
  app.screenSize = Size(width: 200, height: 60)
  let outline = OutlineView(frame: Rect(x: 0, y: 0, width: 200, height: 60))
  outline.dataSource = source
  let window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 60))
  window.rootView = outline
  app.addWindow(window)
  window.makeKeyAndOrderFront()
  window.makeFirstResponder(outline)
  return (app, outline)
}

/// Scrolls a page down `count` times, drawing after each: what a reader paging costs.
@MainActor @inline(never) func timedPages(_ app: Application, _ view: ScrollView, _ count: Int) -> Int {
  var drawn = 0
  for _ in 0..<count {
    view.scrollPageDown(nil)
    drawn &+= app.renderScreen().text(ofRow: 0).count
  }
  return drawn
}

@MainActor func runOutlineBenchmarks() {
  print("== Outline ==")
  let outlineRounds = 9

  // The first frame, against a table of as many rows.
  let firstOutline = medianTime(rounds: outlineRounds) { firstOutlineFrame() }
  let firstTable = medianTime(rounds: outlineRounds) { firstTableFrame(rows: 1_000_000) }
  print(
    "  first frame: outline of 10⁶ items \(formatted(firstOutline / 1e6, 3)) ms, table of 10⁶ rows \(formatted(firstTable / 1e6, 3)) ms"
  )

  // Expanding folder 0 (100,000 children) with Right, drawing the frame after; collapsed again
  // untimed between rounds. Against: a table told its rows grew by as many (reloadData).
  let source = MillionItems()
  let (app, outline) = shownOutline(source)
  _ = app.renderScreen()
  outline.selectRow(at: IndexPath(row: 0))
  let right = InputEvent.key(KeyEvent(keysym: .right))
  var expandSamples: [Double] = []
  for _ in 0..<outlineRounds {
    outline.collapseItem(AnyHashable(0))
    _ = app.renderScreen()
    let start = now()
    _ = app.handle(right)
    _ = app.renderScreen()
    expandSamples.append(Double(now() - start))
    precondition(outline.numberOfRows == 10 + 100_000)
  }
  let expand = median(expandSamples)
  let rows = ScalingRows(rows: 10)
  let (tableApp, table) = shownTable(rows)
  _ = tableApp.renderScreen()
  var growSamples: [Double] = []
  for _ in 0..<outlineRounds {
    rows.rows = 10
    table.reloadData()
    _ = tableApp.renderScreen()
    let start = now()
    rows.rows = 10 + 100_000
    table.reloadData()
    _ = tableApp.renderScreen()
    growSamples.append(Double(now() - start))
  }
  let grow = median(growSamples)
  print(
    "  expanding 100,000 children + frame: \(formatted(expand / 1e6, 3)) ms; table reload to as many rows \(formatted(grow / 1e6, 3)) ms"
  )

  // Paging through the expanded folder, against the plain table of as many rows.
  let pages = 200
  var outlinePages: [Double] = []
  var tablePages: [Double] = []
  for _ in 0..<outlineRounds {
    outline.contentOffset = .zero
    table.contentOffset = .zero
    _ = app.renderScreen()
    _ = tableApp.renderScreen()
    var start = now()
    _ = timedPages(app, outline, pages)
    outlinePages.append(Double(now() - start) / Double(pages))
    start = now()
    _ = timedPages(tableApp, table, pages)
    tablePages.append(Double(now() - start) / Double(pages))
  }
  let outlinePage = median(outlinePages)
  let tablePage = median(tablePages)
  print(
    "  a frame after scrolling one page: outline \(formatted(outlinePage / 1e3, 1)) µs, table \(formatted(tablePage / 1e3, 1)) µs"
  )

  writeResults(
    [
      BenchmarkResult(
        name: "OutlineView of 1,000,000 items (lazy source): first frame (200×60)", value: firstOutline / 1e6,
        unit: "ms", baseline: "a TableView of 1,000,000 rows", baselineValue: firstTable / 1e6,
        target: "≤ 5 ms",
        met: firstOutline <= 5e6, rounds: outlineRounds,
        note: "one count and the ten top-level items asked for; the table fills 60 rows"),
      BenchmarkResult(
        name: "OutlineView: Right expanding an item of 100,000 children, and the frame after",
        value: expand / 1e6, unit: "ms", baseline: "a TableView reloaded to as many rows",
        baselineValue: grow / 1e6, target: "≤ 50 ms", met: expand <= 50e6, rounds: outlineRounds,
        note: "one count asked; children asked for the rows on screen only"),
      BenchmarkResult(
        name: "OutlineView of 100,010 rows: a frame after scrolling one page (200×60)",
        value: outlinePage / 1e3,
        unit: "µs", baseline: "a TableView of as many rows", baselineValue: tablePage / 1e3,
        target: "≤ 1.2× the table", met: outlinePage <= 1.2 * tablePage, rounds: outlineRounds,
        note: "median of \(outlineRounds) rounds of \(pages) pages; rows indented with disclosure marks"),
    ], group: "outline")
}
