import ResponderKit
import Testing

@testable import TerminalHost

/// Split invariance (B3), bounds (B4), numeric and garbage input (B5, B7) and the escape
/// timeout on a virtual clock (B6).
@Suite struct ParserRobustnessTests {
  static let replacement = key(Keysym(0x0100_fffd), "\u{FFFD}")

  /// Every protocol vector, plus garbage, as byte arrays.
  static let corpus: [[UInt8]] = {
    var inputs: [[UInt8]] = []
    for vector in LegacyKeyParserTests.vectors + KittyKeyParserTests.vectors
      + MouseParserTests.vectors + PasteFocusReplyParserTests.vectors + MouseEncodingParserTests.sgrEdges
      + ControlStringParserTests.vectors
    {
      inputs.append(bytes(vector.input))
    }
    inputs += garbage.map(\.0)
    inputs.append(bytes("\u{1b}[200~" + String(repeating: "paste ñ ", count: 40) + "\u{1b}[201~"))
    inputs.append(bytes("\u{1b}[" + String(repeating: "7", count: 600) + "Az"))
    return inputs
  }()

  /// Garbage inputs and what they must decode to: errors are reported in place and the
  /// bytes after them survive.
  static let garbage: [([UInt8], [TerminalInput])] = [
    ([0xab], [replacement]),
    ([0xff, 0x61], [replacement, char("a")]),
    ([0xc0, 0x80], [replacement, replacement]),
    ([0xe0, 0x80, 0x80], [replacement, replacement, replacement]),
    ([0xed, 0xa0, 0x80, 0x62], [replacement, replacement, replacement, char("b")]),
    ([0xe2, 0x82, 0x61], [replacement, char("a")]),
    ([0xf4, 0x90, 0x80, 0x80], [replacement, replacement, replacement, replacement]),
    ([0xf0, 0x9f, 0x98], [replacement]),
    ([0x1b, 0xe2, 0x82, 0x61], [key(Keysym(0x0100_fffd), "\u{FFFD}", .alt), char("a")]),
    // A sequence that cannot complete was typed: Alt+[, and the rest parsed again.
    (bytes("\u{1b}[1;\u{1b}[A"), [char("[", .alt), char("1"), char(";"), key(.up)]),
    (
      bytes("\u{1b}[1;5\u{3}x"),
      [
        char("[", .alt), char("1"), char(";"), char("5"), key(Keysym(0x63), "\u{3}", ignoring: "c", .control),
        char("x"),
      ]
    ),
    ([0x1b, 0x5b, 0x31, 0xc3, 0xa9], [char("[", .alt), char("1"), char("é")]),
    (bytes("\u{1b}[5qz"), [.unknown(bytes("\u{1b}[5q")), char("z")]),
    (bytes("\u{1b}Ozy"), [.unknown(bytes("\u{1b}Oz")), char("y")]),
    (bytes("\u{1b}O\u{1b}[A"), [char("O", .alt), key(.up)]),
    (bytes("\u{1b}[[\u{1b}[B"), [char("[", .alt), char("["), key(.down)]),
    (bytes("\u{1b}[[Zq"), [.unknown(bytes("\u{1b}[[Z")), char("q")]),
    (bytes("\u{1b}[1;2;3;4u"), [.unknown(bytes("\u{1b}[1;2;3;4u"))]),
    (bytes("\u{1b}[99999999999999999999~k"), [.unknown(bytes("\u{1b}[99999999999999999999~")), char("k")]),
    (bytes("\u{1b}[1<A"), [.unknown(bytes("\u{1b}[1<A"))]),
    (bytes("\u{1b}[1 $A"), [.unknown(bytes("\u{1b}[1 $A"))]),
    (bytes("\u{1b}[1;2"), [char("[", .alt), char("1"), char(";"), char("2")]),
    // Complete but unknown: one item, never keys.
    (bytes("\u{1b}[?5;7zq"), [.unknown(bytes("\u{1b}[?5;7z")), char("q")]),
    (bytes("\u{1b}[>1;2;3c"), [.unknown(bytes("\u{1b}[>1;2;3c"))]),
    (
      bytes("\u{1b}[" + String(repeating: "1;", count: 40) + "1u"),
      [.unknown(bytes("\u{1b}[" + String(repeating: "1;", count: 40) + "1u"))]
    ),
  ]

