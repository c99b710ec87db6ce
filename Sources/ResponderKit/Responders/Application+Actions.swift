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
  /// dispatch that has no trace code, which the benchmarks compare tracing off with (same
  /// parameters, so that the trace check is the only difference).
  @discardableResult
  package func sendActionUntraced(
    _ action: Action, to target: AnyObject?, from sender: Any?, for event: Event? = nil
  ) -> Bool {
    dispatch(action, to: target, from: sender, for: event, ActionTrace.Off())
  }

  private func dispatch<Trace: SearchTrace>(
    _ action: Action, to target: AnyObject?, from sender: Any?, for event: Event?, _ trace: Trace
  ) -> Bool {
    guard !isTerminated else {
      trace.finish("dropped: the application has terminated")
      return false
    }
    if target == nil, action == .copy, screenSelection != nil {
      // What the user selected last on screen is what Copy means (Application+ScreenSelection).
      copyScreenSelection()
      trace.finish("performed: copied the screen selection")
      return true
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
  /// (``Window/contentResponder``). The search is that responder's
  /// ``Responder/target(forAction:withSender:)``: UIKit's recursion up the chain, which holds
  /// every one of these steps. Objects whose
  /// ``Responder/canPerformAction(_:withSender:)`` says no are skipped, and
  /// ``Responder/supplementalTarget(forAction:sender:)`` is asked of an object that cannot
  /// perform the action itself (AppKit).
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
    // Copy with a screen selection copies it (see `dispatch`), whatever the chain holds.
    if target == nil, item.action == .copy, screenSelection != nil { return nil }
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
  ///
  /// A nil target is UIKit's recursion, `target(forAction:withSender:)` from where the key
  /// window's search starts, AppKit's steps included.
  func resolveTarget<Trace: SearchTrace>(
    _ action: Action, to target: AnyObject?, from sender: Any?, _ trace: Trace
  ) -> ResolvedTarget? {
    if let target {
      let resolved = ResolvedTarget(explicit: target, action)
      trace.visit(target, resolved == nil ? .doesNotImplement : nil)
      return resolved
    }
    // Only this search records into the trace (a search made to validate an item does not).
    let outer = ActionTrace.searching
    if Trace.isRecording || outer != nil { ActionTrace.searching = trace.recorder }
    defer { if Trace.isRecording || outer != nil { ActionTrace.searching = outer } }
    let start: Responder
    if let key = keyWindow {
      trace.note("key window \(ActionTrace.name(ofObject: key))")
      start = key.searchStart(for: sender)
    } else if let main = modalWindow ?? mainWindow {
      trace.note("\(modalWindow == nil ? "main" : "modal") window \(ActionTrace.name(ofObject: main))")
      start = main.searchStart(for: sender)
    } else {
      start = self
    }
    guard let found = Responder.target(forAction: action, from: start, withSender: sender) else { return nil }
    return ResolvedTarget(explicit: found, action)
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
