import Foundation

/// A view that turns touches and keys into semantic events sent to targets: UIKit's
/// `UIControl` in terminal cells.
///
/// **Tracking.** A control tracks the first touch that begins in it, and only that one,
/// following Chameleon's order (see ``ControlEvents`` for the dispatch of each phase).
/// Subclasses customise tracking by overriding ``beginTracking(_:with:)``,
/// ``continueTracking(_:with:)``, ``endTracking(_:with:)`` and ``cancelTracking(with:)``, not
/// the `touches…` methods, and can add their own events (``ControlEvents/valueChanged``…) to the
/// phase's dispatch with ``queueActions(for:)`` so targets still see one dispatch per phase.
///
/// **Targets.** Targets are held weakly through ``TargetReference``: a nil target means "the
/// first responder" (the responder chain is searched when the action is sent), and a target
/// that was deallocated is never silently replaced by the chain — its action is dropped,
/// ``Application/didDropActionNotification`` is posted, and the registration is removed.
/// Registrations fire in the order they were first added; the list is copied when a dispatch
/// starts, so handlers may add or remove registrations (their own included) and the change
/// takes effect from the next dispatch.
///
/// **Disabled controls** (``isEnabled`` false) are skipped by hit-testing, so a touch on them
/// reaches the view behind, as UIKit's disabled buttons let taps through; they cannot become
/// first responder. Disabling a control while it tracks a touch cancels the tracking with
/// ``ControlEvents/touchCancel``, so every tracked touch still ends with exactly one of
/// touchUpInside, touchUpOutside or touchCancel.
///
/// The events a control reports are ``ControlEvents`` (UIKit's `UIControl.Event`), a top-level
/// type, so inside a control subclass `Event` is still the input ``Event`` the tracking methods
/// take.
@MainActor
open class Control: View {
  /// Creates a control.
  public override init(frame: Rect = .zero) {
    super.init(frame: frame)
  }

  // MARK: State

  /// Whether the control reacts to touches and keys. Disabling it cancels a tracked touch and
  /// gives up first responder.
  open var isEnabled = true {
    didSet {
      guard isEnabled != oldValue else { return }
      setNeedsDisplay()
      if !isEnabled {
        stopTrackingForDisable()
        if isFirstResponder { resignFirstResponder() }
      }
    }
  }

  /// Whether the control is selected (a chosen segment, a toggle that is on).
  open var isSelected = false {
    didSet { if isSelected != oldValue { setNeedsDisplay() } }
  }

  /// Whether the control draws as pressed: true while a tracked touch is inside.
  open var isHighlighted = false {
    didSet { if isHighlighted != oldValue { setNeedsDisplay() } }
  }

  /// The state, from ``isHighlighted``, ``isEnabled``, ``isSelected`` and focus.
  open var state: State {
    var state: State = []
    if isHighlighted { state.insert(.highlighted) }
    if !isEnabled { state.insert(.disabled) }
    if isSelected { state.insert(.selected) }
    if isFirstResponder { state.insert(.focused) }
    return state
  }

  /// Whether the control is tracking a touch (``beginTracking(_:with:)`` said yes and
  /// ``continueTracking(_:with:)`` has not said no).
  public private(set) var isTracking = false

  /// Whether the tracked touch is inside ``trackingBounds``.
  public private(set) var isTouchInside = false

  /// How far outside its bounds a tracked touch still counts as inside, in cells (positive
  /// values grow the area). The default is one cell left and right and none above and below:
  /// terminal cells are about twice as tall as wide, so one column is a small slip of the
  /// hand, while a row is already the next line of controls.
  open var trackingSlop = EdgeInsets(top: 0, left: 1, bottom: 0, right: 1) {
    didSet { trackingSlop = trackingSlop.normalized }
  }

  /// The area, in the control's coordinates, where a tracked touch counts as inside: the
  /// bounds grown by ``trackingSlop``.
  public var trackingBounds: Rect {
    Rect(
      x: bounds.minX - trackingSlop.left, y: bounds.minY - trackingSlop.top,
      width: bounds.width + trackingSlop.left + trackingSlop.right,
      height: bounds.height + trackingSlop.top + trackingSlop.bottom)
  }