  @Test("garbage is reported in place and what follows survives", arguments: 0..<garbage.count)
  func garbageInput(_ index: Int) {
    let (input, expected) = ParserRobustnessTests.garbage[index]
    #expect(decodeAll(input) == expected)
  }

  /// Items from feeding `input` in the given pieces, then letting held bytes time out.
  static func decode(_ input: [UInt8], splitAt cuts: [Int]) -> [TerminalInput] {
    var parser = InputParser(pasteChunkLimit: 37)
    var items: [TerminalInput] = []
    var start = 0
    for cut in cuts + [input.count] {
      input[start..<cut].withUnsafeBytes { parser.parse($0, at: 0, into: &items) }
      start = cut
    }
    parser.expire(at: 1000, into: &items)
    return items
  }

  /// B3: one buffer, one byte at a time, and split at every position give the same items,
  /// for every vector and for all of them joined.
  @Test func anySplitGivesTheSameItems() {
    var checked = 0
    var mismatches: [String] = []
    let joined = ParserRobustnessTests.corpus.reduce(into: [UInt8]()) { $0 += $1 }
    for input in ParserRobustnessTests.corpus + [joined] {
      let whole = ParserRobustnessTests.decode(input, splitAt: [])
      let byByte = ParserRobustnessTests.decode(input, splitAt: Array(0..<input.count))
      if byByte != whole { mismatches.append("byte-by-byte: \(input)") }
      for cut in 0...input.count {
        checked += 1
        if ParserRobustnessTests.decode(input, splitAt: [cut]) != whole {
          mismatches.append("cut \(cut): \(input.prefix(40))")
        }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    #expect(checked > 4000)
  }

  /// B4: a CSI with a million digits is one `.unknown` of the first 256 bytes, the parser
  /// never holds more than 256 bytes of it, and the key after it survives.
  @Test func overlongSequenceIsBoundedAndReportedOnce() {
    var parser = InputParser()
    var items = parser.parse(bytes("\u{1b}["), at: 0)
    let digits = [UInt8](repeating: 0x39, count: 1000)
    var peak = 0
    for _ in 0..<1000 {
      parser.parse(digits.withUnsafeBytes { $0 }, at: 0, into: &items)
      peak = max(peak, parser.bufferedByteCount)
    }
    items += parser.parse(bytes("~q"), at: 0)
    #expect(peak <= InputParser.maxSequenceLength)
    #expect(items.count == 2)
    guard case .unknown(let prefix) = items.first else {
      Issue.record("expected unknown, got \(items)")
      return
    }
    #expect(prefix.count == InputParser.maxSequenceLength)
    #expect(items.last == char("q"))
  }

  /// B4: 100,000 `;`-separated parameters are likewise one `.unknown`.
  @Test func hugeParameterListIsOneUnknown() {
    let input = bytes("\u{1b}[" + String(repeating: "1;", count: 100_000) + "1uA")
    let items = decodeAll(input)
    #expect(items.count == 2)
    #expect(items.last == char("A"))
  }

  /// B6: ESC then `[A` at 0, T−1 ms, T and T+1 ms on a virtual clock.
  @Test(
    "lone ESC versus a sequence, by the escape timeout",
    arguments: [
      0, InputParser.defaultEscapeTimeout - 0.001, InputParser.defaultEscapeTimeout,
      InputParser.defaultEscapeTimeout + 0.001,
    ])
  func escapeTimeout(_ arrival: Double) {
    let timeout = InputParser.defaultEscapeTimeout
    var parser = InputParser()
    var items = parser.parse(bytes("\u{1b}"), at: 0)
    #expect(items.isEmpty)
    #expect(parser.pendingDeadline == timeout)
    items += parser.parse(bytes("[A"), at: arrival)
    if arrival < timeout {
      #expect(items == [key(.up, "").stamped(arrival)])
    } else {
      #expect(items == [key(.escape, "\u{1b}"), char("[").stamped(arrival), char("A").stamped(arrival)])
    }
    #expect(parser.pendingDeadline == nil)
  }

  @Test func bytesArrivingTogetherAreOneSequence() {
    var parser = InputParser()
    #expect(parser.parse(bytes("\u{1b}[A"), at: 0) == [key(.up)])
  }

  @Test func expireSettlesOnlyAtTheDeadline() {
    var parser = InputParser(escapeTimeout: 0.025)
    _ = parser.parse(bytes("\u{1b}["), at: 1)
    _ = parser.parse(bytes("1;"), at: 1.02)
    #expect(parser.pendingDeadline == 1.045)
    #expect(parser.expire(at: 1.044).isEmpty)
    #expect(
      parser.expire(at: 1.045) == [
        char("[", .alt).stamped(1.02), char("1").stamped(1.02), char(";").stamped(1.02),
      ])
    #expect(parser.pendingDeadline == nil)
    #expect(parser.bufferedByteCount == 0)
  }

  @Test func flushSettlesWithoutWaiting() {
    var parser = InputParser()
    _ = parser.parse(bytes("\u{1b}"), at: 0)
    #expect(parser.flush(at: 0) == [key(.escape, "\u{1b}")])
  }

  /// B7: invalid UTF-8 inside a paste becomes U+FFFD and the paste still ends.
  @Test func invalidUTF8InPasteIsReplaced() {
    let input: [UInt8] = bytes("\u{1b}[200~a") + [0xff, 0xe2, 0x82] + bytes("b\u{1b}[201~c")
    #expect(decodeAll(input) == [.event(.paste("a\u{FFFD}\u{FFFD}b", timestamp: 0)), char("c")])
  }
}

extension TerminalInput {
  /// The same item with its timestamp set, for expectations.
  func stamped(_ time: Double) -> TerminalInput {
    guard case .event(.key(var key)) = self else { return self }
    key.timestamp = time
    return .event(.key(key))
  }
}

/// The three ways to feed the parser agree.
@Suite struct ParserAPITests {
  @Test func handlerArrayAndSequenceFormsGiveTheSameItems() {
    let joined = ParserRobustnessTests.corpus.reduce(into: [UInt8]()) { $0 += $1 }
    var arrayParser = InputParser()
    var handlerParser = InputParser()
    var sequenceParser = InputParser()
    var viaArray: [TerminalInput] = []
    var viaHandler: [TerminalInput] = []
    joined.withUnsafeBytes { arrayParser.parse($0, at: 0, into: &viaArray) }
    joined.withUnsafeBytes { handlerParser.parse($0, at: 0) { viaHandler.append($0) } }
    let viaSequence = sequenceParser.parse(joined.lazy.map { $0 }, at: 0)
    #expect(viaArray.count > 150)
    #expect(viaHandler == viaArray)
    #expect(viaSequence == viaArray)
  }
}

/// Random byte soup biased towards sequence bytes: never a trap, the sequence buffer stays
/// within its bound, and random splits give the same items (a deterministic stand-in for
/// the B1 fuzzer's in-target invariants).
@Suite struct ParserRandomInputTests {
  /// A deterministic generator (64-bit LCG).
  struct Generator {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
  }

