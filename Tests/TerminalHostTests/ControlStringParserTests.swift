import ResponderKit
import Testing

@testable import TerminalHost

/// OSC, DCS, APC, PM and SOS strings (ECMA-48 §8.3; xterm ctlseqs: BEL or ST ends them):
/// consumed whole in any split, replies surfaced, the rest one `.unknown`, never keys.
@Suite struct ControlStringParserTests {
  static let vectors: [Vector] = [
    // Replies to OSC 11 (background colour) as xterm sends them, ended by BEL and by ST.
    Vector(
      "\u{1b}]11;rgb:ffff/ffff/dddd\u{7}",
      .reply(.operatingSystemCommand(code: 11, text: "rgb:ffff/ffff/dddd"))),
    Vector(
      "\u{1b}]10;rgb:0000/0000/0000\u{1b}\\",
      .reply(.operatingSystemCommand(code: 10, text: "rgb:0000/0000/0000"))),
    Vector("\u{1b}]52;c;aGVsbG8=\u{7}", .reply(.operatingSystemCommand(code: 52, text: "c;aGVsbG8="))),
    Vector(
      "\u{1b}]4;1;rgb:cdcd/0000/0000\u{1b}\\x",
      .reply(.operatingSystemCommand(code: 4, text: "1;rgb:cdcd/0000/0000")), char("x")),
    Vector("\u{1b}]l été\u{1b}\\", .unknown(bytes("\u{1b}]l été\u{1b}\\"))),
    // DECRQSS, XTVERSION and XTGETTCAP replies (xterm ctlseqs, "Device-Control functions").
    Vector("\u{1b}P1$r0;1m\u{1b}\\", .reply(.deviceControlString("1$r0;1m"))),
    Vector("\u{1b}P0$r\u{1b}\\", .reply(.deviceControlString("0$r"))),
    Vector("\u{1b}P>|XTerm(390)\u{1b}\\", .reply(.deviceControlString(">|XTerm(390)"))),
    Vector("\u{1b}P1+r544e=787465726d\u{1b}\\", .reply(.deviceControlString("1+r544e=787465726d"))),
    Vector("\u{1b}Pq#0;2;0;0;0\u{1b}\\", .unknown(bytes("\u{1b}Pq#0;2;0;0;0\u{1b}\\"))),
    // kitty's graphics protocol answers with APC G … ST.
    Vector("\u{1b}_Gi=31;OK\u{1b}\\", .reply(.applicationProgramCommand("Gi=31;OK"))),
    Vector("\u{1b}_other\u{1b}\\", .unknown(bytes("\u{1b}_other\u{1b}\\"))),
    Vector("\u{1b}^privacy\u{1b}\\a", .unknown(bytes("\u{1b}^privacy\u{1b}\\")), char("a")),
    Vector("\u{1b}Xstart of string\u{7}", .unknown(bytes("\u{1b}Xstart of string\u{7}"))),
    Vector("\u{1b}]\u{7}", .unknown(bytes("\u{1b}]\u{7}"))),
    // Cannot complete: a control byte inside, or ESC not followed by `\`. The introducer was
    // typed (Alt+] etc.), the rest is parsed again.
    Vector("\u{1b}]x\r", char("]", .alt), char("x"), key(.returnKey, "\r")),
    Vector("\u{1b}P\u{1b}[A", char("P", .alt), key(.up)),
    Vector("\u{1b}_a\u{1b}b", char("_", .alt), char("a"), char("b", .alt)),
    // No terminator by the escape timeout: what the user typed, as before.
    Vector("\u{1b}]", char("]", .alt)),
    Vector("\u{1b}X", char("X", .alt)),
    Vector("\u{1b}^1;2", char("^", .alt), char("1"), char(";"), char("2")),
    // Alt-prefixed, a string is not a key: Escape, then the string.
    Vector(
      "\u{1b}\u{1b}]11;x\u{7}", key(.escape, "\u{1b}"), .reply(.operatingSystemCommand(code: 11, text: "x"))),
  ]

  @Test("control string vectors, at every split", arguments: vectors)
  func vector(_ vector: Vector) {
    #expect(decodeAtEverySplit(bytes(vector.input)) == vector.expected)
  }

  /// Split across reads that arrive before the timeout, the string is still one item.
  @Test func aStringSplitAcrossTimelyReadsIsOneItem() {
    var parser = InputParser()
    var items = parser.parse(bytes("\u{1b}]11;rgb:"), at: 0)
    items += parser.parse(bytes("1/2/3"), at: 0.04)
    #expect(items.isEmpty)
    items += parser.parse(bytes("\u{7}q"), at: 0.08)
    #expect(items == [.reply(.operatingSystemCommand(code: 11, text: "rgb:1/2/3")), char("q").stamped(0.08)])
  }

  /// A string at the bound is kept; one byte longer is one `.unknown` of the first
  /// `maxStringLength` bytes, its tail skipped to the terminator, and the parser never holds
  /// more than the bound.
  @Test(arguments: [InputParser.maxStringLength - 3, InputParser.maxStringLength - 2, 20_000])
  func overlongStringIsBounded(_ payload: Int) {
    let input = bytes("\u{1b}]") + [UInt8](repeating: 0x61, count: payload) + bytes("\u{7}z")
    var parser = InputParser()
    var items: [TerminalInput] = []
    var peak = 0
    for start in stride(from: 0, to: input.count, by: 1000) {
      items += parser.parse(input[start..<min(input.count, start + 1000)], at: 0)
      peak = max(peak, parser.bufferedByteCount)
    }
    items += parser.expire(at: 1000)
    #expect(peak <= InputParser.maxStringLength)
    #expect(items.count == 2)
    #expect(items.last == char("z"))
    guard case .unknown(let held) = items.first else {
      Issue.record("expected unknown, got \(items.prefix(2))")
      return
    }
    #expect(held.count == min(payload + 3, InputParser.maxStringLength))
  }

  /// A lost terminator cannot swallow typing for long: the skip of an over-long string ends
  /// at the first control byte, which is parsed.
  @Test func skippingEndsAtAControlByte() {
    let input =
      bytes("\u{1b}P") + [UInt8](repeating: 0x62, count: InputParser.maxStringLength) + bytes("cc\rd")
    let items = ParserRobustnessTests.decode(input, splitAt: [])
    for cut in [1, 2, 100, InputParser.maxStringLength, input.count - 3, input.count - 2] {
      #expect(ParserRobustnessTests.decode(input, splitAt: [cut]) == items, "cut \(cut)")
    }
    #expect(items.count == 3)
    #expect(Array(items.suffix(2)) == [key(.returnKey, "\r"), char("d")])
  }
}
