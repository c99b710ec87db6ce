import ResponderKit

/// A minimal terminal model for tests: interprets what ``TerminalHost/Renderer`` emits (CUP,
/// CUU/CUD/CUF/CUB, CR, LF, ED 2, EL, ECH, SGR, DEC private modes, DECSC/DECRC,
/// scroll regions (DECSTBM) and SU/SD, UTF-8 text with wide characters,
/// combining marks and xterm's pending-wrap) and records anything else as an error, so a test
/// can compare the screen with the frame that was meant.
struct VirtualTerminal {
  struct Slot: Equatable {
    var text: String
    var style: TextStyle
    /// 1 normal, 2 left half of a wide character, 0 right half.
    var width: UInt8
    static let blank = Slot(text: " ", style: .plain, width: 1)
  }

  let columns: Int
  let rows: Int
  private(set) var grid: [Slot]
  private(set) var x = 0
  private(set) var y = 0
  private(set) var pendingWrap = false
  private(set) var style = TextStyle.plain
  private(set) var cursorVisible = true
  private(set) var privateModes: [Int: Bool] = [:]
  /// The scroll region, first and last row.
  private(set) var scrollTop = 0
  private(set) var scrollBottom: Int
  /// Everything the model did not understand or that a renderer must never send.
  private(set) var errors: [String] = []

  private var state = 0  // 0 ground, 1 after ESC, 2 in CSI
  private var saved: (x: Int, y: Int, style: TextStyle, pendingWrap: Bool)?
  private var csi: [UInt8] = []
  private var text: [UInt8] = []

