import Foundation
import Glibc
import ResponderKit
import XKBKeyboard

/// Building `KeyEvent`s the way a terminal user expects them.
///
/// - `keysym`: functional keys get their XKB keysym; characters get
///   `LegacyKeysyms.keysym(for:)` of the character typed, Shift applied (Shift+a is `A`):
///   xkbcommon's answer, a legacy keysym where one exists, so a key typed in a terminal and
///   the same key decoded from a keyboard device agree.
/// - `characters`: what the key types after modifiers: Control maps ASCII keys through the
///   legacy control table (Control+a is "\u{1}"), otherwise the (shifted) character; empty for
///   functional keys except Return "\r", Tab "\t", BackSpace "\u{8}", Escape "\u{1b}" and the
///   keypad's digits and operators. Associated text from the kitty protocol wins.
/// - `charactersIgnoringModifiers`: the character with no modifiers but Shift.
/// - Legacy text carries no Shift flag: "A" arrives already shifted.
extension InputParser {
  /// The key for a printable ASCII byte (0x20…0x7e): its keysym is the byte's value.
  @inlinable @inline(__always)
  static func asciiKey(_ byte: UInt8, time: TimeInterval) -> KeyEvent {
    KeyEvent(keysym: Keysym(UInt32(byte)), scalar: UnicodeScalar(byte), timestamp: time)
  }

  /// A key for a C0 control byte or DEL, as legacy terminals send them.
  ///
  /// 0x7F is BackSpace; 0x08 is Control+h (kitty and xterm send it for Control+BackSpace,
  /// which legacy bytes cannot tell apart), or BackSpace when `controlHIsBackSpace` (the
  /// terminal's erase character is ^H, so its BackSpace key sends it). 0x0a is Control+j,
  /// 0x00 Control+space, 0x1c–0x1f Control+\ ] ^ _ (caret notation's names; xterm sends
  /// 0x1f for Control+/ too).
  @usableFromInline
  static func controlKey(_ byte: UInt8, controlHIsBackSpace: Bool = false, time: TimeInterval) -> KeyEvent {
    switch byte {
    case 0x0d: return functionalKeyEvent(.returnKey, time: time)
    case 0x09: return functionalKeyEvent(.tab, time: time)
    case 0x7f: return functionalKeyEvent(.backSpace, time: time)
    case 0x08 where controlHIsBackSpace: return functionalKeyEvent(.backSpace, time: time)
    case 0x1b: return functionalKeyEvent(.escape, time: time)
    default: break
    }
    let base: UInt8 =
      switch byte {
      case 0x00: 0x20
      case 0x1c: 0x5c
      case 0x1d: 0x5d
      case 0x1e: 0x5e
      case 0x1f: 0x5f
      default: byte + 0x60  // 0x01…0x1a: a…z
      }
    return KeyEvent(
      keysym: Keysym(UInt32(base)), scalar: UnicodeScalar(byte),
      scalarIgnoringModifiers: UnicodeScalar(base), modifierFlags: .control, timestamp: time)
  }

  /// A printable ASCII key with modifiers (Alt prefix, ESC [ or ESC O settled by timeout).
  static func textKey(_ byte: UInt8, modifiers: KeyEvent.ModifierFlags, time: TimeInterval)
    -> KeyEvent
  {
    var key = asciiKey(byte, time: time)
    key.modifierFlags = modifiers
    return key
  }

  /// An unmodified character key (UTF-8 text).
  ///
  /// A C1 control (U+0080–U+009F) is never typed text: it is what xterm's default
  /// `eightBitInput` makes of Alt with a control character (the C0 byte with its 8th bit set,
  /// sent as UTF-8; `make terminals` captured C2 98 for Control+Alt+x), so it reads as Alt with
  /// that C0 key.
  @inlinable @inline(__always)
  static func characterKey(
    _ scalar: Unicode.Scalar, legacyKeysyms: [UInt16] = LegacyKeysyms.table, time: TimeInterval
  ) -> KeyEvent {
    if scalar.value &- 0x80 < 0x20 {
      var key = controlKey(UInt8(scalar.value - 0x80), time: time)
      key.modifierFlags.insert(.alt)
      return key
    }
    return KeyEvent(
      keysym: LegacyKeysyms.keysym(for: scalar, in: legacyKeysyms), scalar: scalar, timestamp: time)
  }

  /// A functional key as an input item.
  static func functionalKey(
    _ keysym: Keysym, modifiers: KeyEvent.ModifierFlags = [], phase: KeyEvent.Phase = .down,
    time: TimeInterval
  ) -> TerminalInput {
    .event(.key(functionalKeyEvent(keysym, modifiers: modifiers, phase: phase, time: time)))
  }

