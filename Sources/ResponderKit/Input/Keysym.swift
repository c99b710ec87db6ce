/// A key symbol: the meaning of a key press, using X11/XKB keysym values.
///
/// The core only needs the values; `XKBKeyboard` adds names, the full keysym ↔ Unicode
/// mapping (including the legacy keysyms such as `Cyrillic_es`) and layout look-ups.
/// Compare keysyms by value: several names can stand for one value.
public struct Keysym: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
  /// The XKB keysym value.
  public var rawValue: UInt32

  /// Wraps an XKB keysym value.
  public init(rawValue: UInt32) { self.rawValue = rawValue }

  /// Wraps an XKB keysym value.
  public init(_ rawValue: UInt32) { self.rawValue = rawValue }

  /// The keysym for a Unicode scalar in XKB's direct encoding: Latin-1 printable characters
  /// are their own code, everything else is `0x01000000 + code point`.
  ///
  /// xkbcommon prefers a legacy keysym where one exists (`с` is `Cyrillic_es`, 0x6d3);
  /// use `XKBKeyboard`'s `Keysym(utf32:)` when that matters. ``unicodeScalar`` reads both.
  public init(unicodeScalar scalar: Unicode.Scalar) {
    let v = scalar.value
    if (0x20...0x7e).contains(v) || (0xa0...0xff).contains(v) {
      rawValue = v
    } else {
      rawValue = 0x0100_0000 + v
    }
  }

  /// The character this keysym types in XKB's direct encoding, or nil for a functional key.
  /// Legacy keysyms outside Latin-1 need `XKBKeyboard`.
  public var unicodeScalar: Unicode.Scalar? {
    if (0x20...0x7e).contains(rawValue) || (0xa0...0xff).contains(rawValue) {
      return Unicode.Scalar(rawValue)
    }
    if (0x0100_0100...0x0110_ffff).contains(rawValue) {
      return Unicode.Scalar(rawValue - 0x0100_0000)
    }
    switch self {
    case .backSpace: return "\u{8}"
    case .tab, .isoLeftTab: return "\t"
    case .returnKey, .kpEnter: return "\r"
    case .escape: return "\u{1b}"
    case .delete: return "\u{7f}"
    default: return nil
    }
  }

  /// True for the keys that change modifiers (Shift, Control, Alt, Super, Caps Lock, ...).
  public var isModifierKey: Bool {
    (0xffe1...0xffee).contains(rawValue) || (0xfe01...0xfe13).contains(rawValue)
      || self == .numLock
  }

  /// True for keysyms that stand for characters (Latin-1, the legacy national sets and
  /// Unicode), false for functional, keypad and modifier keys (0xfd00–0xffff).
  public var isCharacterKey: Bool {
    rawValue != 0 && !(0xfd00...0xffff).contains(rawValue)
  }

  /// True for the keypad keys (`KP_*`).
  public var isKeypadKey: Bool { (0xff80...0xffbd).contains(rawValue) }

  /// Whether this is the function key F1…F35.
  public var functionKeyNumber: Int? {
    (0xffbe...0xffe0).contains(rawValue) ? Int(rawValue - 0xffbe) + 1 : nil
  }

  /// The hexadecimal value, `0xff0d`; `XKBKeyboard` gives names.
  public var description: String { "0x" + String(rawValue, radix: 16) }

  /// No symbol.
  public static let noSymbol = Keysym(0)
  /// BackSpace.
  public static let backSpace = Keysym(0xff08)
  /// Tab.
  public static let tab = Keysym(0xff09)
  /// Linefeed.
  public static let linefeed = Keysym(0xff0a)
  /// Return (Enter on the main keyboard).
  public static let returnKey = Keysym(0xff0d)
  /// Pause.
  public static let pause = Keysym(0xff13)
  /// Scroll Lock.
  public static let scrollLock = Keysym(0xff14)
  /// Escape.
  public static let escape = Keysym(0xff1b)
  /// Multi_key (the Compose key).
  public static let multiKey = Keysym(0xff20)
  /// Home.
  public static let home = Keysym(0xff50)
  /// Left arrow.
  public static let left = Keysym(0xff51)
  /// Up arrow.
  public static let up = Keysym(0xff52)
  /// Right arrow.
  public static let right = Keysym(0xff53)
  /// Down arrow.
  public static let down = Keysym(0xff54)
  /// Page Up (`Prior`).
  public static let pageUp = Keysym(0xff55)
  /// Page Down (`Next`).
  public static let pageDown = Keysym(0xff56)
  /// End.
  public static let end = Keysym(0xff57)
  /// Begin (the keypad 5 without Num Lock).
  public static let begin = Keysym(0xff58)
  /// Print Screen.
  public static let print = Keysym(0xff61)
  /// Insert.
  public static let insert = Keysym(0xff63)
  /// Menu.
  public static let menu = Keysym(0xff67)
  /// Num Lock.
  public static let numLock = Keysym(0xff7f)
  /// Keypad Enter.
  public static let kpEnter = Keysym(0xff8d)
  /// Delete (forward delete).
  public static let delete = Keysym(0xffff)
  /// Left Shift.
  public static let shiftL = Keysym(0xffe1)
  /// Right Shift.
  public static let shiftR = Keysym(0xffe2)
  /// Left Control.
  public static let controlL = Keysym(0xffe3)
  /// Right Control.
  public static let controlR = Keysym(0xffe4)
  /// Caps Lock.
  public static let capsLock = Keysym(0xffe5)
  /// Left Meta.
  public static let metaL = Keysym(0xffe7)
  /// Right Meta.
  public static let metaR = Keysym(0xffe8)
  /// Left Alt.
  public static let altL = Keysym(0xffe9)
  /// Right Alt.
  public static let altR = Keysym(0xffea)
  /// Left Super.
  public static let superL = Keysym(0xffeb)
  /// Right Super.
  public static let superR = Keysym(0xffec)
  /// Left Hyper.
  public static let hyperL = Keysym(0xffed)
  /// Right Hyper.
  public static let hyperR = Keysym(0xffee)
  /// ISO_Level3_Shift (AltGr on most layouts).
  public static let isoLevel3Shift = Keysym(0xfe03)
  /// ISO_Left_Tab (what Shift+Tab produces).
  public static let isoLeftTab = Keysym(0xfe20)
  /// Space.
  public static let space = Keysym(0x20)

  /// The function key F`n`, for `n` in 1…35; a number outside that is the nearest end (F1 or
  /// F35), as counts and indexes are clamped everywhere (README, "Reliability").
  public static func f(_ n: Int) -> Keysym {
    Keysym(0xffbe + UInt32(min(max(n, 1), 35) - 1))
  }
}
