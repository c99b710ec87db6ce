/// The rows of the screen whose cells may differ from the frame drawn last over the retained
/// one (AppKit's and UIKit's invalid region, kept per row). Rows, not rectangles: a view drawn
/// clipped to part of a row could cut a wide character in two, which it draws whole (or blank)
/// when it is drawn whole; clipped to whole rows, every cell ends as a full draw makes it.
struct ScreenDamage {
  /// Per row, whether it is damaged (meaningful unless ``isFull``).
  private(set) var rows: [Bool] = []
  /// Every row is damaged, whatever ``rows`` says (the first frame, a resize, a structural
  /// change).
  private(set) var isFull = true
  /// Whether some row is damaged.
  private(set) var isEmpty = false

  /// Makes every row damaged.
  mutating func addAll() {
    isFull = true
    isEmpty = false
  }

  /// Damages the rows of `range` that are on the screen.
  mutating func add(rows range: Range<Int>) {
    guard !isFull else { return }
    let lower = max(range.lowerBound, 0)
    let upper = min(range.upperBound, rows.count)
    guard lower < upper else { return }
    for row in lower..<upper { rows[row] = true }
    isEmpty = false
  }

  /// Nothing damaged, on a screen of `count` rows (the storage kept).
  mutating func reset(rows count: Int) {
    if rows.count != count {
      rows = Array(repeating: false, count: count)
    } else if !isEmpty {
      for row in rows.indices { rows[row] = false }
    }
    isFull = false
    isEmpty = true
  }

  /// The rows to draw: the damaged runs of adjacent rows, top to bottom; past three runs, the
  /// one run from the first to the last (each run draws the windows' trees once).
  var bands: [Range<Int>] {
    let runs = damagedRuns
    guard runs.count > 3, let first = runs.first, let last = runs.last else { return runs }
    return [first.lowerBound..<last.upperBound]
  }

  /// The damaged rows as runs of adjacent rows, top to bottom.
  private var damagedRuns: [Range<Int>] {
    guard !isFull else { return [0..<rows.count] }
    var bands: [Range<Int>] = []
    var start: Int?
    for row in 0...rows.count {
      let damaged = row < rows.count && rows[row]
      if damaged, start == nil { start = row }
      if !damaged, let first = start {
        bands.append(first..<row)
        start = nil
      }
    }
    return bands
  }
}

extension Range where Bound == Int {
  /// The rows a rectangle covers on the canvas, as ``Canvas`` clips to it: from the row its top
  /// falls in to the row its bottom falls in (excluded), under the geometry rule.
  init(rowsOf rect: Rect) {
    let rect = rect.normalized
    let top = Int(cellContaining: rect.minY)
    self = top..<Swift.max(top, Int(cellContaining: rect.maxY))
  }
}
