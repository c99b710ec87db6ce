import ResponderKit
import Testing

@testable import TerminalHost

private func frame(_ columns: Int, _ rows: Int, _ lines: [(x: Int, y: Int, text: String, style: TextStyle)])
  -> CellBuffer
{
  var buffer = CellBuffer(columns: columns, rows: rows)
  for line in lines { write(line.text, at: line.x, line.y, style: line.style, into: &buffer) }
  return buffer
}

private func write(
  _ text: String, at x: Int, _ y: Int, style: TextStyle = .plain, into buffer: inout CellBuffer
) {
  var column = x
  for character in text {
    let cell = Cell(character, style: style)
    buffer[column, y] = cell
    if cell.width == 2 { buffer[column + 1, y] = .continuation(style) }
    column += Int(cell.width)
  }
}

/// `buffer` with the rows of `band` moved: row y shows the old row y + `shift`, and rows that
/// would come from outside the band are blank.
private func shifted(_ buffer: CellBuffer, rows band: ClosedRange<Int>, by shift: Int) -> CellBuffer {
  var result = buffer
  for y in band {
    for x in 0..<buffer.columns {
      result[x, y] = band.contains(y + shift) ? buffer[x, y + shift] : .blank()
    }
  }
  return result
}

/// Line `n` of a made-up log: letters that differ from every other line's, of varying length.
private func logLine(_ n: Int) -> String {
  let letters = Array("abcdefghijklmnopqrstuvwxyz ")
  return String((0..<(12 + n * 5 % 17)).map { letters[(n * 11 + $0 * 7 + n * $0) % letters.count] })
}

/// A log under a title bar: lines `first`, `first + 1`, … below it.
private func log(columns: Int, rows: Int, first: Int) -> CellBuffer {
  var buffer = CellBuffer(columns: columns, rows: rows)
  write(" Log ", at: 0, 0, style: TextStyle(attributes: .reverse), into: &buffer)
  for y in 1..<rows { write(logLine(first + y - 1), at: 0, y, into: &buffer) }
  return buffer
}

@Suite("Renderer")
struct RendererTests {
  @Test func firstFrameClearsAndDrawsPlainText() throws {
    var renderer = Renderer()
    let bytes = renderer.render(frame(10, 2, [(1, 0, "hello", .plain), (0, 1, "ok", .plain)]), cursor: nil)
    try expectGolden(bytes, named: "plain-text")
  }

  @Test func stylesEmitOnlyTheChangesOrAResetWhenShorter() throws {
    var renderer = Renderer(synchronizedOutput: false)
    let scene = frame(
      24, 3,
      [
        (0, 0, "Bold", TextStyle(foreground: .red, attributes: .bold)),
        (4, 0, "Dim", TextStyle(foreground: .red, attributes: .dim)),
        (7, 0, "Blue", TextStyle(foreground: .brightWhite, background: .blue, attributes: .underline)),
        (0, 1, "256", TextStyle(foreground: .palette(208), background: .palette(236))),
        (3, 1, "rgb", TextStyle(foreground: .rgb(255, 128, 0), attributes: [.italic, .strikethrough])),
        (6, 1, "rev", TextStyle(attributes: [.reverse, .blink])),
        (0, 2, "plain", .plain),
      ])
    let bytes = renderer.render(scene, cursor: CursorPlacement(column: 5, row: 2))
    try expectGolden(bytes, named: "styles")
    var screen = VirtualTerminal(columns: 24, rows: 3)
    screen.feed(bytes)
    #expect(screen.mismatches(with: scene) == [])
    #expect(screen.errors == [])
  }

  @Test func wideCharactersTakeTwoCellsAndAreNeverSplit() throws {
    var renderer = Renderer()
    var scene = frame(9, 2, [(0, 0, "中文😀e\u{301}", .plain), (0, 1, "ab", .plain)])
    // A wide character in the last column cannot be drawn whole: it becomes a blank.
    scene[8, 1] = Cell("字")
    let bytes = renderer.render(scene, cursor: CursorPlacement(column: 2, row: 1))
    try expectGolden(bytes, named: "wide-characters")
    var screen = VirtualTerminal(columns: 9, rows: 2)
    screen.feed(bytes)
    #expect(screen.mismatches(with: scene) == [])
    #expect(screen.errors == [])
    #expect(renderer.front?[8, 1] == .blank())
  }

