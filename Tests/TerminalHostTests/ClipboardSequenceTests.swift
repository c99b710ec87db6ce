import Foundation
import Glibc
import ResponderKit
import Testing

@testable import TerminalHost

/// OSC 52 as xterm's ctlseqs defines it ("Manipulate Selection Data"), its base64 checked
/// against Foundation's encoder, its wrapping for GNU screen, and the answer read back.
@MainActor
struct ClipboardSequenceTests {
  private let introducer = Array("\u{1b}]52;c;".utf8)

  @Test func aWriteIsTheBase64OfTheTextBetweenOSC52AndBEL() {
    var generator = SystemRandomNumberGenerator()
    let samples =
      ["", "a", "ab", "abc", "milk\n", "日本語", "e\u{301}👍🏽", "\u{0}\u{1b}[31m\u{7}"]
      + (0..<40).map { _ in
        // Any bytes: invalid UTF-8 becomes U+FFFD in the String, so any text is a valid one.
        String(
          decoding: (0..<Int.random(in: 0..<300, using: &generator)).map { _ in
            UInt8.random(in: 0...255, using: &generator)
          }, as: UTF8.self)
      }
    for text in samples {
      let bytes = ClipboardSequence.write(text)!
      #expect(bytes == introducer + Array(Data(text.utf8).base64EncodedString().utf8) + [0x07])
      // Nothing between the introducer and BEL is a control: NUL, ESC and BEL never pass.
      #expect(bytes[introducer.count..<(bytes.count - 1)].allSatisfy { $0 > 0x20 && $0 < 0x7f })
    }
  }

  @Test func aTextLongerThanTheLimitIsNotSentAtAll() {
    let huge = String(decoding: [UInt8](repeating: 0x78, count: 100_000_000), as: UTF8.self)  // 100 MB
    #expect(ClipboardSequence.write(huge, maximumLength: 1 << 20) == nil)
    // 3000 bytes are 4000 of base64, and the sequence adds 8.
    let text = String(repeating: "x", count: 3000)
    #expect(ClipboardSequence.write(text, maximumLength: 4007) == nil)
    #expect(ClipboardSequence.write(text, maximumLength: 4008)?.count == 4008)
  }

  @Test func clearingAndQueryingFollowCtlseqs() {
    #expect(ClipboardSequence.write(nil) == introducer + Array("!".utf8) + [0x07])
    #expect(ClipboardSequence.query() == introducer + Array("?".utf8) + [0x07])
  }

  @Test func insideScreenTheSequenceIsCutIntoDCSStringsThatJoinBack() {
    let text = String(repeating: "0123456789", count: 50)
    let bytes = ClipboardSequence.write(text, passthrough: .screen)!
    #expect(Array(bytes.prefix(2)) == [0x1b, 0x50])
    #expect(Array(bytes.suffix(3)) == [0x07, 0x1b, 0x5c])
    // Each DCS string holds at most the chunk length of base64 (plus the introducer in the first).
    let strings = String(decoding: bytes.dropFirst(2).dropLast(3), as: UTF8.self).components(
      separatedBy: "\u{1b}\\\u{1b}P")
    #expect(strings.dropFirst().allSatisfy { $0.utf8.count <= ClipboardSequence.screenChunkLength })
    let joined = strings.joined()
    #expect(joined == "\u{1b}]52;c;" + Data(text.utf8).base64EncodedString())
    #expect(ClipboardSequence.Passthrough.detect(environment: ["STY": "1.pts-0"]) == .screen)
    #expect(ClipboardSequence.Passthrough.detect(environment: ["STY": "1", "TMUX": "/tmp/t,1,0"]) == .none)
  }

  @Test func anAnswerDecodesAndBadAnswersGiveNothing() {
    let encoded = Array("c;".utf8) + Array(Data("hello\u{0}\u{1b}".utf8).base64EncodedString().utf8)
    #expect(ClipboardSequence.decodeReply(encoded) == "hello\u{0}\u{1b}")
    #expect(ClipboardSequence.decodeReply(Array("c;".utf8)) == nil)
    #expect(ClipboardSequence.decodeReply(Array("c;!!!".utf8)) == nil)
    #expect(ClipboardSequence.decodeReply(Array("nothing".utf8)) == nil)
    #expect(ClipboardSequence.decodeReply(encoded, maximumLength: 4) == nil)
    // Invalid UTF-8 in the answer becomes U+FFFD.
    let invalid = Array("c;".utf8) + Array(Data([0x61, 0xff, 0x62]).base64EncodedString().utf8)
    #expect(ClipboardSequence.decodeReply(invalid) == "a\u{fffd}b")
  }

