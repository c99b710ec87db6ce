import Foundation
import Glibc
import ResponderKit
import Testing

@testable import TerminalHost

/// Exact keys from xterm's modifyOtherKeys (issue 41): the host asks where the terminal answers
/// the query, decodes what it then sends, and resets it on the way out.
@Suite("modifyOtherKeys")
struct ModifyOtherKeysTests {
  /// A key xterm 379 sent under Xvfb for an X key press (XTEST) after `CSI > 4 ; 2 m`, as
  /// `make terminals` captured it (Tests/Terminals/matrix.py, its bytes.log), and the key it is.
  struct Captured: CustomStringConvertible, Sendable {
    var pressed: String
    var bytes: String
    var keysym: Keysym
    var modifiers: KeyEvent.ModifierFlags
    var description: String { pressed }
  }

  /// The `CSI 27 ; mods ; code ~` form: the code is the character the key typed with Shift
  /// applied, the modifiers `1 +` xterm's bits (xterm ctlseqs, "Alt and Meta Keys" and
  /// modifyOtherKeys; https://invisible-island.net/xterm/modified-keys.html).
  static let xterm: [Captured] = [
    Captured(pressed: "shift+a", bytes: "\u{1b}[27;2;65~", keysym: Keysym(0x41), modifiers: .shift),
    Captured(
      pressed: "shift+bracketleft", bytes: "\u{1b}[27;2;123~", keysym: Keysym(0x7b), modifiers: .shift),
    Captured(pressed: "ctrl+a", bytes: "\u{1b}[27;5;97~", keysym: Keysym(0x61), modifiers: .control),
    Captured(pressed: "ctrl+i", bytes: "\u{1b}[27;5;105~", keysym: Keysym(0x69), modifiers: .control),
    Captured(pressed: "ctrl+m", bytes: "\u{1b}[27;5;109~", keysym: Keysym(0x6d), modifiers: .control),
    Captured(
      pressed: "ctrl+bracketleft", bytes: "\u{1b}[27;5;91~", keysym: Keysym(0x5b), modifiers: .control),
    Captured(pressed: "ctrl+space", bytes: "\u{1b}[27;5;32~", keysym: .space, modifiers: .control),
    Captured(
      pressed: "ctrl+shift+a", bytes: "\u{1b}[27;6;65~", keysym: Keysym(0x41), modifiers: [.control, .shift]),
    Captured(pressed: "ctrl+1", bytes: "\u{1b}[27;5;49~", keysym: Keysym(0x31), modifiers: .control),
    Captured(pressed: "alt+x", bytes: "\u{1b}[27;3;120~", keysym: Keysym(0x78), modifiers: .alt),
    Captured(
      pressed: "alt+shift+x", bytes: "\u{1b}[27;4;88~", keysym: Keysym(0x58), modifiers: [.alt, .shift]),
    Captured(
      pressed: "ctrl+alt+x", bytes: "\u{1b}[27;7;120~", keysym: Keysym(0x78), modifiers: [.control, .alt]),
    Captured(pressed: "alt+BackSpace", bytes: "\u{1b}[27;3;127~", keysym: .backSpace, modifiers: .alt),
    // tmux 3.3a with `extended-keys on` passes a modified key on in the `CSI code ; mods u` form.
    Captured(
      pressed: "ctrl+1 (xterm in tmux)", bytes: "\u{1b}[49;5u", keysym: Keysym(0x31), modifiers: .control),
  ]

  @Test(arguments: xterm)
  func xtermModifiedKeyDecodesToTheKeyPressed(_ captured: Captured) throws {
    let items = decodeAll(captured.bytes)
    try #require(items.count == 1, "\(items)")
    guard case .event(.key(let key)) = items[0] else {
      Issue.record("not a key: \(items[0])")
      return
    }
    #expect(key.keysym == captured.keysym)
    #expect(key.modifierFlags == captured.modifiers)
    #expect(key.phase == .down)
  }

