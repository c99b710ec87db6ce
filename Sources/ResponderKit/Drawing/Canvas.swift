/// The surface a view draws into: a cell buffer seen through the view's origin and clipped to
/// what of the view is visible. Coordinates are the view's own (its bounds).
///
/// Drawing outside the clip is silently dropped, which is how a view can never scribble over
/// its neighbours.
public final class Canvas {
  /// What has been drawn so far.
  public internal(set) var buffer: CellBuffer
  /// Where the current view's (0, 0) is in the buffer.
  public private(set) var origin: (x: Int, y: Int) = (0, 0)
  /// The buffer cells the current view may touch.
  public private(set) var clip: (minX: Int, minY: Int, maxX: Int, maxY: Int)

  /// A canvas over a blank buffer.
  public init(columns: Int, rows: Int) {
    buffer = CellBuffer(columns: columns, rows: rows)
    clip = (0, 0, columns, rows)
  }

  /// A canvas over an existing buffer.
  public init(buffer: CellBuffer) {
    self.buffer = buffer
    clip = (0, 0, buffer.columns, buffer.rows)
  }

  /// The size of the visible area in the current view's coordinates.
  public var size: Size {
    Size(width: clip.maxX - origin.x, height: clip.maxY - origin.y)
  }

  /// Runs `body` with the origin moved by `offset` and the clip narrowed to `rect`
  /// (in the current coordinates); both are restored afterwards.
  public func withTranslation(
    _ offset: Point, clippedTo rect: Rect, _ body: (Canvas) throws -> Void
  ) rethrows {
    let saved = (origin, clip)
    let visible = visibleCells(of: rect)
    clip = (
      visible.columns.lowerBound, visible.rows.lowerBound, visible.columns.upperBound, visible.rows.upperBound
    )
    origin = (
      Canvas.adding(origin.x, Int(cellContaining: offset.x)),
      Canvas.adding(origin.y, Int(cellContaining: offset.y))
    )
    defer { (origin, clip) = saved }
    try body(self)
  }

  /// The columns of `range` (local, as drawing calls take them) that fall inside the clip:
  /// a view loops over these, not over its bounds, so a 2³⁰-cell wide view draws only what
  /// the screen shows.
  func visibleColumns(_ range: Range<Int>) -> Range<Int> {
    visible(range, from: clip.minX, to: clip.maxX, origin: origin.x)
  }

  /// The rows of `range` (local) inside the clip; see ``visibleColumns(_:)``.
  func visibleRows(_ range: Range<Int>) -> Range<Int> {
    visible(range, from: clip.minY, to: clip.maxY, origin: origin.y)
  }

  private func visible(_ range: Range<Int>, from low: Int, to high: Int, origin: Int) -> Range<Int> {
    let lower = max(
      range.lowerBound, low.subtractingReportingOverflow(origin).overflow ? range.upperBound : low - origin)
    let upper = min(
      range.upperBound, high.subtractingReportingOverflow(origin).overflow ? range.lowerBound : high - origin)
    return lower < upper ? lower..<upper : range.lowerBound..<range.lowerBound
  }

  /// Whether the clip holds no cell: nothing drawn now can show.
  var isClipEmpty: Bool { clip.minX >= clip.maxX || clip.minY >= clip.maxY }

  @inline(__always) func inClip(_ bx: Int, _ by: Int) -> Bool {
    bx >= clip.minX && bx < clip.maxX && by >= clip.minY && by < clip.maxY
  }

  /// The buffer cells of `rect` (current coordinates) inside the clip. Coordinates follow the
  /// geometry rule and sums saturate, so no rectangle traps or loops over invisible cells.
  func visibleCells(of rect: Rect) -> (columns: Range<Int>, rows: Range<Int>) {
    Canvas.visibleCells(of: rect, origin: origin, clip: clip)
  }

