import Foundation

extension Application {
  /// Where an action search ended: a responder (the common, fast case) or another target.
  enum ResolvedTarget {
    case responder(Responder)
    case other(any ActionTarget)

    /// An object named as the target (by the caller or a hook): sent to when its type
    /// implements the action.
    @MainActor init?(explicit object: AnyObject, _ action: Action) {
      if let responder = object as? Responder {
        guard responder.implementsAction(action) else { return nil }
        self = .responder(responder)
      } else if let target = object as? any ActionTarget, type(of: target).actionTable.contains(action) {
        self = .other(target)
      } else {
        return nil
      }
    }

    var object: AnyObject {
      switch self {
      case .responder(let responder): return responder
      case .other(let target): return target
      }
    }
  }

  /// Sends `action` to `target`, or when `target` is nil, to the first object that can
  /// perform it, searched in Cocoa's order (see ``target(forAction:to:from:)``). Returns
  /// whether some object performed it. A non-nil target whose table has the action performs
  /// it, whatever its `canPerformAction(_:withSender:)` says (UIKit's direct send; the answer
  /// disables a menu item aimed at it, see ``validateItem(_:target:)``); one without it gets
  /// nothing and the result is false: there is no fallback to the chain.
  @discardableResult
  public func sendAction(_ action: Action, to target: AnyObject?, from sender: Any?, for event: Event? = nil)
    -> Bool
  {
    guard let trace = actionTrace else {
      return dispatch(action, to: target, from: sender, for: event, ActionTrace.Off())
    }
    let requested = target.map { "to \(ActionTrace.name(ofObject: $0))" } ?? "to the first responder"
    let entry = trace.begin("action \(action): from \(ActionTrace.name(of: sender)), \(requested)")
    defer { trace.end(entry) }
    return dispatch(action, to: target, from: sender, for: event, ActionTrace.On(trace: trace))
  }

  /// ``sendAction(_:to:from:for:)`` with the trace hooks compiled out: the instantiation of the
  /// dispatch that has no trace code, which the benchmarks compare tracing off with.
  @_spi(Benchmarks)
  @discardableResult
  public func sendActionUntraced(_ action: Action, to target: AnyObject?, from sender: Any?) -> Bool {
    dispatch(action, to: target, from: sender, for: nil, ActionTrace.Off())
  }

  private func dispatch<Trace: SearchTrace>(
    _ action: Action, to target: AnyObject?, from sender: Any?, for event: Event?, _ trace: Trace
  ) -> Bool {
    guard !isTerminated else {
      trace.finish("dropped: the application has terminated")
      return false
    }
    guard let resolved = resolveTarget(action, to: target, from: sender, trace) else {
      trace.finish(
        target == nil ? "dropped: nothing can perform it" : "dropped: the target does not implement it")
      return false
    }
    let performed: Bool
    switch resolved {
    case .responder(let responder):
      performed = responder.performAction(action, sender: sender, event: event)
    case .other(let object):
      performed = type(of: object).actionTable.perform(action, on: object, sender: sender, event: event)
    }
    if performed { trace.performed(by: resolved.object) } else { trace.finish("dropped: not performed") }
    return performed
  }

  /// Sends an action through a stored target reference (a control's or a menu item's): a
  /// first-responder reference searches the chain; a reference whose object was deallocated
  /// drops the action, returns false and posts ``didDropActionNotification`` rather than
  /// silently re-routing it to whatever the chain holds.
  @discardableResult
  public func sendAction(
    _ action: Action, to reference: TargetReference, from sender: Any?, for event: Event? = nil
  ) -> Bool {
    if reference.isGone {
      if let trace = actionTrace {
        let entry = trace.begin(
          "action \(action): from \(ActionTrace.name(of: sender)), to a target that is gone")
        trace.finish("dropped: the target was deallocated")
        trace.end(entry)
      }
      var info: [AnyHashable: Any] = [Application.actionUserInfoKey: action]
      if let sender { info[Application.senderUserInfoKey] = sender }
      NotificationCenter.default.post(
        name: Application.didDropActionNotification, object: self, userInfo: info)
      return false
    }
    return sendAction(action, to: reference.object, from: sender, for: event)
  }

