extension Character {
  /// How many terminal columns the character takes: 0 for a lone combining mark or control,
  /// 2 for East Asian wide/fullwidth characters and emoji presentation, 1 otherwise.
  ///
  /// Every scalar up to U+3FFFF agrees with glibc 2.36's `wcwidth` except the regional
  /// indicators (2 here: a flag, a pair of them, is drawn two cells wide) and U+1171E.
  public var terminalWidth: Int {
    let scalars = unicodeScalars
    guard let first = scalars.first else { return 0 }
    // An emoji presentation selector makes the cluster wide, as terminals draw it.
    if scalars.contains(where: { $0.value == 0xfe0f }) { return 2 }
    return first.terminalWidth
  }
}

extension Unicode.Scalar {
  /// Columns for one scalar; see `Character.terminalWidth`.
  public var terminalWidth: Int {
    let v = value
    if v < 0x20 || (0x7f..<0xa0).contains(v) { return 0 }
    if v < 0x300 { return 1 }
    let props = properties
    // Prepended concatenation marks (Arabic number sign, …) are format characters that are
    // drawn, so they take a column like in glibc's wcwidth.
    if (0x600...0x605).contains(v) || v == 0x6dd || v == 0x70f || (0x890...0x891).contains(v)
      || v == 0x8e2 || v == 0x110bd || v == 0x110cd
    {
      return 1
    }
    switch props.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return v == 0xad ? 1 : 0
    default: break
    }
    // Hangul medial vowels and final consonants join the preceding syllable.
    if (0x1160...0x11ff).contains(v) || (0xd7b0...0xd7ff).contains(v) || v == 0x200b { return 0 }
    if props.isEmojiPresentation { return 2 }
    return Self.isEastAsianWide(v) ? 2 : 1
  }

  /// East Asian Width W and F ranges (Unicode 15, EastAsianWidth.txt, merged), checked
  /// scalar by scalar against glibc 2.36's `wcwidth` (the table terminals on this system use).
  static func isEastAsianWide(_ v: UInt32) -> Bool {
    switch v {
    case 0x1100...0x115f, 0x231a...0x231b, 0x2329...0x232a, 0x23e9...0x23ec, 0x23f0, 0x23f3,
      0x25fd...0x25fe, 0x2614...0x2615, 0x2648...0x2653, 0x267f, 0x2693, 0x26a1,
      0x26aa...0x26ab, 0x26bd...0x26be, 0x26c4...0x26c5, 0x26ce, 0x26d4, 0x26ea,
      0x26f2...0x26f3, 0x26f5, 0x26fa, 0x26fd, 0x2705, 0x270a...0x270b, 0x2728, 0x274c,
      0x274e, 0x2753...0x2755, 0x2757, 0x2795...0x2797, 0x27b0, 0x27bf, 0x2b1b...0x2b1c,
      0x2b50, 0x2b55, 0x2e80...0x303e, 0x3041...0x33ff, 0x3400...0x4dbf, 0x4dc0...0x4dff,
      0x4e00...0x9fff, 0xa000...0xa4cf, 0xa960...0xa97f, 0xac00...0xd7a3, 0xf900...0xfaff,
      0xfe10...0xfe19, 0xfe30...0xfe6f, 0xff00...0xff60, 0xffe0...0xffe6, 0x16fe0...0x16fe4,
      0x16ff0...0x16ff1, 0x17000...0x18cff, 0x18d00...0x18d08, 0x1aff0...0x1affe,
      0x1b000...0x1b2ff, 0x1f004, 0x1f0cf, 0x1f18e, 0x1f191...0x1f19a, 0x1f200...0x1f251,
      0x1f260...0x1f265, 0x20000...0x2fffd, 0x30000...0x3fffd:
      // Emoji blocks are not listed: there exactly the Emoji_Presentation characters are wide,
      // which `isEmojiPresentation` already answered; the rest (U+1F321 …) draw narrow.
      return true
    default:
      return false
    }
  }
}

extension Character {
  /// Whether terminals in use disagree on how many columns the character takes, so a renderer
  /// must not count on where the terminal's cursor stops after writing it.
  ///
  /// True for clusters that only terminals which segment grapheme clusters (mode 2027) measure
  /// as one: emoji presentation and text presentation selectors (✈️), ZWJ sequences (👩‍💻), flags
  /// and lone regional indicators (🇩🇪, 🇩), skin tones (👍🏽), keycaps and tag sequences; and for any
  /// character holding a wide or zero-width scalar newer than Unicode 9.0, the width table that
  /// libvterm and older terminals carry (🫠, new combining marks).
  public var terminalWidthVaries: Bool {
    let scalars = unicodeScalars
    guard let first = scalars.first else { return false }
    if scalars.count == 1 {
      return Self.isRegionalIndicator(first.value) || Self.isNewerThanWidthTables(first)
    }
    for scalar in scalars {
      let v = scalar.value
      if v == 0x200d || v == 0xfe0e || v == 0xfe0f || v == 0x20e3 || Self.isRegionalIndicator(v)
        || (0x1f3fb...0x1f3ff).contains(v) || (0xe0020...0xe007f).contains(v)
        || Self.isNewerThanWidthTables(scalar)
      {
        return true
      }
    }
    return false
  }

  private static func isRegionalIndicator(_ v: UInt32) -> Bool { (0x1f1e6...0x1f1ff).contains(v) }

  /// A scalar whose width is not 1 and that Unicode added after 9.0.
  private static func isNewerThanWidthTables(_ scalar: Unicode.Scalar) -> Bool {
    guard scalar.value >= 0x300, scalar.terminalWidth != 1, let age = scalar.properties.age else {
      return false
    }
    return age.major > 9
  }
}
