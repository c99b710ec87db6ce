import ResponderKit
import Testing

@testable import TerminalHost

/// The parser's fast paths — typed text decoded in runs, and common control sequences read
/// and delivered in one pass — at their edges: reads that end inside a character or a
/// sequence, invalid UTF-8 inside a run, and escape bytes inside a paste. Inputs are the
/// bytes xterm and kitty send.
@Suite struct ParserFastPathTests {
  static let replacement = key(Keysym(0x0100_fffd), "\u{FFFD}")

  /// Items from the handler form, fed in the given pieces, then timed out.
  static func handled(_ pieces: [[UInt8]], _ parser: InputParser = InputParser()) -> [TerminalInput] {
    var parser = parser
    var items: [TerminalInput] = []
    for piece in pieces {
      piece.withUnsafeBytes { parser.parse($0, at: 0) { items.append($0) } }
    }
    items += parser.expire(at: 1000)
    return items
  }

  @Test func textRunSplitInsideUTF8CharactersGivesTheSameKeys() {
    // What a terminal sends for typed text: UTF-8 of one to four bytes per character.
    let text = "naïve €100 日本 😀 привет ß 𝄞!"
    let expected = text.map { char($0) }
    #expect(decodeAtEverySplit(bytes(text)) == expected)
    let utf8 = bytes(text)
    for cut in 0...utf8.count {
      #expect(Self.handled([Array(utf8[..<cut]), Array(utf8[cut...])]) == expected, "cut \(cut)")
    }
  }

