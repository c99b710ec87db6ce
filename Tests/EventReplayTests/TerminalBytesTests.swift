import ResponderKit
import TerminalHost
import Testing

@testable import EventReplay

/// `HeadlessDriver.send(terminalBytes:)`: what a terminal sent, fed through the real
/// `InputParser` and delivered as the live host delivers it. The byte strings are what real
/// emulators sent for real X key presses under `make terminals` (kitty 0.26.5, xterm 379;
/// Tests/TerminalHostTests/RealTerminalBytesTests.swift).
@Suite("Headless driver fed terminal bytes")
@MainActor
struct TerminalBytesTests {
  /// kitty 0.26.5, flags 31, Shift+a: Shift's press, the key with its shifted form and text,
  /// then both releases; only the key's text is typed.
  @Test func kittysShiftedLetterTypesItsText() {
    let h = Harness()
    h.driver.send(terminalBytes: "\u{1b}[57441u\u{1b}[97:65;2;65u\u{1b}[57441;2:3u\u{1b}[97;1:3u")
    #expect(h.editor.text == "A")
  }

  /// xterm's legacy bytes: letters as themselves, BackSpace as DEL (0x7F), and a bracketed
  /// paste (`CSI 200~` … `CSI 201~`) as one paste.
  @Test func xtermsLegacyKeysAndABracketedPasteEditTheLine() {
    let h = Harness()
    h.driver.send(terminalBytes: "milk\u{7f}")
    h.driver.send(terminalBytes: "\u{1b}[200~k & eggs\u{1b}[201~")
    #expect(h.editor.text == "milk & eggs")
    #expect(h.driver.screenText == "\n > milk & eggs\n\n")
    // Legacy bytes carry presses only: five keys, then the paste, recorded as any input.
    #expect(h.driver.recording.entries.count == 6)
  }

  /// A sequence cut between two reads waits for the rest; settled, a lone ESC is Escape.
  @Test func aSequenceSplitBetweenReadsIsJoinedAndALoneEscapeSettles() {
    let h = Harness()
    let first = h.driver.send(terminalBytes: "\u{1b}[", settling: false)
    #expect(first.isEmpty)
    let rest = h.driver.send(terminalBytes: "A")
    guard case .event(.key(let up)) = rest.first else {
      Issue.record("expected Up, got \(rest)")
      return
    }
    #expect(up.keysym == .up)
    let escape = h.driver.send(terminalBytes: "\u{1b}")
    guard case .event(.key(let key)) = escape.first else {
      Issue.record("expected Escape, got \(escape)")
      return
    }
    #expect(key.keysym == .escape)
  }

  /// An SGR mouse click (`CSI < 0 ; x ; y M` then `m`, 1-based) is touch 0 at the cell; a reply
  /// (DA1) and an unknown sequence are returned, never typed.
  @Test func mouseReportsTouchAndRepliesAreNeverTyped() {
    let h = Harness()
    let items = h.driver.send(terminalBytes: "\u{1b}[<0;3;2M\u{1b}[<0;3;2m\u{1b}[?62;22c\u{1b}[99X")
    #expect(items.count == 4)
    guard case .event(.touches(let down)) = items.first else {
      Issue.record("expected a touch, got \(items)")
      return
    }
    #expect(down.first?.location == Point(x: 2, y: 1) && down.first?.phase == .began)
    #expect(items[2] == .reply(.primaryDeviceAttributes([62, 22])))
    #expect(h.editor.text == "")
    #expect(h.driver.recording.entries.count == 2)
  }
}
