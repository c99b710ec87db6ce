/// What a text field asks and tells about editing: UIKit's `UITextFieldDelegate`. Every
/// method is optional: each has a default in an extension (a `should…` method says yes), so
/// implementing one is all it takes for it to be called (see <doc:OptionalDelegateMethods>).
/// The field holds its delegate weakly.
@MainActor
public protocol TextFieldDelegate: AnyObject {
  /// Whether the field may start editing (become first responder).
  func textFieldShouldBeginEditing(_ textField: TextField) -> Bool
  /// The field started editing; called before ``ControlEvents/editingDidBegin`` is sent.
  func textFieldDidBeginEditing(_ textField: TextField)
  /// Whether the field may stop editing (give up first responder).
  func textFieldShouldEndEditing(_ textField: TextField) -> Bool
  /// The field stopped editing; called before ``ControlEvents/editingDidEnd`` is sent.
  func textFieldDidEndEditing(_ textField: TextField)
  /// Whether an edit by the user may replace the characters in `range` (indices of
  /// `Character`s in ``TextField/text``) with `string`. Not asked for changes made in code.
  func textField(
    _ textField: TextField, shouldChangeCharactersIn range: Range<Int>, replacementString string: String
  ) -> Bool
  /// Whether Return should do its default: send ``ControlEvents/editingDidEndOnExit`` and
  /// ``ControlEvents/primaryActionTriggered``, then end editing.
  func textFieldShouldReturn(_ textField: TextField) -> Bool
}

extension TextFieldDelegate {
  /// Yes.
  public func textFieldShouldBeginEditing(_ textField: TextField) -> Bool { true }
  /// Nothing.
  public func textFieldDidBeginEditing(_ textField: TextField) {}
  /// Yes.
  public func textFieldShouldEndEditing(_ textField: TextField) -> Bool { true }
  /// Nothing.
  public func textFieldDidEndEditing(_ textField: TextField) {}
  /// Yes.
  public func textField(
    _ textField: TextField, shouldChangeCharactersIn range: Range<Int>, replacementString string: String
  ) -> Bool { true }
  /// Yes.
  public func textFieldShouldReturn(_ textField: TextField) -> Bool { true }
}
