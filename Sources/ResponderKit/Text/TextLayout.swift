/// Measuring, wrapping and truncating text in terminal cells, for labels and fields.
enum TextLayout {
  /// The number of cells `text` occupies.
  static func width(of text: some Sequence<Character>) -> Int {
    text.reduce(0) { $0 + $1.terminalWidth }
  }

  /// Splits one paragraph into lines of at most `width` cells: at spaces when `byWord`,
  /// else anywhere. A word wider than the line is split.
  static func wrap(_ paragraph: String, width: Int, byWord: Bool) -> [String] {
    guard width > 0 else { return [] }
    if paragraph.isEmpty { return [""] }
    var lines: [String] = []
    var line = ""
    var lineWidth = 0
    func breakChars(_ word: String) {
      for character in word {
        let w = character.terminalWidth
        if lineWidth + w > width, !line.isEmpty {
          lines.append(line)
          line = ""
          lineWidth = 0
        }
        line.append(character)
        lineWidth += w
      }
    }
    guard byWord else {
      breakChars(paragraph)
      lines.append(line)
      return lines
    }
    for (index, word) in paragraph.split(separator: " ", omittingEmptySubsequences: false).enumerated() {
      let word = String(word)
      let wordWidth = self.width(of: word)
      let separator = index == 0 ? 0 : 1
      if lineWidth + separator + wordWidth <= width {
        if index > 0 { line.append(" ") }
        line += word
        lineWidth += separator + wordWidth
      } else if wordWidth <= width {
        lines.append(line)
        line = word
        lineWidth = wordWidth
      } else {
        if index > 0, lineWidth + 1 < width {
          line.append(" ")
          lineWidth += 1
        }
        breakChars(word)
      }
    }
    lines.append(line)
    return lines
  }

  /// `text` cut to `width` cells with "…" where the cut is, per `mode`; text that fits, or
  /// a mode that does not truncate, is only clipped.
  static func truncate(_ text: String, width: Int, mode: LineBreakMode) -> String {
    guard width > 0 else { return "" }
    if self.width(of: text) <= width { return text }
    switch mode {
    case .truncatingTail:
      return prefix(text, width: width - 1) + "…"
    case .truncatingHead:
      return "…" + suffix(text, width: width - 1)
    case .truncatingMiddle:
      let left = (width - 1 + 1) / 2
      return prefix(text, width: left) + "…" + suffix(text, width: width - 1 - left)
    case .wordWrapping, .charWrapping, .clipping:
      return prefix(text, width: width)
    }
  }

  /// The longest start of `text` that fits in `width` cells.
  static func prefix(_ text: String, width: Int) -> String {
    var result = ""
    var used = 0
    for character in text {
      let w = character.terminalWidth
      if used + w > width { break }
      result.append(character)
      used += w
    }
    return result
  }

  /// The longest end of `text` that fits in `width` cells.
  static func suffix(_ text: String, width: Int) -> String {
    var result: [Character] = []
    var used = 0
    for character in text.reversed() {
      let w = character.terminalWidth
      if used + w > width { break }
      result.append(character)
      used += w
    }
    return String(result.reversed())
  }
}
