extension ActionTable {
  /// Responder methods one of the framework's classes declares it keeps as inherited, so that
  /// the chain's walks may pass its objects without calling them: the views passed by the
  /// nil-target search and `tryToPerform`, the objects passed by key delivery. Declared in the
  /// class's table (``ActionTable/init(_:inheriting:keeping:_:)``), never found by inspecting
  /// the class, and package-internal: a promise the framework makes about its own classes, not
  /// one an app could get wrong.
  ///
  /// A declaration holds for objects of exactly the declaring type, and never claims more than
  /// its superclass keeps (``declarable(_:by:)``); a subclass that declares nothing is asked
  /// through its methods, so an override, its `super` call and a delegate see the same answers
  /// either way. Debug builds check every object the walks pass against the methods they pass
  /// it without (`Responder.verifyKept`).
  package struct KeptDefaults: OptionSet, Sendable {
    /// The declared methods, one bit each.
    package let rawValue: UInt8
    /// Creates a set from its bits (only the declarable ones count).
    package init(rawValue: UInt8) { self.rawValue = rawValue }
    /// ``Responder/target(forAction:withSender:)``, ``Responder/canPerformAction(_:withSender:)``,
    /// ``Responder/supplementalTarget(forAction:sender:)``, ``Responder/tryToPerform(_:with:)``
    /// and ``Responder/next`` are a view's: its part of the search is "its table has the
    /// action", and its next is its links'. Meaningful for views only.
    package static let actionSearch = KeptDefaults(rawValue: 1)
    /// ``Responder/keyCommands``: the object offers none.
    package static let keyCommands = KeptDefaults(rawValue: 2)
    /// ``Responder/keyDown(with:)``: the object passes the key on.
    package static let keyDown = KeptDefaults(rawValue: 4)
    /// ``Responder/keyUp(with:)``: the object passes the key on.
    package static let keyUp = KeptDefaults(rawValue: 8)
    /// ``Responder/next``: the object's next responder is the one the framework gives its kind
    /// — a view's view controller, superview or window, a window's application, none for the
    /// application — so the walks read it from the framework's link.
    package static let nextResponder = KeptDefaults(rawValue: 16)
    /// All of them: a type that overrides none of these methods.
    package static let all: KeptDefaults = [.actionSearch, .keyCommands, .keyDown, .keyUp, .nextResponder]
    /// Set by an object on itself, never declared: a view, window or application whose class
    /// keeps ``nextResponder``; the walks read its next from ``Responder/nextLink``.
    static let linkedNext = KeptDefaults(rawValue: 32)
    /// Set by an object on itself, never declared: a view that keeps ``actionSearch``, whose
    /// part of the search is its table's answer (its next is linked too).
    static let viewLink = KeptDefaults(rawValue: 64)
  }

  /// What `type` may declare of `kept`: the declarable methods that its superclass keeps too
  /// (a class cannot keep what its superclass overrides: a `Window` subclass declaring ``all``
  /// keeps no `keyDown`, which Window overrides to run the key bindings). A root class keeps
  /// what it declares.
  static func declarable(_ kept: KeptDefaults, by type: AnyClass) -> KeptDefaults {
    let declared = kept.intersection(.all)
    guard !declared.isEmpty, let superclass = _getSuperclass(type) else { return declared }
    guard let parent = MainActor.assumeIsolated({ (superclass as? any ActionTarget.Type)?.actionTable })
    else {
      return declared
    }
    return declared.intersection(parent.keptDefaults(of: superclass))
  }

  /// What objects of `type` may assume of their class's methods: ``keptDefaults`` when the
  /// table was built for exactly `type`, else nothing (a subclass may override anything).
  func keptDefaults(of type: AnyClass) -> KeptDefaults {
    guard let targetType, ObjectIdentifier(targetType) == ObjectIdentifier(type) else { return [] }
    return keptDefaults
  }
}
