import ResponderKit

/// Where a compose sequence stands after a keysym.
public enum ComposeStatus: Hashable, Sendable {
  /// No sequence is in progress; the keysym means itself.
  case nothing
  /// A sequence is in progress (a dead key was pressed); the keysym types nothing yet.
  case composing
  /// The sequence finished: type `text`; `keysym` is the result's keysym, or
  /// `Keysym/noSymbol` when the table gives only text.
  case composed(text: String, keysym: Keysym)
  /// The keysym broke the sequence; it types nothing and starts no new sequence.
  case cancelled
}
