/// The optional ``TextFieldDelegate`` methods a delegate implements, declared in
/// ``TextFieldDelegate/textFieldDelegateMethods``: the Swift form of the `respondsToSelector:` answers an
/// Objective-C object caches when its delegate is set. A method left out is never called.
/// See <doc:OptionalDelegateMethods>.
public struct TextFieldDelegateMethods: OptionSet, Sendable {
  /// The bits.
  public let rawValue: UInt
  /// Makes a set from its bits.
  public init(rawValue: UInt) { self.rawValue = rawValue }

  /// ``TextFieldDelegate/textFieldShouldBeginEditing(_:)``.
  public static let shouldBeginEditing = TextFieldDelegateMethods(rawValue: 1 << 0)
  /// ``TextFieldDelegate/textFieldDidBeginEditing(_:)``.
  public static let didBeginEditing = TextFieldDelegateMethods(rawValue: 1 << 1)
  /// ``TextFieldDelegate/textFieldShouldEndEditing(_:)``.
  public static let shouldEndEditing = TextFieldDelegateMethods(rawValue: 1 << 2)
  /// ``TextFieldDelegate/textFieldDidEndEditing(_:)``.
  public static let didEndEditing = TextFieldDelegateMethods(rawValue: 1 << 3)
  /// ``TextFieldDelegate/textField(_:shouldChangeCharactersIn:replacementString:)``.
  public static let shouldChangeCharacters = TextFieldDelegateMethods(rawValue: 1 << 4)
  /// ``TextFieldDelegate/textFieldShouldReturn(_:)``.
  public static let shouldReturn = TextFieldDelegateMethods(rawValue: 1 << 5)
}
