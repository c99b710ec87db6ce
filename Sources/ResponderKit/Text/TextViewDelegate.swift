/// What a ``TextView`` tells about editing: UIKit's `UITextViewDelegate`, the parts a terminal
/// needs. Every method is optional: declare the ones you implement in
/// ``textViewDelegateMethods`` (see <doc:OptionalDelegateMethods>); the view reads it once when
/// the delegate is set and calls nothing else. The text view holds its delegate weakly.
@MainActor
public protocol TextViewDelegate: AnyObject {
  /// The optional methods this delegate implements. Default: none.
  var textViewDelegateMethods: TextViewDelegateMethods { get }
  /// The view became first responder.
  func textViewDidBeginEditing(_ textView: TextView)
  /// The view gave up first responder.
  func textViewDidEndEditing(_ textView: TextView)
  /// The user changed the text (typing, deleting, pasting, undo); not called for changes
  /// made in code.
  func textViewDidChange(_ textView: TextView)
}

extension TextViewDelegate {
  /// None.
  public var textViewDelegateMethods: TextViewDelegateMethods { [] }
  /// Nothing.
  public func textViewDidBeginEditing(_ textView: TextView) {}
  /// Nothing.
  public func textViewDidEndEditing(_ textView: TextView) {}
  /// Nothing.
  public func textViewDidChange(_ textView: TextView) {}
}
