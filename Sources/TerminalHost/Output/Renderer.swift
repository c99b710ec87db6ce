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
/// The output never relies on how a line feed is post-processed (`OPOST`): a line feed is only
/// ever sent together with a carriage return. After a cell is written in the last column the
/// cursor is treated as unknown, except that the next character of the same frame may
/// continue at the start of the next row by auto-wrap (DECAWM, on in every terminal unless an
/// application turns it off, which the host never does), as ncurses does; it is correct
/// whether the terminal wraps at once or, like xterm, on the next character.
public struct Renderer: Sendable {
  /// Wrap each frame in synchronized output (`CSI ? 2026 h` … `CSI ? 2026 l`), so terminals that
  /// know mode 2026 show it at once; others ignore the mode.
  public var synchronizedOutput: Bool

  /// The terminal segments grapheme clusters as Unicode does (it reports mode 2027, grapheme
  /// clustering, set), so it measures every cluster as `Character.terminalWidth`
  /// does and the renderer trusts the width of clusters other terminals disagree on
  /// (`Character.terminalWidthVaries`). Off, such a cluster is confined: the
  /// cells it covers are erased first (ECH); near the row's end, where a wider rendering could
  /// wrap, its first scalar stands for it (or blanks); the cells a wider rendering could cover
  /// are drawn again; and the cursor is placed absolutely before the next cell; so the rest of
  /// the row and the screen stay intact whatever width the terminal gives it. An ordinary
  /// screen costs no byte more.
  public var graphemeClustering = false

  /// Ask the terminal how wide it draws each cluster of varying width not measured yet: a
  /// cursor position request (`CSI 6 n`) right after the cluster, once per distinct cluster,
  /// noted in ``widthProbes`` for the host, which reads the report and hands the width back
  /// (``recordWidth(_:of:)``). Off by default: only a host that reads the reports turns it on.
  var probesWidths = false
  /// The probes written since the host last took them (``takeWidthProbes()``).
  private var widthProbes: [WidthProbe] = []
  /// Per cluster of varying width: the columns this terminal gives it, or 0 while it is asked
  /// (or was never answered). Bounded: past ``widthTableCapacity`` clusters, new ones are no
  /// longer asked and stay confined.
  private var terminalWidths: [Character: Int] = [:]
  static let widthTableCapacity = 256

  /// The colours the terminal shows; every style is brought down to it (``ColorDepth``).
  /// Changing it redraws everything in the next frame.
  public var colorDepth: ColorDepth = .trueColor {
    didSet { if colorDepth != oldValue { invalidate() } }
  }

  /// What the terminal shows, as far as the renderer knows; `nil` until the first frame and
  /// after ``invalidate()``.
  public var front: CellBuffer? {
    guard frontValid else { return nil }
    var buffer = CellBuffer(columns: frontColumns, rows: frontRows)
    for y in 0..<frontRows {
      for x in 0..<frontColumns { buffer[x, y] = frontCells[y * frontColumns + x] }
    }
    return buffer
  }

  /// The front buffer's cells, row-major; kept here rather than in a `CellBuffer` so the diff
  /// can update them through one pointer.
  private var frontCells: [Cell] = []
  private var frontColumns = 0
  private var frontRows = 0
  private var frontValid = false
  /// The terminal cursor; -1 when unknown (start, after a write into the last column).
  private var cursorX = -1
  private var cursorY = -1
  /// The SGR state of the terminal (without a link); `nil` when unknown.
  private var currentStyle: TextStyle?
  /// The OSC 8 link open on the terminal: none between frames.
  private var currentLink: Hyperlink?
  /// What a cell written now gets: the SGR state and the open link.
  private var terminalStyle: TextStyle? {
    guard var style = currentStyle else { return nil }
    style.link = currentLink
    return style
  }
  private var cursorVisible: Bool?
  /// A cell was just written into the last column of row `cursorY`, so the next character
  /// written lands at the start of the next row. Only within one frame.
  private var wrapPending = false
  /// The cell whose style is `currentStyle`, to compare styles as bits.
  private var styleCell: Cell?
  /// A hash of each front row, for finding rows that moved; `nil` when not known.
  private var rowHashes: [UInt64]?
  /// Inline, the terminal's saved cursor (DECSC, `ESC 7`) is the region's top-left with the
  /// plain style, so `ESC 8` (2 bytes) returns there: cheaper than a CUP carrying the region's
  /// row, which full-screen frames never pay.
  private var originSaved = false

  /// The screen row where an inline region begins (``TerminalPresentation``): frames are drawn
  /// from that row down, a full repaint erases only from there (`CSI J`, never `CSI 2J`, so the
  /// scrollback above stays) and saves the region's top-left (DECSC), so returning there is
  /// `ESC 8` rather than a CUP carrying the row; scrolls are confined to the region. `nil` draws
  /// on the whole screen. Changing it redraws everything in the next frame.
  ///
  /// A row off the screen is the nearest on it (0 to `Size.maximumScreenDimension` - 1), so
  /// moving the cursor there never overflows.
  public var inlineOrigin: Int? {
    didSet {
      if let row = inlineOrigin, row < 0 || row >= Size.maximumScreenDimension {
        inlineOrigin = min(max(row, 0), Size.maximumScreenDimension - 1)
      }
      if inlineOrigin != oldValue { invalidate() }
    }
  }

  /// The row, relative to the frame, the terminal's cursor was last left on (-1 when unknown):
  /// where an inline host finds its region again after a resize from a cursor report.
  var cursorRow: Int { cursorY }

  /// The screen row of frame row 0.
  private var rowOffset: Int { inlineOrigin ?? 0 }

  /// A renderer that knows nothing of the screen yet: its first frame is a full repaint.
  public init(synchronizedOutput: Bool = true) {
    self.synchronizedOutput = synchronizedOutput
  }

  /// Forgets what the terminal shows, so the next frame clears the screen and draws everything.
  /// Call it after a resize, after `SIGCONT`, or when something else wrote to the terminal.
  public mutating func invalidate() {
    frontValid = false
    cursorX = -1
    cursorY = -1
    currentStyle = nil
    styleCell = nil
    cursorVisible = nil
    originSaved = false
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
    render(frame, cursor: cursor, changedRows: nil, into: &output)
  }

