import Foundation
import Glibc
import ResponderKit
import TestSupport
import Testing
import XKBKeyboard

@Suite struct ComposeTests {
  /// The system table for an explicit locale, so the test does not depend on `LANG`.
  func englishTable() throws -> ComposeTable { try ComposeTable(locale: "en_US.UTF-8") }

  @Test func deadAcuteThenEComposesEAcute() throws {
    let compose = try #require(ComposeState(table: try englishTable()))
    #expect(compose.feed(.deadAcute) == .composing)
    #expect(compose.feed(Keysym(0x65)) == .composed(text: "é", keysym: Keysym(0xe9)))
  }

  @Test func shiftIsIgnoredInsideASequence() throws {
    let compose = try #require(ComposeState(table: try englishTable()))
    compose.feed(.deadAcute)
    #expect(compose.feed(.shiftL) == .nothing)
    #expect(compose.status == .composing)
    #expect(compose.feed(Keysym(0x45)) == .composed(text: "É", keysym: Keysym(0xc9)))
  }

  @Test func aKeyOutsideTheSequenceCancelsAndStartsNothing() throws {
    let compose = try #require(ComposeState(table: try englishTable()))
    compose.feed(.deadAcute)
    #expect(compose.feed(Keysym(0x71)) == .cancelled)
    #expect(compose.feed(Keysym(0x65)) == .nothing)
  }

  @Test func multiKeySequenceComposes() throws {
    let compose = try #require(ComposeState(table: try englishTable()))
    #expect(compose.feed(.multiKey) == .composing)
    #expect(compose.feed(Keysym(0x6f)) == .composing)  // o
    #expect(compose.feed(Keysym(0x63)) == .composed(text: "©", keysym: Keysym(0xa9)))  // c
  }

  @Test func resetAbandonsTheSequence() throws {
    let compose = try #require(ComposeState(table: try englishTable()))
    compose.feed(.deadAcute)
    compose.reset()
    #expect(compose.status == .nothing)
    #expect(compose.feed(Keysym(0x65)) == .nothing)
  }

  @Test func germanDeadKeyComposesThroughTheDecoder() throws {
    let state = try makeState("de")
    let compose = try #require(ComposeState(table: try englishTable()))
    let decoder = EvdevDecoder(state: state, compose: compose)
    var bytes: [UInt8] = []
    for (code, value) in [(Key.equal, 1), (Key.equal, 0), (Key.e, 1), (Key.e, 0)] {
      bytes += EvdevRecord(type: EvdevRecord.key, code: UInt16(code), value: Int32(value)).bytes
    }
    let events = decoder.decode(bytes)
    #expect(events.map(\.phase) == [.down, .up, .down, .up])
    #expect(events[0].keysym == .deadAcute)
    #expect(events[0].characters == "")
    #expect(events[2].characters == "é")
    #expect(events[2].keysym == Keysym(0xe9))
  }

  /// xkbcommon opens an `include` with a blocking fopen: an include naming a FIFO waited for a
  /// writer for ever, in a file and in text alike. It is now refused like a FIFO given as the
  /// file itself, while an include of a regular file (nested too) still works.
  @Test func anIncludeOfAFIFOIsRefusedInsteadOfBlocking() throws {
    let scratch = try ScratchDirectory("include")
    defer { withExtendedLifetime(scratch) {} }  // removed when the test ends
    let folder = scratch.url
    let fifo = folder.appendingPathComponent("pipe").path
    try #require(mkfifo(fifo, 0o600) == 0)
    let inner = folder.appendingPathComponent("inner")
    try "include \"\(fifo)\"\n".write(to: inner, atomically: true, encoding: .utf8)
    for text in ["include \"\(fifo)\"\n", "<a> : \"x\"\n  include \"\(inner.path)\"\n"] {
      let error = #expect(throws: ComposeError.self) { try ComposeTable(string: text) }
      #expect(error?.reason == .notRegularFile(path: fifo, fileType: "FIFO"))
    }
    let plain = folder.appendingPathComponent("plain")
    try "<dead_grave> <a> : \"à\" agrave\n".write(to: plain, atomically: true, encoding: .utf8)
    let table = try ComposeTable(string: "include \"\(plain.path)\"\n")
    let compose = try #require(ComposeState(table: table))
    compose.feed(.deadGrave)
    #expect(compose.feed(Keysym(0x61)) == .composed(text: "à", keysym: Keysym(0xe0)))
  }

