import Glibc
import ResponderKit

/// Turns frames (`CellBuffer`) into the fewest terminal bytes that change what the
/// terminal shows into the new frame. Pure: it does no I/O and keeps only what it believes the
/// terminal shows (the front buffer, the cursor, the current SGR style).
///
/// Widths come from `Character/terminalWidth` (Unicode East Asian Width W/F and emoji
/// presentation give two cells, marks and controls zero), the same table `Cell`
/// uses, so the frame and the renderer agree on every column.
///
/// The output never relies on auto-wrap or on how a line feed is post-processed (`OPOST`):
/// after a cell is written in the last column the cursor is treated as unknown and the next
/// move is absolute, and a line feed is only ever sent together with a carriage return.
public struct Renderer: Sendable {
  /// Wrap each frame in synchronized output (`CSI ? 2026 h` … `CSI ? 2026 l`), so terminals that
  /// know mode 2026 show it at once; others ignore the mode.
  public var synchronizedOutput: Bool

  /// The colours the terminal shows; every style is brought down to it (``ColorDepth``).
  /// Changing it redraws everything in the next frame.
  public var colorDepth: ColorDepth = .trueColor {
    didSet { if colorDepth != oldValue { invalidate() } }
  }

  /// What the terminal shows, as far as the renderer knows; `nil` until the first frame and
  /// after ``invalidate()``.
  public var front: CellBuffer? { frontValid ? frontBuffer : nil }

  private var frontBuffer = CellBuffer(columns: 0, rows: 0)
  private var frontValid = false
  /// The terminal cursor; -1 when unknown (start, after a write into the last column).
  private var cursorX = -1
  private var cursorY = -1
  /// The SGR state of the terminal; `nil` when unknown.
  private var currentStyle: TextStyle?
  private var cursorVisible: Bool?
  private var scratch: [UInt8] = []

  /// A renderer that knows nothing of the screen yet: its first frame is a full repaint.
  public init(synchronizedOutput: Bool = true) {
    self.synchronizedOutput = synchronizedOutput
    scratch.reserveCapacity(64)
  }

  /// Forgets what the terminal shows, so the next frame clears the screen and draws everything.
  /// Call it after a resize, after `SIGCONT`, or when something else wrote to the terminal.
  public mutating func invalidate() {
    frontValid = false
    cursorX = -1
    cursorY = -1
    currentStyle = nil
    cursorVisible = nil
  }

  /// The bytes that turn the terminal's screen into `frame`, then place the cursor (or hide it
  /// when `cursor` is `nil`). Empty when nothing changed.
  public mutating func render(_ frame: CellBuffer, cursor: CursorPlacement?) -> [UInt8] {
    var bytes: [UInt8] = []
    render(frame, cursor: cursor, into: &bytes)
    return bytes
  }

  /// Appends the bytes for `frame` to `output`; reuse one buffer (`removeAll(keepingCapacity:)`)
  /// to draw without allocating.
  public mutating func render(_ frame: CellBuffer, cursor: CursorPlacement?, into output: inout [UInt8]) {
    let frameStart = output.count
    if synchronizedOutput { output.append(contentsOf: Self.beginSync) }
    let bodyStart = output.count

    if !frontValid || frontBuffer.columns != frame.columns || frontBuffer.rows != frame.rows {
      setStyle(.plain, into: &output)
      output.append(contentsOf: Self.clearScreen)
      frontBuffer = CellBuffer(columns: frame.columns, rows: frame.rows)
      frontValid = true
      cursorX = -1
      cursorY = -1
    }
    drawChanges(frame, into: &output)
    placeCursor(cursor, columns: frame.columns, rows: frame.rows, into: &output)

    if synchronizedOutput {
      if output.count == bodyStart {
        output.removeSubrange(frameStart..<output.count)
      } else {
        output.append(contentsOf: Self.endSync)
      }
    }
  }

  // MARK: - Diff

  private mutating func drawChanges(_ frame: CellBuffer, into output: inout [UInt8]) {
    let columns = frame.columns
    let rows = frame.rows
    frame.cells.withUnsafeBufferPointer { new in
      for y in 0..<rows {
        let base = y * columns
        if rowIsUnchanged(new, base: base, count: columns) { continue }
        var x = 0
        while x < columns {
          let i = base + x
          var cell = new[i]
          var width = Int(cell.width)
          if width == 0 {
            // The right half of a valid wide character is drawn with its left half.
            if x > 0 && new[i - 1].width == 2 {
              x += 1
              continue
            }
            cell = .blank(cell.style)
            width = 1
          } else if width == 2 && (x + 1 >= columns || new[i + 1].width != 0) {
            // A wide character that would be split (last column, or no right half) is a blank.
            cell = .blank(cell.style)
            width = 1
          }
          if (width == Int(new[i].width) && sameBits(new, i)) || cell == frontBuffer.cells[i] {
            x += width
            continue
          }
          moveCursor(toColumn: x, row: y, columns: columns, into: &output)
          setStyle(cell.style, into: &output)
          Self.appendText(of: cell, to: &output)
          frontBuffer[x, y] = cell
          if width == 2 { frontBuffer[x + 1, y] = .continuation(cell.style) }
          x += width
          cursorX = x < columns ? x : -1
        }
      }
    }
  }

