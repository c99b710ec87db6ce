import ResponderKit
import Testing

@testable import TerminalHost

/// The mouse encodings before and beside SGR, as xterm's ctlseqs defines them ("Mouse
/// Tracking": X10 and normal `CSI M Cb Cx Cy` with each value + 32, release as button 3;
/// 1005 the values as UTF-8; 1015 urxvt's `CSI Cb ; Cx ; Cy M` in decimal, Cb + 32; 1016
/// SGR-pixels, SGR's form in pixels), each report decoded whole at every split.
@Suite struct MouseEncodingParserTests {
  /// `ESC [ M` and the three values, each + 32, as raw bytes.
  static func x10(_ code: Int, _ x: Int, _ y: Int) -> [UInt8] {
    bytes("\u{1b}[M") + [UInt8(code + 32), UInt8(x + 32), UInt8(y + 32)]
  }

  /// The same values as UTF-8 characters (mode 1005).
  static func x10UTF8(_ code: Int, _ x: Int, _ y: Int) -> [UInt8] {
    bytes("\u{1b}[M") + [code, x, y].flatMap { Array(String(Unicode.Scalar(UInt32($0 + 32))!).utf8) }
  }

  static func pointer(
    _ button: PointerReport.Button, _ action: PointerReport.Action, _ x: Double, _ y: Double,
    _ modifiers: KeyEvent.ModifierFlags = []
  ) -> TerminalInput {
    .pointer(
      PointerReport(button: button, action: action, location: Point(x: x, y: y), modifierFlags: modifiers))
  }

