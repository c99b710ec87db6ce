import ResponderKit

/// The bottom line, reversed: where the insertion point is and whether the text is edited on
/// the left; a message or the main keys on the right. The left part always shows; keys that do
/// not fit are left out from the last, and a message too long for the room loses its start
/// (the file's path), never the reason at its end.
@MainActor
final class EditorStatusLine: View {
  /// ` Ln 3, Col 7 · Edited`, asked for when the line is drawn (once a frame, however many
  /// changes the frame shows: finding the line in a long text is the costly part).
  var positionProvider: (@MainActor () -> String)?

  /// A sentence (a save that failed), shown instead of the keys while it is not empty.
  var message = "" {
    didSet { if message != oldValue { setNeedsDisplay() } }
  }

  /// The keys, as (key, what it does), most important first.
  var hints: [(key: String, action: String)] = [] {
    didSet { setNeedsDisplay() }
  }

  static let style = TextStyle(attributes: .reverse)

  override func sizeThatFits(_ size: Size) -> Size { Size(width: size.width, height: 1) }

  override func draw(in canvas: Canvas) {
    let width = Int(bounds.width)
    canvas.fill(Rect(x: 0, y: 0, width: bounds.width, height: 1), with: .blank(Self.style))
    let end = canvas.draw(positionProvider?() ?? "", x: 0, y: 0, style: Self.style.adding(.bold))
    let room = width - end - 3
    guard room > 0 else { return }
    if !message.isEmpty {
      let shown = Self.width(of: message) <= room ? message : "…" + Self.suffix(message, width: room - 1)
      canvas.draw(shown, x: width - Self.width(of: shown) - 1, y: 0, style: Self.style)
      return
    }
    var fitting = hints[...]
    while !fitting.isEmpty, Self.width(of: fitting) > room { fitting = fitting.dropLast() }
    var x = width - Self.width(of: fitting) - 1
    for (number, hint) in fitting.enumerated() {
      if number > 0 { x = canvas.draw(" · ", x: x, y: 0, style: Self.style) }
      x = canvas.draw(hint.key, x: x, y: 0, style: Self.style.adding(.bold))
      x = canvas.draw(" " + hint.action, x: x, y: 0, style: Self.style)
    }
  }

  /// Columns the hints take, with the separators between them.
  static func width(of hints: ArraySlice<(key: String, action: String)>) -> Int {
    hints.reduce(0) { $0 + width(of: $1.key) + 1 + width(of: $1.action) } + max(0, hints.count - 1) * 3
  }

  /// Columns a text takes.
  static func width(of text: String) -> Int {
    text.reduce(0) { $0 + $1.terminalWidth }
  }

  /// The longest end of `text` that fits in `width` columns.
  static func suffix(_ text: String, width: Int) -> String {
    var used = 0
    var start = text.endIndex
    while start > text.startIndex {
      let before = text.index(before: start)
      used += text[before].terminalWidth
      if used > width { break }
      start = before
    }
    return String(text[start...])
  }
}