  init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
    scrollBottom = rows - 1
    grid = Array(repeating: .blank, count: columns * rows)
  }

  mutating func feed(_ bytes: [UInt8]) {
    for byte in bytes {
      switch state {
      case 1:
        if byte == 0x5B {
          state = 2
          csi.removeAll()
        } else if byte == 0x37 {
          // DECSC: the position, the style and the wrap flag (DEC STD 070, xterm).
          saved = (x, y, style, pendingWrap)
          state = 0
        } else if byte == 0x38 {
          // DECRC: what DECSC saved; home and plain when nothing was.
          (x, y, style, pendingWrap) = saved ?? (0, 0, .plain, false)
          state = 0
        } else {
          errors.append("ESC \(byte)")
          state = 0
        }
      case 2:
        csi.append(byte)
        if (0x40...0x7E).contains(byte) {
          runCSI()
          state = 0
        }
      default:
        if byte == 0x1B || byte < 0x20 { flushText() }
        switch byte {
        case 0x1B: state = 1
        case 0x0D:
          x = 0
          pendingWrap = false
        case 0x0A:
          pendingWrap = false
          if y + 1 < rows { y += 1 } else { errors.append("LF on the last row scrolls") }
        case ..<0x20: errors.append("control byte \(byte)")
        default: text.append(byte)
        }
      }
    }
    flushText()
  }

  private mutating func flushText() {
    guard !text.isEmpty else { return }
    let string = String(decoding: text, as: UTF8.self)
    text.removeAll()
    for character in string {
      put(character)
    }
  }

  private mutating func put(_ character: Character) {
    let width = character.terminalWidth
    if width == 0 {
      // A mark joins the cell before the cursor.
      let column = pendingWrap ? x : x - 1
      if column >= 0 { grid[y * columns + column].text.append(character) }
      return
    }
    if pendingWrap || (width == 2 && x == columns - 1) {
      x = 0
      pendingWrap = false
      if y + 1 < rows { y += 1 } else { errors.append("auto-wrap on the last row scrolls") }
    }
    for column in x..<min(columns, x + width) {
      let slot = grid[y * columns + column]
      if slot.width == 0 && column - 1 >= 0 && column - 1 < x { grid[y * columns + column - 1] = .blank }
      if slot.width == 2 && column + 1 < columns && column + 1 >= x + width {
        grid[y * columns + column + 1] = .blank
      }
    }
    grid[y * columns + x] = Slot(text: String(character), style: style, width: UInt8(width))
    if width == 2 { grid[y * columns + x + 1] = Slot(text: "", style: style, width: 0) }
    x += width
    if x >= columns {
      x = columns - 1
      pendingWrap = true
    }
  }

  private mutating func runCSI() {
    let final = csi.removeLast()
    let isPrivate = csi.first == 0x3F
    if isPrivate { csi.removeFirst() }
    let parameters = String(decoding: csi, as: UTF8.self).split(
      separator: ";", omittingEmptySubsequences: false
    )
    .map { Int($0) }
    func p(_ i: Int, default d: Int) -> Int {
      i < parameters.count ? (parameters[i] ?? d) : d
    }
    if final != 0x6D && final != 0x68 && final != 0x6C { pendingWrap = false }
    switch final {
    case 0x48:
      y = min(rows - 1, max(0, p(0, default: 1) - 1))
      x = min(columns - 1, max(0, p(1, default: 1) - 1))
    case 0x41: y = max(0, y - max(1, p(0, default: 1)))
    case 0x42: y = min(rows - 1, y + max(1, p(0, default: 1)))
    case 0x43: x = min(columns - 1, x + max(1, p(0, default: 1)))
    case 0x44: x = max(0, x - max(1, p(0, default: 1)))
    case 0x4A where p(0, default: 0) == 2:
      grid = Array(
        repeating: Slot(text: " ", style: TextStyle(background: style.background), width: 1),
        count: grid.count)
    case 0x4A where p(0, default: 0) == 0:
      // ED 0: from the cursor to the end of the screen (an inline region's repaint).
      for index in (y * columns + x)..<grid.count {
        grid[index] = Slot(text: " ", style: TextStyle(background: style.background), width: 1)
      }
    case 0x4B where !isPrivate && p(0, default: 0) == 0:
      // EL 0 (ECMA-48 8.3.41): from the cursor to the end of the row, which stays; the
      // background is the current one (xterm's BCE).
      for column in x..<columns {
        grid[y * columns + column] = Slot(text: " ", style: TextStyle(background: style.background), width: 1)
      }
    case 0x58 where !isPrivate:
      // ECH (ECMA-48 8.3.38): erases cells from the cursor, which stays; the background is
      // the current one (xterm's BCE).
      for column in x..<min(columns, x + max(1, p(0, default: 1))) {
        grid[y * columns + column] = Slot(text: " ", style: TextStyle(background: style.background), width: 1)
      }
    case 0x6D: sgr(parameters.map { $0 ?? 0 })
    case 0x72 where !isPrivate:
      // DECSTBM: a region of at least two rows, then the cursor goes home (xterm, VT100).
      let top = p(0, default: 1) - 1
      let bottom = min(rows, p(1, default: rows)) - 1
      if top >= 0 && top < bottom {
        scrollTop = top
        scrollBottom = bottom
      } else {
        errors.append("DECSTBM \(top + 1);\(bottom + 1)")
      }
      x = 0
      y = 0
    case 0x53 where !isPrivate: scroll(by: max(1, p(0, default: 1)))
    case 0x54 where !isPrivate: scroll(by: -max(1, p(0, default: 1)))
    case 0x68 where isPrivate:
      for mode in parameters { privateModes[mode ?? 0] = true }
      if parameters.contains(25) { cursorVisible = true }
    case 0x6C where isPrivate:
      for mode in parameters { privateModes[mode ?? 0] = false }
      if parameters.contains(25) { cursorVisible = false }
    default: errors.append("CSI \(String(decoding: csi, as: UTF8.self)) \(Character(Unicode.Scalar(final)))")
    }
  }

  /// SU (positive) or SD (negative) inside the scroll region; the rows that come in are
  /// erased to the current background (xterm's BCE). The cursor stays.
  private mutating func scroll(by lines: Int) {
    let erased = Slot(text: " ", style: TextStyle(background: style.background), width: 1)
    let height = scrollBottom - scrollTop + 1
    var region: [Slot] = []
    for row in scrollTop...scrollBottom {
      let source = row + lines
      for column in 0..<columns {
        region.append(
          source >= scrollTop && source <= scrollBottom ? grid[source * columns + column] : erased)
      }
    }
    grid.replaceSubrange(scrollTop * columns..<(scrollTop + height) * columns, with: region)
  }

  private mutating func sgr(_ codes: [Int]) {
    var i = 0
    func color() -> Color? {
      guard i + 1 < codes.count else { return nil }
      if codes[i + 1] == 5, i + 2 < codes.count {
        defer { i += 2 }
        return .palette(UInt8(codes[i + 2]))
      }
      if codes[i + 1] == 2, i + 4 < codes.count {
        defer { i += 4 }
        return .rgb(UInt8(codes[i + 2]), UInt8(codes[i + 3]), UInt8(codes[i + 4]))
      }
      return nil
    }
    let on: [Int: TextStyle.Attributes] = [
      1: .bold, 2: .dim, 3: .italic, 4: .underline, 5: .blink, 7: .reverse, 9: .strikethrough,
    ]
    let off: [Int: TextStyle.Attributes] = [
      22: [.bold, .dim], 23: .italic, 24: .underline, 25: .blink, 27: .reverse, 29: .strikethrough,
    ]
    while i < codes.count {
      let code = codes[i]
      if code == 0 {
        style = .plain
      } else if let a = on[code] {
        style.attributes.insert(a)
      } else if let a = off[code] {
        style.attributes.subtract(a)
      } else if (30...37).contains(code) {
        style.foreground = .palette(UInt8(code - 30))
      } else if (90...97).contains(code) {
        style.foreground = .palette(UInt8(code - 90 + 8))
      } else if (40...47).contains(code) {
        style.background = .palette(UInt8(code - 40))
      } else if (100...107).contains(code) {
        style.background = .palette(UInt8(code - 100 + 8))
      } else if code == 39 {
        style.foreground = .default
      } else if code == 49 {
        style.background = .default
      } else if code == 38 || code == 48, let c = color() {
        if code == 38 { style.foreground = c } else { style.background = c }
      } else {
        errors.append("SGR \(code)")
      }
      i += 1
    }
  }

  /// Row `row`'s text, trailing blanks included.
  func text(ofRow row: Int) -> String {
    grid[row * columns..<(row + 1) * columns].map(\.text).joined()
  }

  /// The differences between the screen and `frame` as the renderer must draw it: a split or
  /// orphaned wide half becomes a blank, a control character U+FFFD; the right half of a wide
  /// character is compared only as a half.
  func mismatches(with frame: CellBuffer, originRow: Int = 0) -> [String] {
    var found: [String] = []
    for row in 0..<frame.rows {
      for column in 0..<columns {
        let cell = frame[column, row]
        let slot = grid[(row + originRow) * columns + column]
        var expected: Slot
        if cell.width == 0 {
          if column > 0 && frame[column - 1, row].width == 2 {
            if slot.width != 0 { found.append("(\(column),\(row)) expected right half, got \(slot)") }
            continue
          }
          expected = Slot(text: " ", style: cell.style, width: 1)
        } else if cell.width == 2 && (column + 1 >= columns || frame[column + 1, row].width != 0) {
          expected = Slot(text: " ", style: cell.style, width: 1)
        } else {
          var text = cell.text
          if let v = text.unicodeScalars.first?.value, v < 0x20 || (0x7F..<0xA0).contains(v) {
            text = "\u{FFFD}"
          }
          expected = Slot(text: text, style: cell.style, width: cell.width)
        }
        if slot != expected { found.append("(\(column),\(row)) expected \(expected), got \(slot)") }
      }
    }
    return found
  }
}