  /// The object that would perform `action`, without sending it.
  ///
  /// A non-nil `target` is returned if its type implements the action. With a nil target
  /// the search is AppKit's:
  /// 1. the key window's first responder and each ``Responder/next`` up to the window, then
  ///    the window's delegate;
  /// 2. if the main window differs (a modal window stands in for the main window), the same
  ///    for it;
  /// 3. the application, then its delegate.
  ///
  /// When a window has no first responder but itself, its search starts at `sender` if the
  /// sender is a view in that window (so a button reaches its view controller, as in UIKit),
  /// else at the window's deepest visible content view controller
  /// (``Window/contentResponder``). Objects whose ``Responder/canPerformAction(_:withSender:)``
  /// says no are skipped; a class that overrides ``Responder/target(forAction:withSender:)``
  /// answers for its objects, and ``Responder/supplementalTarget(forAction:sender:)`` is asked
  /// of an object that cannot perform the action itself (AppKit).
  public func target(forAction action: Action, to target: AnyObject?, from sender: Any?) -> AnyObject? {
    resolveTarget(action, to: target, from: sender, ActionTrace.Off())?.object
  }

  /// Whether `item` should be enabled: its action resolves to a target (its own, or through
  /// the chain) that can perform it now — the search asks each responder's
  /// `canPerformAction(_:withSender:)`, and an item's own target is asked it too — and that
  /// target's `validate(_:)` agrees. Nothing found means disabled, and so does, during a modal
  /// session, a target outside the modal window (see ``Responder/worksWhenModal`` and
  /// ``MenuItem/worksWhenModal``).
  ///
  /// Named apart from ``Responder/validate(_:)``, which the application inherits as a
  /// target: with the same name, `app.validate(item)` would pick that one and always say yes.
  public func validateItem(_ item: any ValidatedItem, target: AnyObject? = nil) -> Bool {
    validation(of: item, target: target) == nil
  }

  /// Why `item` is disabled, or nil when it is enabled: the one answer behind
  /// ``validateItem(_:target:)`` and the trace's reasons.
  func validation(of item: any ValidatedItem, target: AnyObject? = nil) -> ActionTrace.SkipReason? {
    guard let action = item.action,
      let resolved = resolveTarget(action, to: target, from: item, ActionTrace.Off())
    else {
      return .doesNotImplement
    }
    if let modal = modalWindow, !allowsDuringModal(resolved, modal, item) { return .modalShutOut }
    // The search asked `canPerformAction` of a target it found; a target named by the item is
    // asked here, so that it can disable the item too (sending to it still delivers).
    let enabled: Bool
    switch resolved {
    case .responder(let responder):
      if target != nil, !responder.canPerformAction(action, withSender: item) { return .cannotPerform }
      enabled = responder.validate(item)
    case .other(let object):
      if target != nil, !object.canPerformAction(action, withSender: item) { return .cannotPerform }
      enabled = object.validate(item)
    }
    return enabled ? nil : .vetoedByValidation
  }

  /// AppKit's modal rule: during a modal session an item reaches only targets in the modal
  /// window, unless the item or its target works when modal.
  private func allowsDuringModal(_ resolved: ResolvedTarget, _ modal: Window, _ item: any ValidatedItem)
    -> Bool
  {
    if (item as? MenuItem)?.worksWhenModal == true { return true }
    switch resolved {
    case .responder(let responder):
      return responder.responderWindow === modal || responder.worksWhenModal
    case .other(let object):
      return object === modal.delegateActionTarget || object.worksWhenModal
    }
  }

  /// The search itself; `trace` records each object visited and why it was passed by.
  func resolveTarget<Trace: SearchTrace>(
    _ action: Action, to target: AnyObject?, from sender: Any?, _ trace: Trace
  ) -> ResolvedTarget? {
    if let target {
      let resolved = ResolvedTarget(explicit: target, action)
      trace.visit(target, resolved == nil ? .doesNotImplement : nil)
      return resolved
    }
    let key = keyWindow
    if let key {
      trace.note("key window \(ActionTrace.name(ofObject: key))")
      if let found = search(key, action, sender, trace) { return found }
    }
    if let main = modalWindow ?? mainWindow, main !== key {
      trace.note("\(modalWindow == nil ? "main" : "modal") window \(ActionTrace.name(ofObject: main))")
      if let found = search(main, action, sender, trace) { return found }
    }
    trace.note("the application")
    if let found = step(self, action, sender, trace) { return found }
    if let delegate = delegateActionTarget {
      let can = delegate.canPerformAction(action, withSender: sender)
      trace.visit(delegate, can ? nil : skipReason(delegate, action))
      if can { return .other(delegate) }
    }
    return nil
  }

