extension View {
  /// Changes whenever a view moves in a tree or a recognizer is attached or detached, making
  /// every view's cached ``hasGestureRecognizerInAncestry`` stale.
  static var gestureAncestryGeneration = 1

  /// Whether this view or an ancestor has recognizers, so a touch here must be shown to them.
  /// Cached until the tree or its recognizers change, so a window whose touched views have no
  /// recognizer above them decides that in one comparison instead of a walk to the root.
  var hasGestureRecognizerInAncestry: Bool {
    if gestureAncestryCache.generation == View.gestureAncestryGeneration {
      return gestureAncestryCache.hasRecognizers
    }
    let has = !gestureRecognizers.isEmpty || superview?.hasGestureRecognizerInAncestry == true
    gestureAncestryCache = (View.gestureAncestryGeneration, has)
    return has
  }

  /// Attaches a recognizer: it sees the touches that begin in this view and its subviews,
  /// before the views do. A recognizer belongs to one view; adding it here moves it.
  public func addGestureRecognizer(_ gestureRecognizer: GestureRecognizer) {
    if let previous = gestureRecognizer.view { previous.removeGestureRecognizer(gestureRecognizer) }
    gestureRecognizers.append(gestureRecognizer)
    View.gestureAncestryGeneration &+= 1
    gestureRecognizer.view = self
  }

  /// Detaches a recognizer; a gesture in progress is dropped without an action.
  public func removeGestureRecognizer(_ gestureRecognizer: GestureRecognizer) {
    guard gestureRecognizer.view === self else { return }
    window?.gestureArbiter.remove(gestureRecognizer)
    gestureRecognizers.removeAll { $0 === gestureRecognizer }
    View.gestureAncestryGeneration &+= 1
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
