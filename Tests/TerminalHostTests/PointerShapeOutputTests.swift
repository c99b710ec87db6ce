import Foundation
import ResponderKit
import Testing

@testable import TerminalHost

/// OSC 22 pointer shapes: the bytes, the reset on restore, and which terminals get them.
@Suite struct PointerShapeOutputTests {
  @Test func aShapeIsOSC22AndRestoreGivesTheDefaultBack() throws {
    let pty = try PseudoTerminal()
    defer { pty.close() }
    let terminal = Terminal(input: pty.slave, output: pty.slave)
    try terminal.setPointerShape("hand2")
    #expect(String(decoding: pty.drain(), as: UTF8.self) == "\u{1b}]22;hand2\u{1b}\\")
    try terminal.setPointerShape(nil)
    #expect(String(decoding: pty.drain(), as: UTF8.self) == "\u{1b}]22;\u{1b}\\")
    try terminal.setPointerShape("text")
    _ = pty.drain()
    try terminal.restore()
    #expect(String(decoding: pty.drain(), as: UTF8.self) == "\u{1b}]22;\u{1b}\\", "reset once, on exit")
  }

  @Test func aTerminalThatNeverGotAShapeIsNotResetOnExit() throws {
    let pty = try PseudoTerminal()
    defer { pty.close() }
    let terminal = Terminal(input: pty.slave, output: pty.slave)
    try terminal.enable([.bracketedPaste])
    _ = pty.drain()
    try terminal.restore()
    #expect(String(decoding: pty.drain(), as: UTF8.self) == "\u{1b}[?2004l")
  }

  @Test(
    arguments: [
      (["TERM": "xterm-kitty"], "pointer"),
      (["TERM": "xterm-256color", "KITTY_WINDOW_ID": "1"], "pointer"),
      (["TERM": "foot"], "pointer"),
      (["TERM": "xterm-ghostty", "TERM_PROGRAM": "ghostty"], "pointer"),
      (["TERM": "xterm", "XTERM_VERSION": "XTerm(379)"], "hand2"),
      (["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0", "KITTY_WINDOW_ID": "1"], nil),
      (["TERM": "screen", "STY": "1.pts-0"], nil),
      (["TERM": "xterm-256color"], nil),
    ] as [([String: String], String?)])
  func eachTerminalGetsTheNamesItKnowsOrNothing(environment: [String: String], name: String?) {
    #expect(TerminalHost.pointerShapeName(environment: environment).map { $0(.pointingHand) } == name)
  }
}
