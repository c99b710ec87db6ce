import Foundation
import ResponderKit
import Testing
import XKBKeyboard

@testable import InputParserFuzzer
@testable import TerminalHost

/// B2: every file of the fuzz corpus (seeds and past crashers) replayed through the fuzz
/// target's own invariant checks, without the fuzzer: no trap, bounded buffering, and the
/// same items whole, split at the point the file's first byte chooses, and through the
/// handler form.
@Suite struct ParserCorpusTests {
  /// Tests/Fuzzers/InputParser/Corpus, found from this file's path.
  static let corpusDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fuzzers/InputParser/Corpus")

  /// The corpus file names, sorted.
  static let files: [String] =
    ((try? FileManager.default.contentsOfDirectory(atPath: corpusDirectory.path)) ?? [])
    .filter { !$0.hasPrefix(".") }.sorted()

  @Test func corpusIsPresent() {
    #expect(ParserCorpusTests.files.count >= 40, "corpus at \(ParserCorpusTests.corpusDirectory.path)")
  }

  @Test("corpus file keeps the parser invariants", arguments: ParserCorpusTests.files)
  func corpusFileKeepsTheInvariants(_ name: String) throws {
    let url = ParserCorpusTests.corpusDirectory.appendingPathComponent(name)
    let data = try Data(contentsOf: url)
    #expect(ParserInvariants.violations(Array(data)) == [])
  }

  /// The split check is only as good as the helper it compares: at every cut it must give
  /// the real items (a helper that dropped bytes would make every split look "equal").
  @Test func replayHelperDecodesAtEveryCut() {
    let body = Array("a\u{1b}[97;5u\u{1b}[200~p\u{1b}[201~".utf8)
    let expected: [TerminalInput] = [
      char("a"), key(Keysym(0x61), "\u{1}", ignoring: "a", .control),
      .event(.paste("p", timestamp: 0)),
    ]
    for cut in 0...body.count {
      var problems: [String] = []
      let items = body.withUnsafeBufferPointer {
        ParserInvariants.decode($0, cuts: [cut], problems: &problems)
      }
      #expect(items == expected, "cut \(cut)")
      #expect(problems.isEmpty)
    }
  }

  /// The fuzzer's find: an Alt-prefixed CSI (ESC ESC `[` …) longer than the held-back bound,
  /// arriving in two reads, stalled the parser forever. Now an Alt-prefixed item may be
  /// ``InputParser/maxSequenceLength`` bytes, ESC included, whole or split.
  @Test(
    "Alt-prefixed CSI around the length bound",
    arguments: [(248, true), (249, true), (250, false), (251, false), (300, false)])
  func altPrefixedSequenceAtTheBound(zeros: Int, isAltKey: Bool) {
    let input = Array("\u{1b}\u{1b}[".utf8) + Array(repeating: 0x30, count: zeros) + Array("1;5Ax".utf8)
    let whole = ParserRobustnessTests.decode(input, splitAt: [])
    for cut in [1, 2, 3, 13, 200, 254, 255, 256, 257, input.count - 1] where cut <= input.count {
      #expect(ParserRobustnessTests.decode(input, splitAt: [cut]) == whole, "cut \(cut)")
    }
    let up = key(.up, "", [.control])
    let altUp = key(.up, "", [.control, .alt])
    if isAltKey {
      #expect(whole == [altUp, char("x")])
    } else if zeros < 251 {
      #expect(whole == [key(.escape, "\u{1b}"), up, char("x")])
    } else {
      #expect(whole.count == 3)
      #expect(whole.first == key(.escape, "\u{1b}"))
      #expect(whole.last == char("x"))
    }
  }
}

@Suite("Legacy keysyms")
struct LegacyKeysymTests {
  @Test func theTableGivesXkbcommonsKeysymForEveryBMPCharacter() {
    var mismatches: [String] = []
    for value in UInt32(0x100)..<0x1_0000 {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let expected = Keysym(utf32: value) ?? Keysym(unicodeScalar: scalar)
      let actual = LegacyKeysyms.keysym(for: scalar)
      if actual != expected { mismatches.append("U+\(String(value, radix: 16)): \(actual) vs \(expected)") }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
  }
}