  /// The cells of `rect` on a screen of `columns` × `rows` (what a canvas over it answers
  /// before anything is translated or clipped).
  static func visibleCells(of rect: Rect, columns: Int, rows: Int) -> (columns: Range<Int>, rows: Range<Int>)
  {
    visibleCells(of: rect, origin: (0, 0), clip: (0, 0, columns, rows))
  }

  private static func visibleCells(
    of rect: Rect, origin: (x: Int, y: Int), clip: (minX: Int, minY: Int, maxX: Int, maxY: Int)
  ) -> (columns: Range<Int>, rows: Range<Int>) {
    let rect = rect.normalized
    let left = max(clip.minX, adding(origin.x, Int(cellContaining: rect.minX)))
    let top = max(clip.minY, adding(origin.y, Int(cellContaining: rect.minY)))
    let right = min(clip.maxX, adding(origin.x, Int(cellContaining: rect.maxX)))
    let bottom = min(clip.maxY, adding(origin.y, Int(cellContaining: rect.maxY)))
    return (left..<max(left, right), top..<max(top, bottom))
  }

  /// `a + b`, saturating at the ends of `Int` instead of trapping.
  @inline(__always) private static func adding(_ a: Int, _ b: Int) -> Int {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow ? (b > 0 ? .max : .min) : sum
  }

  /// Puts one cell at a column and row of the current view, if visible. A wide character
  /// whose right half would be clipped is replaced by a blank, never half-drawn.
  public func put(_ cell: Cell, x: Int, y: Int) {
    guard let bx = origin.x.addingCells(x), let by = origin.y.addingCells(y), inClip(bx, by) else { return }
    // Overwriting half of a wide character blanks the other half.
    let old = buffer[bx, by]
    if old.isContinuation, inClip(bx - 1, by) {
      buffer[bx - 1, by] = .blank(buffer[bx - 1, by].style)
    } else if old.width == 2, inClip(bx + 1, by) {
      buffer[bx + 1, by] = .blank(old.style)
    }
    if cell.width == 2 {
      guard inClip(bx + 1, by) else {
        buffer[bx, by] = .blank(cell.style)
        return
      }
      if buffer[bx + 1, by].width == 2, inClip(bx + 2, by) {
        buffer[bx + 2, by] = .blank(buffer[bx + 2, by].style)
      }
      buffer[bx, by] = cell
      buffer[bx + 1, by] = .continuation(cell.style)
    } else {
      buffer[bx, by] = cell
    }
  }

  /// Draws a string starting at a column and row, left to right, and returns the column
  /// after the last character. Newlines are not interpreted; zero-width characters are
  /// dropped (a combining mark belongs to its base character's cluster already).
  @discardableResult
  public func draw(_ text: some StringProtocol, x: Int, y: Int, style: TextStyle = .plain) -> Int {
    if let end = drawPrintableASCII(text, x: x, y: y, style: style) { return end }
    var column = x
    for character in text {
      let width = character.terminalWidth
      if width == 0 { continue }
      put(Cell(character, style: style), x: column, y: y)
      // Saturates: past Int.max nothing is visible, and the caller learns where text ended.
      guard let next = column.addingCells(width) else { return .max }
      column = next
    }
    return column
  }

