/// What a ``TextView`` tells about editing: UIKit's `UITextViewDelegate`, the parts a terminal
/// needs. Every method is optional: each does nothing by default (a protocol
/// extension), so implementing one is all it takes for it to be called (see
/// <doc:OptionalDelegateMethods>). The text view holds its delegate weakly.
@MainActor
public protocol TextViewDelegate: AnyObject {
  /// The view became first responder.
  func textViewDidBeginEditing(_ textView: TextView)
  /// The view gave up first responder.
  func textViewDidEndEditing(_ textView: TextView)
  /// The user changed the text (typing, deleting, pasting, undo); not called for changes
  /// made in code.
  func textViewDidChange(_ textView: TextView)
}

extension TextViewDelegate {
  /// Nothing.
  public func textViewDidBeginEditing(_ textView: TextView) {}
  /// Nothing.
  public func textViewDidEndEditing(_ textView: TextView) {}
  /// Nothing.
  public func textViewDidChange(_ textView: TextView) {}
}
