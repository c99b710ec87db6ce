import Foundation

/// Turns a sequence of touches into a gesture and sends actions to its targets: UIKit's
/// `UIGestureRecognizer` in terminal cells.
///
/// Attach a recognizer to a view with ``View/addGestureRecognizer(_:)``. A touch that begins in
/// the view or one of its subviews is shown to the recognizer before the view, and the window
/// arbitrates between the recognizers that see the same touches (see <doc:Gestures>).
///
/// **States.** A recognizer starts ``State-swift.enum/possible``. A discrete gesture (tap,
/// swipe) moves to ``State-swift.enum/recognized`` or ``State-swift.enum/failed``; a continuous
/// one (long press, pan, pinch, rotation) to ``State-swift.enum/began``, then
/// ``State-swift.enum/changed`` any number of times, then ``State-swift.enum/ended`` or
/// ``State-swift.enum/cancelled``, or fails before it begins. When the touch sequence is over
/// the window calls ``reset()`` and the state is possible again.
///
/// **Targets.** Each action is sent to its target (held weakly, through ``TargetReference``)
/// once for a discrete gesture and on every state change of a continuous one, failed excepted.
/// A target that went away drops its action and posts
/// ``Application/didDropActionNotification``. To see every state change, failed included,
/// observe the recognizer with ``observeState(_:)``.
///
/// **Subclasses** override the `touches…` methods and set ``state``; they clear their own
/// state in ``reset()``.
@MainActor
open class GestureRecognizer {
  /// The states of UIKit's gesture state machine.
  public enum State: Int, Sendable, CustomStringConvertible {
    /// Evaluating touches; the default.
    case possible
    /// A continuous gesture was recognized.
    case began
    /// A continuous gesture changed.
    case changed
    /// A continuous gesture ended, or a discrete gesture was recognized.
    case ended
    /// A continuous gesture was interrupted.
    case cancelled
    /// The touches are not this gesture.
    case failed

    /// A discrete gesture was recognized: the same state as ``ended``.
    public static let recognized = State.ended

    /// The state's name, as tests and logs show it.
    public var description: String {
      ["possible", "began", "changed", "ended", "cancelled", "failed"][rawValue]
    }

    /// Ended, cancelled or failed: the recognizer waits for the sequence to end to reset.
    var isFinished: Bool { self == .ended || self == .cancelled || self == .failed }
  }

  /// Creates a recognizer that sends `action` to `target` (held weakly) when it recognizes;
  /// with no action it sends nothing until ``addTarget(_:action:)``.
  public init(target: (any ActionTarget)? = nil, action: Action? = nil) {
    if let action { addTarget(target, action: action) }
  }

  // MARK: Targets

  private var targets: [(reference: TargetReference, action: Action)] = []

  /// Adds a target and action; a nil target sends the action up the responder chain from the
  /// first responder. Adding the same pair twice has no effect.
  public func addTarget(_ target: (any ActionTarget)?, action: Action) {
    guard !targets.contains(where: { $0.action == action && $0.reference.refers(to: target) }) else { return }
    targets.append((TargetReference(target), action))
  }

  /// Removes a target's action; a nil action removes every action of the target.
  public func removeTarget(_ target: (any ActionTarget)?, action: Action?) {
    targets.removeAll { $0.reference.refers(to: target) && (action == nil || $0.action == action) }
  }

  // MARK: Configuration

  /// The view the recognizer is attached to.
  public internal(set) weak var view: View?

  /// The delegate that arbitrates this recognizer's gestures, held weakly.
  public weak var delegate: (any GestureRecognizerDelegate)?

  /// Whether the recognizer sees touches. Disabling it while it recognizes cancels the gesture,
  /// while it follows touches fails it; either way it drops the touches it tracks and only sees
  /// new ones once re-enabled. An idle recognizer stays possible.
  public var isEnabled = true {
    didSet {
      guard isEnabled != oldValue, !isEnabled else { return }
      if state == .began || state == .changed {
        state = .cancelled
      } else if state == .possible, !trackedTouches.isEmpty {
        // Only a recognizer that follows touches is reset when its sequence ends: an idle one
        // that failed here would stay failed for ever.
        state = .failed
      }
      view?.window?.gestureArbiter.settle()
    }
  }

  /// Whether the view's touches of a recognized gesture are cancelled (the view gets
  /// `touchesCancelled`, then nothing more of them). True by default.
  public var cancelsTouchesInView = true

  /// Whether touches that begin are kept from the view while the gesture is still possible.
  /// False by default.
  public var delaysTouchesBegan = false

