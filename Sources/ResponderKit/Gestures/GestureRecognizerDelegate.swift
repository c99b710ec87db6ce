/// Arbitrates a recognizer's gestures with its rivals: UIKit's `UIGestureRecognizerDelegate`.
/// Every method is optional: declare the ones you implement in
/// ``gestureRecognizerDelegateMethods`` (see <doc:OptionalDelegateMethods>). The recognizer reads
/// the declaration once, when the delegate is set, and calls nothing else; an undeclared method
/// keeps UIKit's rule.
@MainActor
public protocol GestureRecognizerDelegate: AnyObject {
  /// The optional methods this delegate implements. Default: none.
  var gestureRecognizerDelegateMethods: GestureRecognizerDelegateMethods { get }
  /// Asked when the recognizer leaves possible; false makes it fail. Not declared: it may
  /// begin.
  func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool
  /// Whether the two may recognize at the same time; otherwise the first to recognize fails
  /// the other. Not declared: they exclude each other, unless the other's delegate allows it.
  func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
  ) -> Bool
  /// Asked before the recognizer sees a touch that began; false keeps the touch from it. Not
  /// declared: it sees every touch.
  func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool
  /// Whether the recognizer waits for `other` to fail. Not declared: only
  /// ``GestureRecognizer/require(toFail:)`` and the subclass overrides make it wait.
  func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer
  ) -> Bool
  /// Whether `other` waits for the recognizer to fail. Not declared: the same as above, seen
  /// from `other`.
  func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer
  ) -> Bool
}

extension GestureRecognizerDelegate {
  /// None.
  public var gestureRecognizerDelegateMethods: GestureRecognizerDelegateMethods { [] }
  /// True: the recognizer may begin.
  public func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { true }
  /// False: recognizers exclude each other.
  public func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
  ) -> Bool { false }
  /// True: the recognizer sees every touch.
  public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
    true
  }
  /// False: no extra failure requirement.
  public func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer
  ) -> Bool { false }
  /// False: no extra failure requirement.
  public func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer
  ) -> Bool { false }
}
