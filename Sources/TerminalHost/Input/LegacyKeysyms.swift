import ResponderKit
import XKBKeyboard

/// xkbcommon's character → keysym mapping as a flat table, for the parser's hot path.
///
/// `xkb_utf32_to_keysym` scans a list of a thousand legacy keysyms on every call, which halved
/// the parser's speed on text beyond Latin-1. The legacy keysyms all lie in 0x100–0x20ff and
/// stand for BMP characters, so inverting `xkb_keysym_to_utf32` over that range once gives the
/// same answers (the lowest keysym wins, as in xkbcommon's scan) in one array read.
@usableFromInline
enum LegacyKeysyms {
  /// For each BMP scalar, its legacy keysym, or 0 when there is none.
  @usableFromInline
  static let table: [UInt16] = {
    var table = [UInt16](repeating: 0, count: 0x1_0000)
    for raw in UInt32(0x100)...0x20ff {
      guard let scalar = Keysym(raw).utf32, scalar.value > 0xff, scalar.value < 0x1_0000 else { continue }
      if table[Int(scalar.value)] == 0 { table[Int(scalar.value)] = UInt16(raw) }
    }
    return table
  }()

  /// The keysym xkbcommon gives `scalar`: Latin-1 as itself, a legacy keysym where one exists,
  /// else the Unicode keysym.
  @inline(__always)
  static func keysym(for scalar: Unicode.Scalar) -> Keysym {
    keysym(for: scalar, in: table)
  }

  /// ``keysym(for:)`` with ``table`` passed in: a parser holds it, so its per-character path
  /// skips the lazy global's initialization check.
  @inlinable @inline(__always)
  static func keysym(for scalar: Unicode.Scalar, in table: [UInt16]) -> Keysym {
    let value = scalar.value
    if value <= 0xff { return Keysym(unicodeScalar: scalar) }
    if value < 0x1_0000 {
      let legacy = table[Int(value)]
      if legacy != 0 { return Keysym(UInt32(legacy)) }
    }
    return Keysym(unicodeScalar: scalar)
  }
}
