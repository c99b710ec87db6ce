/// The optional ``TextViewDelegate`` methods a delegate implements, declared in
/// ``TextViewDelegate/textViewDelegateMethods``: the Swift form of the `respondsToSelector:` answers an
/// Objective-C object caches when its delegate is set. A method left out is never called.
/// See <doc:OptionalDelegateMethods>.
public struct TextViewDelegateMethods: OptionSet, Sendable {
  /// The bits.
  public let rawValue: UInt
  /// Makes a set from its bits.
  public init(rawValue: UInt) { self.rawValue = rawValue }

  /// ``TextViewDelegate/textViewDidBeginEditing(_:)``.
  public static let didBeginEditing = TextViewDelegateMethods(rawValue: 1 << 0)
  /// ``TextViewDelegate/textViewDidEndEditing(_:)``.
  public static let didEndEditing = TextViewDelegateMethods(rawValue: 1 << 1)
  /// ``TextViewDelegate/textViewDidChange(_:)``.
  public static let didChange = TextViewDelegateMethods(rawValue: 1 << 2)
}