  /// One responder's part of the search, hooks included (see `Responder.searchStep`).
  @inline(__always)
  private func step<Trace: SearchTrace>(
    _ responder: Responder, _ action: Action, _ sender: Any?, _ trace: Trace
  )
    -> ResolvedTarget?
  {
    guard case .found(let object) = responder.searchStep(action, sender) else {
      trace.visit(responder, skipReason(responder, action))
      return nil
    }
    if object === responder {
      trace.visit(responder, nil)
      return .responder(responder)
    }
    trace.note(
      "  \(ActionTrace.name(ofObject: responder)) redirects to \(ActionTrace.name(ofObject: object))")
    let resolved = ResolvedTarget(explicit: object, action)
    trace.visit(object, resolved == nil ? .doesNotImplement : nil)
    return resolved
  }

  private func skipReason(_ object: any ActionTarget, _ action: Action) -> ActionTrace.SkipReason {
    let implements =
      (object as? Responder)?.implementsAction(action) ?? type(of: object).actionTable.contains(action)
    return implements ? .cannotPerform : .doesNotImplement
  }

  /// Where a walk over plain views ended.
  private enum PlainWalk {
    /// This view performs the action.
    case found(Responder)
    /// The first responder that is not a plain view, or nil at the end of the chain.
    case stopped(Responder?)
  }

  /// Most of a chain is views that only answer from their table and link up: their part of
  /// the search runs no code but this, so nothing can change the tree meanwhile and the walk
  /// need not retain what it passes (retain and release were half of a search's time).
  /// (Nonisolated, so that its closures need no executor check.)
  private nonisolated static func walkPlainViews(from start: Responder, _ action: Action) -> PlainWalk {
    var current = Unmanaged.passUnretained(start)
    while true {
      let step: (found: Bool, next: Unmanaged<Responder>?) = current._withUnsafeGuaranteedRef { responder in
        if responder.plainViewImplements(action) { return (true, nil) }
        return (false, unsafeDowncast(responder, to: View.self).unretainedNext)
      }
      if step.found { return .found(current.takeUnretainedValue()) }
      guard let next = step.next else { return .stopped(nil) }
      guard next._withUnsafeGuaranteedRef({ $0.isPlainView }) else {
        return .stopped(next.takeUnretainedValue())
      }
      current = next
    }
  }

  /// One window's part of the search: its chain from the first responder (or the sender)
  /// up to the window, then the window's delegate.
  private func search<Trace: SearchTrace>(
    _ window: Window, _ action: Action, _ sender: Any?, _ trace: Trace
  ) -> ResolvedTarget? {
    var current: Responder
    if let first = window.firstResponder, first !== window {
      current = first
    } else if let view = sender as? View, view.window === window {
      current = view
    } else {
      // A sender in another window is not where this window's search starts.
      if Trace.isRecording, let view = sender as? View { trace.visit(view, .differentWindow) }
      current = window.contentResponder
    }
    // Untraced, the plain views at the start of the chain are passed without retaining them.
    if !Trace.isRecording, current.isPlainView {
      switch Application.walkPlainViews(from: current, action) {
      case .found(let view): return .responder(view)
      case .stopped(let responder?): current = responder
      case .stopped(nil): return nil
      }
    }
    // The chain of a window ends at the application, which is searched last on its own.
    // (One owned variable rather than `while let`: a retain and a release less per step.)
    while current !== self {
      if let found = step(current, action, sender, trace) { return found }
      if current === window {
        if let delegate = window.delegateActionTarget {
          let can = delegate.canPerformAction(action, withSender: sender)
          trace.visit(delegate, can ? nil : skipReason(delegate, action))
          if can { return .other(delegate) }
        }
        return nil
      }
      guard let next = current.next else { return nil }
      current = next
    }
    return nil
  }
}

/// How a control or menu item holds its target: "the first responder" (search the chain),
/// or an object held weakly — which can later be gone. Keeping the two apart is what lets a
/// deallocated target drop its action instead of silently reaching some other object.
@MainActor
public struct TargetReference {
  private weak var weakObject: AnyObject?
  private let hadObject: Bool

  /// A reference to `object`, or the first-responder reference when nil.
  public init(_ object: AnyObject?) {
    weakObject = object
    hadObject = object != nil
  }

  /// The first-responder reference: actions search the responder chain.
  public static var firstResponder: TargetReference { TargetReference(nil) }

  /// The object, or nil for the first responder or a target that is gone.
  public var object: AnyObject? { weakObject }

  /// True for the first-responder reference.
  public var isFirstResponder: Bool { !hadObject }

  /// True when the reference had an object that has since been deallocated.
  public var isGone: Bool { hadObject && weakObject == nil }

  /// Whether this references `object` (nil: the first responder).
  public func refers(to object: AnyObject?) -> Bool {
    guard let object else { return !hadObject }
    return weakObject === object
  }
}
