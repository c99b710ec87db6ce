import ResponderKit

/// The bottom line: the keys of the screen shown (bold key, plain action) and, on the right,
/// the latest message (a save failure, a launch problem). The message comes first: hints that
/// do not fit beside it are left out, so a failure's reason is never cut off for them.
@MainActor
final class StatusLine: View {
  /// Where the hints come from: the screen on top.
  var hintsProvider: (@MainActor () -> [(key: String, action: String)])?

  /// A message shown at the right until replaced.
  var message = "" {
    didSet { if message != oldValue { setNeedsDisplay() } }
  }

  static let style = TextStyle(attributes: .reverse)

  /// One row: the default (the current bounds) would stay 0 once a one-row screen squeezed
  /// the line away, and the line would never come back.
  override func sizeThatFits(_ size: Size) -> Size { Size(width: size.width, height: 1) }

  override func draw(in canvas: Canvas) {
    let width = Int(bounds.width)
    canvas.fill(Rect(x: 0, y: 0, width: bounds.width, height: 1), with: .blank(Self.style))
    let messageWidth = message.isEmpty ? 0 : min(width, Self.width(of: message) + 2)
    let room = width - messageWidth
    var x = 1
    for (key, action) in hintsProvider?() ?? [] {
      let needed = Self.width(of: key) + 1 + Self.width(of: action) + 2
      guard x + needed - 2 <= room else { break }
      x = canvas.draw(key, x: x, y: 0, style: Self.style.adding(.bold))
      x = canvas.draw(" " + action, x: x, y: 0, style: Self.style) + 2
    }
    if !message.isEmpty {
      let shown = Self.prefix(message, width: messageWidth - 1)
      canvas.draw(shown, x: width - Self.width(of: shown) - 1, y: 0, style: Self.style)
    }
  }

  /// Columns a text takes.
  static func width(of text: String) -> Int {
    text.reduce(0) { $0 + $1.terminalWidth }
  }

  /// The longest start of `text` that fits in `width` columns.
  static func prefix(_ text: String, width: Int) -> String {
    var used = 0
    var result = ""
    for character in text {
      used += character.terminalWidth
      if used > width { break }
      result.append(character)
    }
    return result
  }
}
