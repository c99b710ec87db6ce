import ResponderKit
import Testing

@testable import TerminalHost

/// Bytes real emulators sent for real X key presses under `make terminals`
/// (Tests/Terminals/matrix.py; kitty 0.26.5, xterm 379, rxvt-unicode 9.30 on Debian 12), and
/// what they must decode to.
@Suite struct RealTerminalBytesTests {
  /// kitty 0.26.5 sends F3 as `CSI R` and its release as `CSI 1 ; 1:3 R`
  /// (https://sw.kovidgoyal.net/kitty/keyboard-protocol/#functional-key-definitions lists F3's
  /// legacy `CSI R` form). The event type's sub-parameter is what no cursor position report has.
  @Test func kittyF3ReleaseIsAKeyNotACursorPositionReport() {
    #expect(decodeAll("\u{1b}[R\u{1b}[1;1:3R") == [key(.f(3)), key(.f(3), phase: .up)])
    #expect(decodeAll("\u{1b}[1;5:2R") == [key(.f(3), "", .control, phase: .repeat)])
  }

  @Test func cursorPositionReportWithoutEventTypeStaysAReport() {
    #expect(decodeAll("\u{1b}[1;1R") == [.reply(.cursorPosition(row: 0, column: 0))])
  }

  /// With flags 7, kitty 0.26.5 sent Tab's press and release as `09 09` (and Return `0d 0d`,
  /// Backspace `7f 7f`): two presses to any parser. With all keys as escape codes (8) they
  /// come as `CSI 9 u` and `CSI 9 ; 1:3 u`, so the host asks for flags 8 and 16 too.
  @Test func defaultKittyFlagsReportAllKeysAsEscapeCodesAndTheirText() {
    #expect(TerminalHost.Configuration().kittyFlags == 0b11111)
    #expect(decodeAll("\u{1b}[9u\u{1b}[9;1:3u") == [key(.tab, "\t"), key(.tab, "\t", phase: .up)])
  }

  /// kitty 0.26.5 with flags 31 for Shift+a: Shift's own press, then the key with its shifted
  /// form and text, then the releases.
  @Test func kittyShiftedLetterWithAllKeysAsEscapeCodes() {
    let items = decodeAll("\u{1b}[57441u\u{1b}[97:65;2;65u\u{1b}[57441;2:3u\u{1b}[97;1:3u")
    #expect(items.count == 4)
    guard items.count == 4, case .event(.key(let a)) = items[1], case .event(.key(let release)) = items[3]
    else { return }
    #expect(a.keysym == Keysym(0x41) && a.characters == "A" && a.modifierFlags == .shift)
    #expect(a.unshiftedKeysym == Keysym(0x61))
    #expect(release.phase == .up && release.keysym == Keysym(0x61))
  }

  /// xterm 379 with its defaults (eightBitInput on, metaSendsEscape off) sent C2 98 — U+0098,
  /// the C0 byte of Control+x with its 8th bit set — for Control+Alt+x
  /// (https://invisible-island.net/xterm/manpage/xterm.html#VT100-Widget-Resources:eightBitInput).
  @Test func xtermEightBitControlAltIsControlAltKey() {
    #expect(decodeAll([0xc2, 0x98]) == [key(Keysym(0x78), "\u{18}", ignoring: "x", [.control, .alt])])
    #expect(decodeAll([0xc2, 0x89]) == [key(.tab, "\t", .alt)])
  }
}
