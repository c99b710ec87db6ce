/// Just enough of a VT100 to know what a terminal would show: both programs draw with cursor
/// moves and partial updates (Pick's renderer rewrites only the cells that changed), so a
/// figure is read off the screen, not off the byte stream. Printable text (a UTF-8 character
/// takes one cell), CR, LF, BS, CUP/HVP, CUU/CUD/CUF/CUB, CHA, VPA, ED, EL, DECSTBM with SU/SD
/// and LF scrolling, DECSC/DECRC and RI; everything else is skipped.
struct ScreenModel {
  let columns: Int
  let rows: Int
  private(set) var cells: [UInt8]
  private var x = 0
  private var y = 0
  private var saved = (0, 0)
  private var top = 0
  private var bottom: Int
  private var wrapPending = false
  private var state = State.ground
  private var parameters: [UInt8] = []

  private enum State { case ground, escape, csi, osc, oscEscape, utf8(Int) }

  init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
    cells = Array(repeating: 0x20, count: columns * rows)
    bottom = rows - 1
  }

  /// Whether some row shows `text`.
  func shows(_ text: [UInt8]) -> Bool {
    for row in 0..<rows where cells[row * columns..<(row + 1) * columns].firstRange(of: text) != nil {
      return true
    }
    return false
  }

  mutating func feed(_ bytes: ArraySlice<UInt8>) {
    for byte in bytes { feed(byte) }
  }

  private mutating func feed(_ byte: UInt8) {
    switch state {
    case .ground:
      switch byte {
      case 0x1B: state = .escape
      case 0x0D:
        x = 0
        wrapPending = false
      case 0x0A: lineFeed()
      case 0x08: x = max(0, x - 1)
      case 0x20...0x7E: put(byte)
      case 0xC0...0xFF:
        put(0x2A)  // one cell for a multi-byte character
        state = .utf8(byte >= 0xF0 ? 3 : byte >= 0xE0 ? 2 : 1)
      default: break
      }
    case .utf8(let left):
      state = left > 1 ? .utf8(left - 1) : .ground
    case .escape:
      switch byte {
      case 0x5B:
        parameters.removeAll(keepingCapacity: true)
        state = .csi
      case 0x5D: state = .osc
      case 0x37:
        saved = (x, y)
        state = .ground
      case 0x38:
        (x, y) = saved
        state = .ground
      case 0x4D:
        if y == top { scroll(by: -1) } else { y = max(0, y - 1) }
        state = .ground
      default: state = .ground
      }
    case .osc:
      if byte == 0x07 { state = .ground } else if byte == 0x1B { state = .oscEscape }
    case .oscEscape:
      state = .ground
    case .csi:
      if byte >= 0x40 && byte <= 0x7E {
        state = .ground
        csi(byte)
      } else {
        parameters.append(byte)
      }
    }
  }

  private func numbers() -> [Int] {
    guard parameters.first.map({ $0 >= 0x30 && $0 <= 0x3B }) ?? true else { return [] }
    return parameters.split(separator: 0x3B, omittingEmptySubsequences: false).map {
      Int(String(decoding: $0, as: UTF8.self)) ?? 0
    }
  }

  private mutating func csi(_ final: UInt8) {
    let private_ = parameters.first.map { $0 < 0x30 || $0 > 0x3B } ?? false
    if private_ && final != 0x6D { return }
    let n = numbers()
    let first = n.first ?? 0
    let count = max(1, first)
    wrapPending = false
    switch final {
    case 0x48, 0x66:  // CUP, HVP
      y = min(rows - 1, max(1, first) - 1)
      x = min(columns - 1, max(1, n.count > 1 ? n[1] : 1) - 1)
    case 0x41: y = max(0, y - count)
    case 0x42: y = min(rows - 1, y + count)
    case 0x43: x = min(columns - 1, x + count)
    case 0x44: x = max(0, x - count)
    case 0x47: x = min(columns - 1, count - 1)
    case 0x64: y = min(rows - 1, count - 1)
    case 0x4A:  // ED
      let cursor = y * columns + x
      switch first {
      case 0: clear(cursor..<cells.count)
      case 1: clear(0..<cursor + 1)
      default: clear(0..<cells.count)
      }
    case 0x4B:  // EL
      let row = y * columns
      switch first {
      case 0: clear(row + x..<row + columns)
      case 1: clear(row..<row + x + 1)
      default: clear(row..<row + columns)
      }
    case 0x72:  // DECSTBM homes the cursor
      top = max(0, (n.first ?? 1) - 1)
      bottom = min(rows - 1, max(1, n.count > 1 && n[1] > 0 ? n[1] : rows) - 1)
      x = 0
      y = 0
    case 0x53: scroll(by: count)
    case 0x54: scroll(by: -count)
    default: break
    }
  }

  private mutating func clear(_ range: Range<Int>) {
    for index in range where index >= 0 && index < cells.count { cells[index] = 0x20 }
  }

  private mutating func put(_ byte: UInt8) {
    if wrapPending {
      x = 0
      lineFeed()
    }
    cells[y * columns + x] = byte
    if x == columns - 1 { wrapPending = true } else { x += 1 }
  }

  private mutating func lineFeed() {
    wrapPending = false
    if y == bottom { scroll(by: 1) } else { y = min(rows - 1, y + 1) }
  }

  /// Scrolls the region up by `lines` (down when negative).
  private mutating func scroll(by lines: Int) {
    let height = bottom - top + 1
    let shift = min(abs(lines), height)
    for _ in 0..<shift {
      if lines > 0 {
        for row in top..<bottom { copyRow(row + 1, to: row) }
        clear(bottom * columns..<(bottom + 1) * columns)
      } else {
        for row in stride(from: bottom, to: top, by: -1) { copyRow(row - 1, to: row) }
        clear(top * columns..<(top + 1) * columns)
      }
    }
  }

  private mutating func copyRow(_ source: Int, to destination: Int) {
    for column in 0..<columns { cells[destination * columns + column] = cells[source * columns + column] }
  }
}