  /// Keys xterm leaves alone at level 2 stay their legacy bytes, which decode as before: Shift
  /// with a character Control does not change (`!`, 0x21) is that character alone (xterm's
  /// input.c, ModifyOtherKeys: Shift alone is reported only for 0x40–0x7F), Tab is HT.
  @Test func keysXtermLeavesAloneStayLegacy() {
    #expect(decodeAll("!") == [char("!")])
    #expect(decodeAll("\u{1b}[Z") == [key(.tab, "\t", .shift)])
  }

  /// XTQMODKEYS (`CSI ? 4 m`) is answered with `CSI > 4 ; level m` (xterm ctlseqs, "CSI ? Pp m");
  /// xterm 379 answered `CSI > 4 ; 0 m` before the host asked for level 2 and `CSI > 4 ; 2 m` after.
  @Test func queryReplyIsTheLevel() {
    #expect(decodeAll("\u{1b}[>4;0m") == [.reply(.modifyOtherKeys(level: 0))])
    #expect(decodeAll("\u{1b}[>4;2m") == [.reply(.modifyOtherKeys(level: 2))])
    #expect(decodeAll("\u{1b}[>4m") == [.reply(.modifyOtherKeys(level: 0))])
    for malformed in ["\u{1b}[>5;1m", "\u{1b}[>4;9m", "\u{1b}[>4;1;2m", "\u{1b}[>4:1;2m"] {
      #expect(decodeAll(malformed) == [.unknown(bytes(malformed))], "\(malformed.debugDescription)")
    }
  }

  /// The whole host on pseudo-terminals, as xterm answers it: the modifyOtherKeys query goes out
  /// with the kitty one; an answer before DA1 gets level 2 asked for; the way out resets it
  /// (`CSI > 4 m`, xterm's resource value again). A terminal that does not answer is not asked.
  @Test func aRunningHostAsksForModifyOtherKeysWhereTheTerminalAnswersAndResetsItOnExit() async {
    await #expect(processExitsWith: .success) { try await ModifyOtherKeysTests.negotiate(answering: true) }
  }

  @Test func aRunningHostAsksForNoModifyOtherKeysWhereTheTerminalDoesNotAnswer() async {
    await #expect(processExitsWith: .success) { try await ModifyOtherKeysTests.negotiate(answering: false) }
  }

  /// In the child process: starts a host, answers its queries as xterm does (or without the
  /// modifyOtherKeys answer), checks what it writes, then quits it; exits 0 when all held.
  static func negotiate(answering answers: Bool) async throws {
    let input = try PseudoTerminal()
    let output = try PseudoTerminal()
    let (app, host) = try await MainActor.run {
      setenv("TERM", "xterm", 1)
      unsetenv("TMUX")
      unsetenv("STY")
      var configuration = TerminalHost.Configuration()
      configuration.willExit = {
        let restore = String(decoding: output.drain(), as: UTF8.self)
        exitUnless(restore.contains("\u{1b}[>4m") == answers, 4, "restore: \(restore.debugDescription)")
        exit(0)
      }
      return try startedHost(configuration, input: input, output: output)
    }
    try await Task.sleep(for: .seconds(0.3))
    let startup = String(decoding: output.drain(), as: UTF8.self)
    exitUnless(
      startup.contains("\u{1b}[?u\u{1b}[?4m\u{1b}[m\u{1b}[c"), 2, "queries: \(startup.debugDescription)")
    let reply = (answers ? "\u{1b}[>4;0m" : "") + "\u{1b}[?64;1;2c"
    _ = Array(reply.utf8).withUnsafeBytes { Glibc.write(input.master, $0.baseAddress, $0.count) }
    try await Task.sleep(for: .seconds(0.3))
    let negotiated = String(decoding: output.drain(), as: UTF8.self)
    exitUnless(
      negotiated.contains("\u{1b}[>4;2m") == answers, 3, "after DA1: \(negotiated.debugDescription)")
    await MainActor.run { withExtendedLifetime(host) { app.terminate(nil) } }
    try await Task.sleep(for: .seconds(5))
    exitUnless(false, 5, "the host did not exit")
  }
}