  static let alphabet: [UInt8] =
    Array("\u{1b}\u{1b}\u{1b}[[[<?;;;:::0123456789~uMmAZRIOc$y ".utf8) + [
      0x07, 0x0d, 0x7f, 0xc3, 0xa9, 0xe2, 0x82, 0xff,
    ]
    + Array("200~201~".utf8)
    // Control strings, rxvt finals, X10 reports' raw bytes and the window reports.
    + Array("]]P_^X\\\\^@Gtad".utf8) + [0x00, 0x08, 0x1f, 0x80, 0xb6, 0xc4, 0x9a]

  @Test func randomInputKeepsTheInvariants() {
    var random = Generator(state: 2024)
    var mismatches = 0
    for _ in 0..<150 {
      let input = (0..<(1 + random.next(400))).map { _ in
        ParserRandomInputTests.alphabet[random.next(ParserRandomInputTests.alphabet.count)]
      }
      let whole = ParserRobustnessTests.decode(input, splitAt: [])
      for _ in 0..<8 {
        let cuts = (0..<(1 + random.next(6))).map { _ in random.next(input.count + 1) }.sorted()
        if ParserRobustnessTests.decode(input, splitAt: cuts) != whole { mismatches += 1 }
      }
      var parser = InputParser(pasteChunkLimit: 37)
      for byte in input {
        _ = parser.parse([byte], at: 0)
        #expect(parser.bufferedByteCount <= InputParser.maxStringLength + 37)
      }
    }
    #expect(mismatches == 0)
  }
}
