/// Hears how an ``Alert`` ended. Held weakly by the alert.
@MainActor
public protocol AlertDelegate: AnyObject {
  /// The alert closed: `index` is the button pressed, or nil when the session was aborted
  /// (the window closed, ``Application/abortModal()``, Escape with no cancel button).
  func alert(_ alert: Alert, didDismissWithButtonAt index: Int?)
}