  /// Whether touches that end are kept from the view while the gesture is still possible, so
  /// a recognized gesture can still cancel them. True by default.
  public var delaysTouchesEnded = true

  /// The recognizers that must fail before this one may recognize.
  var failureRequirements: [WeakGestureRecognizer] = []

  /// Makes this recognizer wait until `other` fails: a recognized gesture is held back until
  /// then, and fails if `other` recognizes or begins (a single tap that requires a double tap
  /// to fail) — after `other`'s state change, which observers hear of first.
  public func require(toFail other: GestureRecognizer) {
    guard other !== self, !failureRequirements.contains(where: { $0.object === other }) else { return }
    failureRequirements.append(WeakGestureRecognizer(other))
  }

  // MARK: State

  /// The current state. Subclasses set it as touches arrive; the window arbitrates, sends the
  /// actions and resets.
  public var state: State = .possible {
    didSet {
      guard state != oldValue else {
        // A continuous gesture reports each change, even when the state name stays the same.
        if state == .changed { needsAction = true }
        return
      }
      if state != .failed { needsAction = true }
      // Failing and resetting send no action, so observers hear of them here; the other
      // states reach them with the action (see `sendActions`).
      if state == .failed || state == .possible { publishState() }
      if oldValue == .possible, state != .failed, state != .cancelled { wantsToBegin = true }
      if state == .began { isContinuous = true }
    }
  }

  // MARK: Observing the state

  /// A change of ``state`` as an observer sees it: the old and new values, as a KVO change
  /// with the `.old` and `.new` options has them.
  public struct StateChange: Sendable, Equatable {
    /// The state observers saw before.
    public let oldValue: State
    /// The state now.
    public let newValue: State
  }

  /// An observation made with ``GestureRecognizer/observeState(_:)``. Like
  /// `NSKeyValueObservation`, it lasts until it is invalidated or released: keep it.
  @MainActor
  public final class StateObservation {
    fileprivate var changeHandler: (@MainActor (GestureRecognizer, StateChange) -> Void)?
    fileprivate init(_ changeHandler: @escaping @MainActor (GestureRecognizer, StateChange) -> Void) {
      self.changeHandler = changeHandler
    }
    /// Stops the observation.
    public func invalidate() { changeHandler = nil }
  }

  private struct WeakStateObservation {
    weak var observation: StateObservation?
  }

  private var stateObservations: [WeakStateObservation] = []
  /// The state observers were last told of.
  private var publishedState = State.possible

  /// Calls `changeHandler` on every state change, including those that send no action —
  /// failed, and the return to possible when the window resets the recognizer — which is what
  /// UIKit apps observe `state` with KVO for.
  ///
  /// The handler sees the states the targets see, when they see them: a recognizer waiting for
  /// another to fail stays possible to observers until the wait is over, and a continuous
  /// gesture reports each `changed`, as its action does. Failed is reported as the recognizer
  /// fails, cancelled and the recognized states just before the targets get their actions; a
  /// recognizer that fails because another recognized is reported after that one's state.
  public func observeState(
    _ changeHandler: @escaping @MainActor (GestureRecognizer, StateChange) -> Void
  ) -> StateObservation {
    let observation = StateObservation(changeHandler)
    stateObservations.append(WeakStateObservation(observation: observation))
    return observation
  }

  /// Tells the observers of the current state, unless they know it already (a continuous
  /// gesture's repeated `changed` excepted).
  func publishState() {
    let change = StateChange(oldValue: publishedState, newValue: state)
    guard change.oldValue != change.newValue || state == .changed else { return }
    publishedState = state
    guard !stateObservations.isEmpty else { return }
    stateObservations.removeAll { $0.observation?.changeHandler == nil }
    for entry in stateObservations {
      entry.observation?.changeHandler?(self, change)
    }
  }

  /// A state change whose action is still to be sent.
  var needsAction = false
  /// Left possible since the last arbitration: it must be checked before its action goes out.
  var wantsToBegin = false
  /// Admitted by arbitration: its actions go out and it may cancel touches.
  var isAdmitted = false
  /// Began rather than recognized at once: while it lasts it excludes its rivals.
  var isContinuous = false

  /// The touches the recognizer follows: still down, or ended in this sequence.
  var trackedTouches: [Touch] = []

  /// The number of touches the recognizer follows that are still down.
  public var numberOfTouches: Int { activeTouches.count }

  var activeTouches: [Touch] {
    trackedTouches.filter { $0.phase != .ended && $0.phase != .cancelled }
  }

