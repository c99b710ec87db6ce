/// Why text could not be turned into key presses on a layout.
public struct TypingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The character with no key (typing it needs a dead key or another layout).
  public var character: Character
  /// Its offset in characters from the start of the text.
  public var offset: Int
  /// The layout index that was searched.
  public var layout: Int
  /// Which modifier key was missing, when the character's key exists but its modifier has
  /// no key of its own on the layout.
  public var missingModifier: String?

  /// Creates an error.
  public init(character: Character, offset: Int, layout: Int, missingModifier: String? = nil) {
    self.character = character
    self.offset = offset
    self.layout = layout
    self.missingModifier = missingModifier
  }

  /// Names the character, where it is, and what was missing.
  public var description: String {
    let scalars = character.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }
      .joined(separator: " ")
    if let missingModifier {
      return "no key for modifier \(missingModifier) needed by \"\(character)\" (\(scalars)) "
        + "at offset \(offset) on layout \(layout)"
    }
    return "no single key types \"\(character)\" (\(scalars)) at offset \(offset) on layout \(layout)"
  }
}
