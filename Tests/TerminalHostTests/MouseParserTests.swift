import ResponderKit
import Testing

@testable import TerminalHost

/// SGR mouse (mode 1006): the left button is touch 0, the wheel scrolls, other buttons and
/// hovering are pointer reports; coordinates become 0-based.
@Suite struct MouseParserTests {
  static func scroll(
    _ x: Double, _ y: Double, dx: Double = 0, dy: Double = 0, _ modifiers: KeyEvent.ModifierFlags = []
  )
    -> TerminalInput
  {
    .event(.scroll(ScrollSample(location: Point(x: x, y: y), dx: dx, dy: dy, modifierFlags: modifiers)))
  }

  static func pointer(
    _ button: PointerReport.Button, _ action: PointerReport.Action, _ x: Double, _ y: Double
  )
    -> TerminalInput
  {
    .pointer(PointerReport(button: button, action: action, location: Point(x: x, y: y)))
  }

  /// A secondary button's report: an event for the app (AppKit's rightMouseDown and
  /// otherMouseDown), numbered as `NSEvent.buttonNumber`.
  static func mouse(
    _ button: Int, _ phase: MousePhase, _ x: Double, _ y: Double, _ modifiers: KeyEvent.ModifierFlags = []
  ) -> TerminalInput {
    .event(
      .mouse(
        MouseSample(buttonNumber: button, phase: phase, location: Point(x: x, y: y), modifierFlags: modifiers)
      ))
  }

  static let vectors: [Vector] = [
    Vector("\u{1b}[<0;1;1M", touch(.began, 0, 0)),
    Vector("\u{1b}[<0;10;5m", touch(.ended, 9, 4)),
    Vector("\u{1b}[<32;11;5M", touch(.moved, 10, 4)),
    Vector("\u{1b}[<4;3;4M", touch(.began, 2, 3, .shift)),
    Vector("\u{1b}[<28;3;4M", touch(.began, 2, 3, [.shift, .alt, .control])),
    Vector("\u{1b}[<64;5;6M", scroll(4, 5, dy: -1)),
    Vector("\u{1b}[<65;5;6M", scroll(4, 5, dy: 1)),
    Vector("\u{1b}[<66;5;6M", scroll(4, 5, dx: -1)),
    Vector("\u{1b}[<67;5;6M", scroll(4, 5, dx: 1)),
    Vector("\u{1b}[<81;5;6M", scroll(4, 5, dy: 1, .control)),
    Vector("\u{1b}[<35;7;8M", MouseParserTests.mouse(0, .moved, 6, 7)),
    Vector("\u{1b}[<2;7;8M", mouse(1, .down, 6, 7)),
    Vector("\u{1b}[<2;7;8m", mouse(1, .up, 6, 7)),
    Vector("\u{1b}[<33;7;8M", mouse(2, .dragged, 6, 7)),
    Vector("\u{1b}[<128;7;8M", mouse(3, .down, 6, 7)),
    Vector("\u{1b}[<0;9999;9999M", touch(.began, 9998, 9998)),
  ]

  @Test("SGR mouse vectors", arguments: vectors)
  func mouseVector(_ vector: Vector) {
    #expect(decodeAll(vector.input) == vector.expected)
  }

  /// Column or row 0, missing fields, huge numbers and signs are malformed: one `.unknown`
  /// each, never a trap or a wrapped coordinate (crossterm's SGR 0 bug, fish's `ESC[12;0R`).
  @Test(
    "malformed mouse reports are unknown",
    arguments: [
      "\u{1b}[<0;0;1M", "\u{1b}[<0;1;0M", "\u{1b}[<0;1M", "\u{1b}[<0;1;99999999999999M",
      "\u{1b}[<0;4294967297;1M", "\u{1b}[<0;-1;1M", "\u{1b}[<300;1;1M", "\u{1b}[<0:1;1;1M",
      "\u{1b}[<0;1;1X",
    ])
  func malformedMouse(_ input: String) {
    #expect(decodeAll(input) == [.unknown(bytes(input))])
  }

  @Test func aDragIsBeganMovedEnded() {
    let items = decodeAll("\u{1b}[<0;1;1M\u{1b}[<32;2;1M\u{1b}[<32;3;2M\u{1b}[<0;3;2m")
    #expect(items == [touch(.began, 0, 0), touch(.moved, 1, 0), touch(.moved, 2, 1), touch(.ended, 2, 1)])
  }
}