  /// The centroid of the touches the recognizer follows, in `view`'s coordinates (nil: the
  /// window's). With every touch lifted, the centroid of the last ones.
  open func location(in view: View?) -> Point {
    let touches = activeTouches.isEmpty ? trackedTouches : activeTouches
    return GestureMetrics.centroid(touches.map { $0.location(in: view) })
  }

  /// The location of one of the touches (in the order they began), in `view`'s coordinates.
  public func location(ofTouch index: Int, in view: View?) -> Point {
    let touches = activeTouches
    guard touches.indices.contains(index) else { return .zero }
    return touches[index].location(in: view)
  }

  // MARK: Subclass hooks

  /// Touches began in the recognizer's view or its subviews.
  open func touchesBegan(_ touches: Set<Touch>, with event: Event) {}
  /// Touches the recognizer follows moved.
  open func touchesMoved(_ touches: Set<Touch>, with event: Event) {}
  /// Touches the recognizer follows ended.
  open func touchesEnded(_ touches: Set<Touch>, with event: Event) {}
  /// Touches the recognizer follows were cancelled: a discrete gesture fails, a continuous one
  /// that began is cancelled.
  open func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
    state = state == .possible ? .failed : .cancelled
  }

  /// Clears the recognizer's own state; the window calls it when the sequence is over.
  open func reset() {}

  /// Stops sending `touch` to the recognizer; the touch is not cancelled in the view.
  open func ignore(_ touch: Touch, for event: Event) {
    trackedTouches.removeAll { $0 === touch }
    touch.gestureRecognizers.removeAll { $0 === self }
  }

  /// Whether recognizing this gesture may fail `other` (true by default).
  open func canPrevent(_ other: GestureRecognizer) -> Bool { true }
  /// Whether `other` recognizing may fail this gesture (true by default).
  open func canBePrevented(by other: GestureRecognizer) -> Bool { true }
  /// Whether this recognizer waits for `other` to fail (false by default).
  open func shouldRequireFailure(of other: GestureRecognizer) -> Bool { false }
  /// Whether `other` waits for this recognizer to fail (false by default).
  open func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool { false }

  // MARK: Continuous gestures

  /// A continuous gesture's step on new touches: from `.possible` it begins once `thresholdMet`;
  /// once begun, every update is a change.
  func advanceContinuousGesture(thresholdMet: @autoclosure () -> Bool) {
    switch state {
    case .possible: if thresholdMet() { state = .began }
    case .began, .changed: state = .changed
    default: break
    }
  }

  /// A multi-finger gesture's step on lifted fingers: it fails if it never began, and ends
  /// when the last finger lifts.
  func endContinuousGestureWhenAllTouchesLift() {
    switch state {
    case .possible: state = .failed
    case .began where numberOfTouches == 0, .changed where numberOfTouches == 0: state = .ended
    default: break
    }
  }

  // MARK: Deadlines

  private var deadlineTimer: ApplicationTimer?

  /// Calls ``deadlineReached()`` at `time` on the application's clock (the event clock), even
  /// when no touch arrives; replaces an earlier deadline.
  func setDeadline(at time: TimeInterval) {
    cancelDeadline()
    guard let window = view?.window, let app = window.application else { return }
    let delay = max(0, time - app.timerClock())
    deadlineTimer = app.scheduleTimer(after: delay) { [weak self, weak window] _ in
      guard let self else { return }
      self.deadlineTimer = nil
      self.deadlineReached()
      window?.gestureArbiter.settle()
    }
  }

  var hasDeadline: Bool { deadlineTimer != nil }

  func cancelDeadline() {
    deadlineTimer?.invalidate()
    deadlineTimer = nil
  }

  /// A deadline set with ``setDeadline(at:)`` passed.
  func deadlineReached() {}

  // MARK: Window side

  /// Sends the actions of the current state to every target, telling the observers first
  /// unless the caller already did.
  func sendActions(published: Bool = false) {
    needsAction = false
    if !published { publishState() }
    guard let app = view?.window?.application else { return }
    for target in targets {
      app.sendAction(target.action, to: target.reference, from: self)
    }
  }

  /// Back to possible for the next sequence.
  func resetForNextSequence() {
    cancelDeadline()
    for touch in trackedTouches { touch.gestureRecognizers.removeAll { $0 === self } }
    trackedTouches = []
    isAdmitted = false
    isContinuous = false
    reset()
    state = .possible
    needsAction = false
    wantsToBegin = false
  }
}

/// A weak link to a recognizer, for failure requirements.
@MainActor
struct WeakGestureRecognizer {
  weak var object: GestureRecognizer?
  init(_ object: GestureRecognizer) { self.object = object }
}