  /// Disabled and hidden controls take no touches; the point falls through to what is behind.
  open override func hitTest(_ point: Point, with event: Event?) -> View? {
    guard isEnabled else {
      if let trace = ActionTrace.current, self.point(inside: point, with: event) {
        trace.note("\(ActionTrace.name(of: self)) is disabled: the touch falls through")
      }
      return nil
    }
    return super.hitTest(point, with: event)
  }

  // MARK: Tracking

  private var trackedTouch: Touch?
  /// Events queued by subclasses for the dispatch of the phase being processed.
  private var queuedEvents: ControlEvents?

  /// A touch began in the control. Return whether to track it; the default says yes.
  open func beginTracking(_ touch: Touch, with event: Event?) -> Bool { true }

  /// The tracked touch moved. Return whether to keep tracking it; the default says yes.
  open func continueTracking(_ touch: Touch, with event: Event?) -> Bool { true }

  /// The tracked touch ended.
  open func endTracking(_ touch: Touch?, with event: Event?) {}

  /// The tracked touch was cancelled (or the control was disabled while tracking).
  open func cancelTracking(with event: Event?) {}

  /// Adds `events` to the single dispatch of the touch phase being processed, so that a
  /// target registered for several of them is called once. Called outside touch handling
  /// (from keys or code), it sends them at once.
  public func queueActions(for events: ControlEvents) {
    if queuedEvents != nil {
      queuedEvents!.formUnion(events)
    } else {
      sendActions(for: events, with: nil)
    }
  }

  private func collecting(_ body: () -> Void) -> ControlEvents {
    let saved = queuedEvents
    queuedEvents = []
    body()
    let collected = queuedEvents ?? []
    queuedEvents = saved
    return collected
  }

