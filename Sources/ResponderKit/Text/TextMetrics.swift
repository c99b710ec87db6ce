/// Measuring, cutting and wrapping text in terminal columns, for the views that draw text
/// directly into a ``Canvas``.
enum TextMetrics {
  /// Columns `text` takes.
  static func width(of text: some StringProtocol) -> Int {
    text.reduce(0) { $0 + $1.terminalWidth }
  }

  /// `text` cut to `width` columns, ending in `…` when it was cut.
  static func truncated(_ text: String, to width: Int) -> String {
    guard self.width(of: text) > width else { return text }
    guard width > 0 else { return "" }
    var result = ""
    var used = 0
    for character in text {
      let w = character.terminalWidth
      if used + w > width - 1 { break }
      result.append(character)
      used += w
    }
    return result + "…"
  }

  /// `text` broken into lines of at most `width` columns, at spaces where possible; explicit
  /// newlines are kept. A word longer than a line is split.
  static func wrapped(_ text: String, width: Int) -> [String] {
    guard width > 0 else { return [] }
    var lines: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var line = ""
      var lineWidth = 0
      for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
        var word = Substring(word)
        while self.width(of: word) > width {
          if lineWidth > 0 {
            lines.append(line)
            line = ""
            lineWidth = 0
          }
          var head = ""
          var used = 0
          while let c = word.first, used + c.terminalWidth <= width {
            head.append(c)
            used += c.terminalWidth
            word = word.dropFirst()
          }
          if head.isEmpty { break }
          lines.append(head)
        }
        let w = self.width(of: word)
        if w == 0 { continue }
        if lineWidth == 0 {
          line = String(word)
          lineWidth = w
        } else if lineWidth + 1 + w <= width {
          line += " " + word
          lineWidth += 1 + w
        } else {
          lines.append(line)
          line = String(word)
          lineWidth = w
        }
      }
      lines.append(line)
    }
    return lines
  }
}
