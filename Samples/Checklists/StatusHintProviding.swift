/// A screen that tells the status line which keys do what on it.
@MainActor
protocol StatusHintProviding: AnyObject {
  /// Short `key action` pairs, most useful first.
  var statusHints: [(key: String, action: String)] { get }
}
