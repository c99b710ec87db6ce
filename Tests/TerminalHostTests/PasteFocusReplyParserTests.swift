import ResponderKit
import Testing

@testable import TerminalHost

/// Bracketed paste, focus reports and the terminal's replies to queries.
@Suite struct PasteFocusReplyParserTests {
  static func paste(_ text: String) -> TerminalInput { .event(.paste(text, timestamp: 0)) }

  static let vectors: [Vector] = [
    Vector("\u{1b}[200~hello\u{1b}[201~", paste("hello")),
    Vector("\u{1b}[200~\u{1b}[201~", paste("")),
    Vector("\u{1b}[200~a\u{1b}[A\u{3}\u{1b}[201~b", paste("a\u{1b}[A\u{3}"), char("b")),
    Vector("\u{1b}[200~x\u{1b}\u{1b}[201~", paste("x\u{1b}")),
    Vector("\u{1b}[200~é\u{1b}[20\u{1b}[201~", paste("é\u{1b}[20")),
    Vector("\u{1b}[I", .event(.focus(true, timestamp: 0))),
    Vector("\u{1b}[O", .event(.focus(false, timestamp: 0))),
    Vector("\u{1b}[?62;22;52c", .reply(.primaryDeviceAttributes([62, 22, 52]))),
    Vector("\u{1b}[?1;2c", .reply(.primaryDeviceAttributes([1, 2]))),
    Vector("\u{1b}[?31u", .reply(.keyboardFlags(31))),
    Vector("\u{1b}[?u", .reply(.keyboardFlags(0))),
    Vector("\u{1b}[12;40R", .reply(.cursorPosition(row: 11, column: 39))),
    Vector("\u{1b}[?2026;2$y", .reply(.modeReport(mode: 2026, isPrivate: true, state: .reset))),
    Vector("\u{1b}[?1004;1$y", .reply(.modeReport(mode: 1004, isPrivate: true, state: .set))),
    Vector("\u{1b}[4;0$y", .reply(.modeReport(mode: 4, isPrivate: false, state: .notRecognized))),
    Vector("\u{1b}[201~", .unknown(bytes("\u{1b}[201~"))),
    Vector("\u{1b}[12;0R", .unknown(bytes("\u{1b}[12;0R"))),
    Vector("\u{1b}[0;5R", .unknown(bytes("\u{1b}[0;5R"))),
    Vector("\u{1b}[?2026;7$y", .unknown(bytes("\u{1b}[?2026;7$y"))),
    Vector("\u{1b}[5I", .unknown(bytes("\u{1b}[5I"))),
  ]

  @Test("paste, focus and reply vectors", arguments: vectors)
  func vector(_ vector: Vector) {
    #expect(decodeAll(vector.input) == vector.expected)
  }

  /// A paste larger than the chunk limit arrives as several `.paste` items whose text joins
  /// to the whole, each cut on a character boundary.
  @Test func largePasteIsDeliveredInChunksWithNothingLost() {
    let body = String(repeating: "añ€😀", count: 100)
    var parser = InputParser(pasteChunkLimit: 64)
    let items = parser.parse(bytes("\u{1b}[200~" + body + "\u{1b}[201~z"), at: 0)
    var texts: [String] = []
    for item in items.dropLast() {
      guard case .event(.paste(let text, _)) = item else {
        Issue.record("not a paste: \(item)")
        return
      }
      #expect(text.utf8.count <= 64)
      #expect(!text.contains("\u{FFFD}"))
      texts.append(text)
    }
    #expect(texts.count > 10)
    #expect(texts.joined() == body)
    #expect(items.last == char("z"))
  }

  /// Paste memory stays bounded: with no end marker the parser holds at most one chunk.
  @Test func unterminatedPasteHoldsAtMostOneChunk() {
    var parser = InputParser(pasteChunkLimit: 1000)
    var delivered = 0
    _ = parser.parse(bytes("\u{1b}[200~"), at: 0)
    let block = [UInt8](repeating: 0x41, count: 4096)
    for _ in 0..<256 {
      for item in parser.parse(block, at: 0) {
        if case .event(.paste(let text, _)) = item { delivered += text.utf8.count }
      }
      #expect(parser.bufferedByteCount <= 1000)
    }
    #expect(parser.pendingDeadline == nil)
    let rest = parser.flush(at: 1)
    for item in rest {
      if case .event(.paste(let text, _)) = item { delivered += text.utf8.count }
    }
    #expect(delivered == 4096 * 256)
    #expect(!parser.isInPaste)
  }
}

/// A chunk limit set after init follows the same rule as one given to init (at least 4 bytes):
/// before, 0 delivered empty pastes until memory ran out and -1 indexed before the text.
@Suite struct PasteChunkLimitAfterInitTests {
  @Test(arguments: [0, -1, Int.min, 1, 3])
  func aTooSmallLimitSetAfterInitCountsAsFour(limit: Int) {
    var parser = InputParser()
    parser.pasteChunkLimit = limit
    #expect(parser.pasteChunkLimit == 4)
    let items = parser.parse(bytes("\u{1b}[200~abcdefghij\u{1b}[201~"), at: 0)
    let texts = items.compactMap { item -> String? in
      if case .event(.paste(let text, _)) = item { return text }
      return nil
    }
    #expect(texts.joined() == "abcdefghij")
    #expect(texts.allSatisfy { $0.utf8.count <= 4 && !$0.isEmpty })
  }
}
