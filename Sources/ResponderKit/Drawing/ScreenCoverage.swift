/// The cells of the screen that opaque windows cover, filled front to back while a frame is
/// composed, so that a window entirely behind them is not drawn — what a compositor does with
/// what an opaque window hides (AppKit's `NSWindow.isOpaque`). A frame then costs the windows
/// in sight, not every window the application has.
///
/// Each row keeps its covered columns as sorted, disjoint, non-adjacent spans; a frame of
/// stacked windows adds a few spans per row, and the composition stops once every row is full.
struct ScreenCoverage {
  private var spans: [[Range<Int>]] = []
  private var columns = 0..<0
  private var fullRows = 0
  /// The rows given spans since the last reset, which alone it clears.
  private var touchedRows = 0..<0
  /// Set when one window covered the whole screen: the usual frame, decided without spans.
  private var coveredWhole = false

  /// Starts a frame of `columns` × `rows` cells with nothing covered (keeping the storage).
  mutating func reset(columns: Int, rows: Int) {
    self.columns = 0..<max(columns, 0)
    if spans.count != max(rows, 0) {
      spans = Array(repeating: [], count: max(rows, 0))
    } else {
      for row in touchedRows { spans[row].removeAll(keepingCapacity: true) }
    }
    (fullRows, touchedRows, coveredWhole) = (0, 0..<0, false)
  }

  /// Whether every cell is covered: nothing further back can show.
  var isComplete: Bool { coveredWhole || fullRows == spans.count }

  /// Whether every cell of `cells` (screen cells, as ``Canvas/visibleCells(of:)`` gives them)
  /// is covered; true when there are none.
  func covers(_ cells: (columns: Range<Int>, rows: Range<Int>)) -> Bool {
    guard !cells.columns.isEmpty else { return true }
    for row in cells.rows where !spans[row].contains(where: { $0.contains(cells.columns) }) { return false }
    return true
  }

  /// Marks `cells` covered.
  mutating func cover(_ cells: (columns: Range<Int>, rows: Range<Int>)) {
    guard !cells.columns.isEmpty else { return }
    if cells.columns == columns, cells.rows == spans.indices {
      coveredWhole = true
      return
    }
    touchedRows =
      touchedRows.isEmpty
      ? cells.rows
      : min(
        touchedRows.lowerBound, cells.rows.lowerBound)..<max(touchedRows.upperBound, cells.rows.upperBound)
    for row in cells.rows {
      let wasFull = spans[row].first == columns
      var merged = cells.columns
      // Spans that overlap or touch the new one merge into it; the rest keep their order.
      spans[row].removeAll { span in
        guard span.lowerBound <= merged.upperBound, merged.lowerBound <= span.upperBound else { return false }
        merged = min(span.lowerBound, merged.lowerBound)..<max(span.upperBound, merged.upperBound)
        return true
      }
      let index = spans[row].firstIndex { $0.lowerBound > merged.lowerBound } ?? spans[row].endIndex
      spans[row].insert(merged, at: index)
      if !wasFull, spans[row].first == columns { fullRows += 1 }
    }
  }
}