  @Test func tableFromStringComposesItsSequence() throws {
    let table = try ComposeTable(string: "<dead_grave> <a> : \"à\" agrave\n")
    let compose = try #require(ComposeState(table: table))
    compose.feed(.deadGrave)
    #expect(compose.feed(Keysym(0x61)) == .composed(text: "à", keysym: Keysym(0xe0)))
  }

  /// Found by the compose fuzz target: a 4 KB text including the locale's table 300 times
  /// made libxkbcommon log 1.7 million duplicate-sequence warnings (190 MB), and turning them
  /// into Swift strings outlasted the fuzzer's 10 s limit. The log now keeps 1,000 lines of a
  /// level about included files and counts the rest; lines about the caller's own text are
  /// all kept, so a mistake after the includes is still reported.
  @Test func includingTheSystemTableManyTimesKeepsABoundedLogAndTheCallersOwnErrors() throws {
    let includes = String(repeating: "include \"%L\"\n", count: 30)
    let table = try ComposeTable(string: includes)
    #expect(table.log.count == 1001)
    #expect(table.log.last?.hasPrefix("warning: xkbcommon logged ") == true)
    #expect(table.log.last?.hasSuffix("more lines, not kept (at most 1000 of each level are)") == true)
    let compose = try #require(ComposeState(table: table))
    compose.feed(.deadAcute)
    #expect(compose.feed(Keysym(0x65)) == .composed(text: "é", keysym: Keysym(0xe9)))

    #expect {
      try ComposeTable(string: includes + "<a> <b> : nonsense nonsense\n")
    } throws: { error in
      guard let error = error as? ComposeError, case .invalidComposeText(let message) = error.reason else {
        return false
      }
      return message.contains("(input string):31:")
    }
  }

  /// Found by the compose fuzz target in CI: a result string cut short by a `\0` escape and no
  /// keysym. libxkbcommon 1.5's own answer for this table (xkb_compose_state_get_status,
  /// get_one_sym, get_utf8 after feeding Multi_key) is "composed", NoSymbol, "" — the wrapper
  /// reports exactly that rather than inventing a keysym or dropping the sequence.
  @Test func aResultCutShortByANulEscapeComposesNothingAsXkbcommonDoes() throws {
    let table = try ComposeTable(string: "<Multi_key>: \"\\0KKKK.\\1 <space> : asciicirc00\\\\\"\n")
    let compose = try #require(ComposeState(table: table))
    #expect(compose.feed(.multiKey) == .composed(text: "", keysym: .noSymbol))
  }

  @Test func localeComesFromLCAllThenLCCTypeThenLang() {
    #expect(
      ComposeTable.localeFromEnvironment(["LANG": "de_DE.UTF-8", "LC_ALL": "fr_FR.UTF-8"]) == "fr_FR.UTF-8")
    #expect(
      ComposeTable.localeFromEnvironment(["LANG": "de_DE.UTF-8", "LC_CTYPE": "en_US.UTF-8", "LC_ALL": ""])
        == "en_US.UTF-8")
    #expect(ComposeTable.localeFromEnvironment(["LANG": "de_DE.UTF-8"]) == "de_DE.UTF-8")
    #expect(ComposeTable.localeFromEnvironment([:]) == "C")
  }

  @Test func unknownLocaleIsNamed() {
    let error = #expect(throws: ComposeError.self) { try ComposeTable(locale: "xx_YY.UTF-8") }
    #expect(error?.reason == .noTableForLocale("xx_YY.UTF-8"))
    #expect(error?.log.isEmpty == false)
    let empty = #expect(throws: ComposeError.self) { try ComposeTable(locale: "") }
    #expect(empty?.reason == .invalidLocale(""))
  }

  @Test func badComposeTextIsNamedWithItsLine() {
    let error = #expect(throws: ComposeError.self) {
      try ComposeTable(string: "<dead_grave> <a> : \"à\"\ngarbage here\n")
    }
    #expect(error?.description.contains("2:1") == true)
    let empty = #expect(throws: ComposeError.self) { try ComposeTable(string: "") }
    #expect(empty?.reason == .invalidComposeText("compose text is empty"))
    let nul = #expect(throws: ComposeError.self) { try ComposeTable(string: "<a>\0") }
    #expect(nul?.reason == .invalidComposeText("compose text contains NUL at byte 3"))
  }

  @Test func missingComposeFileIsNamed() {
    let error = #expect(throws: ComposeError.self) { try ComposeTable(contentsOfFile: "/no/such/Compose") }
    #expect(error?.reason == .fileNotFound(path: "/no/such/Compose"))
  }
}
