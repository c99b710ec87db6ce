import Foundation
import ResponderKit

/// Control strings: OSC (`ESC ]`), DCS (`ESC P`), APC (`ESC _`), PM (`ESC ^`) and SOS
/// (`ESC X`), each ended by BEL or ST (`ESC \`).
extension InputParser {
  /// Whether `byte` after ESC starts a control string.
  @inline(__always)
  static func isStringIntroducer(_ byte: UInt8) -> Bool {
    byte == 0x5d || byte == 0x50 || byte == 0x5f || byte == 0x5e || byte == 0x58
  }

  /// The introducer of a sequence that cannot complete, as the key the user typed: Alt plus
  /// the byte after ESC. The loop parses everything after it again.
  static func cannotComplete(_ p: UnsafePointer<UInt8>, time: TimeInterval) -> Step {
    Step(used: 2, item: .event(.key(InputParser.textKey(p[1], modifiers: .alt, time: time))))
  }

  /// A control string at `p` (ESC and its introducer), consumed whole once its terminator is
  /// here; until then incomplete, or when it cannot complete, the introducer as a key.
  func decodeString(_ p: UnsafePointer<UInt8>, _ n: Int, final: Bool, time: TimeInterval) -> Step {
    var i = 2
    while true {
      if i >= InputParser.maxStringLength {
        return Step(
          used: i, item: .unknown(Array(UnsafeBufferPointer(start: p, count: i))), effect: .skipString)
      }
      guard i < n else { return final ? InputParser.cannotComplete(p, time: time) : .incomplete }
      let byte = p[i]
      if byte == 0x07 { return Step(used: i + 1, item: stringItem(p, body: i, length: i + 1)) }
      if byte == 0x1b {
        guard i + 1 < n else { return final ? InputParser.cannotComplete(p, time: time) : .incomplete }
        guard p[i + 1] == 0x5c else { return InputParser.cannotComplete(p, time: time) }
        return Step(used: i + 2, item: stringItem(p, body: i, length: i + 2))
      }
      if byte < 0x20 || byte == 0x7f { return InputParser.cannotComplete(p, time: time) }
      i += 1
    }
  }

  /// Skips the rest of an over-long string: through its terminator, or up to a control
  /// byte, which is left to be parsed. Returns the bytes used; 0 when an ESC at the end
  /// needs the next byte to tell.
  mutating func skipString(_ p: UnsafePointer<UInt8>, _ n: Int, final: Bool) -> Int {
    var i = 0
    while i < n {
      let byte = p[i]
      if byte == 0x07 {
        skippingString = false
        return i + 1
      }
      if byte == 0x1b {
        guard i + 1 < n else {
          if final { skippingString = false }
          return i
        }
        skippingString = false
        return p[i + 1] == 0x5c ? i + 2 : i
      }
      if byte < 0x20 || byte == 0x7f {
        skippingString = false
        return i
      }
      i += 1
    }
    return n
  }

  /// The item for the complete string `p[0..<length]` whose body ends before `body`: a reply
  /// when it has a reply's form, else `.unknown`.
  func stringItem(_ p: UnsafePointer<UInt8>, body end: Int, length: Int) -> TerminalInput {
    let body = UnsafeBufferPointer(start: p + 2, count: end - 2)
    let text = { (from: Int) in String(decoding: UnsafeBufferPointer(rebasing: body[from...]), as: UTF8.self)
    }
    switch p[1] {
    case 0x5d:  // OSC code ; text
      var code = 0
      var i = 0
      while i < body.count, i < 6, body[i] >= 0x30, body[i] <= 0x39 {
        code = code * 10 + Int(body[i] - 0x30)
        i += 1
      }
      if i > 0, i < body.count, body[i] == 0x3b {
        return .reply(.operatingSystemCommand(code: code, text: text(i + 1)))
      }
    case 0x50:  // DCS: DECRQSS 0/1 $ r, XTGETTCAP 0/1 + r, XTVERSION > |, DECRPTUI ! |
      if body.count >= 3, body[0] == 0x30 || body[0] == 0x31, body[1] == 0x24 || body[1] == 0x2b,
        body[2] == 0x72
      {
        return .reply(.deviceControlString(text(0)))
      }
      if body.count >= 2, body[0] == 0x3e || body[0] == 0x21, body[1] == 0x7c {
        return .reply(.deviceControlString(text(0)))
      }
    case 0x5f:  // APC G…: kitty graphics
      if body.first == 0x47 { return .reply(.applicationProgramCommand(text(0))) }
    default:
      break
    }
    return .unknown(Array(UnsafeBufferPointer(start: p, count: length)))
  }
}
