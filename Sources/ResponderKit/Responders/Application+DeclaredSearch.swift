extension Application {
  /// What ``declaredSearch(for:)`` concluded.
  enum DeclaredSearchAnswer {
    /// The object the whole search would return.
    case found(Responder)
    /// The whole search would return nil.
    case nothing
    /// Some object on the way must be asked through its methods: the search proper decides.
    case undecided
  }

  /// The nil-target search of ``resolveTarget(_:to:from:_:)``, untraced, when every object it
  /// visits is one whose class keeps the search's methods (``ActionTable/KeptDefaults/actionSearch``):
  /// the key window's views from its first responder, the window, the application. Their parts
  /// are their kinds' — a view's, its table; Window's and Application's, AppKit's steps — so
  /// they are taken here from the objects' tables and links, without a call or a retain each.
  ///
  /// Wherever such a part would call code an app can override — an object of another kind, a
  /// window's undo or redo (its undo manager answers), a delegate that is an ``ActionTarget``,
  /// a main or modal window searched after the key window — the answer is `undecided`, and as
  /// nothing was called, the search proper starts over and gives exactly its own answer.
  func declaredSearch(for action: Action) -> DeclaredSearchAnswer {
    guard let keyLink = keyWindowLink else { return .undecided }
    // Only the walk runs in these closures (no app code), so the objects stay held by their
    // owners: the application its windows, each window its views (UnretainedReference).
    let found = keyLink.withObject { window -> UnretainedReference<Responder>?? in
      // A window's and the application's `.actionSearch` keeps Window's and Application's part.
      guard window.keptDefaults.contains(.actionSearch), let start = window.firstResponderViewLink,
        start.withObject({ $0.keptDefaults.contains(.viewLink) }),
        let stop = Responder.passViews(from: start, performing: action)
      else { return .none }
      if stop.found { return .some(stop.stop) }
      guard stop.stop.refers(to: window) else { return .none }
      // Window's part (its target(forAction:withSender:)).
      if window.implementsAction(action) {
        return action == .undo || action == .redo ? .none : .some(UnretainedReference(window))
      }
      guard !window.mayHaveActionDelegate, window.isApplicationLink(to: self),
        mainWindowSearchedAfter(window) == nil
      else { return .none }
      // Application's part (its target(forAction:withSender:)).
      guard keptDefaults.contains(.actionSearch) else { return .none }
      if implementsAction(action) { return .some(UnretainedReference(self)) }
      return mayHaveActionDelegate ? .none : .some(nil)
    }
    switch found {
    case .none: return .undecided
    case .some(.none): return .nothing
    case .some(.some(let responder)): return .found(responder.object)
    }
  }
}
