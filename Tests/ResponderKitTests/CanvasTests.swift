import Testing

@testable import ResponderKit

/// Drawing into cells: wide characters, clipping, and the plain-text form of a buffer.
@MainActor
struct CanvasTests {
  @Test func wideCharacterTakesTwoCellsAndCountsOnceInText() {
    let canvas = Canvas(columns: 6, rows: 1)
    let end = canvas.draw("a界b", x: 0, y: 0)
    #expect(end == 4)
    #expect(canvas.buffer[1, 0].width == 2)
    #expect(canvas.buffer[2, 0].isContinuation)
    #expect(canvas.buffer.text(ofRow: 0) == "a界b  ")
    #expect(canvas.buffer.plainText == "a界b")
  }

  @Test func wideCharacterWhoseRightHalfIsClippedBecomesABlank() {
    let canvas = Canvas(columns: 6, rows: 1)
    canvas.withTranslation(.zero, clippedTo: Rect(x: 0, y: 0, width: 3, height: 1)) { c in
      c.draw("ab界", x: 0, y: 0)
    }
    #expect(canvas.buffer.text(ofRow: 0) == "ab    ")
    #expect(!canvas.buffer[3, 0].isContinuation)
  }

  @Test func wideCharacterAtTheRightEdgeOfTheScreenBecomesABlank() {
    let canvas = Canvas(columns: 3, rows: 1)
    canvas.draw("ab界", x: 0, y: 0)
    #expect(canvas.buffer.text(ofRow: 0) == "ab ")
  }

  @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
    let canvas = Canvas(columns: 4, rows: 1)
    canvas.draw("界界", x: 0, y: 0)
    canvas.draw("x", x: 1, y: 0)
    #expect(canvas.buffer.text(ofRow: 0) == " x界")
    canvas.draw("y", x: 2, y: 0)
    #expect(canvas.buffer.text(ofRow: 0) == " xy ")
  }

  /// `fill` writes whole rows at once; it must leave exactly what `put` leaves cell by cell,
  /// wide characters cut at either edge of the rectangle or of the clip included, and a
  /// continuation cell without its left half (which a buffer written directly can hold).
  @Test(arguments: 1...40 as ClosedRange<UInt64>)
  func fillingARectangleLeavesWhatPuttingEachCellLeaves(seed: UInt64) {
    var state = seed
    func random(_ range: Range<Int>) -> Int {  // SplitMix64, so a failure reproduces
      state &+= 0x9e37_79b9_7f4a_7c15
      var z = state
      z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
      z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
      return range.lowerBound + Int((z ^ (z >> 31)) % UInt64(range.count))
    }
    var start = CellBuffer(columns: 12, rows: 4)
    for y in 0..<4 {
      var x = 0
      while x < 12 {
        switch random(0..<4) {
        case 0:
          start[x, y] = Cell("界", style: TextStyle(foreground: .red))
          start[x + 1, y] = .continuation(TextStyle(foreground: .red))
          x += 2
        case 1:
          start[x, y] = .continuation(TextStyle(background: .blue))
          x += 1
        default:
          start[x, y] = Cell("k", style: TextStyle(attributes: .bold))
          x += 1
        }
      }
    }
    let fill = [Cell("-"), .blank(TextStyle(background: .green)), Cell("字")][random(0..<3)]
    let offset = Point(x: Double(random(-2..<3)), y: Double(random(-1..<2)))
    let clip = Rect(
      x: Double(random(0..<6)), y: 0, width: Double(random(0..<10)), height: Double(random(1..<5)))
    let rect = Rect(
      x: Double(random(-3..<8)), y: Double(random(-1..<3)), width: Double(random(0..<12)), height: 2)
    let filled = Canvas(buffer: start)
    let put = Canvas(buffer: start)
    filled.withTranslation(offset, clippedTo: clip) { $0.fill(rect, with: fill) }
    put.withTranslation(offset, clippedTo: clip) { canvas in
      for y in Int(rect.minY)..<Int(rect.maxY) {
        for x in Int(rect.minX)..<Int(rect.maxX) { canvas.put(fill, x: x, y: y) }
      }
    }
    #expect(filled.buffer == put.buffer, "seed \(seed)")
  }

  @Test func drawingOutsideTheClipIsDropped() {
    let canvas = Canvas(columns: 5, rows: 2)
    canvas.withTranslation(Point(x: 1, y: 0), clippedTo: Rect(x: 1, y: 0, width: 2, height: 1)) { c in
      c.draw("hello", x: 0, y: 0)
      c.draw("below", x: 0, y: 1)
    }
    #expect(canvas.buffer.plainText == " he\n")
  }

  @Test func combiningMarksStayWithTheirBaseCharacter() {
    let canvas = Canvas(columns: 3, rows: 1)
    canvas.draw("e\u{301}x", x: 0, y: 0)
    #expect(canvas.buffer.text(ofRow: 0) == "e\u{301}x ")
  }

  @Test func plainTextTrimsTrailingSpacesPerRowOnly() {
    var buffer = CellBuffer(columns: 4, rows: 3)
    buffer[0, 0] = Cell("a")
    buffer[2, 2] = Cell("b")
    #expect(buffer.plainText == "a\n\n  b")
  }

  @Test func readingOutsideTheBufferGivesBlankAndWritingIsIgnored() {
    var buffer = CellBuffer(columns: 2, rows: 1)
    buffer[5, 0] = Cell("x")
    buffer[-1, 0] = Cell("x")
    #expect(buffer[5, 0] == .blank())
    #expect(buffer.plainText == "")
  }

  @Test func resizeKeepsTheTopLeft() {
    var buffer = CellBuffer(columns: 3, rows: 2)
    buffer[0, 0] = Cell("a")
    buffer[2, 1] = Cell("z")
    buffer.resize(columns: 2, rows: 3)
    #expect(buffer.plainText == "a\n\n")
  }

  @Test func boxIsDrawnWithLineCharacters() {
    let canvas = Canvas(columns: 4, rows: 3)
    canvas.drawBox(Rect(x: 0, y: 0, width: 4, height: 3))
    #expect(canvas.buffer.plainText == "┌──┐\n│  │\n└──┘")
  }

  @Test func subviewsAreClippedToTheirFrames() {
    let app = Application()
    app.screenSize = Size(width: 10, height: 2)
    let window = Window()
    let root = View()
    let label = LabelView("overflowing")
    label.frame = Rect(x: 2, y: 0, width: 4, height: 1)
    root.addSubview(label)
    window.rootView = root
    app.addWindow(window)
    #expect(app.renderScreen().plainText == "  over\n")
  }
}
