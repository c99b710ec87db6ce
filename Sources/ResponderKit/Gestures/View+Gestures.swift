extension View {
  /// Attaches a recognizer: it sees the touches that begin in this view and its subviews,
  /// before the views do. A recognizer belongs to one view; adding it here moves it.
  public func addGestureRecognizer(_ gestureRecognizer: GestureRecognizer) {
    if let previous = gestureRecognizer.view { previous.removeGestureRecognizer(gestureRecognizer) }
    gestureRecognizers.append(gestureRecognizer)
    gestureRecognizer.view = self
  }

  /// Detaches a recognizer; a gesture in progress is dropped without an action.
  public func removeGestureRecognizer(_ gestureRecognizer: GestureRecognizer) {
    guard gestureRecognizer.view === self else { return }
    window?.gestureArbiter.remove(gestureRecognizer)
    gestureRecognizers.removeAll { $0 === gestureRecognizer }
    gestureRecognizer.resetForNextSequence()
    gestureRecognizer.view = nil
  }
}

extension Control {
  /// UIKit's rule for its standard controls: a one-finger single tap recognized by an
  /// ancestor would take the touch from the control, so the control refuses it and tracks.
  /// A recognizer attached to the control itself still wins.
  func refusesTap(of gestureRecognizer: GestureRecognizer) -> Bool {
    guard let tap = gestureRecognizer as? TapGestureRecognizer, tap.view !== self else { return false }
    return tap.numberOfTapsRequired == 1 && tap.numberOfTouchesRequired == 1
  }
}
