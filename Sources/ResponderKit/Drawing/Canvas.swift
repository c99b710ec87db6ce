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
    let rx0 = origin.x + Int(rect.minX.rounded(.down))
    let ry0 = origin.y + Int(rect.minY.rounded(.down))
    let rx1 = origin.x + Int(rect.maxX.rounded(.down))
    let ry1 = origin.y + Int(rect.maxY.rounded(.down))
    clip = (max(clip.minX, rx0), max(clip.minY, ry0), min(clip.maxX, rx1), min(clip.maxY, ry1))
    origin = (origin.x + Int(offset.x.rounded(.down)), origin.y + Int(offset.y.rounded(.down)))
    defer { (origin, clip) = saved }
    try body(self)
  }

  @inline(__always) func inClip(_ bx: Int, _ by: Int) -> Bool {
    bx >= clip.minX && bx < clip.maxX && by >= clip.minY && by < clip.maxY
  }

  /// Puts one cell at a column and row of the current view, if visible. A wide character
  /// whose right half would be clipped is replaced by a blank, never half-drawn.
  public func put(_ cell: Cell, x: Int, y: Int) {
    let bx = origin.x + x
    let by = origin.y + y
    guard inClip(bx, by) else { return }
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
    var column = x
    for character in text {
      let width = character.terminalWidth
      if width == 0 { continue }
      put(Cell(character, style: style), x: column, y: y)
      column += width
    }
    return column
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
    let x0 = Int(rect.minX.rounded(.down))
    let y0 = Int(rect.minY.rounded(.down))
    let x1 = Int(rect.maxX.rounded(.down))
    let y1 = Int(rect.maxY.rounded(.down))
    guard x1 > x0, y1 > y0 else { return }
    guard cell.width != 2 else {
      for y in y0..<y1 {
        for x in x0..<x1 { put(cell, x: x, y: y) }
      }
      return
    }
    // A one-column cell: what `put` does cell by cell, on the visible part of each row at once
    // (a window's background is a whole screen of them).
    let (left, right) = (max(clip.minX, origin.x + x0), min(clip.maxX, origin.x + x1))
    let (top, bottom) = (max(clip.minY, origin.y + y0), min(clip.maxY, origin.y + y1))
    guard left < right, top < bottom else { return }
    for by in top..<bottom {
      buffer.fill(row: by, columns: left..<right, with: cell, visible: clip.minX..<clip.maxX)
    }
  }

  /// Restyles a rectangle, keeping the characters (for selection highlights).
  public func applyStyle(_ style: TextStyle, to rect: Rect) {
    let x0 = Int(rect.minX.rounded(.down))
    let y0 = Int(rect.minY.rounded(.down))
    for y in y0..<Int(rect.maxY.rounded(.down)) {
      for x in x0..<Int(rect.maxX.rounded(.down)) {
        let bx = origin.x + x
        let by = origin.y + y
        guard inClip(bx, by) else { continue }
        buffer[bx, by].style = style
      }
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
    let x0 = Int(rect.minX.rounded(.down))
    let y0 = Int(rect.minY.rounded(.down))
    let x1 = Int(rect.maxX.rounded(.down)) - 1
    let y1 = Int(rect.maxY.rounded(.down)) - 1
    guard x1 > x0, y1 > y0 else { return }
    let g = lines.glyphs
    for x in (x0 + 1)..<x1 {
      put(Cell(g.h, style: style), x: x, y: y0)
      put(Cell(g.h, style: style), x: x, y: y1)
    }
    for y in (y0 + 1)..<y1 {
      put(Cell(g.v, style: style), x: x0, y: y)
      put(Cell(g.v, style: style), x: x1, y: y)
    }
    put(Cell(g.tl, style: style), x: x0, y: y0)
    put(Cell(g.tr, style: style), x: x1, y: y0)
    put(Cell(g.bl, style: style), x: x0, y: y1)
    put(Cell(g.br, style: style), x: x1, y: y1)
  }
}
