/// The optional ``GestureRecognizerDelegate`` methods a delegate implements, declared in
/// ``GestureRecognizerDelegate/gestureRecognizerDelegateMethods``: the Swift form of the
/// `respondsToSelector:` answers UIKit caches when a recognizer's delegate is set. A method left
/// out is never called. See <doc:OptionalDelegateMethods>.
public struct GestureRecognizerDelegateMethods: OptionSet, Sendable {
  /// The bits.
  public let rawValue: UInt
  /// Makes a set from its bits.
  public init(rawValue: UInt) { self.rawValue = rawValue }

  /// ``GestureRecognizerDelegate/gestureRecognizerShouldBegin(_:)``.
  public static let shouldBegin = GestureRecognizerDelegateMethods(rawValue: 1 << 0)
  /// ``GestureRecognizerDelegate/gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)``.
  public static let shouldRecognizeSimultaneously = GestureRecognizerDelegateMethods(rawValue: 1 << 1)
  /// ``GestureRecognizerDelegate/gestureRecognizer(_:shouldReceive:)``.
  public static let shouldReceiveTouch = GestureRecognizerDelegateMethods(rawValue: 1 << 2)
  /// ``GestureRecognizerDelegate/gestureRecognizer(_:shouldRequireFailureOf:)``.
  public static let shouldRequireFailure = GestureRecognizerDelegateMethods(rawValue: 1 << 3)
  /// ``GestureRecognizerDelegate/gestureRecognizer(_:shouldBeRequiredToFailBy:)``.
  public static let shouldBeRequiredToFail = GestureRecognizerDelegateMethods(rawValue: 1 << 4)
}
