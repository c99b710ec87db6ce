import Foundation
import ResponderKit

extension Snapshot {
  /// The colours an SVG snapshot gives the terminal's defaults and its 16 ANSI colours.
  ///
  /// Palette entries 16–255 are the xterm 6×6×6 cube and grey ramp, the same on every
  /// terminal, so only these are a choice.
  public struct SVGTheme: Sendable, Hashable {
    /// The default text colour, as `#rrggbb`.
    public var foreground: String
    /// The default cell colour, as `#rrggbb`.
    public var background: String
    /// ANSI colours 0–15, as `#rrggbb`.
    public var ansi: [String]

    /// Creates a theme; `ansi` must hold 16 colours.
    public init(foreground: String, background: String, ansi: [String]) {
      precondition(ansi.count == 16, "an SVG theme needs the 16 ANSI colours")
      self.foreground = foreground
      self.background = background
      self.ansi = ansi
    }

    /// xterm's default colours (its `XTerm*color0`–`color15` resources), light text on black.
    public static let xterm = SVGTheme(
      foreground: "#e5e5e5", background: "#000000",
      ansi: [
        "#000000", "#cd0000", "#00cd00", "#cdcd00", "#0000ee", "#cd00cd", "#00cdcd", "#e5e5e5",
        "#7f7f7f", "#ff0000", "#00ff00", "#ffff00", "#5c5cff", "#ff00ff", "#00ffff", "#ffffff",
      ])
  }

  /// The largest cell side ``svg(of:theme:cellWidth:cellHeight:)`` draws, in pixels.
  public static let maximumCellPixels = 1_024

  /// An SVG picture of cells with their colours and attributes, for looking at a screen rather
  /// than reading it: one `<rect>` per run of a background colour and one `<text>` per run of a
  /// style, one line each, so the file also diffs well.
  ///
  /// Bold, italic, underline, strike-through and dim map to SVG's font weight, font style, text
  /// decoration and opacity; reverse swaps the colours; blink is drawn steady. A cell is
  /// `cellWidth` × `cellHeight` pixels, each 1 to ``maximumCellPixels``.
  ///
  /// ```swift
  /// import EventReplay
  /// import ResponderKit
  ///
  /// var buffer = CellBuffer(columns: 4, rows: 1)
  /// buffer[0, 0] = Cell("O", style: TextStyle(foreground: .green, attributes: .bold))
  /// let svg = Snapshot.svg(of: buffer)
  /// ```
  public static func svg(
    of buffer: CellBuffer, theme: SVGTheme = .xterm, cellWidth: Int = 8, cellHeight: Int = 16
  ) -> String {
    // A cell is 1 to `maximumCellPixels` pixels a side, so no size overflows.
    let cellWidth = min(max(1, cellWidth), maximumCellPixels)
    let cellHeight = min(max(1, cellHeight), maximumCellPixels)
    let width = buffer.columns * cellWidth
    let height = buffer.rows * cellHeight
    var lines = [
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\""
        + " viewBox=\"0 0 \(width) \(height)\" font-family=\"DejaVu Sans Mono, monospace\""
        + " font-size=\"\(cellHeight * 13 / 16)\">",
      "<rect width=\"\(width)\" height=\"\(height)\" fill=\"\(theme.background)\"/>",
    ]
    var texts: [String] = []
    for y in 0..<buffer.rows {
      var x = 0
      while x < buffer.columns {
        let style = buffer[x, y].style
        var end = x + 1
        while end < buffer.columns && buffer[end, y].style == style { end += 1 }
        let (fill, back) = colors(of: style, theme: theme)
        if back != theme.background {
          lines.append(
            "<rect x=\"\(x * cellWidth)\" y=\"\(y * cellHeight)\" width=\"\((end - x) * cellWidth)\""
              + " height=\"\(cellHeight)\" fill=\"\(back)\"/>")
        }
        // Trailing blanks draw nothing; leaving them out keeps the lines short.
        var last = end
        while last > x && buffer[last - 1, y].text == " " { last -= 1 }
        let text = (x..<last).map { buffer[$0, y].text }.joined()
        if !text.isEmpty {
          texts.append(
            "<text x=\"\(x * cellWidth)\" y=\"\(y * cellHeight + cellHeight * 3 / 4)\""
              + " textLength=\"\((last - x) * cellWidth)\" fill=\"\(fill)\"\(attributes(of: style))"
              + " xml:space=\"preserve\">\(escaped(text))</text>")
        }
        x = end
      }
    }
    return (lines + texts + ["</svg>"]).joined(separator: "\n") + "\n"
  }

  /// The text and cell colours of a style, reverse applied.
  static func colors(of style: TextStyle, theme: SVGTheme) -> (text: String, cell: String) {
    let text = hex(style.foreground, theme: theme) ?? theme.foreground
    let cell = hex(style.background, theme: theme) ?? theme.background
    return style.attributes.contains(.reverse) ? (cell, text) : (text, cell)
  }

  /// `#rrggbb` for a colour; nil for the default, whose meaning depends on the side.
  static func hex(_ color: Color, theme: SVGTheme) -> String? {
    switch color {
    case .default: return nil
    case .rgb(let r, let g, let b): return hex(r, g, b)
    case .palette(let index) where index < 16: return theme.ansi[Int(index)]
    case .palette(let index) where index < 232:
      // The cube's levels are 0, 95, 135, 175, 215, 255 (xterm's 256colres.pl).
      let level = { (n: Int) -> UInt8 in n == 0 ? 0 : UInt8(55 + 40 * n) }
      let n = Int(index) - 16
      return hex(level(n / 36), level(n / 6 % 6), level(n % 6))
    case .palette(let index):
      let grey = UInt8(8 + 10 * (Int(index) - 232))
      return hex(grey, grey, grey)
    }
  }

  static func hex(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> String {
    "#" + [r, g, b].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
  }

  /// SVG presentation attributes for bold, dim, italic, underline and strike-through.
  static func attributes(of style: TextStyle) -> String {
    var result = ""
    if style.attributes.contains(.bold) { result += " font-weight=\"bold\"" }
    if style.attributes.contains(.italic) { result += " font-style=\"italic\"" }
    if style.attributes.contains(.dim) { result += " opacity=\"0.5\"" }
    let decorations = [(TextStyle.Attributes.underline, "underline"), (.strikethrough, "line-through")]
      .filter { style.attributes.contains($0.0) }.map(\.1)
    if !decorations.isEmpty { result += " text-decoration=\"\(decorations.joined(separator: " "))\"" }
    return result
  }

  static func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      default: result.append(character)
      }
    }
    return result
  }
}
