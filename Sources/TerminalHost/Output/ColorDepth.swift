import Foundation
import ResponderKit

/// How many colours the terminal shows, and how a style's colours are brought down to that:
/// the ``Renderer`` passes every style through ``downgrade(_:)-(TextStyle)``.
public enum ColorDepth: Int, Sendable, Hashable, Comparable, CaseIterable {
  /// No colour (`NO_COLOR`, `TERM=dumb`, a terminal without colours): attributes only.
  case none
  /// The 8 ANSI colours (SGR 30–37 and 40–47): terminfo's `colors#8`, as `xterm` and the Linux
  /// console declare; the bright codes 90–97 are not theirs to rely on.
  case ansi8
  /// The 16 ANSI colours (SGR 30–37, 90–97 and their backgrounds).
  case ansi16
  /// xterm's 256-colour palette (SGR 38;5;n).
  case palette256
  /// 24-bit colour (SGR 38;2;r;g;b).
  case trueColor

  /// Orders depths from fewest to most colours.
  public static func < (lhs: ColorDepth, rhs: ColorDepth) -> Bool { lhs.rawValue < rhs.rawValue }

  /// What the terminal described by `environment` shows. In order: `NO_COLOR` set and not empty
  /// means ``none`` (no-color.org); `TERM=dumb` or no `TERM` means ``none``; `COLORTERM` of
  /// `truecolor` or `24bit` means ``trueColor``; then the `colors` capability of `TERM`'s
  /// terminfo entry (16777216 or more true colour, 256 or more the palette, 16 or more the 16
  /// ANSI colours, 8 or more the 8, fewer or none no colour); with no entry found, a `TERM` ending in `-256color`
  /// means the palette and any other the ANSI colours.
  public static func detect(
    environment: [String: String] = ProcessInfo.processInfo.environment,
    terminfoDirectories: [String]? = nil
  ) -> ColorDepth {
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
    guard let term = environment["TERM"], !term.isEmpty, term != "dumb" else { return .none }
    if let colorterm = environment["COLORTERM"]?.lowercased(),
      colorterm == "truecolor" || colorterm == "24bit"
    {
      return .trueColor
    }
    let directories = terminfoDirectories ?? Terminfo.searchPath(environment: environment)
    if let colors = Terminfo.colors(ofTerminal: term, searchPath: directories) {
      switch colors {
      case 16_777_216...: return .trueColor
      case 256...: return .palette256
      case 16...: return .ansi16
      case 8...: return .ansi8
      default: return .none
      }
    }
    return term.hasSuffix("256color") ? .palette256 : .ansi16
  }

  /// `style` with colours this depth can show: the nearest entry of xterm's palette, or the
  /// terminal's default colour for ``none``. Attributes are kept. A style already within the
  /// depth is returned unchanged.
  public func downgrade(_ style: TextStyle) -> TextStyle {
    if self == .trueColor { return style }
    var result = style
    result.foreground = downgrade(style.foreground)
    result.background = downgrade(style.background)
    return result
  }

  /// `color` as this depth shows it.
  public func downgrade(_ color: Color) -> Color {
    switch (self, color) {
    case (.trueColor, _), (_, .default): return color
    case (.none, _): return .default
    case (.palette256, .palette): return color
    case (.palette256, .rgb(let r, let g, let b)): return .palette(Self.nearest256(r, g, b))
    case (.ansi16, .palette(let index)) where index < 16: return color
    case (.ansi16, .palette(let index)):
      let (r, g, b) = Self.xtermRGB(index)
      return .palette(Self.nearest(r, g, b, among: 0..<16))
    case (.ansi16, .rgb(let r, let g, let b)): return .palette(Self.nearest(r, g, b, among: 0..<16))
    // A bright colour is its normal one (xterm's bold-as-bright terminals show 8–15 that way).
    case (.ansi8, .palette(let index)) where index < 16: return .palette(index % 8)
    case (.ansi8, .palette(let index)):
      let (r, g, b) = Self.xtermRGB(index)
      return .palette(Self.nearest(r, g, b, among: 0..<8))
    case (.ansi8, .rgb(let r, let g, let b)): return .palette(Self.nearest(r, g, b, among: 0..<8))
    }
  }

  // MARK: - xterm's palette

  /// xterm's default 16 colours (its `XTerm-col.ad` resources).
  private static let ansi: [(UInt8, UInt8, UInt8)] = [
    (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
    (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
    (255, 0, 255), (0, 255, 255), (255, 255, 255),
  ]
  /// The levels of xterm's 6×6×6 colour cube (entries 16–231).
  private static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

  /// The RGB value xterm gives a palette entry: the 16 colours, the cube, then 24 greys from 8
  /// in steps of 10.
  static func xtermRGB(_ index: UInt8) -> (Int, Int, Int) {
    switch index {
    case 0..<16:
      let (r, g, b) = ansi[Int(index)]
      return (Int(r), Int(g), Int(b))
    case 16..<232:
      let i = Int(index) - 16
      return (cubeLevels[i / 36], cubeLevels[i / 6 % 6], cubeLevels[i % 6])
    default:
      let level = 8 + 10 * (Int(index) - 232)
      return (level, level, level)
    }
  }

  /// The closest of the cube and grey ramp (16–255); the first 16 are left out because
  /// terminal themes redefine them.
  private static func nearest256(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
    func level(_ value: UInt8) -> Int {
      cubeLevels.indices.min { abs(cubeLevels[$0] - Int(value)) < abs(cubeLevels[$1] - Int(value)) }!
    }
    let cube = UInt8(16 + 36 * level(r) + 6 * level(g) + level(b))
    let average = (Int(r) + Int(g) + Int(b)) / 3
    let grey = UInt8(232 + max(0, min(23, (average - 8 + 5) / 10)))
    return distance(xtermRGB(grey), r, g, b) < distance(xtermRGB(cube), r, g, b) ? grey : cube
  }

  private static func nearest(_ r: UInt8, _ g: UInt8, _ b: UInt8, among range: Range<UInt8>) -> UInt8 {
    range.min { distance(xtermRGB($0), r, g, b) < distance(xtermRGB($1), r, g, b) }!
  }

  private static func nearest(_ r: Int, _ g: Int, _ b: Int, among range: Range<UInt8>) -> UInt8 {
    nearest(UInt8(r), UInt8(g), UInt8(b), among: range)
  }

  private static func distance(_ color: (Int, Int, Int), _ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int {
    let dr = color.0 - Int(r)
    let dg = color.1 - Int(g)
    let db = color.2 - Int(b)
    return dr * dr + dg * dg + db * db
  }
}
