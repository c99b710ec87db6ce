/// A terminal colour: the terminal's default, one of the 256 palette entries, or 24-bit RGB.
public enum Color: Hashable, Sendable, Codable {
  /// The terminal's own foreground or background.
  case `default`
  /// A palette index: 0–7 the ANSI colours, 8–15 their bright forms, 16–255 the cube and greys.
  case palette(UInt8)
  /// A 24-bit colour.
  case rgb(UInt8, UInt8, UInt8)

  /// ANSI black.
  public static let black = Color.palette(0)
  /// ANSI red.
  public static let red = Color.palette(1)
  /// ANSI green.
  public static let green = Color.palette(2)
  /// ANSI yellow.
  public static let yellow = Color.palette(3)
  /// ANSI blue.
  public static let blue = Color.palette(4)
  /// ANSI magenta.
  public static let magenta = Color.palette(5)
  /// ANSI cyan.
  public static let cyan = Color.palette(6)
  /// ANSI white (light grey on most terminals).
  public static let white = Color.palette(7)
  /// Bright black (dark grey).
  public static let brightBlack = Color.palette(8)
  /// Bright white.
  public static let brightWhite = Color.palette(15)
}

/// How a cell is drawn: colours and attributes.
public struct TextStyle: Hashable, Sendable, Codable {
  /// Character attributes, as SGR sets them.
  public struct Attributes: OptionSet, Hashable, Sendable, Codable {
    /// The bits.
    public var rawValue: UInt8
    /// Wraps bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Bold (SGR 1).
    public static let bold = Attributes(rawValue: 1 << 0)
    /// Faint (SGR 2).
    public static let dim = Attributes(rawValue: 1 << 1)
    /// Italic (SGR 3).
    public static let italic = Attributes(rawValue: 1 << 2)
    /// Underline (SGR 4).
    public static let underline = Attributes(rawValue: 1 << 3)
    /// Blink (SGR 5).
    public static let blink = Attributes(rawValue: 1 << 4)
    /// Reverse video (SGR 7).
    public static let reverse = Attributes(rawValue: 1 << 5)
    /// Strike-through (SGR 9).
    public static let strikethrough = Attributes(rawValue: 1 << 6)
  }

  /// The text colour.
  public var foreground: Color
  /// The cell colour.
  public var background: Color
  /// Bold, underline, reverse, ...
  public var attributes: Attributes
  /// The hyperlink the text is (OSC 8), or nil.
  public var link: Hyperlink?

  /// The terminal's default look.
  public static let plain = TextStyle()

  /// Creates a style.
  public init(
    foreground: Color = .default, background: Color = .default, attributes: Attributes = [],
    link: Hyperlink? = nil
  ) {
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
    self.link = link
  }

  /// This style with extra attributes.
  public func adding(_ more: Attributes) -> TextStyle {
    var copy = self
    copy.attributes.formUnion(more)
    return copy
  }
}
