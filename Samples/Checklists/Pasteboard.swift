/// The app's own pasteboard: Copy and Cut put an item's text here, Paste adds an item with it,
/// in this list or another. (Terminals give no portable access to the system clipboard.)
@MainActor
final class Pasteboard {
  /// The text copied last, or nil before anything was copied.
  var string: String?
}
