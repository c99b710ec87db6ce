import ResponderKit

/// The editor's text view: a ``TextView`` that says when the insertion point moved, so the
/// status line follows the cursor as well as the text.
@MainActor
final class EditorTextView: TextView {
  /// Called after the insertion point (or the selection's moving end) changed.
  var insertionPointDidChange: (@MainActor () -> Void)?

  override var insertionPoint: Int {
    didSet { if insertionPoint != oldValue { insertionPointDidChange?() } }
  }
}
