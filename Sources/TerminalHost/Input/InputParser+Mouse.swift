import Foundation
import ResponderKit

/// Mouse reports in every encoding xterm defines: X10/normal (`CSI M` and three bytes), its
/// UTF-8 form (1005), urxvt (1015, `CSI code ; x ; y M`), SGR (1006, `CSI < code ; x ; y M|m`)
/// and SGR-pixel (1016, the same in pixels).
extension InputParser {
  /// The largest row or column accepted, a sanity bound against garbage numbers.
  static let maxCoordinate = 1 << 20

  /// Whether a 1-based coordinate is in range.
  @inline(__always)
  static func isCoordinate(_ value: Int) -> Bool { value >= 1 && value < maxCoordinate }

  /// The 0-based cell location of a 1-based pixel position (SGR-pixel reports), fractional
  /// so a pointer keeps its place inside the cell: pixel 1 is the cell's left edge, 0.
  public static func cellLocation(ofPixelX x: Int, y: Int, cellSize: PixelSize) -> Point {
    // In Double: `Int.min - 1` does not trap there, and the point goes under the geometry rule
    // where it enters the app.
    Point(
      x: (Double(x) - 1) / Double(max(1, cellSize.width)),
      y: (Double(y) - 1) / Double(max(1, cellSize.height)))
  }

  /// `ESC [ M` and three values, each its byte minus 32 (or, with ``utf8MouseCoordinates``,
  /// its UTF-8 character minus 32). A NUL coordinate is xterm's past-the-end marker: it
  /// clamps positions to the encoding's limit and sends that one (0-based 223, or 2015 in
  /// UTF-8 mode) as 256 truncated to a byte (xterm's button.c, `EmitMousePosition`).
  mutating func decodeX10Mouse(_ p: UnsafePointer<UInt8>, _ n: Int, final: Bool, time: TimeInterval) -> Step {
    var values = (0, 0, 0)
    var k = 3
    for index in 0..<3 {
      guard k < n else { return final ? InputParser.cannotComplete(p, time: time) : .incomplete }
      var value = Int(p[k])
      if utf8MouseCoordinates && p[k] >= 0x80 {
        let (used, scalar) = InputParser.scanUTF8(p + k, n - k, final: final)
        if used == 0 { return .incomplete }
        guard scalar.value < 0x800 else { return InputParser.cannotComplete(p, time: time) }
        value = Int(scalar.value)
        k += used
      } else {
        k += 1
      }
      if value == 0 && index > 0 {
        value = utf8MouseCoordinates ? 2048 : 256
      } else if value < 32 {
        return InputParser.cannotComplete(p, time: time)
      }
      switch index {
      case 0: values.0 = value - 32
      case 1: values.1 = value - 32
      default: values.2 = value - 32
      }
    }
    let location = Point(x: values.1 - 1, y: values.2 - 1)
    guard values.1 >= 1, values.2 >= 1 else { return unknown(p, k) }
    return withUnsafeTemporaryAllocation(of: TerminalInput.self, capacity: 1) { buffer in
      let slot = buffer.baseAddress!
      guard
        mouseItem(code: values.0, location: location, released: false, time: time, into: slot) != .malformed
      else { return unknown(p, k) }
      return Step(used: k, item: slot.move())
    }
  }

  /// `CSI < code ; x ; y M|m`: `m` is a release. Empty numbers take their defaults (code 0,
  /// position 1) and numbers after the third are ignored, as xterm's own parser does;
  /// coordinates of 0 or out of range are malformed.
  @inline(__always)
  mutating func decodeSGRMouse(
    release: Bool, time: TimeInterval, into slot: UnsafeMutablePointer<TerminalInput>
  ) -> CSIMeaning {
    guard fieldCount >= 3, subparameterCount(0) == 1, subparameterCount(1) == 1,
      subparameterCount(2) == 1
    else { return .malformed }
    let code = parameter(0) ?? 0
    let x = parameter(1) ?? 1
    let y = parameter(2) ?? 1
    guard InputParser.isCoordinate(x), InputParser.isCoordinate(y) else { return .malformed }
    var location = Point(x: x - 1, y: y - 1)
    if mouseReportsPixels {
      guard let cellPixelSize else { return .malformed }
      location = InputParser.cellLocation(ofPixelX: x, y: y, cellSize: cellPixelSize)
    }
    return mouseItem(code: code, location: location, released: release, time: time, into: slot)
  }

