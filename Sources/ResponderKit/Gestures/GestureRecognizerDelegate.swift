/// Arbitrates a recognizer's gestures with its rivals: UIKit's `UIGestureRecognizerDelegate`.
/// Every method is optional: each has a default in an extension that keeps UIKit's rule for a
/// missing method (the answers Apple documents as the default), so implementing one is all it
/// takes for it to be called (see <doc:OptionalDelegateMethods>).
@MainActor
public protocol GestureRecognizerDelegate: AnyObject {
  /// Asked when the recognizer leaves possible; false makes it fail. By default: it may
  /// begin.
  func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool
  /// Whether the two may recognize at the same time; otherwise the first to recognize fails
  /// the other. By default: they exclude each other, unless the other's delegate allows it.
  func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
  ) -> Bool
  /// Asked before the recognizer sees a touch that began; false keeps the touch from it. By
  /// default: it sees every touch.
  func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool
  /// Whether the recognizer waits for `other` to fail. By default: only
  /// ``GestureRecognizer/require(toFail:)`` and the subclass overrides make it wait.
  func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer
  ) -> Bool
  /// Whether `other` waits for the recognizer to fail. By default: the same as above, seen
  /// from `other`.
  func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer
  ) -> Bool
}

extension GestureRecognizerDelegate {
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
