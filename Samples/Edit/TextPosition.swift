/// Line and column of a place in a text, as an editor's status line shows them: 1-based, by
/// lines between newlines (not the wrapped lines on screen), the column in characters.
struct TextPosition: Equatable {
  var line: Int
  var column: Int

  /// The position of `characterIndex` (a `Character` offset, clamped) in `text`.
  init(of characterIndex: Int, in text: String) {
    var line = 1
    var column = 1
    var remaining = max(0, characterIndex)
    for character in text {
      guard remaining > 0 else { break }
      remaining -= 1
      if character.isNewline {
        line += 1
        column = 1
      } else {
        column += 1
      }
    }
    self.line = line
    self.column = column
  }

  init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }
}
