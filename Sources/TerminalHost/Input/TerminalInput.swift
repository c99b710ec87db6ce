import Foundation
import ResponderKit

/// One item decoded from the terminal's input byte stream by ``InputParser``.
///
/// Everything the terminal sends becomes exactly one of these, so nothing is lost: user input
/// for the application, replies the host asked for, pointer reports that have no core event,
/// and bytes the parser could not make sense of.
public enum TerminalInput: Hashable, Sendable {
  /// User input in the core's terms: keys, the left mouse button as touch 0, the right,
  /// middle and extra buttons as `InputEvent.mouse(_:)`, the wheel as scrolling, bracketed
  /// paste and focus changes.
  case event(InputEvent)
  /// A reply to a query the host sent (device attributes, keyboard flags, cursor position,
  /// mode report). The host consumes these; they are never keys.
  case reply(TerminalReply)
  /// A mouse report the core has no event for: hovering with no button held, and the release
  /// of a wheel "button" that some terminals send.
  case pointer(PointerReport)
  /// A complete sequence the parser does not understand (bad numbers, an unknown final
  /// byte, a control string that is not a reply, an over-long sequence). Holds the bytes, at
  /// most ``InputParser/maxStringLength`` of them; parsing resumes right after.
  case unknown([UInt8])
}

/// A terminal's answer to a query.
public enum TerminalReply: Hashable, Sendable {
  /// Primary device attributes (`CSI ? Ps ; … c`), the parameters in order. Also the end
  /// marker of kitty-protocol detection: a DA1 with no earlier keyboard-flags reply means no
  /// kitty protocol.
  case primaryDeviceAttributes([Int])
  /// The kitty keyboard protocol flags in force (`CSI ? flags u`).
  case keyboardFlags(Int)
  /// xterm's modifyOtherKeys level in force (`CSI > 4 ; level m`, the answer to XTQMODKEYS,
  /// `CSI ? 4 m`): 0 off, 1 keys other than the common ones, 2 every modified key. A terminal
  /// that answers can be asked for level 2 (``TerminalMode/modifyOtherKeys(level:)``).
  case modifyOtherKeys(level: Int)
  /// The cursor position report (`CSI row ; column R`), converted to 0-based cells.
  ///
  /// `CSI 1 ; m R` is also what xterm sends for F3 with modifiers; the parser always reads it
  /// as a position report (kitty's spec dropped `CSI R` for F3 for this reason). A host that
  /// has no report outstanding may treat row 0 as F3.
  case cursorPosition(row: Int, column: Int)
  /// A DECRPM mode report (`CSI ? mode ; value $ y`, or without `?` for ANSI modes).
  case modeReport(mode: Int, isPrivate: Bool, state: ModeState)
  /// The size of one character cell in pixels (`CSI 6 ; height ; width t`, the answer to
  /// `CSI 16 t`), which SGR-pixel mouse reports need (``InputParser/cellPixelSize``).
  case cellPixelSize(PixelSize)
  /// The size of the text area in pixels (`CSI 4 ; height ; width t`, the answer to `CSI 14 t`).
  case textAreaPixelSize(PixelSize)
  /// An OSC reply, `OSC code ; text` ended by BEL or ST: colours (`OSC 11 ; rgb:…`), the
  /// clipboard (`OSC 52 ; …`) and the like. `text` is everything after the first `;`.
  case operatingSystemCommand(code: Int, text: String)
  /// A DCS reply: its body between `ESC P` and ST, such as `1$r0m` (DECRQSS), `>|xterm(390)`
  /// (XTVERSION), `1+r…` (XTGETTCAP) or `!|…` (DECRPTUI).
  case deviceControlString(String)
  /// An APC reply: its body between `ESC _` and ST, such as kitty's graphics answers
  /// (`Gi=1;OK`).
  case applicationProgramCommand(String)

  /// The state of a mode in a DECRPM reply.
  public enum ModeState: Int, Hashable, Sendable {
    /// The terminal does not know the mode.
    case notRecognized = 0
    /// The mode is set.
    case set = 1
    /// The mode is reset.
    case reset = 2
    /// The mode is set and cannot be changed.
    case permanentlySet = 3
    /// The mode is reset and cannot be changed.
    case permanentlyReset = 4
  }
}

/// A mouse report that does not become a touch (see ``TerminalInput/pointer(_:)``).
public struct PointerReport: Hashable, Sendable {
  /// The button involved.
  public enum Button: Hashable, Sendable {
    /// No button: the pointer moved with every button up.
    case none
    /// The middle button.
    case middle
    /// The right button.
    case right
    /// An extra button, numbered as xterm does (8 to 15).
    case extra(Int)
    /// A wheel "button", numbered as X does (4 up, 5 down, 6 left, 7 right). Only its
    /// release, which some terminals send, is a pointer report; turning the wheel scrolls.
    case wheel(Int)
  }

  /// What the button did.
  public enum Action: Hashable, Sendable {
    /// The button went down.
    case press
    /// The button went up.
    case release
    /// The pointer moved (with the button held, or with none).
    case move
  }

  /// The button.
  public var button: Button
  /// What happened.
  public var action: Action
  /// Where, in 0-based cells (fractional when converted from pixels).
  public var location: Point
  /// Shift, Alt and Control as the terminal reported them.
  public var modifierFlags: KeyEvent.ModifierFlags
  /// Seconds on the caller's clock.
  public var timestamp: TimeInterval

  /// Creates a report.
  public init(
    button: Button, action: Action, location: Point,
    modifierFlags: KeyEvent.ModifierFlags = [], timestamp: TimeInterval = 0
  ) {
    self.button = button
    self.action = action
    self.location = location
    self.modifierFlags = modifierFlags
    self.timestamp = timestamp
  }
}

/// A size in pixels, as a terminal reports it.
public struct PixelSize: Hashable, Sendable {
  /// Pixels across.
  public var width: Int
  /// Pixels down.
  public var height: Int

  /// Creates a size.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }
}