  /// A fast path for the common case: a row whose cells are bit-for-bit the cells already
  /// drawn (copies of the same values) cannot differ. Bits that differ prove nothing (a cluster
  /// may be an equal string in other storage), so such a row goes through the cell-by-cell
  /// comparison.
  private func rowIsUnchanged(_ new: UnsafeBufferPointer<Cell>, base: Int, count: Int) -> Bool {
    let stride = MemoryLayout<Cell>.stride
    return frontBuffer.cells.withUnsafeBytes { front in
      memcmp(front.baseAddress! + base * stride, UnsafeRawPointer(new.baseAddress! + base), count * stride)
        == 0
    }
  }

  /// The per-cell form of the same fast path.
  @inline(__always)
  private func sameBits(_ new: UnsafeBufferPointer<Cell>, _ i: Int) -> Bool {
    let stride = MemoryLayout<Cell>.stride
    return frontBuffer.cells.withUnsafeBytes { front in
      let a = front.baseAddress! + i * stride
      let b = UnsafeRawPointer(new.baseAddress! + i)
      var offset = 0
      while offset + 8 <= stride {
        if a.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
          != b.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        {
          return false
        }
        offset += 8
      }
      while offset < stride {
        if a.load(fromByteOffset: offset, as: UInt8.self) != b.load(fromByteOffset: offset, as: UInt8.self) {
          return false
        }
        offset += 1
      }
      return true
    }
  }

  private mutating func placeCursor(
    _ cursor: CursorPlacement?, columns: Int, rows: Int, into output: inout [UInt8]
  ) {
    if let cursor, cursor.column >= 0, cursor.row >= 0, cursor.column < columns, cursor.row < rows {
      moveCursor(toColumn: cursor.column, row: cursor.row, columns: columns, into: &output)
      if cursorVisible != true {
        output.append(contentsOf: Self.showCursor)
        cursorVisible = true
      }
    } else if cursorVisible != false {
      output.append(contentsOf: Self.hideCursor)
      cursorVisible = false
    }
  }

  // MARK: - Cursor movement

  /// Moves with the cheapest of: an absolute CUP, or a relative vertical move (CUU/CUD, or
  /// CR LF when landing in column 0) plus a horizontal one (CUF/CUB, CR, or rewriting the
  /// unchanged cells in between when they are shorter than the escape).
  private mutating func moveCursor(toColumn x: Int, row y: Int, columns: Int, into output: inout [UInt8]) {
    if cursorX == x && cursorY == y { return }
    defer {
      cursorX = x
      cursorY = y
    }
    let absolute = Self.cupCost(x, y)
    guard cursorX >= 0, cursorY >= 0 else {
      Self.appendCUP(x, y, to: &output)
      return
    }
    let dy = y - cursorY
    let dx = x - cursorX
    // Plan A: vertical escape, then horizontal from the current column.
    let vertical = dy == 0 ? 0 : Self.relativeCost(abs(dy))
    var horizontal: Int
    var useRewrite = false
    var useCR = false
    if dx == 0 {
      horizontal = 0
    } else if dx > 0 {
      horizontal = Self.relativeCost(dx)
      if dy == 0, let rewrite = rewriteCost(from: cursorX, to: x, row: y), rewrite < horizontal {
        horizontal = rewrite
        useRewrite = true
      }
      if 1 + Self.relativeCost(x) < horizontal && !useRewrite {
        horizontal = 1 + Self.relativeCost(x)
        useCR = true
      }
    } else {
      horizontal = Self.relativeCost(-dx)
      let viaCR = x == 0 ? 1 : 1 + Self.relativeCost(x)
      if viaCR < horizontal {
        horizontal = viaCR
        useCR = true
      }
    }
    let planA = vertical + horizontal
    // Plan B: CR LF… when going down into column 0 (or near it).
    let planB = dy > 0 ? dy + 1 + (x == 0 ? 0 : Self.relativeCost(x)) : Int.max
    if absolute <= planA && absolute <= planB {
      Self.appendCUP(x, y, to: &output)
    } else if planB < planA {
      output.append(0x0D)
      for _ in 0..<dy { output.append(0x0A) }
      if x > 0 { Self.appendCSI(x, final: 0x43, to: &output) }
    } else {
      if dy > 0 { Self.appendCSI(dy, final: 0x42, to: &output) }
      if dy < 0 { Self.appendCSI(-dy, final: 0x41, to: &output) }
      if useRewrite {
        var column = cursorX
        while column < x {
          let cell = frontBuffer.cells[y * columns + column]
          Self.appendText(of: cell, to: &output)
          column += max(1, Int(cell.width))
        }
      } else if useCR {
        output.append(0x0D)
        if x > 0 { Self.appendCSI(x, final: 0x43, to: &output) }
      } else if dx > 0 {
        Self.appendCSI(dx, final: 0x43, to: &output)
      } else if dx < 0 {
        Self.appendCSI(-dx, final: 0x44, to: &output)
      }
    }
  }