  /// ``render(_:cursor:into:)`` told which rows may differ from the last frame this renderer
  /// drew (`changedRows[y]`, one per row; nil: any may): the others are not compared again,
  /// unless what the terminal shows of them is not that frame's row (a split wide character
  /// drawn as a blank, a repaint). The bytes are those of the call without the hint: the
  /// hint only saves comparing rows whose answer is known.
  package mutating func render(
    _ frame: CellBuffer, cursor: CursorPlacement?, changedRows: [Bool]?, into output: inout [UInt8]
  ) {
    // A hint of another size says nothing of these rows.
    let changedRows = changedRows?.count == frame.rows ? changedRows : nil
    let frameStart = output.count
    if synchronizedOutput { output.append(contentsOf: Self.beginSync) }
    let bodyStart = output.count

    if !frontValid || frontColumns != frame.columns || frontRows != frame.rows {
      setStyle(.plain, into: &output)
      if let top = inlineOrigin {
        Self.appendCUP(0, top, to: &output)
        output.append(contentsOf: Self.clearBelow)
        output.append(contentsOf: Self.saveCursor)
        originSaved = true
      } else {
        output.append(contentsOf: Self.clearScreen)
      }
      frontCells = Array(repeating: .blank(), count: frame.columns * frame.rows)
      frontColumns = frame.columns
      frontRows = frame.rows
      frontValid = true
      rowHashes = nil
      frontMatchesFrame = Array(repeating: false, count: frame.rows)
      // After the inline erase the cursor is at the region's top-left; after CSI 2J, unknown.
      cursorX = inlineOrigin == nil ? -1 : 0
      cursorY = inlineOrigin == nil ? -1 : 0
    }
    // Moved out while drawing, so the diff holds the only reference and writes in place.
    var front: [Cell] = []
    swap(&front, &frontCells)
    front.withUnsafeMutableBufferPointer { front in
      frame.cells.withUnsafeBufferPointer { new in
        let dirty = scrollIfCheaper(
          new, front, columns: frame.columns, rows: frame.rows, changedRows: changedRows, into: &output)
        drawChanges(new, front, columns: frame.columns, rows: frame.rows, dirty: dirty, into: &output)
        noteRowsMatchingFrame(
          new, front, columns: frame.columns, changedRows: dirty == nil ? nil : changedRows)
      }
      // No link stays open past the frame: other output (a restore, a suspend) must not be one.
      if currentLink != nil {
        Self.appendLink(nil, to: &output)
        currentLink = nil
      }
      placeCursor(cursor, columns: frame.columns, rows: frame.rows, front: front, into: &output)
    }
    wrapPending = false
    swap(&front, &frontCells)

    if synchronizedOutput {
      if output.count == bodyStart {
        output.removeSubrange(frameStart..<output.count)
      } else {
        output.append(contentsOf: Self.endSync)
      }
    }
  }

  /// Whether each front row holds exactly the last frame's row (bit for bit); a row that does
  /// not (a wide character drawn as a blank) is compared again whatever a hint says.
  private var frontMatchesFrame: [Bool] = []

  /// Brings ``frontMatchesFrame`` up to date for the rows this frame compared: those
  /// `changedRows` marks or that did not match, every row when nil (no hint, or a scroll).
  private mutating func noteRowsMatchingFrame(
    _ new: UnsafeBufferPointer<Cell>, _ front: UnsafeMutableBufferPointer<Cell>, columns: Int,
    changedRows: [Bool]?
  ) {
    guard columns > 0 else { return }
    for y in frontMatchesFrame.indices where changedRows?[y] ?? true || !frontMatchesFrame[y] {
      frontMatchesFrame[y] = Self.sameBits(
        new.baseAddress! + y * columns, UnsafePointer(front.baseAddress!) + y * columns, count: columns)
    }
  }

  // MARK: - Diff