  /// A functional key: characters only for the C0 keys and the keypad.
  static func functionalKeyEvent(
    _ keysym: Keysym, modifiers: KeyEvent.ModifierFlags = [], phase: KeyEvent.Phase = .down,
    text: String? = nil, time: TimeInterval
  ) -> KeyEvent {
    let scalar: Unicode.Scalar?
    // xkbcommon's text for Return, Tab, BackSpace and Escape, as constants: comparing with
    // the `Keysym` statics and asking xkbcommon cost more than the rest of a key.
    switch keysym.rawValue {
    case 0xff0d: scalar = "\r"
    case 0xff09: scalar = "\t"
    case 0xff08: scalar = "\u{8}"
    case 0xff1b: scalar = "\u{1b}"
    default: scalar = KittyKeyCodes.keypadScalar(for: keysym)
    }
    if let text {
      return KeyEvent(
        keysym: keysym, characters: text, charactersIgnoringModifiers: scalar.map { String($0) } ?? "",
        modifierFlags: modifiers, phase: phase, timestamp: time)
    }
    return KeyEvent(keysym: keysym, scalar: scalar, modifierFlags: modifiers, phase: phase, timestamp: time)
  }

  /// A character key with modifiers, as the kitty protocol and modifyOtherKeys report it:
  /// `base` is the unshifted key, `shifted` the key with Shift when the terminal says.
  static func characterKey(
    base: Unicode.Scalar, shifted: Unicode.Scalar?, modifiers: KeyEvent.ModifierFlags,
    phase: KeyEvent.Phase, text: String?, legacyKeysyms: [UInt16] = LegacyKeysyms.table, time: TimeInterval
  ) -> KeyEvent {
    let shift = modifiers.rawValue & InputParser.shiftBit != 0
    let control = modifiers.rawValue & InputParser.controlBit != 0
    var typedScalar = base
    if shift {
      if let shifted {
        typedScalar = shifted
      } else if base.value >= 0x61 && base.value <= 0x7a {
        typedScalar = Unicode.Scalar(base.value - 0x20)!
      } else if !base.isASCII {
        typedScalar = uppercase(base)
      }
    }
    let keysym = LegacyKeysyms.keysym(for: typedScalar, in: legacyKeysyms)
    var key: KeyEvent
    if let text {
      key = KeyEvent(
        keysym: keysym, characters: text, charactersIgnoringModifiers: String(typedScalar),
        modifierFlags: modifiers, phase: phase, timestamp: time)
    } else {
      var scalar = typedScalar
      if control, base.isASCII, let controlScalar = controlByte(UInt8(base.value)) {
        scalar = UnicodeScalar(controlScalar)
      }
      key = KeyEvent(
        keysym: keysym, scalar: scalar, scalarIgnoringModifiers: typedScalar, modifierFlags: modifiers,
        phase: phase, timestamp: time)
    }
    // Kept so nothing the terminal said is lost: the key pressed, before Shift.
    if typedScalar != base { key.unshiftedKeysym = LegacyKeysyms.keysym(for: base, in: legacyKeysyms) }
    return key
  }

  /// A lowercase letter's capital when it is one scalar, else the letter. Its own function,
  /// so the Unicode property tables stay off the common path.
  @inline(never)
  static func uppercase(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    guard scalar.properties.isLowercase else { return scalar }
    let upper = String(scalar).uppercased().unicodeScalars
    return upper.count == 1 ? upper.first! : scalar
  }

  /// The legacy Control mapping of ASCII keys (kitty's table, after the VT100's; capitals
  /// map like their small letters, as xterm's modifyOtherKeys reports Control+Shift+a as
  /// Control+A).
  static func controlByte(_ key: UInt8) -> UInt8? {
    switch key {
    case 0x61...0x7a: key - 0x60
    case 0x41...0x5a: key - 0x40
    case 0x20, 0x40, 0x32: 0
    case 0x5b, 0x33: 27
    case 0x5c, 0x34: 28
    case 0x5d, 0x35: 29
    case 0x5e, 0x36, 0x7e: 30
    case 0x5f, 0x2f, 0x37: 31
    case 0x38, 0x3f: 127
    default: nil
    }
  }
}

extension InputParser {
  /// Shift, Alt and Control in ``KeyEvent/ModifierFlags``' bits (the kitty protocol's), as
  /// this module's constants: ResponderKit's `.shift`, `.alt` and `.control` are each read
  /// through a call from here, which the per-key paths notice.
  static let shiftBit: UInt16 = 1
  static let altBit: UInt16 = 2
  static let controlBit: UInt16 = 4

  /// Whether a terminal with these settings erases with ^H (termios `VERASE`), so its
  /// BackSpace key sends 0x08: then ``reportsControlHAsBackSpace`` should be set.
  public static func erasesWithControlH(_ attributes: termios) -> Bool {
    withUnsafeBytes(of: attributes.c_cc) { $0[Int(VERASE)] == 0x08 }
  }
}

extension InputParser {
  /// The key a cursor position report stands for when none was asked for: xterm sends F3 with
  /// modifiers as `CSI 1 ; m R`, which the parser reads as a report of row 0, column m - 1
  /// (``TerminalReply/cursorPosition(row:column:)``). A host with no `CSI 6 n` outstanding
  /// passes the report here: F3 with the modifiers `m` encodes, or nil when the report cannot
  /// be one (another row, no modifier, or a modifier no terminal sends).
  public static func functionKey(forUnrequested reply: TerminalReply, at time: TimeInterval) -> KeyEvent? {
    guard case .cursorPosition(row: 0, let column) = reply, column >= 1, column <= 255 else { return nil }
    return functionalKeyEvent(.f(3), modifiers: KeyEvent.ModifierFlags(rawValue: UInt16(column)), time: time)
  }
}