  @Test func escapeAtTheEndOfAReadWaitsForTheRestOfItsSequence() {
    // xterm's Up (normal cursor mode), kitty's Control+a and an SGR press, each cut right
    // after the ESC that ends a run of text.
    #expect(Self.handled([bytes("ab\u{1b}"), bytes("[A")]) == [char("a"), char("b"), key(.up)])
    #expect(
      Self.handled([bytes("é\u{1b}"), bytes("[97;5u")])
        == [char("é"), key(Keysym(0x61), "\u{1}", ignoring: "a", .control)])
    #expect(Self.handled([bytes("x\u{1b}"), bytes("[<0;10;5M")]) == [char("x"), touch(.began, 9, 4)])
    #expect(Self.handled([bytes("x\u{1b}[<0;10;5"), bytes("M")]) == [char("x"), touch(.began, 9, 4)])
    // With nothing after it before the timeout, the ESC was the Escape key.
    #expect(Self.handled([bytes("ab\u{1b}")]) == [char("a"), char("b"), key(.escape, "\u{1b}")])
  }

  @Test func invalidUTF8InsideARunIsReplacedAndTheRunGoesOn() {
    let r = Self.replacement
    // A stray byte, a truncated three-byte character (one U+FFFD for its maximal prefix),
    // and a lead byte cut off by ESC: each is U+FFFD, the text around it survives.
    #expect(
      decodeAtEverySplit([0x61, 0x62, 0xff, 0x63, 0x64]) == [char("a"), char("b"), r, char("c"), char("d")])
    #expect(decodeAtEverySplit([0x61, 0xe2, 0x82, 0x7a]) == [char("a"), r, char("z")])
    #expect(decodeAtEverySplit(bytes("é") + [0xc3] + bytes("\u{1b}[A")) == [char("é"), r, key(.up)])
    // A character cut off by the end of input is settled by the timeout as U+FFFD.
    #expect(Self.handled([bytes("ok"), [0xf0, 0x9f, 0x98]]) == [char("o"), char("k"), r])
  }

  @Test func handlerFormTypesTextOnlyWhereTheArrayFormDoes() {
    // The handler form delivers typed text (printable ASCII and UTF-8) itself and hands
    // everything else to the decoder, which must stop only where such a byte starts a key:
    // not inside a paste, nor in the parameters of an over-long sequence or the body of an
    // over-long control string being skipped, nor after an ESC held back at the end of a read
    // (Alt plus the key); a character cut off by the end of a read waits for the rest.
    let longSequence = "\u{1b}[" + String(repeating: "1;", count: 200) + "5~"
    let longString = "\u{1b}]11;" + String(repeating: "rgb:0/0/0;ü", count: 400) + "\u{7}"
    let inputs = [
      bytes("ab\u{1b}[200~pasted \u{1b}[A tëxt, longer than a chunk\u{1b}[201~cd"),
      bytes("x" + longSequence + "yz"),
      bytes("é" + longString + "tail€"),
      bytes("q\u{1b}a\u{1b}[1;5Cr\u{1b}OPs\u{1b}]11;rgb:0/0/0\u{1b}\\t\u{85}日本😀\u{1b}é") + [
        0xff, 0x41, 0xe2, 0x82,
      ],
    ]
    let parser = InputParser(pasteChunkLimit: 8)
    for input in inputs {
      var arrayParser = parser
      var expected = arrayParser.parse(input, at: 0)
      expected += arrayParser.expire(at: 1000)
      #expect(expected.count > 3)
      // Every cut of the shorter inputs; every 61st byte and the last few of the longest.
      for cut in 0...input.count where input.count < 1000 || cut % 61 == 0 || cut > input.count - 8 {
        let pieces = [Array(input[..<cut]), Array(input[cut...])]
        #expect(Self.handled(pieces, parser) == expected, "cut \(cut) of \(input.count)")
      }
    }
  }

  @Test func escapeBytesInsideAPasteArePastedText() {
    // xterm brackets pasted text with CSI 200~ … CSI 201~; the text may hold anything,
    // escape sequences and a partial end marker included.
    let pasted = "a\u{1b}[Ab\u{1b}[<0;1;1M\u{1b}[201x\u{1b}"
    let input = bytes("\u{1b}[200~" + pasted + "\u{1b}[201~z")
    #expect(decodeAtEverySplit(input) == [.event(.paste(pasted, timestamp: 0)), char("z")])
  }

  /// Sequences xterm, kitty and rxvt send, some taking the one-pass path and some (with
  /// intermediate bytes, `CSI M`, `CSI [`) the general one.
  static let sequences = [
    "\u{1b}[A", "\u{1b}[1;5C", "\u{1b}[3~", "\u{1b}[15;2~", "\u{1b}[Z", "\u{1b}[97;5u", "\u{1b}[1089::99;5u",
    "\u{1b}[97:65;2u", "\u{1b}[97;1:3u", "\u{1b}[0;;229u", "\u{1b}[27;5;97~", "\u{1b}[<0;10;5M",
    "\u{1b}[<0;10;5m", "\u{1b}[<64;3;4M", "\u{1b}[<35;220;60M", "\u{1b}[I", "\u{1b}[O", "\u{1b}[?62;22c",
    "\u{1b}[?1u", "\u{1b}[12;40R", "\u{1b}[6;20;10t", "\u{1b}[2$", "\u{1b}[?2004;1$y", "\u{1b}[M !!",
    "\u{1b}[[A", "\u{1b}[5q", "\u{1b}[1<A", "\u{1b}[?5;7z", "\u{1b}[1;2;3;4u",
  ]

  @Test("the one-pass path decodes a sequence as the general decoder does", arguments: sequences)
  func onePassAgreesWithTheGeneralDecoder(_ sequence: String) {
    let input = bytes(sequence)
    var general = InputParser()
    let step = input.withUnsafeBufferPointer {
      general.decode($0.baseAddress!, $0.count, final: true, altPrefixed: false, time: 0)
    }
    #expect(step.used == input.count)
    #expect(decodeAtEverySplit(input) == (step.item.map { [$0] } ?? []))
    #expect(Self.handled([input]) == (step.item.map { [$0] } ?? []))
  }

  /// Keys typed as one control byte, Alt plus a key (ESC first, as xterm sends with
  /// `metaSendsEscape` and kitty and urxvt by default) and SS3 keys (xterm's F1–F4 and the
  /// cursor keys in application mode, rxvt's Control+arrows), which the loop builds in place.
  static let plainKeys = [
    "\u{3}", "\r", "\t", "\u{7f}", "\u{8}", "\u{0}", "\u{1f}", "\u{1b}a", "\u{1b}Z", "\u{1b} ", "\u{1b}\r",
    "\u{1b}\u{7f}", "\u{1b}\u{3}", "\u{1b}OP", "\u{1b}OS", "\u{1b}OA", "\u{1b}Oa", "\u{1b}Oj", "\u{1b}OM",
  ]

  @Test("a key built in place is the general decoder's key", arguments: plainKeys)
  func plainKeyAgreesWithTheGeneralDecoder(_ sequence: String) {
    let input = bytes(sequence)
    var general = InputParser()
    let step = input.withUnsafeBufferPointer {
      general.decode($0.baseAddress!, $0.count, final: true, altPrefixed: false, time: 0)
    }
    #expect(step.used == input.count)
    let expected = step.item.map { [$0] } ?? []
    #expect(expected.count == 1)
    #expect(decodeAtEverySplit(input) == expected)
    #expect(Self.handled([input]) == expected)
  }

  @Test func touchesAHandlerKeepsAreNotChangedByLaterReports() {
    // An SGR drag as xterm reports it: press, two moves, release. The parser reuses one
    // touch array between reports; a handler that keeps each item must still see its own.
    let drag = bytes("\u{1b}[<0;5;5M\u{1b}[<32;6;5M\u{1b}[<32;7;6M\u{1b}[<0;7;6m")
    let expected = [touch(.began, 4, 4), touch(.moved, 5, 4), touch(.moved, 6, 5), touch(.ended, 6, 5)]
    #expect(Self.handled([drag]) == expected)
    // Kept across reads as well, with the array form in between.
    var parser = InputParser()
    var kept: [TerminalInput] = []
    drag.withUnsafeBytes { parser.parse($0, at: 0) { kept.append($0) } }
    var collected: [TerminalInput] = []
    drag.withUnsafeBytes { parser.parse($0, at: 0, into: &collected) }
    drag.withUnsafeBytes { parser.parse($0, at: 0) { kept.append($0) } }
    #expect(kept == expected + expected)
    #expect(collected == expected)
  }

  @Test func aKeyItemFitsInSixtyFourBytes() {
    // Every typed character is one item built, lent and overwritten in place: at 72 bytes
    // (KeyEvent's fields in their old order) the mixed stream cost 43.8 instructions a byte
    // under callgrind, at 64 it costs 38.0. A field added to KeyEvent must keep this.
    #expect(MemoryLayout<KeyEvent>.stride <= 64)
    #expect(MemoryLayout<TerminalInput>.stride <= 64)
  }
}
