import Foundation
import ResponderKit

/// A terminal mode the host switches on and, on exit, off again. ``Terminal`` records every
/// mode it enables and disables exactly those, in reverse order.
public enum TerminalMode: Hashable, Sendable {
  /// The alternate screen, saving the cursor (DEC private mode 1049).
  case alternateScreen
  /// The cursor hidden (mode 25 reset); disabling shows it again.
  case hiddenCursor
  /// Mouse press and release reports (mode 1000).
  case mouseButtons
  /// Mouse reports while a button is held and moved (mode 1002).
  case mouseDrag
  /// Mouse reports for every motion (mode 1003).
  case mouseMotion
  /// Mouse reports in SGR form, with no coordinate limit (mode 1006).
  case sgrMouse
  /// SGR mouse reports in pixels (mode 1016), where the terminal has it.
  case sgrPixelMouse
  /// Pasted text between `ESC [200~` and `ESC [201~` (mode 2004).
  case bracketedPaste
  /// `ESC [I` / `ESC [O` when the terminal gains or loses focus (mode 1004).
  case focusEvents
  /// The kitty keyboard protocol: pushes `flags` (`CSI > flags u`); disabling pops them
  /// (`CSI < u`).
  case kittyKeyboard(flags: UInt8)
  /// xterm's modifyOtherKeys at `level` (`CSI > 4 ; level m`); disabling resets it (`CSI > 4 m`).
  case modifyOtherKeys(level: UInt8)
  /// Grapheme clustering (DEC private mode 2027, "Terminal Unicode Core"): the terminal
  /// measures each grapheme cluster as one character, as the renderer does
  /// (``Renderer/graphemeClustering``).
  case graphemeClustering
  /// The application keypad as the terminal's terminfo entry switches it, the way ncurses'
  /// `keypad(stdscr, TRUE)` does: `smkx` (keypad_xmit) on, `rmkx` (keypad_local) off. Most
  /// entries set both DECCKM (`CSI ? 1 h`, cursor keys as `SS3 A`…) and DECKPAM (`ESC =`, the
  /// keypad as `SS3 M`, `SS3 j`…`SS3 y`); see ``applicationKeypad(environment:terminfoDirectories:)``.
  case applicationKeypad(smkx: [UInt8], rmkx: [UInt8])
  /// Pointer shapes set with OSC 22 (``Terminal/setPointerShape(_:)``): enabling writes
  /// nothing; disabling gives the pointer back its default shape (OSC 22 with no name, the
  /// default in xterm and kitty alike).
  case pointerShapes

  /// The bytes that switch the mode on.
  public var enableSequence: [UInt8] {
    switch self {
    case .hiddenCursor: return Self.decPrivate(25, set: false)
    case .kittyKeyboard(let flags): return Self.csi(">\(flags)u")
    case .modifyOtherKeys(let level): return Self.csi(">4;\(level)m")
    case .pointerShapes: return []
    case .applicationKeypad(let smkx, _): return smkx
    default: return Self.decPrivate(privateMode, set: true)
    }
  }

  /// The bytes that switch the mode off again.
  public var disableSequence: [UInt8] {
    switch self {
    case .hiddenCursor: return Self.decPrivate(25, set: true)
    case .kittyKeyboard: return Self.csi("<u")
    case .modifyOtherKeys: return Self.csi(">4m")
    case .pointerShapes: return Self.pointerShape("")
    case .applicationKeypad(_, let rmkx): return rmkx
    default: return Self.decPrivate(privateMode, set: false)
    }
  }

  private var privateMode: Int {
    switch self {
    case .alternateScreen: return 1049
    case .hiddenCursor: return 25
    case .mouseButtons: return 1000
    case .mouseDrag: return 1002
    case .mouseMotion: return 1003
    case .sgrMouse: return 1006
    case .sgrPixelMouse: return 1016
    case .bracketedPaste: return 2004
    case .focusEvents: return 1004
    case .graphemeClustering: return 2027
    case .kittyKeyboard, .modifyOtherKeys, .pointerShapes, .applicationKeypad: return 0
    }
  }

  /// The application keypad of the terminal `TERM` names, from its terminfo entry's `smkx` and
  /// `rmkx` (searched for as ncurses does: `TERMINFO`, `~/.terminfo`, `TERMINFO_DIRS`, the system
  /// directories); nil when there is no entry or it lacks either string, so nothing is switched
  /// that could not be switched back.
  ///
  /// Why terminfo and not a fixed DECKPAM: the entry says what the terminal needs, and its key
  /// strings (`kent`, `kcuu1`…) describe the keys in that mode, which is what ncurses apps see.
  /// The entries differ: xterm's, VTE's, alacritty's, st's, tmux's and screen's set DECCKM and
  /// DECKPAM, urxvt's DECKPAM alone, kitty's DECCKM alone, and the Linux console's has neither —
  /// its keypad in DECKPAM sends `SS3 l` for `+` and `SS3 S`/`R`/`Q` (F4/F3/F2) for `-`, `*`
  /// and `/` (drivers/tty/vt/keyboard.c, `app_map`), so it is best left numeric.
  public static func applicationKeypad(
    environment: [String: String] = ProcessInfo.processInfo.environment,
    terminfoDirectories: [String]? = nil
  ) -> TerminalMode? {
    guard let term = environment["TERM"], !term.isEmpty,
      let entry = Terminfo.entry(
        ofTerminal: term, searchPath: terminfoDirectories ?? Terminfo.searchPath(environment: environment)),
      let smkx = Terminfo.string(Terminfo.keypadTransmit, in: entry), !smkx.isEmpty,
      let rmkx = Terminfo.string(Terminfo.keypadLocal, in: entry), !rmkx.isEmpty
    else { return nil }
    return .applicationKeypad(smkx: smkx, rmkx: rmkx)
  }

  private static func decPrivate(_ mode: Int, set: Bool) -> [UInt8] {
    csi("?\(mode)" + (set ? "h" : "l"))
  }

  /// OSC 22 with a shape name, ended by ST.
  static func pointerShape(_ name: String) -> [UInt8] {
    [0x1B, 0x5D] + Array("22;\(name)".utf8) + [0x1B, 0x5C]
  }

  private static func csi(_ body: String) -> [UInt8] { [0x1B, 0x5B] + Array(body.utf8) }
}