  /// The item for an xterm button code (low bits the button, 3 a release without its
  /// button; +4 Shift, +8 Alt, +16 Control, +32 motion, +64 wheel, +128 extra buttons),
  /// written to `slot`; malformed when the code is out of range. The left button is touch 0,
  /// the wheel scrolls, the right, middle and extra buttons are ``InputEvent/mouse(_:)``
  /// events, and hovering (motion with no button) is a pointer report.
  mutating func mouseItem(
    code: Int, location: Point, released: Bool, time: TimeInterval,
    into slot: UnsafeMutablePointer<TerminalInput>
  ) -> CSIMeaning {
    guard code >= 0, code < 256 else { return .malformed }
    // Shift 4, Alt 8 and Control 16: ModifierFlags' bits (InputParser.shiftBit…) shifted by 2.
    let modifiers = KeyEvent.ModifierFlags(rawValue: UInt16(code >> 2 & 7))
    let low = code & 3
    let motion = code & 32 != 0
    func pointer(_ button: PointerReport.Button, _ action: PointerReport.Action) -> CSIMeaning {
      slot.pointerInput(
        .pointer(
          PointerReport(
            button: button, action: action, location: location, modifierFlags: modifiers, timestamp: time)))
    }
    if code & 192 == 64 {  // wheel: 64 up, 65 down, 66 left, 67 right
      if released { return pointer(.wheel(4 + low), .release) }
      let dx: Double = low == 2 ? -1 : low == 3 ? 1 : 0
      let dy: Double = low == 0 ? -1 : low == 1 ? 1 : 0
      return slot.plainInput(
        .event(
          .scroll(ScrollSample(location: location, dx: dx, dy: dy, modifierFlags: modifiers, timestamp: time))
        ))
    }
    var button = code & 128 != 0 ? (code & 64 != 0 ? 12 : 8) + low : low
    var action: PointerReport.Action = released ? .release : motion ? .move : .press
    if button == 3 {
      // No button: hovering when moving, else a release that does not say which button.
      guard !motion else {
        // Hovering: the move tracking areas follow.
        return slot.pointerInput(
          .event(
            .mouse(
              MouseSample(
                buttonNumber: 0, phase: .moved, location: location, modifierFlags: modifiers, timestamp: time)
            )))
      }
      action = .release
      button = pressedButton
    }
    switch button {
    case 0:
      let phase: TouchPhase = action == .release ? .ended : action == .move ? .moved : .began
      let sample = TouchSample(
        id: 0, phase: phase, location: location, modifierFlags: modifiers, timestamp: time)
      // The parser's one-touch array moves into the item and, when the item was only lent to
      // a closure, back (InputSink): a mouse drag allocates nothing per report, and the
      // array is written in place when nobody kept it.
      var samples: [TouchSample] = []
      swap(&samples, &touchBuffer)
      if samples.isEmpty { samples = [sample] } else { samples[0] = sample }
      return slot.input(.event(.touches(samples)))
    case 1, 2, 8...15:
      // AppKit's button numbers: right 1, middle 2, xterm's 8 to 15 from 3.
      let number = button == 1 ? MouseSample.middleButton : button == 2 ? MouseSample.rightButton : button - 5
      let phase: MousePhase = action == .release ? .up : action == .move ? .dragged : .down
      return slot.pointerInput(
        .event(
          .mouse(
            MouseSample(
              buttonNumber: number, phase: phase, location: location, modifierFlags: modifiers,
              timestamp: time)
          )))
    default: return pointer(.none, action)
    }
  }

  /// Remembers the button a delivered item pressed or released, for the next release that
  /// does not say which.
  @inline(__always)
  mutating func trackMouseButton(_ item: TerminalInput) {
    switch item {
    case .event(.touches(let samples)):
      if let phase = samples.first?.phase {
        pressedButton = phase == .began ? 0 : phase == .ended ? -1 : pressedButton
      }
    case .event(.mouse(let mouse)):
      // Back to xterm's numbers, which a release without its button is read in.
      let number =
        mouse.buttonNumber == MouseSample.middleButton
        ? 1 : mouse.buttonNumber == MouseSample.rightButton ? 2 : mouse.buttonNumber + 5
      if mouse.phase == .down { pressedButton = number }
      if mouse.phase == .up { pressedButton = -1 }
    case .pointer(let report):
      if report.action == .release { pressedButton = -1 }
    default:
      break
    }
  }
}