  /// Bytes needed to re-emit the unchanged cells between two columns, or `nil` when that is not
  /// safe (a style change, a half of a wide character, or a gap too long to be worth it).
  private func rewriteCost(from start: Int, to end: Int, row: Int) -> Int? {
    guard end - start <= 8, let style = currentStyle else { return nil }
    let base = row * frontBuffer.columns
    var cost = 0
    var column = start
    while column < end {
      let cell = frontBuffer.cells[base + column]
      guard cell.width != 0, cell.style == style, column + Int(cell.width) <= end else { return nil }
      cost += Self.textCost(of: cell)
      column += Int(cell.width)
    }
    return cost
  }

  // MARK: - SGR

  /// Emits the cheaper of the incremental change and a reset followed by the full style.
  private mutating func setStyle(_ wanted: TextStyle, into output: inout [UInt8]) {
    let style = colorDepth.downgrade(wanted)
    if currentStyle == style { return }
    scratch.removeAll(keepingCapacity: true)
    if style == .plain {
      output.append(contentsOf: Self.resetStyle)
    } else if let old = currentStyle {
      Self.appendIncrementalParameters(from: old, to: style, into: &scratch)
      let incrementalLength = scratch.count
      scratch.removeAll(keepingCapacity: true)
      scratch.append(0x30)
      Self.appendParameters(of: style, into: &scratch)
      if incrementalLength <= scratch.count {
        scratch.removeAll(keepingCapacity: true)
        Self.appendIncrementalParameters(from: old, to: style, into: &scratch)
      }
      Self.appendSGR(scratch, to: &output)
    } else {
      scratch.append(0x30)
      Self.appendParameters(of: style, into: &scratch)
      Self.appendSGR(scratch, to: &output)
    }
    currentStyle = style
  }

  private static func appendSGR(_ parameters: [UInt8], to output: inout [UInt8]) {
    output.append(0x1B)
    output.append(0x5B)
    output.append(contentsOf: parameters)
    output.append(0x6D)
  }

  private static let attributeCodes: [(TextStyle.Attributes, on: Int, off: Int)] = [
    (.bold, 1, 22), (.dim, 2, 22), (.italic, 3, 23), (.underline, 4, 24), (.blink, 5, 25),
    (.reverse, 7, 27), (.strikethrough, 9, 29),
  ]

  /// All of a style's parameters after a reset (each preceded by `;`).
  private static func appendParameters(of style: TextStyle, into out: inout [UInt8]) {
    for (attribute, on, _) in attributeCodes where style.attributes.contains(attribute) {
      out.append(0x3B)
      appendDecimal(on, to: &out)
    }
    if style.foreground != .default {
      out.append(0x3B)
      appendColor(style.foreground, background: false, to: &out)
    }
    if style.background != .default {
      out.append(0x3B)
      appendColor(style.background, background: true, to: &out)
    }
  }

  private static func appendIncrementalParameters(
    from old: TextStyle, to new: TextStyle, into out: inout [UInt8]
  ) {
    func separator() { if !out.isEmpty { out.append(0x3B) } }
    let removed = old.attributes.subtracting(new.attributes)
    var added = new.attributes.subtracting(old.attributes)
    if !removed.intersection([.bold, .dim]).isEmpty {
      // SGR 22 clears both bold and faint; put back the one that stays.
      separator()
      appendDecimal(22, to: &out)
      added.formUnion(new.attributes.intersection([.bold, .dim]))
    }
    for (attribute, _, off) in attributeCodes where off != 22 && removed.contains(attribute) {
      separator()
      appendDecimal(off, to: &out)
    }
    for (attribute, on, _) in attributeCodes where added.contains(attribute) {
      separator()
      appendDecimal(on, to: &out)
    }
    if old.foreground != new.foreground {
      separator()
      appendColor(new.foreground, background: false, to: &out)
    }
    if old.background != new.background {
      separator()
      appendColor(new.background, background: true, to: &out)
    }
  }

