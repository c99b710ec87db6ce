import Foundation

/// One contact (a mouse button held, or a finger in a replayed multitouch stream), with a
/// stable identity from ``TouchPhase/began`` to ``TouchPhase/ended`` or
/// ``TouchPhase/cancelled``, like `UITouch`.
///
/// The view that was hit when the touch began keeps the touch for its whole life, even when
/// it moves outside the view: that is how a drag out of a button still reaches the button.
@MainActor
public final class Touch: Hashable, Identifiable {
  /// The source's identifier for the contact (0 for the mouse): the ``TouchSample/id`` of the
  /// samples that move it.
  public let id: Int
  /// The current phase.
  public internal(set) var phase: TouchPhase
  /// Seconds on the event source's clock at the last change.
  public internal(set) var timestamp: TimeInterval
  /// The number of quick taps at this place, counting this one (2 for a double click).
  public internal(set) var tapCount: Int
  /// The view the touch began in, fixed for its whole life. Held weakly: a view that leaves
  /// its window cancels its touches, and a touch never keeps a removed view alive.
  public internal(set) weak var view: View?
  /// The window the touch belongs to.
  public internal(set) weak var window: Window?
  /// Modifier keys held at the last change.
  public internal(set) var modifierFlags: KeyEvent.ModifierFlags

  /// Whether the touch reaches a view (false when exclusive or single-touch rules refused it).
  var isDelivered = false

  // Gesture bookkeeping (see `GestureArbiter`): the recognizers that see the touch, and how
  // far its delivery to the view has got while they decide. The recognizers are held weakly:
  // a recognizer keeps the touches it tracks, so strong links both ways would keep both
  // alive after their window is gone whenever a sequence was cut short.
  var gestureRecognizers: [GestureRecognizer] {
    get { recognizerReferences.compactMap(\.object) }
    set { recognizerReferences = newValue.map(WeakGestureRecognizer.init) }
  }
  private var recognizerReferences: [WeakGestureRecognizer] = []

  /// Whether a recognizer of this touch satisfies `condition`, read from the weak references
  /// without building the array (the arbiter asks this per recognizer on every touch event).
  func hasGestureRecognizer(where condition: (GestureRecognizer) -> Bool) -> Bool {
    recognizerReferences.contains { $0.object.map(condition) ?? false }
  }
  var viewBegan = false
  var viewFinished = false

  /// Location and previous location in screen cells.
  var screenLocation: Point
  var previousScreenLocation: Point

  /// Where and when the touch began, and whether it has moved beyond the tap slop since:
  /// what decides whether it counts as a tap.
  let startLocation: Point
  let startTimestamp: TimeInterval
  var leftTapSlop = false

  init(id: Int, phase: TouchPhase, location: Point, timestamp: TimeInterval, tapCount: Int) {
    self.id = id
    self.phase = phase
    self.screenLocation = location
    self.previousScreenLocation = location
    self.startLocation = location
    self.startTimestamp = timestamp
    self.timestamp = timestamp
    self.tapCount = tapCount
    self.modifierFlags = []
  }

  /// Runs `body` with `touches` showing their start — phase began, the location and time they
  /// began with — or, `asPreviousOnly`, with the start as their previous location: how a view
  /// hears late of touches a gesture recognizer held back (`delaysTouchesBegan`).
  static func presentingStart(of touches: [Touch], asPreviousOnly: Bool = false, _ body: () -> Void) {
    guard !touches.isEmpty else { return body() }
    let saved = touches.map { ($0.phase, $0.timestamp, $0.screenLocation, $0.previousScreenLocation) }
    for touch in touches {
      touch.previousScreenLocation = touch.startLocation
      guard !asPreviousOnly else { continue }
      touch.phase = .began
      touch.timestamp = touch.startTimestamp
      touch.screenLocation = touch.startLocation
    }
    body()
    for (touch, state) in zip(touches, saved) {
      (touch.phase, touch.timestamp, touch.screenLocation, touch.previousScreenLocation) = state
    }
  }

  /// The location in `view`'s coordinates; nil means the window's (screen cells when there
  /// is no window).
  public func location(in view: View?) -> Point {
    convert(screenLocation, to: view)
  }

  /// The location at the previous change, in `view`'s coordinates.
  public func previousLocation(in view: View?) -> Point {
    convert(previousScreenLocation, to: view)
  }

  private func convert(_ screenPoint: Point, to view: View?) -> Point {
    if let view { return view.convert(fromScreen: screenPoint) }
    guard let window else { return screenPoint }
    return Point(x: screenPoint.x - window.frame.minX, y: screenPoint.y - window.frame.minY)
  }

  /// Identity.
  public nonisolated static func == (lhs: Touch, rhs: Touch) -> Bool { lhs === rhs }
  /// Identity.
  public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

  /// `touch#id phase at (x, y)`.
  public var description: String { "touch#\(id) \(phase) at \(screenLocation)" }
}