  /// Starts tracking the first touch: `touchDown` (and `touchDownRepeat` on a multiple tap)
  /// if ``beginTracking(_:with:)`` accepts it. Other touches are ignored.
  open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    // A touch that ends in this same event (a new press replaced it) is finished first, so
    // its touchCancel or touchUp goes out before the new touch's touchDown.
    if let old = trackedTouch, old.phase == .ended || old.phase == .cancelled,
      event.allTouches.contains(old)
    {
      if old.phase == .ended {
        touchesEnded([old], with: event)
      } else {
        touchesCancelled([old], with: event)
      }
    }
    guard isEnabled, trackedTouch == nil,
      let touch = touches.min(by: { $0.id < $1.id })
    else { return }
    trackedTouch = touch
    isTouchInside = true
    var tracking = false
    var mask = collecting { tracking = beginTracking(touch, with: event) }
    isTracking = tracking
    isHighlighted = true
    if tracking {
      mask.insert(.touchDown)
      if touch.tapCount > 1 { mask.insert(.touchDownRepeat) }
    }
    sendActions(for: mask, with: event)
  }

  /// Follows the tracked touch: inside or outside, crossing in or out.
  open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
    guard let touch = trackedTouch, touches.contains(touch) else { return }
    let wasInside = isTouchInside
    isTouchInside = trackingBounds.contains(touch.location(in: self))
    isHighlighted = isTouchInside
    guard isTracking else { return }
    var tracking = false
    var mask = collecting { tracking = continueTracking(touch, with: event) }
    isTracking = tracking
    if tracking {
      mask.insert(isTouchInside ? .touchDragInside : .touchDragOutside)
      if !wasInside && isTouchInside { mask.insert(.touchDragEnter) }
      if wasInside && !isTouchInside { mask.insert(.touchDragExit) }
    }
    sendActions(for: mask, with: event)
  }

  /// Ends the tracked touch with `touchUpInside` or `touchUpOutside`.
  open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
    guard let touch = trackedTouch, touches.contains(touch) else { return }
    isTouchInside = trackingBounds.contains(touch.location(in: self))
    isHighlighted = false
    if isTracking {
      var mask = collecting { endTracking(touch, with: event) }
      mask.insert(isTouchInside ? .touchUpInside : .touchUpOutside)
      sendActions(for: mask, with: event)
    }
    finishTracking(touch)
  }

  /// Ends the tracked touch with `touchCancel`.
  open override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
    guard let touch = trackedTouch, touches.contains(touch) else { return }
    isHighlighted = false
    if isTracking {
      var mask = collecting { cancelTracking(with: event) }
      mask.insert(.touchCancel)
      sendActions(for: mask, with: event)
    }
    finishTracking(touch)
  }

  private func finishTracking(_ touch: Touch) {
    // A handler may have disabled the control, which already finished this touch.
    guard trackedTouch === touch else { return }
    trackedTouch = nil
    isTracking = false
    isTouchInside = false
  }

  private func stopTrackingForDisable() {
    guard let touch = trackedTouch else { return }
    isHighlighted = false
    let wasTracking = isTracking
    finishTracking(touch)
    if wasTracking {
      var mask = collecting { cancelTracking(with: nil) }
      mask.insert(.touchCancel)
      sendActions(for: mask, with: nil)
    }
  }

  // MARK: Targets and actions

  /// One entry of the ordered registration list.
  @MainActor struct Registration {
    enum Receiver {
      case target(TargetReference, Action)
      case closure(ControlAction)
    }
    var receiver: Receiver
    var events: ControlEvents

    var isGone: Bool {
      if case .target(let reference, _) = receiver { return reference.isGone }
      return false
    }
  }

  private var registrations: [Registration] = []

  /// Registers `action` to be sent to `target` for `events`. A nil target means the first
  /// responder: the action is sent nil-targeted and the responder chain finds the receiver.
  /// The target is held weakly. Adding the same target and action again adds the events to
  /// the existing registration (no duplicate, same place in the order); empty `events` adds
  /// nothing.
  public func addTarget(_ target: (any ActionTarget)?, action: Action, for events: ControlEvents) {
    guard !events.isEmpty else { return }
    if let index = registrations.firstIndex(where: {
      guard case .target(let reference, let existing) = $0.receiver else { return false }
      return existing == action && !reference.isGone && reference.refers(to: target)
    }) {
      registrations[index].events.formUnion(events)
    } else {
      registrations.append(Registration(receiver: .target(TargetReference(target), action), events: events))
    }
  }

  /// Stops sending `events` to `target`. A nil target matches every target (first-responder
  /// registrations included); a nil action matches every action of the target. Registrations
  /// left with no events are removed.
  public func removeTarget(_ target: (any ActionTarget)?, action: Action?, for events: ControlEvents) {
    for index in registrations.indices {
      guard case .target(let reference, let existing) = registrations[index].receiver else { continue }
      if let target, !reference.refers(to: target) { continue }
      if let action, action != existing { continue }
      registrations[index].events.subtract(events)
    }
    registrations.removeAll { $0.events.isEmpty }
  }

  /// The distinct targets with a registration, in registration order, with one `nil` element
  /// standing for first-responder registrations (UIKit's `NSNull`). Deallocated targets and
  /// closure actions are not listed.
  public var allTargets: [AnyObject?] {
    var result: [AnyObject?] = []
    var sawFirstResponder = false
    for registration in registrations {
      guard case .target(let reference, _) = registration.receiver, !reference.isGone else { continue }
      if let object = reference.object {
        if !result.contains(where: { $0 === object }) { result.append(object) }
      } else if !sawFirstResponder {
        sawFirstResponder = true
        result.append(nil)
      }
    }
    return result
  }

  /// The union of the events of every live registration, closure actions included.
  public var allControlEvents: ControlEvents {
    registrations.reduce(into: ControlEvents()) { mask, registration in
      if !registration.isGone { mask.formUnion(registration.events) }
    }
  }

  /// The actions registered for `target` (nil: the first responder) for any of `events`,
  /// in registration order; nil, not an empty array, when there are none.
  public func actions(forTarget target: (any ActionTarget)?, forControlEvent events: ControlEvents)
    -> [Action]?
  {
    var result: [Action] = []
    for registration in registrations where !registration.events.isDisjoint(with: events) {
      guard case .target(let reference, let action) = registration.receiver, !reference.isGone,
        reference.refers(to: target)
      else { continue }
      result.append(action)
    }
    return result.isEmpty ? nil : result
  }

  /// Adds a closure action for `events`. An action with the same identifier as one already
  /// registered replaces it in place and adds the events.
  public func addAction(_ action: ControlAction, for events: ControlEvents) {
    guard !events.isEmpty else { return }
    if let index = registrations.firstIndex(where: {
      if case .closure(let existing) = $0.receiver { return existing.identifier == action.identifier }
      return false
    }) {
      registrations[index].receiver = .closure(action)
      registrations[index].events.formUnion(events)
    } else {
      registrations.append(Registration(receiver: .closure(action), events: events))
    }
  }

  /// Stops running `action` (matched by identifier) for `events`.
  public func removeAction(_ action: ControlAction, for events: ControlEvents) {
    removeAction(identifiedBy: action.identifier, for: events)
  }

  /// Stops running the action with `identifier` for `events`.
  public func removeAction(identifiedBy identifier: ControlAction.Identifier, for events: ControlEvents) {
    for index in registrations.indices {
      if case .closure(let existing) = registrations[index].receiver, existing.identifier == identifier {
        registrations[index].events.subtract(events)
      }
    }
    registrations.removeAll { $0.events.isEmpty }
  }

  /// Sends the actions registered for any of `events`, as if they happened now, with no
  /// triggering event (UIKit's programmatic dispatch).
  public func sendActions(for events: ControlEvents) {
    sendActions(for: events, with: nil)
  }

  /// The one dispatch path: a single pass over a copy of the registrations, in order, each
  /// registration whose events meet `events` firing once.
  func sendActions(for events: ControlEvents, with event: Event?) {
    guard !events.isEmpty else { return }
    let snapshot = registrations
    var dropped = false
    let trace = ActionTrace.current
    trace?.note("\(ActionTrace.name(of: self)) sends \(events)")
    for registration in snapshot where !registration.events.isDisjoint(with: events) {
      switch registration.receiver {
      case .target(let reference, let action):
        if reference.isGone {
          dropAction(action, reference: reference, event: event)
          dropped = true
        } else {
          sendAction(action, to: reference.object, for: event)
        }
      case .closure(let action):
        trace?.note("closure action" + (action.title.isEmpty ? "" : " \"\(action.title)\""))
        let saved = (dispatchEvent, dispatchEvents)
        dispatchEvent = event
        dispatchEvents = events
        sendAction(action)
        (dispatchEvent, dispatchEvents) = saved
      }
    }
    if dropped { registrations.removeAll { $0.isGone } }
  }

  /// The event of the dispatch in progress, for closure actions.
  private var dispatchEvent: Event?
  /// The control events of the dispatch in progress, for closure actions.
  private var dispatchEvents: ControlEvents = []

  /// Sends one action through `sendAction(_:to:from:for:)` of the control's
  /// application (its window's, else ``Application/shared``). Override to watch or change
  /// dispatch; call super to send.
  open func sendAction(_ action: Action, to target: AnyObject?, for event: Event?) {
    application?.sendAction(action, to: target, from: self, for: event)
  }

  /// Runs a closure action with this control as its sender. Override to watch or suppress
  /// closure actions; call super exactly once to run it.
  open func sendAction(_ action: ControlAction) {
    action.perform(sender: self, event: dispatchEvent, controlEvents: dispatchEvents)
  }

  private var application: Application? {
    window?.application ?? Application.shared
  }

  private func dropAction(_ action: Action, reference: TargetReference, event: Event?) {
    if let application {
      application.sendAction(action, to: reference, from: self, for: event)
    } else {
      NotificationCenter.default.post(
        name: Application.didDropActionNotification, object: nil,
        userInfo: [Application.actionUserInfoKey: action, Application.senderUserInfoKey: self])
    }
  }
}

extension KeyEvent {
  /// A press of the space bar with no command modifier: the key that activates a focused
  /// button or toggles a focused switch.
  var isActivationSpace: Bool {
    keysym == .space && phase == .down
      && modifierFlags.isDisjoint(with: [.control, .alt, .super, .hyper, .meta])
  }
}