  @Test func secondFrameRedrawsOnlyTheChangedCells() throws {
    var renderer = Renderer(synchronizedOutput: true)
    var scene = frame(20, 4, [(0, 0, "title", TextStyle(attributes: .bold)), (0, 2, "1234567890", .plain)])
    _ = renderer.render(scene, cursor: nil)
    write("Title", at: 0, 0, style: TextStyle(attributes: .bold), into: &scene)
    write("X", at: 2, 2, into: &scene)
    write("Y", at: 4, 2, into: &scene)
    write("世", at: 10, 3, into: &scene)
    let bytes = renderer.render(scene, cursor: CursorPlacement(column: 0, row: 3))
    try expectGolden(bytes, named: "update")
  }

  @Test func oneChangedCellOnALargeScreenCostsACursorMoveAndTheCell() {
    var renderer = Renderer(synchronizedOutput: false)
    var scene = CellBuffer(columns: 200, rows: 60)
    write(String(repeating: "x", count: 200), at: 0, 10, into: &scene)
    _ = renderer.render(scene, cursor: nil)
    scene[100, 30] = Cell("X")
    let bytes = renderer.render(scene, cursor: nil)
    #expect(escapedText(bytes) == "\\e[31;101HX")
    #expect(bytes.count == 10)

    renderer.synchronizedOutput = true
    scene[101, 30] = Cell("Y")
    let synced = renderer.render(scene, cursor: nil)
    // The cursor is already just after the X: the cell alone, plus the 2026 brackets.
    #expect(escapedText(synced) == "\\e[?2026hY\\e[?2026l")
  }

  @Test func anUnchangedFrameProducesNoBytes() {
    var renderer = Renderer()
    let scene = frame(10, 3, [(0, 0, "same", TextStyle(foreground: .green))])
    _ = renderer.render(scene, cursor: CursorPlacement(column: 1, row: 1))
    #expect(renderer.render(scene, cursor: CursorPlacement(column: 1, row: 1)).isEmpty)
  }

  @Test func shortGapsAreRewrittenInsteadOfMovedOver() {
    var renderer = Renderer(synchronizedOutput: false)
    var scene = frame(20, 2, [(0, 0, "abcdef", .plain)])
    _ = renderer.render(scene, cursor: nil)
    scene[1, 0] = Cell("B")
    scene[3, 0] = Cell("D")
    // After B the cursor is on c; writing "c" (1 byte) is cheaper than CSI C (3 bytes).
    #expect(escapedText(renderer.render(scene, cursor: nil)) == "\\e[5DBcD")
  }

  @Test func gapsOfUpToThreeUnchangedCellsAreRewrittenAndLongerOnesMovedOver() {
    var renderer = Renderer(synchronizedOutput: false)
    var scene = CellBuffer(columns: 30, rows: 1)
    _ = renderer.render(scene, cursor: nil)
    write("a b  c   d    e", at: 0, 0, into: &scene)
    // n unchanged blanks cost n bytes rewritten against CSI n C (3 bytes for 1, 4 for 2–9):
    // cheaper up to 3, a tie at 4, where the escape is kept.
    #expect(escapedText(renderer.render(scene, cursor: nil)) == "\\e[Ha b  c   d\\e[4Ce")
  }

  @Test func gapsAreMovedOverWhenTheTerminalsStyleIsADowngradeOfTheCells() {
    // At 16 colours the terminal's style is the nearest of the 16, not the cells' RGB one, so
    // rewriting a gap would need a style change: CSI C is cheaper.
    var renderer = Renderer(synchronizedOutput: false)
    renderer.colorDepth = .ansi16
    let green = TextStyle(foreground: .rgb(0, 205, 0))
    var scene = frame(10, 1, [(0, 0, "a b", green)])
    _ = renderer.render(scene, cursor: nil)
    write("A", at: 0, 0, style: green, into: &scene)
    write("B", at: 2, 0, style: green, into: &scene)
    #expect(escapedText(renderer.render(scene, cursor: nil)) == "\\rA\\e[CB")
  }

  /// Draws `frames` in turn into a fresh renderer and a virtual terminal; the bytes of the last.
  private func drawn(_ frames: [CellBuffer]) -> String {
    var renderer = Renderer(synchronizedOutput: false)
    var screen = VirtualTerminal(columns: frames[0].columns, rows: frames[0].rows)
    var bytes: [UInt8] = []
    for scene in frames {
      bytes = renderer.render(scene, cursor: nil)
      screen.feed(bytes)
      #expect(screen.mismatches(with: scene) == [])
    }
    #expect(screen.errors == [])
    return escapedText(bytes)
  }

  @Test func plainBlanksToTheEndOfARowAreErasedWithEL() {
    let reversed = TextStyle(attributes: .reverse)
    let selected = frame(20, 2, [(0, 0, "Item 1" + String(repeating: " ", count: 14), reversed)])
    // The row's reversed blanks become plain: CSI K (3 bytes) rather than 14 spaces.
    #expect(drawn([selected, frame(20, 2, [(0, 0, "Item 1", .plain)])]) == "\\e[H\\e[mItem 1\\e[K")
  }