  /// `dirty` says which rows differ from the front, when known (no scroll moved rows since).
  private mutating func drawChanges(
    _ new: UnsafeBufferPointer<Cell>, _ front: UnsafeMutableBufferPointer<Cell>, columns: Int, rows: Int,
    dirty: [Bool]?, into output: inout [UInt8]
  ) {
    guard columns > 0 else { return }  // an empty buffer may have no storage at all
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: columns) { runBytes in
      drawChanges(new, front, columns: columns, rows: rows, dirty: dirty, runBytes: runBytes, into: &output)
    }
  }

  /// The diff, row by row; `runBytes` holds a row's run of ASCII cells before it is appended.
  private mutating func drawChanges(
    _ new: UnsafeBufferPointer<Cell>, _ front: UnsafeMutableBufferPointer<Cell>, columns: Int, rows: Int,
    dirty: [Bool]?, runBytes: UnsafeMutableBufferPointer<UInt8>, into output: inout [UInt8]
  ) {
    for y in 0..<rows {
      let base = y * columns
      if let dirty, !dirty[y] { continue }
      if dirty == nil && Self.sameBits(new.baseAddress! + base, front.baseAddress! + base, count: columns) {
        continue
      }
      var x = 0
      // Cells a cluster of varying width may have covered on the terminal: drawn even when
      // unchanged.
      var redrawUntil = 0
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
        if cell == front[i] && x >= redrawUntil {
          x += width
          continue
        }
        if let erase = eraseRun(
          at: x, new.baseAddress! + base, front.baseAddress! + base, columns: columns,
          redrawUntil: redrawUntil)
        {
          // An erase writes no character, so the cursor is placed without a pending auto-wrap.
          moveCursor(toColumn: x, row: y, columns: columns, front: front, into: &output)
          wrapPending = false
          setStyle(of: cell, into: &output)
          if erase.toEnd {
            output.append(contentsOf: Self.eraseToEnd)
          } else {
            Self.appendCSI(erase.count, final: 0x58, to: &output)
          }
          (front.baseAddress! + i).update(from: new.baseAddress! + i, count: erase.count)
          // EL and ECH leave the cursor where it is.
          cursorX = x
          cursorY = y
          x += erase.count
          continue
        }
        let varying = cell.printableASCII == nil ? varyingWidth(of: cell) : nil
        let confined: Int? = if case .confined(let widest) = varying { widest } else { nil }
        if cursorX != x || cursorY != y {
          // A confined cluster starts with an erase, which must not act on a pending wrap.
          moveCursor(
            toColumn: x, row: y, columns: columns, front: front, wrapsToWrite: confined == nil, into: &output)
          wrapPending = false
        }
        setStyle(of: cell, into: &output)
        if let byte = cell.printableASCII {
          // Most cells: printable ASCII, written with the run that follows in one append.
          runBytes[0] = byte
          let end = asciiRun(
            after: x, lead: cell, new.baseAddress! + base, front.baseAddress! + base, columns: columns,
            redrawUntil: redrawUntil, into: runBytes)
          output.append(contentsOf: UnsafeBufferPointer(rebasing: runBytes[0..<end - x]))
          front[i] = cell
          (front.baseAddress! + i + 1).update(from: new.baseAddress! + i + 1, count: end - x - 1)
          width = end - x
        } else if let widest = confined {
          // The erase takes a wide character it would cut in two whole: a terminal that clears
          // the other half of a wide character when one is written over would otherwise
          // clear this cluster's right half when the next cell is drawn.
          let erase = x + width < columns && front[i + width].isContinuation ? width + 1 : width
          appendConfined(cell, width: width, erase: erase, widest: widest, room: columns - x, to: &output)
          // Asked where the cluster is written whole and a report cannot be in the last column
          // (where xterm's pending wrap would leave the cursor on the cluster's last cell).
          if probesWidths, widest < columns - x, terminalWidths.count < Self.widthTableCapacity,
            let cluster = cell.text.first, terminalWidths[cluster] == nil
          {
            terminalWidths[cluster] = 0
            output.append(contentsOf: Self.cursorPositionRequest)
            widthProbes.append(WidthProbe(cluster: cluster, row: y + rowOffset, column: x, widest: widest))
          }
          front[i] = cell
          if width == 2 { front[i + 1] = .continuation(cell.style) }
          redrawUntil = min(columns, x + widest)
          // Where the terminal's cursor stopped is unknown: the next cell is placed absolutely.
          x += width
          cursorX = -1
          cursorY = -1
          wrapPending = false
          continue
        } else {
          if case .measured(let measured) = varying {
            appendMeasured(cell, width: width, measured: measured, to: &output)
          } else {
            Self.appendText(of: cell, to: &output)
          }
          front[i] = cell
          if width == 2 { front[i + 1] = .continuation(cell.style) }
        }
        x += width
        if x < columns {
          cursorX = x
        } else {
          cursorX = -1
          wrapPending = true
        }
      }
    }
  }

  /// When the changed cell at `start` begins a run of plain blanks that an erase draws in fewer
  /// bytes than writing them: the cells to erase and whether EL (`CSI K`, to the row's end) or
  /// ECH (`CSI n X`) does it. Only plain blanks (default colours, no attribute): an erase fills
  /// with the current background only where the terminal does BCE, which GNU screen (without
  /// `defbce`) and tmux's terminfo do not promise; and blanks in another style (a selection's
  /// reversed row) are not what an erase draws at all. Counted against what the diff would
  /// write instead: each changed cell, and the cheaper of rewriting or skipping (CUF) each gap
  /// of unchanged cells; an ECH that leaves changes after it also pays the cursor's move past
  /// the erased cells.
  private func eraseRun(
    at start: Int, _ new: UnsafePointer<Cell>, _ front: UnsafeMutablePointer<Cell>, columns: Int,
    redrawUntil: Int
  ) -> (count: Int, toEnd: Bool)? {
    var blank = Cell.blank()
    guard Self.sameBits(new + start, &blank, count: 1) else { return nil }
    var literal = 0
    var lastChanged = start
    var end = start
    while end < columns && Self.sameBits(new + end, &blank, count: 1) {
      if end < redrawUntil || !Self.sameBits(new + end, front + end, count: 1) {
        let gap = end - lastChanged - 1
        if gap > 0 { literal += min(gap, Self.relativeCost(gap)) }
        literal += 1
        lastChanged = end
      }
      end += 1
    }
    // Cells after the run that the diff still draws (changed, or covered by a cluster of
    // varying width).
    var changesFollow = end < redrawUntil
    var column = end
    while !changesFollow && column < columns {
      changesFollow = !Self.sameBits(new + column, front + column, count: 1)
      column += 1
    }
    if !changesFollow && end == columns && Self.eraseToEnd.count < literal {
      return (columns - start, true)
    }
    let count = lastChanged - start + 1
    let cost = Self.relativeCost(count) + (changesFollow ? Self.relativeCost(count) : 0)
    return cost < literal ? (count, false) : nil
  }

  /// Where the run of ASCII cells that continues a changed ASCII `lead` written at `start`
  /// ends, their bytes put in `bytes` from index 1. It holds what the cell-by-cell diff
  /// would write next with no escape: the changed cells in the lead's style, and the gaps of
  /// one to three unchanged cells between them that `moveCursor` would rewrite rather than
  /// skip (text is cheaper than CUF for those, and CUP never is).
  private func asciiRun(
    after start: Int, lead: Cell, _ new: UnsafePointer<Cell>, _ front: UnsafeMutablePointer<Cell>,
    columns: Int, redrawUntil: Int,
    into bytes: UnsafeMutableBufferPointer<UInt8>
  ) -> Int {
    // Gaps are rewritten only in the terminal's current style (``rewriteCost``).
    let gapsAllowed = terminalStyle.map { Cell.blank($0).hasSameStyle(as: lead) } ?? false
    var end = start + 1
    while end < columns, let byte = new[end].printableASCII, new[end].hasSameStyle(as: lead) {
      // A run of blanks an erase draws for less ends the text (checked where blanks begin).
      if byte == 0x20 && new[end - 1].printableASCII != 0x20
        && eraseRun(at: end, new, front, columns: columns, redrawUntil: redrawUntil) != nil
      {
        break
      }
      if new[end] != front[end] {
        bytes[end - start] = byte
        end += 1
        continue
      }
      guard gapsAllowed else { break }
      var gapEnd = end + 1
      while gapEnd < columns && gapEnd - end <= 3 && new[gapEnd] == front[gapEnd] { gapEnd += 1 }
      guard gapEnd - end <= 3, gapEnd < columns, new[gapEnd] != front[gapEnd] else { break }
      // The gap must be ASCII in the lead's style too, as must the changed cell after it
      // (checked on the next turn of the loop).
      for column in end..<gapEnd {
        guard let gapByte = new[column].printableASCII, new[column].hasSameStyle(as: lead) else {
          return end
        }
        bytes[column - start] = gapByte
      }
      guard let next = new[gapEnd].printableASCII, new[gapEnd].hasSameStyle(as: lead) else { return end }
      bytes[gapEnd - start] = next
      end = gapEnd + 1
    }
    return end
  }

  /// Cells are plain values without padding: equal bits are equal cells and the reverse.
  @inline(__always)
  private static func sameBits(_ a: UnsafePointer<Cell>, _ b: UnsafePointer<Cell>, count: Int) -> Bool {
    memcmp(a, b, count * MemoryLayout<Cell>.stride) == 0
  }

  // MARK: - Scrolling

  /// When a band of rows moved up or down together (a log, a list scrolled by a line), scrolls
  /// it on the terminal with a scroll region and SU/SD (`CSI n S`, `CSI n T`) instead of
  /// redrawing it, and moves the front buffer's rows the same way, so the diff that follows
  /// draws only the rows that came into view. Done only when it changes fewer cells than
  /// redrawing. Returns which rows differ from the front when it did not scroll, so the diff
  /// does not compare them again; `nil` when it scrolled.
  private mutating func scrollIfCheaper(
    _ new: UnsafeBufferPointer<Cell>, _ front: UnsafeMutableBufferPointer<Cell>, columns: Int, rows: Int,
    changedRows: [Bool]?, into output: inout [UInt8]
  ) -> [Bool]? {
    guard columns > 0 else { return nil }
    let newRows = new.baseAddress!
    let frontRows = UnsafePointer(front.baseAddress!)
    var dirty = [Bool](repeating: false, count: rows)
    var dirtyCount = 0
    // A row the hint says is the last frame's, shown as it was, is equal to the front.
    for y in 0..<rows
    where (changedRows?[y] ?? true || !frontMatchesFrame[y])
      && !Self.sameBits(newRows + y * columns, frontRows + y * columns, count: columns)
    {
      dirty[y] = true
      dirtyCount += 1
    }
    guard dirtyCount >= 2, rows >= 3 else {
      if dirtyCount > 0 { rowHashes = nil }
      return dirty
    }
    // A scroll repairs only changed rows equal to some other front row; rows that are equal
    // have equal samples, so two changed rows whose samples match no front row's rule it out
    // without hashing whole rows (a full repaint of new content stops here). A screen's rows
    // are few, so the samples are searched in place, and two candidates are enough to go on.
    let frontSamples = (0..<rows).map { Self.sample(frontRows + $0 * columns, count: columns) }
    var candidates = 0
    for y in 0..<rows where dirty[y] && candidates < 2 {
      if frontSamples.contains(Self.sample(newRows + y * columns, count: columns)) { candidates += 1 }
    }
    guard candidates >= 2 else {
      rowHashes = nil
      return dirty
    }

    let frontHashes = rowHashes ?? (0..<rows).map { Self.hash(frontRows + $0 * columns, count: columns) }
    // Only changed rows are hashed; the others are the front rows. After this frame the front
    // shows the new rows, so their hashes are kept for the next one (a row the diff draws
    // differently, a split wide character, only costs a missed scroll: runs are verified).
    var newHashes = frontHashes
    for y in 0..<rows where dirty[y] { newHashes[y] = Self.hash(newRows + y * columns, count: columns) }
    rowHashes = newHashes

    // Only a shift that takes two changed rows to equal front rows can win: counted first, so
    // a frame whose changed rows match no front row (a moved selection) scans no shift.
    var votes = [Int](repeating: 0, count: 2 * rows - 1)
    for y in 0..<rows where dirty[y] {
      for source in 0..<rows where source != y && frontHashes[source] == newHashes[y] {
        votes[source - y + rows - 1] += 1
      }
    }
    // The shift whose run of matching rows repairs the most changed rows: a new row y shows
    // the old row y + shift.
    var best = (shift: 0, first: 0, count: 0, repaired: 0)
    for shift in -(rows - 1)...(rows - 1) where shift != 0 && votes[shift + rows - 1] >= 2 {
      var runStart = -1
      var repaired = 0
      for y in max(0, -shift)...min(rows, rows - shift) {
        if y < min(rows, rows - shift) && newHashes[y] == frontHashes[y + shift] {
          if runStart < 0 {
            runStart = y
            repaired = 0
          }
          if dirty[y] { repaired += 1 }
        } else if runStart >= 0 {
          if repaired > best.repaired { best = (shift, runStart, y - runStart, repaired) }
          runStart = -1
        }
      }
    }
    guard best.repaired >= 2 else { return dirty }
    for y in best.first..<best.first + best.count
    where !Self.sameBits(newRows + y * columns, frontRows + (y + best.shift) * columns, count: columns) {
      return dirty  // a hash collision
    }

    // The region holds the run and the rows it scrolls over; cells that would still differ
    // after the scroll must beat the escapes.
    let shift = best.shift
    let top = shift > 0 ? best.first : best.first + shift
    let bottom = shift > 0 ? best.first + best.count - 1 + shift : best.first + best.count - 1
    let blank = Cell.blank()
    var before = 0
    var after = 0
    for y in top...bottom {
      let source = y + shift
      for x in 0..<columns {
        let cell = newRows + y * columns + x
        if !Self.sameBits(cell, frontRows + y * columns + x, count: 1) { before += 1 }
        if source >= top && source <= bottom {
          if !Self.sameBits(cell, frontRows + source * columns + x, count: 1) { after += 1 }
        } else if cell.pointee != blank {
          after += 1
        }
      }
    }
    // Inline, the whole screen is never scrolled: the lines above the region would go.
    let regionIsScreen = top == 0 && bottom == rows - 1 && inlineOrigin == nil
    let escapeCost = (regionIsScreen ? 0 : 12) + 4
    guard after + escapeCost < before else { return dirty }

    // Erased rows take the current background (xterm's BCE); make it the default.
    setStyle(.plain, into: &output)
    if !regionIsScreen {
      output.append(contentsOf: [0x1B, 0x5B])
      Self.appendDecimal(top + rowOffset + 1, to: &output)
      output.append(0x3B)
      Self.appendDecimal(bottom + rowOffset + 1, to: &output)
      output.append(0x72)
    }
    Self.appendCSI(abs(shift), final: shift > 0 ? 0x53 : 0x54, to: &output)
    wrapPending = false
    if !regionIsScreen {
      // Resetting the region (DECSTBM) also homes the cursor, to the screen's top-left.
      output.append(contentsOf: [0x1B, 0x5B, 0x72])
      cursorX = rowOffset == 0 ? 0 : -1
      cursorY = rowOffset == 0 ? 0 : -1
    }

    let base = front.baseAddress!
    let moved = bottom - top + 1 - abs(shift)
    if shift > 0 {
      (base + top * columns).update(from: base + (top + shift) * columns, count: moved * columns)
      (base + (bottom - shift + 1) * columns).update(repeating: blank, count: shift * columns)
    } else {
      (base + (top - shift) * columns).update(from: base + top * columns, count: moved * columns)
      (base + top * columns).update(repeating: blank, count: -shift * columns)
    }
    return nil
  }

  /// Eight cells spread over a row, first and last included, mixed: equal rows give equal
  /// values, and rows of text rarely match a blank row (as the first and last cells alone do).
  private static func sample(_ cells: UnsafePointer<Cell>, count: Int) -> UInt64 {
    var value: UInt64 = 0
    for k in 0..<8 {
      let cell = UnsafeRawPointer(cells + k * (count - 1) / 7)
      value = (value ^ cell.loadUnaligned(as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
      value = (value ^ cell.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) &* 0xC2B2_AE3D_27D4_EB4F
    }
    return value
  }

  /// FNV-1a over a row's bytes, eight at a time: equal rows hash equally, so candidate
  /// matches are found without comparing every pair of rows.
  private static func hash(_ cells: UnsafePointer<Cell>, count: Int) -> UInt64 {
    let bytes = UnsafeRawPointer(cells)
    let length = count * MemoryLayout<Cell>.stride
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    var offset = 0
    while offset + 8 <= length {
      hash = (hash ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x100_0000_01b3
      offset += 8
    }
    while offset < length {
      hash = (hash ^ UInt64(bytes.load(fromByteOffset: offset, as: UInt8.self))) &* 0x100_0000_01b3
      offset += 1
    }
    return hash
  }

  private mutating func placeCursor(
    _ cursor: CursorPlacement?, columns: Int, rows: Int, front: UnsafeMutableBufferPointer<Cell>,
    into output: inout [UInt8]
  ) {
    if let cursor, cursor.column >= 0, cursor.row >= 0, cursor.column < columns, cursor.row < rows {
      moveCursor(toColumn: cursor.column, row: cursor.row, columns: columns, front: front, into: &output)
      if cursorVisible != true {
        output.append(contentsOf: Self.showCursor)
        cursorVisible = true
      }
    } else {
      // Inline, the hidden cursor waits at the region's top-left: a terminal keeps the
      // cursor's line on the screen through a resize (pushing lines above into the
      // scrollback), so the host finds the region's start again from a cursor report.
      if inlineOrigin != nil {
        moveCursor(toColumn: 0, row: 0, columns: columns, front: front, into: &output)
      }
      if cursorVisible != false {
        output.append(contentsOf: Self.hideCursor)
        cursorVisible = false
      }
    }
  }

  // MARK: - Cursor movement

  /// Moves with the cheapest of: an absolute CUP, or a relative vertical move (CUU/CUD, or
  /// CR LF when landing in column 0) plus a horizontal one (CUF/CUB, CR, or rewriting the
  /// unchanged cells in between when they are shorter than the escape), or inline `ESC 8` to
  /// the saved region origin then CUD/CUF (``inlineOrigin``); when `wrapsToWrite`
  /// (a character is written next) and the target starts the next row, also rewriting the
  /// rest of the row so that character wraps there.
  private mutating func moveCursor(
    toColumn x: Int, row y: Int, columns: Int, front: UnsafeMutableBufferPointer<Cell>,
    wrapsToWrite: Bool = false, into output: inout [UInt8]
  ) {
    if cursorX == x && cursorY == y { return }
    defer {
      cursorX = x
      cursorY = y
    }
    let absolute = Self.cupCost(x, y + rowOffset)
    // Only when a character follows: rewrite the rest of the row (nothing when a wrap is
    // already pending) and the start of the next, and let auto-wrap carry the cursor over.
    if wrapsToWrite, cursorY >= 0, y == cursorY + 1, wrapPending || cursorX > 0,
      let rest = wrapPending ? 0 : rewriteCost(from: cursorX, to: columns, row: cursorY, front: front),
      let lead = rewriteCost(from: 0, to: x, row: y, front: front),
      rest + lead < min(absolute, 2 + (x == 0 ? 0 : Self.relativeCost(x)))
    {
      if !wrapPending { rewrite(from: cursorX, to: columns, row: cursorY, front: front, into: &output) }
      rewrite(from: 0, to: x, row: y, front: front, into: &output)
      return
    }
    // Inline: back to the saved region origin, then down and right. DECRC also restores the
    // saved style (plain) and works wherever the cursor is, even after a write into the last
    // column.
    let viaOrigin =
      originSaved && currentStyle == .plain
      ? 2 + (y == 0 ? 0 : Self.relativeCost(y)) + (x == 0 ? 0 : Self.relativeCost(x)) : Int.max
    guard cursorX >= 0, cursorY >= 0 else {
      if viaOrigin < absolute {
        appendViaOrigin(toColumn: x, row: y, to: &output)
      } else {
        Self.appendCUP(x, y + rowOffset, to: &output)
      }
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
      if dy == 0, let rewrite = rewriteCost(from: cursorX, to: x, row: y, front: front),
        rewrite < horizontal
      {
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
    if viaOrigin < min(absolute, planA, planB) {
      appendViaOrigin(toColumn: x, row: y, to: &output)
    } else if absolute <= planA && absolute <= planB {
      Self.appendCUP(x, y + rowOffset, to: &output)
    } else if planB < planA {
      output.append(0x0D)
      for _ in 0..<dy { output.append(0x0A) }
      if x > 0 { Self.appendCSI(x, final: 0x43, to: &output) }
    } else {
      if dy > 0 { Self.appendCSI(dy, final: 0x42, to: &output) }
      if dy < 0 { Self.appendCSI(-dy, final: 0x41, to: &output) }
      if useRewrite {
        rewrite(from: cursorX, to: x, row: y, front: front, into: &output)
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

  /// `ESC 8` to the region's saved origin, then CUD and CUF.
  private func appendViaOrigin(toColumn x: Int, row y: Int, to output: inout [UInt8]) {
    output.append(contentsOf: Self.restoreCursor)
    if y > 0 { Self.appendCSI(y, final: 0x42, to: &output) }
    if x > 0 { Self.appendCSI(x, final: 0x43, to: &output) }
  }

  /// Re-emits the unchanged cells between two columns of a row.
  private func rewrite(
    from start: Int, to end: Int, row: Int, front: UnsafeMutableBufferPointer<Cell>,
    into output: inout [UInt8]
  ) {
    var column = start
    while column < end {
      let cell = front[row * frontColumns + column]
      Self.appendText(of: cell, to: &output)
      column += max(1, Int(cell.width))
    }
  }

  /// Bytes needed to re-emit the unchanged cells between two columns, or `nil` when that is not
  /// safe (a style change, a half of a wide character, or a gap too long to be worth it).
  private func rewriteCost(
    from start: Int, to end: Int, row: Int, front: UnsafeMutableBufferPointer<Cell>
  ) -> Int? {
    guard end - start <= 8, let style = terminalStyle else { return nil }
    let styled = Cell.blank(style)  // to compare styles as bits
    let base = row * frontColumns
    var cost = 0
    var column = start
    while column < end {
      let cell = front[base + column]
      guard cell.width != 0, cell.hasSameStyle(as: styled), column + Int(cell.width) <= end,
        varyingWidth(of: cell) == nil
      else {
        return nil
      }
      cost += Self.textCost(of: cell)
      column += Int(cell.width)
    }
    return cost
  }

  // MARK: - SGR

  /// ``setStyle(_:into:)`` with a cell's style, compared as bits with the last cell's first.
  @inline(__always)
  private mutating func setStyle(of cell: Cell, into output: inout [UInt8]) {
    if let styleCell, styleCell.hasSameStyle(as: cell) { return }
    setStyle(cell.style, into: &output)
    styleCell = cell
  }

  /// Emits the cheaper of the incremental change and a reset followed by the full style; a
  /// change of link opens or closes an OSC 8 hyperlink (Renderer+Hyperlinks.swift).
  private mutating func setStyle(_ wanted: TextStyle, into output: inout [UInt8]) {
    styleCell = nil
    var style = colorDepth.downgrade(wanted)
    if style.link != currentLink {
      Self.appendLink(style.link, to: &output)
      currentLink = style.link
    }
    style.link = nil
    if currentStyle == style { return }
    if style == .plain {
      output.append(contentsOf: Self.resetStyle)
    } else {
      var full = SGRParameters()
      full.append(0x30)
      Self.appendParameters(of: style, into: &full)
      if let old = currentStyle {
        var incremental = SGRParameters()
        Self.appendIncrementalParameters(from: old, to: style, into: &incremental)
        (incremental.count <= full.count ? incremental : full).appendSGR(to: &output)
      } else {
        full.appendSGR(to: &output)
      }
    }
    currentStyle = style
  }

  /// An SGR's parameters, built on the stack: a style change is made twice (incremental and
  /// after a reset) to keep the shorter, and happens every few cells of a coloured screen.
  ///
  /// A change of more than ``maximumParameters`` parameters is written as several SGRs, split
  /// between codes (`38;2;r;g;b` is one code of five parameters).
  private struct SGRParameters {
    /// 16: st (`ESC_ARG_SIZ`), the Linux console (`NPAR`) and libvterm (`CSI_ARGS_MAX`) keep
    /// 16 parameters; st and the console drop the rest, and libvterm 0.1.4 (Neovim's and Vim's
    /// terminals) writes past its array. A reset, seven attributes and two RGB colours are 18.
    static let maximumParameters = 16
    /// 128 bytes: a change needs at most 66 (attributes switched, both colours RGB).
    private var storage: (SIMD64<UInt8>, SIMD64<UInt8>) = (.zero, .zero)
    private(set) var count = 0
    /// The `;`s written: one fewer than the parameters.
    private var separators = 0

    var isEmpty: Bool { count == 0 }

    /// Starts a code: its `;` unless it is the first.
    mutating func beginCode() {
      if count > 0 { appendSeparator() }
    }

    /// The `;` between a code's own parameters (`38;2;r;g;b`).
    mutating func appendSeparator() {
      append(0x3B)
      separators += 1
    }

    mutating func append(_ byte: UInt8) {
      precondition(count < 128, "SGR parameters are at most 66 bytes")
      withUnsafeMutableBytes(of: &storage) { $0[count] = byte }
      count += 1
    }

    /// Parameters are bytes (colours, components) or SGR codes: below 256.
    mutating func appendDecimal(_ value: Int) {
      if value >= 100 { append(0x30 + UInt8(value / 100)) }
      if value >= 10 { append(0x30 + UInt8(value / 10 % 10)) }
      append(0x30 + UInt8(value % 10))
    }

    /// `CSI parameters m`, as several when there are more than ``maximumParameters``.
    func appendSGR(to output: inout [UInt8]) {
      withUnsafeBytes(of: storage) {
        let bytes = UnsafeBufferPointer(rebasing: $0.bindMemory(to: UInt8.self)[0..<count])
        func appendSGR(_ parameters: Slice<UnsafeBufferPointer<UInt8>>) {
          output.append(0x1B)
          output.append(0x5B)
          output.append(contentsOf: UnsafeBufferPointer(rebasing: parameters))
          output.append(0x6D)
        }
        guard separators >= Self.maximumParameters else { return appendSGR(bytes[...]) }
        // Rare (nearly every attribute set or changed, and two RGB colours): the codes
        // are found again from the bytes, where an extended colour's 38 or 48 says how many
        // parameters follow it.
        var start = 0
        var inSGR = 0
        var index = 0
        while index < count {
          var end = index
          var parameters = 1
          let code = Self.parameter(in: bytes, from: &end)
          if code == 38 || code == 48 {
            let kind = Self.parameter(in: bytes, from: &end)
            let components = kind == 5 ? 1 : 3
            for _ in 0..<components { _ = Self.parameter(in: bytes, from: &end) }
            parameters += 1 + components
          }
          if inSGR + parameters > Self.maximumParameters {
            appendSGR(bytes[start..<index - 1])
            start = index
            inSGR = 0
          }
          inSGR += parameters
          index = end
        }
        appendSGR(bytes[start...])
      }
    }

    /// The decimal parameter at `index`, moving `index` past it and its `;`.
    private static func parameter(in bytes: UnsafeBufferPointer<UInt8>, from index: inout Int) -> Int {
      var value = 0
      while index < bytes.count, bytes[index] != 0x3B {
        value = value * 10 + Int(bytes[index] - 0x30)
        index += 1
      }
      index += 1
      return value
    }
  }

  private static let attributeCodes: [(TextStyle.Attributes, on: Int, off: Int)] = [
    (.bold, 1, 22), (.dim, 2, 22), (.italic, 3, 23), (.underline, 4, 24), (.blink, 5, 25),
    (.reverse, 7, 27), (.strikethrough, 9, 29),
  ]

  /// All of a style's parameters after a reset (each preceded by `;`).
  private static func appendParameters(of style: TextStyle, into out: inout SGRParameters) {
    for (attribute, on, _) in attributeCodes where style.attributes.contains(attribute) {
      out.beginCode()
      out.appendDecimal(on)
    }
    if style.foreground != .default {
      out.beginCode()
      appendColor(style.foreground, background: false, to: &out)
    }
    if style.background != .default {
      out.beginCode()
      appendColor(style.background, background: true, to: &out)
    }
  }

  private static func appendIncrementalParameters(
    from old: TextStyle, to new: TextStyle, into out: inout SGRParameters
  ) {
    let removed = old.attributes.subtracting(new.attributes)
    var added = new.attributes.subtracting(old.attributes)
    if !removed.intersection([.bold, .dim]).isEmpty {
      // SGR 22 clears both bold and faint; put back the one that stays.
      out.beginCode()
      out.appendDecimal(22)
      added.formUnion(new.attributes.intersection([.bold, .dim]))
    }
    for (attribute, _, off) in attributeCodes where off != 22 && removed.contains(attribute) {
      out.beginCode()
      out.appendDecimal(off)
    }
    for (attribute, on, _) in attributeCodes where added.contains(attribute) {
      out.beginCode()
      out.appendDecimal(on)
    }
    if old.foreground != new.foreground {
      out.beginCode()
      appendColor(new.foreground, background: false, to: &out)
    }
    if old.background != new.background {
      out.beginCode()
      appendColor(new.background, background: true, to: &out)
    }
  }

  private static func appendColor(_ color: Color, background: Bool, to out: inout SGRParameters) {
    switch color {
    case .default:
      out.appendDecimal(background ? 49 : 39)
    case .palette(let index) where index < 8:
      out.appendDecimal((background ? 40 : 30) + Int(index))
    case .palette(let index) where index < 16:
      out.appendDecimal((background ? 100 : 90) + Int(index) - 8)
    case .palette(let index):
      out.appendDecimal(background ? 48 : 38)
      out.appendSeparator()
      out.append(0x35)
      out.appendSeparator()
      out.appendDecimal(Int(index))
    case .rgb(let r, let g, let b):
      out.appendDecimal(background ? 48 : 38)
      out.appendSeparator()
      out.append(0x32)
      for component in [r, g, b] {
        out.appendSeparator()
        out.appendDecimal(Int(component))
      }
    }
  }

  // MARK: - Text

  /// Writes a cell's cluster. A control character becomes U+FFFD (it must never reach the
  /// terminal as a control), and a cluster starting with a mark gets a dotted-circle base
  /// (U+25CC) so it does not combine with the cell on its left.
  static func appendText(of cell: Cell, to output: inout [UInt8]) {
    if let scalar = cell.singleScalar {
      // Most cells: one scalar, written without making a String.
      let value = scalar.value
      if value >= 0x20 && value < 0x7F {
        output.append(UInt8(truncatingIfNeeded: value))
        return
      }
      if value >= 0xA0 && (value < 0x300 || scalar.terminalWidth != 0), let bytes = UTF8.encode(scalar) {
        output.append(contentsOf: bytes)
        return
      }
    }
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

  /// How a cell whose cluster terminals measure differently
  /// (``ResponderKit/Character/terminalWidthVaries``) is drawn on a terminal not known to
  /// measure as the frame does (mode 2027).
  private enum VaryingWidth {
    /// Not measured: confined (``appendConfined(_:width:erase:widest:room:to:)``); `widest`
    /// is the most columns a terminal may give it, every scalar that is not zero-width drawn on
    /// its own and two columns wide.
    case confined(widest: Int)
    /// The terminal answered a probe with another width than the frame's.
    case measured(Int)
  }

  /// `nil` for every cell drawn as it is: ASCII at once, clusters whose width does not vary,
  /// and those the terminal answered a probe for with the frame's own width.
  private func varyingWidth(of cell: Cell) -> VaryingWidth? {
    if let scalar = cell.singleScalar, scalar.value < 0x300 { return nil }
    guard !graphemeClustering, let character = cell.text.first, character.terminalWidthVaries else {
      return nil
    }
    if let measured = terminalWidths[character], measured > 0 {
      return measured == Int(cell.width) ? nil : .measured(measured)
    }
    var widest = 0
    for scalar in character.unicodeScalars where scalar.terminalWidth != 0 { widest += 2 }
    return .confined(widest: max(widest, Int(cell.width)))
  }

  /// Writes a cluster the terminal measured otherwise than the frame in exactly the frame's
  /// `width`, so the cursor stays known: narrower, the cluster then blanks in the cell's style
  /// for the cells it leaves; wider, a stand-in that fits (its first scalar when that alone is
  /// as wide and certain: 👩 for 👩‍💻, 👍 for 👍🏽; else U+FFFD and blanks), as a wider glyph would
  /// cover the next cell.
  private func appendMeasured(_ cell: Cell, width: Int, measured: Int, to output: inout [UInt8]) {
    var used = measured
    if measured < width {
      Self.appendText(of: cell, to: &output)
    } else if let first = cell.text.unicodeScalars.first, first.terminalWidth == width,
      !Character(first).terminalWidthVaries, let bytes = UTF8.encode(first)
    {
      output.append(contentsOf: bytes)
      used = width
    } else {
      output.append(contentsOf: [0xEF, 0xBF, 0xBD])
      used = 1
    }
    for _ in used..<width { output.append(0x20) }
  }

  /// The probes written since the last call, for the host to match with the reports.
  mutating func takeWidthProbes() -> [WidthProbe] {
    defer { widthProbes.removeAll() }
    return widthProbes
  }

  /// The width the terminal reported for `cluster` (``probesWidths``): later frames draw it in
  /// the frame's cells by that width, without confinement. Where it is wider than the frame's,
  /// the cells drawn confined meanwhile are drawn again in the next frame (a wider glyph may
  /// have been cut by the cell after it).
  mutating func recordWidth(_ width: Int, of cluster: Character) {
    guard terminalWidths[cluster] != nil else { return }
    terminalWidths[cluster] = width
    guard frontValid else { return }
    for index in frontCells.indices where frontCells[index].printableASCII == nil {
      let cell = frontCells[index]
      if width > Int(cell.width), cell.width > 0, cell.text.first == cluster {
        frontCells[index] = .continuation(cell.style)  // never a frame's cell there: redrawn
        rowHashes = nil
        // Compared again in the next frame, whatever its changed rows say.
        if index / frontColumns < frontMatchesFrame.count { frontMatchesFrame[index / frontColumns] = false }
      }
    }
  }

  /// The width the terminal reported for `cluster`, if it was asked and answered.
  func terminalWidth(of cluster: Character) -> Int? {
    terminalWidths[cluster].flatMap { $0 > 0 ? $0 : nil }
  }

  /// Writes a cluster of uncertain width confined to its cells: `erase` cells are erased first
  /// (ECH, so a terminal that draws it narrower leaves blanks, not stale cells). When a wider rendering
  /// would not fit in the `room` left in the row, the cluster is not written: its first scalar
  /// stands for it when that alone is as wide as the cell (👍 for 👍🏽, 👩 for 👩‍💻), else the cells
  /// stay blank. Turning auto-wrap off (DECAWM) would not do: libvterm, for one, still moves a
  /// wide character that does not fit to the next row, which can scroll the screen.
  private func appendConfined(
    _ cell: Cell, width: Int, erase: Int, widest: Int, room: Int, to output: inout [UInt8]
  ) {
    Self.appendCSI(erase, final: 0x58, to: &output)
    guard widest > room else { return Self.appendText(of: cell, to: &output) }
    if let first = cell.text.unicodeScalars.first, first.terminalWidth == width,
      !Character(first).terminalWidthVaries, let bytes = UTF8.encode(first)
    {
      output.append(contentsOf: bytes)
    }
  }

  /// What ``appendText(of:to:)`` would write, counted without writing.
  private static func textCost(of cell: Cell) -> Int {
    if let scalar = cell.singleScalar {
      let value = scalar.value
      if value >= 0x20 && value < 0x7F { return 1 }
      if value >= 0xA0 && (value < 0x300 || scalar.terminalWidth != 0) { return UTF8.width(scalar) }
    }
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
  static let clearBelow: [UInt8] = Array("\u{1B}[J".utf8)
  static let eraseToEnd: [UInt8] = Array("\u{1B}[K".utf8)
  static let resetStyle: [UInt8] = Array("\u{1B}[m".utf8)
  static let showCursor: [UInt8] = Array("\u{1B}[?25h".utf8)
  static let hideCursor: [UInt8] = Array("\u{1B}[?25l".utf8)
  static let saveCursor: [UInt8] = [0x1B, 0x37]
  static let restoreCursor: [UInt8] = [0x1B, 0x38]
  static let cursorPositionRequest: [UInt8] = Array("\u{1B}[6n".utf8)

  private static func digits(_ n: Int) -> Int {
    n < 10 ? 1 : n < 100 ? 2 : n < 1000 ? 3 : n < 10000 ? 4 : String(n).utf8.count
  }

  private static func cupCost(_ x: Int, _ y: Int) -> Int {
    if x == 0 && y == 0 { return 3 }
    if x == 0 { return 3 + digits(y + 1) }
    return 4 + digits(y + 1) + digits(x + 1)
  }

  private static func relativeCost(_ n: Int) -> Int { n == 1 ? 3 : 3 + digits(n) }

  static func appendCUP(_ x: Int, _ y: Int, to out: inout [UInt8]) {
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