  @Test func x10ReportsPressMoveAndReleaseTheLeftButton() {
    let input =
      MouseEncodingParserTests.x10(0, 1, 1) + MouseEncodingParserTests.x10(32, 2, 1)
      + MouseEncodingParserTests.x10(3, 2, 1)
    #expect(
      decodeAtEverySplit(input) == [
        touch(.began, 0, 0), touch(.moved, 1, 0), touch(.ended, 1, 0),
      ])
  }

  /// Columns past 95 are bytes past 0x7F: raw bytes, never UTF-8 text or three keys.
  @Test(arguments: [96, 97, 150, 200, 223])
  func x10CoordinatesPast95AreRawBytes(_ column: Int) {
    let input =
      MouseEncodingParserTests.x10(2, column, 40) + MouseEncodingParserTests.x10(3, column, 40) + bytes("k")
    #expect(
      decodeAtEverySplit(input) == [
        MouseParserTests.mouse(1, .down, Double(column - 1), 39),
        MouseParserTests.mouse(1, .up, Double(column - 1), 39), char("k"),
      ])
  }

  /// xterm clamps a position to the encoding's limit and sends the limit (0-based 223, 2015
  /// with 1005) as NUL, 256 truncated to a byte (button.c, `EmitMousePosition`).
  @Test func x10NulCoordinateIsThePastTheEndMarker() {
    let input = bytes("\u{1b}[M") + [32 + 1, 0, 33]
    #expect(decodeAtEverySplit(input) == [MouseParserTests.mouse(2, .down, 223, 0)])
    var parser = InputParser()
    parser.utf8MouseCoordinates = true
    #expect(decodeAtEverySplit(input, parser) == [MouseParserTests.mouse(2, .down, 2015, 0)])
  }

  @Test func x10ModifiersWheelAndExtraButtons() {
    let input =
      MouseEncodingParserTests.x10(4 + 8 + 16, 3, 4) + MouseEncodingParserTests.x10(65, 5, 6)
      + MouseEncodingParserTests.x10(128, 7, 8) + MouseEncodingParserTests.x10(3, 7, 8)
      + MouseEncodingParserTests.x10(35, 9, 9)
    #expect(
      decodeAtEverySplit(input) == [
        touch(.began, 2, 3, [.shift, .alt, .control]), MouseParserTests.scroll(4, 5, dy: 1),
        MouseParserTests.mouse(3, .down, 6, 7),
        MouseParserTests.mouse(3, .up, 6, 7),
        MouseParserTests.mouse(0, .moved, 8, 8),
      ])
  }

  /// A release with nothing pressed says which button it cannot: `.none`.
  @Test func x10ReleaseWithNoButtonDownIsAReleaseOfNone() {
    #expect(
      decodeAtEverySplit(MouseEncodingParserTests.x10(3, 1, 1))
        == [MouseEncodingParserTests.pointer(.none, .release, 0, 0)])
  }

  /// Mode 1005: coordinates up to 2015 as two-byte UTF-8.
  @Test(arguments: [1, 95, 96, 500, 2015])
  func utf8CoordinatesWithMode1005(_ column: Int) {
    var parser = InputParser()
    parser.utf8MouseCoordinates = true
    let input =
      MouseEncodingParserTests.x10UTF8(0, column, 300) + MouseEncodingParserTests.x10UTF8(3, column, 300)
      + bytes("é")
    #expect(
      decodeAtEverySplit(input, parser) == [
        touch(.began, Double(column - 1), 299), touch(.ended, Double(column - 1), 299), char("é"),
      ])
  }

  /// A byte that cannot be in a report (a control) means `ESC [ M` was typed: Alt+[, then M
  /// and the rest as keys.
  @Test func x10ReportBrokenByAControlIsTyped() {
    #expect(
      decodeAtEverySplit(bytes("\u{1b}[M!\r")) == [
        char("[", .alt), char("M"), char("!"), key(.returnKey, "\r"),
      ])
  }

  @Test func urxvtReportsDecodeLikeX10() {
    let input = bytes("\u{1b}[32;300;2M\u{1b}[35;301;2M\u{1b}[34;10;10M\u{1b}[35;11;10M\u{1b}[96;1;1M")
    // Each code is xterm's + 32: 32 presses the left button and 35 (3, no motion) releases
    // it; 34 presses the right button and 35 releases that; 96 is the wheel up.
    #expect(
      decodeAtEverySplit(input) == [
        touch(.began, 299, 1), touch(.ended, 300, 1), MouseParserTests.mouse(1, .down, 9, 9),
        MouseParserTests.mouse(1, .up, 10, 9), MouseParserTests.scroll(0, 0, dy: -1),
      ])
  }

  @Test func urxvtHoverIsAMoveOfNone() {
    #expect(
      decodeAtEverySplit(bytes("\u{1b}[67;4;5M"))
        == [MouseParserTests.mouse(0, .moved, 3, 4)])
  }

  /// SGR's edge cases: empty numbers take their defaults, trailing ones are ignored, button 3
  /// with `M` is a release, a wheel's release is reported, and buttons 12–15 exist.
  static let sgrEdges: [Vector] = [
    Vector("\u{1b}[<;1;1M", touch(.began, 0, 0)),
    Vector("\u{1b}[<0;;M", touch(.began, 0, 0)),
    Vector("\u{1b}[<0;5;6;M", touch(.began, 4, 5)),
    Vector("\u{1b}[<0;5;6;7;8M", touch(.began, 4, 5)),
    Vector("\u{1b}[<3;5;6M", pointer(.none, .release, 4, 5)),
    Vector("\u{1b}[<3;5;6m", pointer(.none, .release, 4, 5)),
    Vector("\u{1b}[<35;5;6m", MouseParserTests.mouse(0, .moved, 4, 5)),
    Vector("\u{1b}[<0;5;6M\u{1b}[<3;5;6M", touch(.began, 4, 5), touch(.ended, 4, 5)),
    Vector(
      "\u{1b}[<1;5;6M\u{1b}[<3;5;6m", MouseParserTests.mouse(2, .down, 4, 5),
      MouseParserTests.mouse(2, .up, 4, 5)),
    Vector("\u{1b}[<64;5;6m", pointer(.wheel(4), .release, 4, 5)),
    Vector("\u{1b}[<67;5;6m", pointer(.wheel(7), .release, 4, 5)),
    Vector("\u{1b}[<96;5;6M", MouseParserTests.scroll(4, 5, dy: -1)),
    Vector("\u{1b}[<193;5;6M", MouseParserTests.mouse(8, .down, 4, 5)),
    Vector("\u{1b}[<131;5;6m", MouseParserTests.mouse(6, .up, 4, 5)),
    Vector("\u{1b}[<34;5;6M", MouseParserTests.mouse(1, .dragged, 4, 5)),
    Vector("\u{1b}[<32;5;6m", touch(.ended, 4, 5)),
  ]

  @Test("SGR edge cases", arguments: sgrEdges)
  func sgrEdgeCase(_ vector: Vector) {
    #expect(decodeAtEverySplit(bytes(vector.input)) == vector.expected)
  }

  /// Mode 1016: pixels (1-based, as xterm and kitty send them) become fractional 0-based
  /// cells with the cell size the terminal reported.
  @Test func sgrPixelReportsBecomeCells() {
    var parser = InputParser()
    parser.mouseReportsPixels = true
    parser.cellPixelSize = PixelSize(width: 10, height: 20)
    let input = bytes("\u{1b}[<0;1;1M\u{1b}[<32;26;51M\u{1b}[<0;101;201m\u{1b}[<65;15;30M")
    #expect(
      decodeAtEverySplit(input, parser) == [
        touch(.began, 0, 0), touch(.moved, 2.5, 2.5), touch(.ended, 10, 10),
        MouseParserTests.scroll(1.4, 1.45, dy: 1),
      ])
    #expect(
      InputParser.cellLocation(ofPixelX: 21, y: 41, cellSize: PixelSize(width: 10, height: 20))
        == Point(x: 2, y: 2))
  }

  /// Without a cell size, a pixel report cannot be placed: one `.unknown`, not a wrong cell.
  @Test func sgrPixelReportWithoutACellSizeIsUnknown() {
    var parser = InputParser()
    parser.mouseReportsPixels = true
    #expect(decodeAll(bytes("\u{1b}[<0;15;30M"), parser: parser) == [.unknown(bytes("\u{1b}[<0;15;30M"))])
  }

  /// The answers to `CSI 16 t` and `CSI 14 t` (xterm ctlseqs, "Window manipulation").
  @Test func cellAndTextAreaSizeReplies() {
    #expect(
      decodeAtEverySplit(bytes("\u{1b}[6;20;10t\u{1b}[4;480;800t")) == [
        .reply(.cellPixelSize(PixelSize(width: 10, height: 20))),
        .reply(.textAreaPixelSize(PixelSize(width: 800, height: 480))),
      ])
  }
}
