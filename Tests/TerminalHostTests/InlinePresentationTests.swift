import Glibc
import ResponderKit
import Testing

@testable import TerminalHost

@Suite("Inline presentation")
struct InlinePresentationTests {
  @Test func aRegionIsItsRowsOrItsShareOfTheScreenAndNeverMoreThanTheScreen() {
    #expect(TerminalPresentation.inline(rows: 12).regionRows(screenRows: 40) == 12)
    #expect(TerminalPresentation.inline(rows: 12).regionRows(screenRows: 5) == 5)
    #expect(TerminalPresentation.inline(rows: 0).regionRows(screenRows: 5) == 1)
    #expect(TerminalPresentation.inline(fraction: 0.4).regionRows(screenRows: 30) == 12)
    #expect(TerminalPresentation.inline(fraction: 0.01).regionRows(screenRows: 30) == 1)
    #expect(TerminalPresentation.inline(fraction: .nan).regionRows(screenRows: 30) == 30)
    #expect(TerminalPresentation.fullScreen.regionRows(screenRows: 30) == 30)
    #expect(!TerminalPresentation.fullScreen.isInline)
  }

  @Test func commandLineHeightsAreRowsOrPercentages() {
    #expect(TerminalPresentation(inlineHeight: "12") == .inline(rows: 12))
    #expect(
      TerminalPresentation(inlineHeight: "40%", onExit: .clear) == .inline(fraction: 0.4, onExit: .clear))
    for bad in ["", "0", "-3", "12x", "0%", "101%", "%"] {
      #expect(TerminalPresentation(inlineHeight: bad) == nil, "\(bad)")
    }
  }

  /// xterm sends F3 with modifiers as CSI 1 ; m R, the shape of a cursor position report; the
  /// parser reports the position, and a host with no report asked for takes it for the key.
  @Test func anUnrequestedCursorReportOnRowOneIsF3WithItsModifiers() throws {
    var parser = InputParser()
    var items: [TerminalInput] = []
    let bytes = Array("\u{1b}[1;2R\u{1b}[1;5R\u{1b}[12;40R".utf8)
    bytes.withUnsafeBytes { parser.parse($0, at: 0, into: &items) }
    let replies = items.compactMap { item -> TerminalReply? in
      if case .reply(let reply) = item { return reply }
      return nil
    }
    #expect(replies.count == 3)
    let shiftF3 = try #require(InputParser.functionKey(forUnrequested: replies[0], at: 0))
    #expect(shiftF3.keysym == .f(3) && shiftF3.modifierFlags == .shift)
    let controlF3 = try #require(InputParser.functionKey(forUnrequested: replies[1], at: 0))
    #expect(controlF3.keysym == .f(3) && controlF3.modifierFlags == .control)
    #expect(InputParser.functionKey(forUnrequested: replies[2], at: 0) == nil)
  }

  /// The restore bytes an inline app leaves for every way out start with its preamble.
  @Test func theRestorePreambleComesBeforeTheModeResets() throws {
    let terminal = Terminal(input: -1, output: -1, system: .live)
    terminal.restorePreamble = Array("\u{1b}[m\u{1b}[30H\r\n".utf8)
    #expect(terminal.restoreSequence == terminal.restorePreamble)
    terminal.restorePreamble = []
  }

  @Test func withNoTerminalAtAllTheErrorSaysSoInASentence() {
    let text = "\(TerminalError.noTerminal)"
    #expect(text.contains("no terminal") && text.contains("/dev/tty") && !text.contains("errno"))
  }
}