  @Test func aLongRunOfPlainBlanksInsideARowIsErasedWithECH() {
    let before = frame(30, 1, [(0, 0, String(repeating: "x", count: 30), .plain)])
    let after = frame(30, 1, [(0, 0, "x", .plain), (25, 0, "xxxxx", .plain)])
    // ECH 24 (5 bytes) rather than 24 spaces; the unchanged cells after it stay.
    #expect(drawn([before, after]) == "\\e[1;2H\\e[24X")
    // With a change after the run, the cursor then moves over the erased cells and the
    // unchanged ones (CUF 28).
    let changedAfter = frame(30, 1, [(0, 0, "x", .plain), (25, 0, "xxxxy", .plain)])
    #expect(drawn([before, changedAfter]) == "\\e[1;2H\\e[24X\\e[28Cy")
  }

  @Test func shortRunsOfBlanksAndStyledBlanksAreStillWritten() {
    let before = frame(10, 1, [(0, 0, "abcdefghij", .plain)])
    // Two blanks cost two bytes, less than an ECH or EL; reversed blanks are not what an erase
    // draws.
    #expect(drawn([before, frame(10, 1, [(0, 0, "abcdefgh", .plain)])]) == "\\e[1;9H  ")
    let reversed = TextStyle(attributes: .reverse)
    #expect(
      drawn([before, frame(10, 1, [(0, 0, "ab", .plain), (2, 0, "        ", reversed)])])
        == "\\e[1;3H\\e[7m        ")
  }

  @Test func movesToColumnZeroOfTheNextRowWithCarriageReturnLineFeed() {
    var renderer = Renderer(synchronizedOutput: false)
    var scene = CellBuffer(columns: 20, rows: 3)
    _ = renderer.render(scene, cursor: nil)
    scene[5, 0] = Cell("a")
    scene[0, 1] = Cell("b")
    #expect(escapedText(renderer.render(scene, cursor: nil)) == "\\e[1;6Ha\\r\\nb")
  }

  @Test func controlCharactersInCellsNeverReachTheTerminal() {
    var renderer = Renderer(synchronizedOutput: false)
    var scene = CellBuffer(columns: 4, rows: 1)
    scene[0, 0] = Cell("\u{1B}")
    scene[1, 0] = Cell("\u{7}")
    let bytes = renderer.render(scene, cursor: nil)
    #expect(escapedText(bytes) == "\\e[m\\e[2J\\e[H\u{FFFD}\u{FFFD}\\e[?25l")
  }

  @Test func invalidateForcesAFullRepaint() {
    var renderer = Renderer(synchronizedOutput: false)
    let scene = frame(6, 1, [(0, 0, "abc", .plain)])
    _ = renderer.render(scene, cursor: nil)
    renderer.invalidate()
    #expect(escapedText(renderer.render(scene, cursor: nil)) == "\\e[m\\e[2J\\e[Habc\\e[?25l")
  }

  @Test func framesWithNoColumnsOrNoRowsDrawNothing() {
    var renderer = Renderer(synchronizedOutput: false)
    for (columns, rows) in [(0, 5), (5, 0), (0, 0)] {
      let bytes = renderer.render(CellBuffer(columns: columns, rows: rows), cursor: nil)
      #expect(!escapedText(bytes).contains("H"), "\(columns)x\(rows)")
    }
  }

  @Test func aResizedFrameIsRepaintedInFull() {
    var renderer = Renderer(synchronizedOutput: false)
    _ = renderer.render(frame(6, 1, [(0, 0, "abc", .plain)]), cursor: nil)
    let bytes = renderer.render(frame(8, 2, [(0, 1, "abc", .plain)]), cursor: nil)
    #expect(escapedText(bytes) == "\\e[2J\\e[2Habc")
  }

  @Test func aBandScrolledUpOneLineIsScrolledInARegionNotRedrawn() {
    var renderer = Renderer(synchronizedOutput: false)
    _ = renderer.render(log(columns: 40, rows: 10, first: 0), cursor: nil)
    let next = log(columns: 40, rows: 10, first: 1)
    let bytes = renderer.render(next, cursor: nil)
    // Region rows 2–10, scroll up one (SU), reset the region (which homes the cursor), then only
    // the line that came into view (nine rows down from home).
    #expect(escapedText(bytes) == "\\e[2;10r\\e[S\\e[r\\e[9B" + logLine(9))
    var screen = VirtualTerminal(columns: 40, rows: 10)
    var replay = Renderer(synchronizedOutput: false)
    screen.feed(replay.render(log(columns: 40, rows: 10, first: 0), cursor: nil))
    screen.feed(replay.render(next, cursor: nil))
    #expect(screen.mismatches(with: next) == [])
    #expect(screen.errors == [])
  }

  @Test func aBandScrolledDownIsScrolledWithSD() {
    var renderer = Renderer(synchronizedOutput: false)
    var screen = VirtualTerminal(columns: 30, rows: 8)
    screen.feed(renderer.render(log(columns: 30, rows: 8, first: 5), cursor: nil))
    let previous = log(columns: 30, rows: 8, first: 3)
    let bytes = renderer.render(previous, cursor: nil)
    #expect(escapedText(bytes).hasPrefix("\\e[2;8r\\e[2T\\e[r"))
    screen.feed(bytes)
    #expect(screen.mismatches(with: previous) == [])
    #expect(screen.errors == [])
  }

  @Test func aWholeScreenScrollNeedsNoRegion() {
    var renderer = Renderer(synchronizedOutput: false)
    var scene = CellBuffer(columns: 20, rows: 6)
    for y in 0..<6 { write(logLine(y), at: 0, y, into: &scene) }
    var screen = VirtualTerminal(columns: 20, rows: 6)
    screen.feed(renderer.render(scene, cursor: nil))
    scene = shifted(scene, rows: 0...5, by: 1)
    write(logLine(6), at: 0, 5, into: &scene)
    let bytes = renderer.render(scene, cursor: nil)
    #expect(escapedText(bytes).hasPrefix("\\e[S"))
    screen.feed(bytes)
    #expect(screen.mismatches(with: scene) == [])
    #expect(screen.errors == [])
  }

  /// Random frames, each a random edit of the last (or a resize or an invalidation), drawn
  /// into the virtual terminal: the screen must always equal the frame.
  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
  func randomFramesAreReproducedExactlyByAVirtualTerminal(seed: UInt64) {
    checkRandomFrames(seed: seed, inlineOrigin: nil)
  }

  /// The same frames in an inline region below lines already on the screen: the region shows
  /// each frame, the lines above are never touched (no CSI 2J, no whole-screen scroll).
  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
  func randomInlineFramesAreReproducedAndTheLinesAboveStay(seed: UInt64) {
    // Regions from rows 1 to 4, and from 11 to 14, where a CUP's row has two digits.
    checkRandomFrames(seed: seed, inlineOrigin: Int(seed % 4) + 1 + (seed > 4 ? 10 : 0))
  }

  /// Pick's frames (a query line, a count, a list that changes with each key), drawn in a
  /// region on row 18 and full-screen: every frame after the first costs no more inline. The
  /// first one also places and saves the region (its row number and `ESC 7`).
  @Test func anInlineListRedrawnCostsNoMoreThanFullScreen() {
    func frames() -> [CellBuffer] {
      (0...4).map { step in
        var buffer = CellBuffer(columns: 100, rows: 12)
        write("> " + String("1234".prefix(step)), at: 0, 0, into: &buffer)
        write("  \(1_000_000 - step * 123_457)/1000000", at: 0, 1, into: &buffer)
        for row in 0..<10 {
          let style = row == 0 ? TextStyle(attributes: .reverse) : .plain
          write("  \(row * 1013 + step * 7 + 1)", at: 0, row + 2, style: style, into: &buffer)
        }
        return buffer
      }
    }
    func bytes(inlineOrigin: Int?) -> [Int] {
      var renderer = Renderer()
      renderer.inlineOrigin = inlineOrigin
      return frames().enumerated().map { step, frame in
        renderer.render(frame, cursor: CursorPlacement(column: 2 + step, row: 0)).count
      }
    }
    let inline = bytes(inlineOrigin: 18)
    let fullScreen = bytes(inlineOrigin: nil)
    #expect(inline[0] <= fullScreen[0] + 3)
    for step in 1..<inline.count {
      #expect(
        inline[step] <= fullScreen[step], "frame \(step): inline \(inline[step]), full \(fullScreen[step])")
    }
  }

  @Test func anInlineRegionIsAddressedFromItsOriginAndClearedFromThere() {
    var renderer = Renderer(synchronizedOutput: false)
    renderer.inlineOrigin = 20
    var frame = CellBuffer(columns: 10, rows: 3)
    write("ab", at: 0, 0, into: &frame)
    write("cd", at: 3, 2, into: &frame)
    // Home of the region, erase below (never CSI 2J), save that place (DECSC), then rows
    // relative to it; the hidden cursor waits at the region's top-left, reached with DECRC
    // (2 bytes, not a CUP carrying the row), and moving right of it rewrites the cell.
    #expect(
      escapedText(renderer.render(frame, cursor: nil)) == "\\e[m\\e[21H\\e[J\\e7ab\\e[23;4Hcd\\e8\\e[?25l")
    #expect(
      escapedText(renderer.render(frame, cursor: CursorPlacement(column: 1, row: 0))) == "a\\e[?25h")
  }

  private func checkRandomFrames(seed: UInt64, inlineOrigin: Int?) {
    var rng = SeededGenerator(seed: seed)
    let origin = inlineOrigin ?? 0
    /// Inline, the screen has lines above the region and a row below it.
    func makeScreen(_ columns: Int, _ rows: Int) -> VirtualTerminal {
      var screen = VirtualTerminal(columns: columns, rows: rows + (inlineOrigin == nil ? 0 : origin + 1))
      for row in 0..<origin { screen.feed(Array("\(row)\r\n".utf8)) }
      return screen
    }
    let characters: [Character] = [
      "a", "b", "Z", " ", "é", "e\u{301}", "中", "字", "😀", "❤️", "ｱ", "─", "€", "\u{1}", "ß",
    ]
    let colors: [Color] = [.default, .red, .palette(9), .palette(200), .rgb(1, 2, 3), .rgb(250, 0, 9)]
    func randomStyle() -> TextStyle {
      // Half plain, as most cells of an app are (and the style some cursor moves need).
      if Bool.random(using: &rng) { return .plain }
      return TextStyle(
        foreground: colors.randomElement(using: &rng)!, background: colors.randomElement(using: &rng)!,
        attributes: TextStyle.Attributes(rawValue: UInt8.random(in: 0...127, using: &rng)))
    }
    var columns = Int.random(in: 1...30, using: &rng)
    var rows = Int.random(in: 1...8, using: &rng)
    var renderer = Renderer(synchronizedOutput: Bool.random(using: &rng))
    renderer.inlineOrigin = inlineOrigin
    var screen = makeScreen(columns, rows)
    let above = (0..<origin).map { screen.text(ofRow: $0) }
    var scene = CellBuffer(columns: columns, rows: rows)
    for step in 0..<60 {
      switch Int.random(in: 0..<20, using: &rng) {
      case 0:
        columns = Int.random(in: 1...30, using: &rng)
        rows = Int.random(in: 1...8, using: &rng)
        scene = CellBuffer(columns: columns, rows: rows)
        screen = makeScreen(columns, rows)
        renderer.invalidate()
      case 1:
        renderer.invalidate()
      case 2, 3:
        // A band of rows moves up or down, as a scrolled list or log does.
        let top = Int.random(in: 0..<rows, using: &rng)
        let bottom = Int.random(in: top..<rows, using: &rng)
        let shift = Int.random(in: -3...3, using: &rng)
        scene = shifted(scene, rows: top...bottom, by: shift)
      default:
        break
      }
      let edits = Int.random(in: 0...(columns * rows), using: &rng)
      for _ in 0..<edits {
        let x = Int.random(in: 0..<columns, using: &rng)
        let y = Int.random(in: 0..<rows, using: &rng)
        let cell = Cell(characters.randomElement(using: &rng)!, style: randomStyle())
        scene[x, y] = cell
        // Mostly well-formed wide characters, sometimes a broken one on purpose.
        if cell.width == 2 && Int.random(in: 0..<5, using: &rng) > 0 {
          scene[x + 1, y] = .continuation(cell.style)
        }
      }
      let cursor =
        Bool.random(using: &rng)
        ? CursorPlacement(
          column: Int.random(in: 0..<columns, using: &rng), row: Int.random(in: 0..<rows, using: &rng))
        : nil
      screen.feed(renderer.render(scene, cursor: cursor))
      var mismatches = screen.mismatches(with: scene, originRow: origin)
      for row in 0..<origin where !screen.text(ofRow: row).hasPrefix(String(above[row].prefix(1))) {
        mismatches.append("line \(row) above the region changed: \(screen.text(ofRow: row))")
      }
      #expect(mismatches.isEmpty, "seed \(seed) step \(step): \(mismatches.prefix(3))")
      #expect(screen.errors.isEmpty, "seed \(seed) step \(step): \(screen.errors.prefix(3))")
      #expect(screen.cursorVisible == (cursor != nil))
      if let cursor, !screen.pendingWrap {
        #expect(screen.x == cursor.column && screen.y == cursor.row + origin, "seed \(seed) step \(step)")
      }
      if mismatches.count + screen.errors.count > 0 { return }
    }
  }
}
