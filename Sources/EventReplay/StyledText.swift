import ResponderKit

extension Snapshot {
  /// A readable text form of cells with their styles, for snapshot files: the rows' text,
  /// then a line of style letters under each row (`.` for the plain style, `a`, `b`, … in order
  /// of first use; a wide character's right half repeats its letter), then a legend naming each
  /// letter's colours and attributes.
  ///
  /// ```
  /// [ OK ]
  /// aaaaaa
  /// a: fg rgb(95,175,255) bold reverse
  /// ```
  public static func styledText(of buffer: CellBuffer) -> String {
    var letters: [TextStyle: Character] = [.plain: "."]
    var legend: [String] = []
    var lines: [String] = []
    let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
    for y in 0..<buffer.rows {
      var marks = ""
      for x in 0..<buffer.columns {
        let style = buffer[x, y].style
        if letters[style] == nil {
          let letter = letters.count - 1 < alphabet.count ? alphabet[letters.count - 1] : "?"
          letters[style] = letter
          legend.append("\(letter): \(describe(style))")
        }
        marks.append(letters[style]!)
      }
      lines.append(buffer.text(ofRow: y))
      lines.append(marks)
    }
    return (lines + legend).joined(separator: "\n")
  }

  /// `fg …`, `bg …` and the attributes' names; `plain` when there are none.
  static func describe(_ style: TextStyle) -> String {
    var parts: [String] = []
    if style.foreground != .default { parts.append("fg \(describe(style.foreground))") }
    if style.background != .default { parts.append("bg \(describe(style.background))") }
    let names: [(TextStyle.Attributes, String)] = [
      (.bold, "bold"), (.dim, "dim"), (.italic, "italic"), (.underline, "underline"), (.blink, "blink"),
      (.reverse, "reverse"), (.strikethrough, "strikethrough"),
    ]
    parts += names.filter { style.attributes.contains($0.0) }.map(\.1)
    return parts.isEmpty ? "plain" : parts.joined(separator: " ")
  }

  static func describe(_ color: Color) -> String {
    switch color {
    case .default: "default"
    case .palette(let index): "palette(\(index))"
    case .rgb(let r, let g, let b): "rgb(\(r),\(g),\(b))"
    }
  }
}
