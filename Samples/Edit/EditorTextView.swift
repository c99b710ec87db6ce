import ResponderKit

/// The editor's text view: a ``TextView`` that says when the insertion point moved, so the
/// status line follows the cursor as well as the text, and that keeps the insertion point
/// where it was when it takes focus (a text view starts editing at the end, as a field does;
/// an editor opening a file starts at its top).
@MainActor
final class EditorTextView: TextView {
  /// Called after the insertion point (or the selection's moving end) changed.
  var insertionPointDidChange: (@MainActor () -> Void)?

  override var insertionPoint: Int {
    didSet { if insertionPoint != oldValue { insertionPointDidChange?() } }
  }

  override func didBecomeFirstResponder() {
    let kept = selectedRange
    super.didBecomeFirstResponder()
    selectedRange = kept
  }
}
