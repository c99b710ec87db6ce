import CXKBCommon
import ResponderKit

extension Keysym {
  /// The keysym with this name (`Return`, `adiaeresis`, `U20AC`, `0x1008ff11`), or nil.
  ///
  /// - Parameter caseInsensitive: Accept any case; xkbcommon then prefers the lower-case
  ///   keysym when names differ only in case (`a`, not `A`).
  public init?(name: String, caseInsensitive: Bool = false) {
    guard !name.isEmpty, !name.contains("\0") else { return nil }
    let value = xkb_keysym_from_name(
      name, caseInsensitive ? XKB_KEYSYM_CASE_INSENSITIVE : XKB_KEYSYM_NO_FLAGS)
    guard value != 0 else { return nil }
    self.init(value)
  }

  /// The keysym's name exactly as `xkb_keysym_get_name` writes it: the canonical name
  /// (`Return`, `Greek_lamda`), a `U`-name for Unicode keysyms (`U20AC` when unnamed), a
  /// `0x`-number for unnamed values (`0x1234abcd`), or `Invalid` above 0x1fffffff.
  public var name: String {
    // The longest keysym name has 27 characters; "0x" and 8 digits need 11 bytes.
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
      buffer.initialize(repeating: 0)
      _ = xkb_keysym_get_name(rawValue, buffer.baseAddress, buffer.count)
      return String(cString: buffer.baseAddress!)
    }
  }

  /// The keysym xkbcommon uses for a Unicode scalar, preferring legacy keysyms
  /// (`Cyrillic_es` for `с`, `BackSpace` for U+0008); nil when there is none.
  public init?(utf32: UInt32) {
    let value = xkb_utf32_to_keysym(utf32)
    guard value != 0 else { return nil }
    self.init(value)
  }

  /// The keysym xkbcommon uses for a character's first scalar; nil when there is none.
  public init?(character: Character) {
    guard let scalar = character.unicodeScalars.first else { return nil }
    self.init(utf32: scalar.value)
  }

  /// The Unicode scalar the keysym types, including legacy keysyms; nil for functional keys
  /// (and for the surrogate code points xkbcommon 1.5 returns for `U+D800`…`U+DFFF` keysyms).
  public var utf32: Unicode.Scalar? { utf32Value == 0 ? nil : Unicode.Scalar(utf32Value) }

  /// The value `xkb_keysym_to_utf32` returns, unchanged: 0 when the keysym has no character,
  /// and a surrogate's code when that is what the keysym encodes.
  public var utf32Value: UInt32 { xkb_keysym_to_utf32(rawValue) }

  /// The UTF-8 bytes `xkb_keysym_to_utf8` writes, without the terminating NUL; empty when
  /// the keysym has no character.
  public var utf8: [UInt8] {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: 8) { buffer in
      let count = xkb_keysym_to_utf8(rawValue, buffer.baseAddress, buffer.count)
      guard count > 1 else { return [] }
      return buffer.prefix(Int(count) - 1).map { UInt8(bitPattern: $0) }
    }
  }

  /// The upper-case keysym (`A` for `a`), or the keysym itself.
  public var uppercased: Keysym { Keysym(xkb_keysym_to_upper(rawValue)) }

  /// The lower-case keysym (`a` for `A`), or the keysym itself.
  public var lowercased: Keysym { Keysym(xkb_keysym_to_lower(rawValue)) }

  /// Keypad 0 with Num Lock.
  public static let kp0 = Keysym(0xffb0)
  /// Keypad 7 with Num Lock.
  public static let kp7 = Keysym(0xffb7)
  /// Keypad 7 without Num Lock.
  public static let kpHome = Keysym(0xff95)
  /// Keypad decimal separator without Num Lock.
  public static let kpDelete = Keysym(0xff9f)
  /// The `@` sign.
  public static let at = Keysym(0x40)
  /// The dead acute accent (a dead key).
  public static let deadAcute = Keysym(0xfe51)
  /// The dead grave accent (a dead key).
  public static let deadGrave = Keysym(0xfe50)
  /// The dead circumflex (a dead key).
  public static let deadCircumflex = Keysym(0xfe52)
  /// The dead diaeresis (a dead key).
  public static let deadDiaeresis = Keysym(0xfe57)
  /// Switches to the next layout (what `grp:*_toggle` options bind).
  public static let isoNextGroup = Keysym(0xfe08)
}
