import ResponderKit

/// A row of the notes list: the title in bold, then the body's first line, dim.
@MainActor
final class NoteCell: TableViewCell {
  static let identifier = "note"

  /// The first line of the body.
  var firstLine = "" {
    didSet { if firstLine != oldValue { setNeedsDisplay() } }
  }

  init() {
    super.init(reuseIdentifier: Self.identifier)
  }

  override func prepareForReuse() {
    super.prepareForReuse()
    firstLine = ""
  }

  override func draw(in canvas: Canvas) {
    let width = Int(bounds.width)
    guard width > 0 else { return }
    var base = TextStyle.plain
    if isSelected {
      base = base.adding(.reverse)
      canvas.fill(bounds, with: .blank(base))
    }
    let marker = isSelected ? "▸ " : "  "
    var x = canvas.draw(marker, x: 0, y: 0, style: base)
    let titleWidth = min(24, max(0, width - x - 2))
    let title = truncated(text, to: titleWidth)
    canvas.draw(title, x: x, y: 0, style: base.adding(.bold))
    x += titleWidth + 2
    if x < width - 1 {
      canvas.draw(truncated(firstLine, to: width - x - 1), x: x, y: 0, style: base.adding(.dim))
    }
    canvas.draw("›", x: width - 1, y: 0, style: base)
  }

  /// `text` cut to `width` columns, with an ellipsis when cut.
  private func truncated(_ text: String, to width: Int) -> String {
    guard width > 0 else { return "" }
    var result = ""
    var used = 0
    for character in text {
      let w = character.terminalWidth
      if used + w > width {
        if !result.isEmpty { result.removeLast() }
        return result + "…"
      }
      result.append(character)
      used += w
    }
    return result
  }
}
