/// The chain's walks: where the nil-target search, `tryToPerform` and key delivery step over
/// the objects whose class keeps a default (``ActionTable/KeptDefaults``) without calling it,
/// following the framework's unretained links (``UnretainedReference``). One loop,
/// ``pass(from:keeping:performing:)``, does every such step; each walk then asks the object it
/// stopped at through its overridable method, so the answer is the method's.
extension Responder {
  /// `start.target(forAction:withSender:)`, with the views whose class keeps the search's
  /// defaults (``ActionTable/KeptDefaults/viewLink``) answered from their tables: their
  /// `target(forAction:withSender:)` would do exactly that (its steps are their table's answer,
  /// no supplemental target, no delegate, their link's next). Traced, every object answers
  /// through its method, so the trace records each step the untraced search takes.
  static func target(forAction action: Action, from start: Responder, withSender sender: Any?) -> AnyObject? {
    guard let search = ActionTrace.searching else {
      guard start.keptDefaults.contains(.viewLink) else {
        return start.target(forAction: action, withSender: sender)
      }
      guard let stop = pass(from: UnretainedReference(start), keeping: .viewLink, performing: action) else {
        return nil
      }
      let responder = stop.stop.object
      return stop.found ? responder : responder.target(forAction: action, withSender: sender)
    }
    let answer = start.target(forAction: action, withSender: sender)
    if let answer { search.noteAnswer(answer, of: start, for: action) }
    return answer
  }

  /// `start.tryToPerform(action, with: sender)`, with the same views passed the same way: their
  /// `tryToPerform` would perform when their table has the action and otherwise forward.
  static func tryToPerform(_ action: Action, from start: Responder, with sender: Any?) -> Bool {
    guard ActionTrace.current == nil, start.keptDefaults.contains(.viewLink) else {
      return start.tryToPerform(action, with: sender)
    }
    guard let stop = pass(from: UnretainedReference(start), keeping: .viewLink, performing: action) else {
      return false
    }
    let responder = stop.stop.object
    return stop.found
      ? responder.performAction(action, sender: sender, event: nil)
      : responder.tryToPerform(action, with: sender)
  }

  /// Walks up from `start` over the objects whose class keeps `required`, without retaining
  /// them: the first that does not keep it, or (with `action`) the first whose table has
  /// `action` (`found`); nil when the chain ends among them. Only this loop runs meanwhile, and
  /// each link's object holds the one below it (the window's tree its views, the application
  /// its windows): the invariant of ``UnretainedReference``. Debug builds check each object
  /// passed against the methods it is passed without (``verifyKept(_:passing:)``).
  @inline(__always)
  static func pass(
    from start: UnretainedReference<Responder>, keeping required: ActionTable.KeptDefaults,
    performing action: Action?
  ) -> (stop: UnretainedReference<Responder>, found: Bool)? {
    var current = start
    while true {
      let step = current.withObject {
        responder -> (stop: Bool, found: Bool, next: UnretainedReference<Responder>?) in
        guard responder.keptDefaults.isSuperset(of: required) else { return (true, false, nil) }
        if let action, responder.implementsAction(action) { return (true, true, nil) }
        #if DEBUG
          responder.verifyKept(required, passing: action)
        #endif
        return (false, false, responder.nextLink)
      }
      if step.stop { return (current, step.found) }
      guard let next = step.next else { return nil }
      current = next
    }
  }

  /// Where a key this object passes on arrives: the next responder up whose class does not
  /// declare that it keeps `method` — those between would each only pass it on, so they are
  /// passed over (unless a trace records every step) — or nil at the end of the chain.
  func nextKeyHandler(_ method: ActionTable.KeptDefaults) -> Responder? {
    guard ActionTrace.current == nil else { return next }
    return nextResponder(notKeeping: method)
  }

  /// The last responder of the chain from here.
  var chainEnd: Responder {
    var current = self
    while let next = current.next { current = next }
    return current
  }

  /// The first responder above this one whose class does not declare that it keeps `method`
  /// (see ``ActionTable/KeptDefaults``), or nil at the end of the chain.
  final func nextResponder(notKeeping method: ActionTable.KeptDefaults) -> Responder? {
    var current = self
    while true {
      let next: Responder
      if current.keptDefaults.contains(.linkedNext) {
        guard let link = current.nextLink,
          let stop = Responder.pass(from: link, keeping: [method, .linkedNext], performing: nil)
        else { return nil }
        next = stop.stop.object
      } else {
        guard let following = current.next else { return nil }
        next = following
      }
      if !next.keptDefaults.contains(method) { return next }
      #if DEBUG
        next.verifyKept(method, passing: nil)
      #endif
      current = next
    }
  }

  #if DEBUG
    /// Stops, naming the class and the method, when an object the walks pass without calling
    /// its methods answers otherwise through them: a class whose table declares that it keeps
    /// a default it overrides (debug builds only; each object passed is checked).
    func verifyKept(_ kept: ActionTable.KeptDefaults, passing action: Action?) {
      let name = _typeName(type(of: self), qualified: false)
      func check(_ holds: Bool, _ method: String) {
        precondition(
          holds,
          "\(name) declares in its ActionTable that it keeps \(method), but its \(method) answers otherwise")
      }
      if kept.contains(.keyCommands) { check(keyCommands.isEmpty, "keyCommands") }
      if let action {
        check(
          canPerformAction(action, withSender: nil) == implementsAction(action),
          "canPerformAction(_:withSender:)")
        check(
          supplementalTarget(forAction: action, sender: nil) == nil, "supplementalTarget(forAction:sender:)")
      }
      guard kept.contains(.linkedNext) || kept.contains(.viewLink) else { return }
      let next = self.next
      check(next.map { nextLink?.refers(to: $0) == true } ?? (nextLink == nil), "next")
    }
  #endif
}

extension ActionTarget {
  /// The delegate step of a window's or the application's part of the search and of
  /// `tryToPerform`: whether this delegate can perform `action`, recorded in `trace`.
  func canPerform(_ action: Action, withSender sender: Any?, tracedBy trace: ActionTrace?) -> Bool {
    let can = canPerformAction(action, withSender: sender)
    if let trace {
      trace.visit(self, can ? nil : Self.actionTable.contains(action) ? .cannotPerform : .doesNotImplement)
    }
    return can
  }
}