  @Test func theScannerFindsTheAnswerCutAcrossReadsAndKeepsTheOtherInputInOrder() {
    let answer = Array("ab\u{1b}]52;c;aGk=\u{1b}\\cd".utf8)
    for cut in 0...answer.count {
      var scanner = ClipboardReplyScanner(maximumLength: 100)
      scanner.feed(answer[..<cut])
      scanner.feed(answer[cut...])
      #expect(scanner.isFinished)
      #expect(scanner.payload == Array("c;aGk=".utf8))
      #expect(scanner.otherInput == Array("abcd".utf8))
    }
    var bel = ClipboardReplyScanner(maximumLength: 100)
    bel.feed(Array("\u{1b}\u{1b}]52;c;\u{7}x".utf8))
    #expect(bel.payload == Array("c;".utf8))
    #expect(bel.otherInput == [0x1b, 0x78])
    var long = ClipboardReplyScanner(maximumLength: 3)
    long.feed(Array("\u{1b}]52;c;aGVsbG8=\u{7}".utf8))
    #expect(long.isFinished && long.payload == nil)
    var unfinished = ClipboardReplyScanner(maximumLength: 100)
    unfinished.feed(Array("\u{1b}]52;c;aG".utf8))
    unfinished.giveUp()
    #expect(unfinished.otherInput == Array("\u{1b}]52;c;aG".utf8))
  }

  @Test func aTerminalThatAnswersIsReadAndOneThatDoesNotCostsTheTimeoutOnce() throws {
    let pty = try PseudoTerminal()
    defer { pty.close() }
    let terminal = Self.rawTerminal(on: pty)
    let transport = TerminalPasteboard(environment: [:])
    transport.readTimeout = .milliseconds(100)
    transport.output = { bytes in try? terminal.write(bytes) }
    transport.ask = { query, timeout, limit in
      try? terminal.write(query)
      let wait = ClipboardReplyScanner.awaitAnswer(on: terminal, timeout: timeout, maximumLength: limit)
      return wait.answered ? .some(wait.payload) : .none
    }
    let pasteboard = Pasteboard(transport: transport)
    pasteboard.string = "copied"
    #expect(transport.lastWriteWasSent)
    #expect(pty.drain() == ClipboardSequence.write("copied"))
    // The terminal's answer, already waiting when the app asks.
    let answer = Array("\u{1b}]52;c;\(Data("from xclip".utf8).base64EncodedString())\u{1b}\\".utf8)
    _ = answer.withUnsafeBytes { Glibc.write(pty.master, $0.baseAddress, $0.count) }
    #expect(pasteboard.string == "from xclip")
    #expect(transport.readSupport == .answers)
    #expect(pty.drain() == ClipboardSequence.query())
    // Now nothing answers: the read falls back after the timeout, and never asks again.
    let start = ContinuousClock.now
    #expect(pasteboard.string == "from xclip")
    #expect(ContinuousClock.now - start >= .milliseconds(100))
    #expect(transport.readSupport == .refuses)
    #expect(!transport.mayReadString)
    _ = pty.drain()
    #expect(pasteboard.string == "from xclip")
    #expect(pty.drain().isEmpty)
  }
  /// Any `readTimeout` is a wait, never a trap: the longest one (Int64.max seconds) reads an
  /// answer already waiting, a negative one gives up without polling.
  @Test func anyReadTimeoutWaitsWithoutTrapping() throws {
    let pty = try PseudoTerminal()
    defer { pty.close() }
    let terminal = Self.rawTerminal(on: pty)
    let answer = Array("\u{1b}]52;c;\(Data("waiting".utf8).base64EncodedString())\u{1b}\\".utf8)
    _ = answer.withUnsafeBytes { Glibc.write(pty.master, $0.baseAddress, $0.count) }
    let longest = ClipboardReplyScanner.awaitAnswer(
      on: terminal, timeout: .seconds(Int64.max), maximumLength: 1 << 20)
    #expect(longest.answered)
    #expect(longest.payload.flatMap { ClipboardSequence.decodeReply($0) } == "waiting")
    let negative = ClipboardReplyScanner.awaitAnswer(
      on: terminal, timeout: .seconds(Int64.min), maximumLength: 1 << 20)
    #expect(!negative.answered)
  }

  /// A terminal on the pty's slave, raw as the host leaves it: no echo, no line buffering.
  private static func rawTerminal(on pty: PseudoTerminal) -> Terminal {
    var raw = pty.attributes
    cfmakeraw(&raw)
    tcsetattr(pty.slave, TCSANOW, &raw)
    return Terminal(input: pty.slave, output: pty.slave)
  }
}