  /// What ``draw(_:x:y:style:)`` does, for text of printable ASCII only (labels, table cells,
  /// most of a screen): one cell per byte, the style packed once, no grapheme breaking.
  /// `nil` when the text has any other byte, or no contiguous UTF-8.
  private func drawPrintableASCII(_ text: some StringProtocol, x: Int, y: Int, style: TextStyle) -> Int? {
    let end: Int?? = text.utf8.withContiguousStorageIfAvailable { bytes in
      guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7f }) else { return nil }
      var cell = Cell.blank(style)
      var column = x
      for byte in bytes {
        cell.scalar = UInt32(byte)
        put(cell, x: column, y: y)
        guard let next = column.addingCells(1) else { return .max }
        column = next
      }
      return column
    }
    return end ?? nil
  }

  /// Draws a string in at most `width` columns and returns the column after it. Text that does
  /// not fit is cut with "…" where the cut is (per `lineBreakMode`), so a reader sees that
  /// something is missing — as `Label` does.
  @discardableResult
  public func draw(
    _ text: String, x: Int, y: Int, width: Int, style: TextStyle = .plain,
    lineBreakMode: LineBreakMode = .truncatingTail
  ) -> Int {
    draw(TextLayout.truncate(text, width: width, mode: lineBreakMode), x: x, y: y, style: style)
  }

  /// Fills a rectangle of the current view with one cell.
  public func fill(_ rect: Rect, with cell: Cell = .blank()) {
    let visible = visibleCells(of: rect)
    guard !visible.columns.isEmpty, !visible.rows.isEmpty else { return }
    guard cell.width != 2 else {
      // A wide cell starts in every visible column (`put` blanks one clipped at the right).
      for by in visible.rows {
        for bx in visible.columns { put(cell, x: bx - origin.x, y: by - origin.y) }
      }
      return
    }
    // A one-column cell: what `put` does cell by cell, on the visible part of each row at once
    // (a window's background is a whole screen of them).
    for by in visible.rows {
      buffer.fill(row: by, columns: visible.columns, with: cell, visible: clip.minX..<clip.maxX)
    }
  }

  /// Restyles a rectangle, keeping the characters (for selection highlights).
  public func applyStyle(_ style: TextStyle, to rect: Rect) {
    let visible = visibleCells(of: rect)
    for by in visible.rows {
      for bx in visible.columns { buffer[bx, by].style = style }
    }
  }

  /// Box-drawing line styles for ``drawBox(_:style:lines:)``.
  public enum LineStyle: Sendable {
    /// ┌─┐ light lines.
    case light
    /// ╭─╮ rounded corners.
    case rounded
    /// ╔═╗ double lines.
    case double
    /// +-+ ASCII, for terminals without line drawing.
    case ascii

    var glyphs: (tl: Character, tr: Character, bl: Character, br: Character, h: Character, v: Character) {
      switch self {
      case .light: return ("┌", "┐", "└", "┘", "─", "│")
      case .rounded: return ("╭", "╮", "╰", "╯", "─", "│")
      case .double: return ("╔", "╗", "╚", "╝", "═", "║")
      case .ascii: return ("+", "+", "+", "+", "-", "|")
      }
    }
  }

  /// Draws the outline of a rectangle.
  public func drawBox(_ rect: Rect, style: TextStyle = .plain, lines: LineStyle = .light) {
    let rect = rect.normalized
    let x0 = Int(cellContaining: rect.minX)
    let y0 = Int(cellContaining: rect.minY)
    let x1 = Int(cellContaining: rect.maxX) - 1
    let y1 = Int(cellContaining: rect.maxY) - 1
    guard x1 > x0, y1 > y0 else { return }
    let g = lines.glyphs
    // Only the visible stretch of each edge is walked: a box may be far larger than the screen.
    let inner = visibleCells(
      of: Rect(x: Double(x0 + 1), y: Double(y0 + 1), width: Double(x1 - x0 - 1), height: Double(y1 - y0 - 1)))
    for bx in inner.columns {
      put(Cell(g.h, style: style), x: bx - origin.x, y: y0)
      put(Cell(g.h, style: style), x: bx - origin.x, y: y1)
    }
    for by in inner.rows {
      put(Cell(g.v, style: style), x: x0, y: by - origin.y)
      put(Cell(g.v, style: style), x: x1, y: by - origin.y)
    }
    put(Cell(g.tl, style: style), x: x0, y: y0)
    put(Cell(g.tr, style: style), x: x1, y: y0)
    put(Cell(g.bl, style: style), x: x0, y: y1)
    put(Cell(g.br, style: style), x: x1, y: y1)
  }
}
