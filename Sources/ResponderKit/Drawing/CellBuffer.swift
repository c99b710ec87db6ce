/// A grid of cells, row-major: a frame of the screen, or the contents of one window.
public struct CellBuffer: Hashable, Sendable {
  /// The number of columns.
  public private(set) var columns: Int
  /// The number of rows.
  public private(set) var rows: Int
  /// The cells, row by row.
  public private(set) var cells: [Cell]

  /// A buffer of blank cells.
  public init(columns: Int, rows: Int, fill: Cell = .blank()) {
    // Clamped like a screen (Size.maximumScreenDimension a side): the cells are allocated at
    // once, so a hostile size must not reach the allocator or overflow the product.
    self.columns = min(max(0, columns), Size.maximumScreenDimension)
    self.rows = min(max(0, rows), Size.maximumScreenDimension)
    self.cells = Array(repeating: fill, count: self.columns * self.rows)
  }

  /// The cell at a column and row. Reading outside gives a blank cell; writing outside is
  /// ignored, which is what clipping needs.
  public subscript(x: Int, y: Int) -> Cell {
    get {
      guard x >= 0, y >= 0, x < columns, y < rows else { return .blank() }
      return cells[y * columns + x]
    }
    set {
      guard x >= 0, y >= 0, x < columns, y < rows else { return }
      cells[y * columns + x] = newValue
    }
  }

  /// Writes a one-column `cell` into `columns` of row `y`, left to right, as `Canvas.put`
  /// does: overwriting half of a wide character blanks its other half when that half is in
  /// `visible`. The ranges must lie inside the buffer.
  mutating func fill(row y: Int, columns: Range<Int>, with cell: Cell, visible: Range<Int>) {
    let base = y * self.columns
    cells.withUnsafeMutableBufferPointer { cells in
      for x in columns {
        let old = cells[base + x]
        if old.isContinuation, visible.contains(x - 1) {
          cells[base + x - 1] = .blank(cells[base + x - 1].style)
        } else if old.width == 2, visible.contains(x + 1) {
          cells[base + x + 1] = .blank(old.style)
        }
        cells[base + x] = cell
      }
    }
  }

  /// Sets every cell to `cell`.
  public mutating func clear(to cell: Cell = .blank()) {
    for i in cells.indices { cells[i] = cell }
  }

  /// Sets every cell of rows `range` (inside the buffer) to a blank, as a new buffer has them.
  mutating func clear(rows range: Range<Int>) {
    cells.replaceSubrange(
      range.lowerBound * columns..<range.upperBound * columns,
      with: repeatElement(.blank(), count: range.count * columns))
  }

  /// Changes the size, keeping what fits at the top left.
  public mutating func resize(columns newColumns: Int, rows newRows: Int) {
    guard newColumns != columns || newRows != rows else { return }
    var next = CellBuffer(columns: newColumns, rows: newRows)
    for y in 0..<min(rows, next.rows) {
      for x in 0..<min(columns, next.columns) { next[x, y] = self[x, y] }
    }
    self = next
  }

  /// One row as text; a wide character counts once, trailing blanks are kept.
  public func text(ofRow y: Int) -> String {
    var line = ""
    for x in 0..<columns { line += self[x, y].text }
    return line
  }

  /// The whole grid as lines of plain text with trailing spaces trimmed: what a person sees,
  /// and the form snapshot files use.
  public var plainText: String {
    (0..<rows).map { y in
      var line = text(ofRow: y)
      while line.last == " " { line.removeLast() }
      return line
    }.joined(separator: "\n")
  }
}