  private static func appendColor(_ color: Color, background: Bool, to out: inout [UInt8]) {
    switch color {
    case .default:
      appendDecimal(background ? 49 : 39, to: &out)
    case .palette(let index) where index < 8:
      appendDecimal((background ? 40 : 30) + Int(index), to: &out)
    case .palette(let index) where index < 16:
      appendDecimal((background ? 100 : 90) + Int(index) - 8, to: &out)
    case .palette(let index):
      appendDecimal(background ? 48 : 38, to: &out)
      out.append(contentsOf: [0x3B, 0x35, 0x3B])
      appendDecimal(Int(index), to: &out)
    case .rgb(let r, let g, let b):
      appendDecimal(background ? 48 : 38, to: &out)
      out.append(contentsOf: [0x3B, 0x32])
      for component in [r, g, b] {
        out.append(0x3B)
        appendDecimal(Int(component), to: &out)
      }
    }
  }

  // MARK: - Text

  /// Writes a cell's cluster. A control character becomes U+FFFD (it must never reach the
  /// terminal as a control), and a cluster starting with a mark gets a dotted-circle base
  /// (U+25CC) so it does not combine with the cell on its left.
  static func appendText(of cell: Cell, to output: inout [UInt8]) {
    let text = cell.text
    guard let first = text.unicodeScalars.first else {
      output.append(0x20)
      return
    }
    let value = first.value
    if value < 0x20 || (0x7F..<0xA0).contains(value) {
      output.append(contentsOf: [0xEF, 0xBF, 0xBD])
      return
    }
    if value >= 0x300 && first.terminalWidth == 0 {
      output.append(contentsOf: [0xE2, 0x97, 0x8C])
    }
    output.append(contentsOf: text.utf8)
  }

  /// What ``appendText(of:to:)`` would write, counted without writing.
  private static func textCost(of cell: Cell) -> Int {
    let text = cell.text
    guard let first = text.unicodeScalars.first else { return 1 }
    let value = first.value
    if value < 0x20 || (0x7F..<0xA0).contains(value) { return 3 }
    return text.utf8.count + (value >= 0x300 && first.terminalWidth == 0 ? 3 : 0)
  }

  // MARK: - Escapes

  static let beginSync: [UInt8] = Array("\u{1B}[?2026h".utf8)
  static let endSync: [UInt8] = Array("\u{1B}[?2026l".utf8)
  static let clearScreen: [UInt8] = Array("\u{1B}[2J".utf8)
  static let resetStyle: [UInt8] = Array("\u{1B}[m".utf8)
  static let showCursor: [UInt8] = Array("\u{1B}[?25h".utf8)
  static let hideCursor: [UInt8] = Array("\u{1B}[?25l".utf8)

  private static func digits(_ n: Int) -> Int {
    n < 10 ? 1 : n < 100 ? 2 : n < 1000 ? 3 : n < 10000 ? 4 : String(n).utf8.count
  }

  private static func cupCost(_ x: Int, _ y: Int) -> Int {
    if x == 0 && y == 0 { return 3 }
    if x == 0 { return 3 + digits(y + 1) }
    return 4 + digits(y + 1) + digits(x + 1)
  }

  private static func relativeCost(_ n: Int) -> Int { n == 1 ? 3 : 3 + digits(n) }

  private static func appendCUP(_ x: Int, _ y: Int, to out: inout [UInt8]) {
    out.append(0x1B)
    out.append(0x5B)
    if y > 0 || x > 0 { appendDecimal(y + 1, to: &out) }
    if x > 0 {
      out.append(0x3B)
      appendDecimal(x + 1, to: &out)
    }
    out.append(0x48)
  }

  private static func appendCSI(_ n: Int, final: UInt8, to out: inout [UInt8]) {
    out.append(0x1B)
    out.append(0x5B)
    if n != 1 { appendDecimal(n, to: &out) }
    out.append(final)
  }

  static func appendDecimal(_ value: Int, to out: inout [UInt8]) {
    precondition(value >= 0, "escape parameters are never negative")
    if value >= 10 { appendDecimal(value / 10, to: &out) }
    out.append(0x30 + UInt8(value % 10))
  }
}
