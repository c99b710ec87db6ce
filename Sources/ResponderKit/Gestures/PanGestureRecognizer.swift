import Foundation

/// Recognizes a drag, like `UIPanGestureRecognizer`: it begins when between
/// ``minimumNumberOfTouches`` and ``maximumNumberOfTouches`` fingers moved their centroid two
/// column units (a row counts two) from where they went down, changes while they move, and
/// ends when all lift. ``translation(in:)`` counts from the touch-down point, so a dragged view
/// stays under the pointer.
public final class PanGestureRecognizer: GestureRecognizer {
  /// The fewest fingers that pan (1 by default).
  public var minimumNumberOfTouches = 1 {
    didSet { minimumNumberOfTouches = max(1, minimumNumberOfTouches) }
  }
  /// The most fingers that pan (no limit by default).
  public var maximumNumberOfTouches = Int.max {
    didSet { maximumNumberOfTouches = max(1, maximumNumberOfTouches) }
  }
  /// How far the centroid moves before the pan begins, in column units.
  public var hysteresis = GestureMetrics.slop {
    didSet { hysteresis = hysteresis.normalizedDistance }
  }

  /// The centroid where the translation is zero, in screen cells.
  private var origin = Point.zero
  private var lastSample: (location: Point, time: TimeInterval)?
  private var currentVelocity = Point.zero

  /// How far the fingers moved since they went down (or since ``setTranslation(_:in:)``), in
  /// cells. Views only translate, so the answer is the same in every view.
  public func translation(in view: View?) -> Point {
    let now = centroid
    return Point(x: now.x - origin.x, y: now.y - origin.y)
  }

  /// Makes the current translation `translation`, and the velocity zero.
  public func setTranslation(_ translation: Point, in view: View?) {
    let now = centroid
    let translation = translation.normalized
    origin = Point(x: now.x - translation.x, y: now.y - translation.y)
    currentVelocity = .zero
  }

  /// The speed of the fingers, in cells per second on each axis, from the last two moves on
  /// the event clock.
  public func velocity(in view: View?) -> Point { currentVelocity }

  private var centroid: Point { GestureMetrics.centroid(activeTouchesOrLast.map(\.screenLocation)) }

  private var activeTouchesOrLast: [Touch] {
    let active = activeTouches
    return active.isEmpty ? trackedTouches : active
  }

  public override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    let others = activeTouches.filter { !touches.contains($0) }
    if others.isEmpty {
      origin = centroid
    } else {
      // A finger joining moves the centroid; the translation must not jump.
      shiftOrigin(from: GestureMetrics.centroid(others.map(\.screenLocation)))
    }
    lastSample = (centroid, event.timestamp)
    if state == .possible, numberOfTouches > maximumNumberOfTouches { state = .failed }
  }

  public override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
    let now = centroid
    if let last = lastSample {
      currentVelocity = Point(
        x: GestureMetrics.rate(from: (last.location.x, last.time), to: (now.x, event.timestamp)),
        y: GestureMetrics.rate(from: (last.location.y, last.time), to: (now.y, event.timestamp)))
    }
    lastSample = (now, event.timestamp)
    switch state {
    case .possible:
      guard (minimumNumberOfTouches...maximumNumberOfTouches).contains(numberOfTouches) else { return }
      if GestureMetrics.distance(origin, now) >= hysteresis { state = .began }
    case .began, .changed:
      if numberOfTouches >= minimumNumberOfTouches { state = .changed }
    default:
      break
    }
  }

  public override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
    if numberOfTouches == 0 {
      switch state {
      case .possible: state = .failed
      case .began, .changed: state = .ended
      default: break
      }
      return
    }
    // A finger leaving moves the centroid of the rest; the translation must not jump.
    shiftOrigin(from: GestureMetrics.centroid(trackedTouchesDown(with: touches).map(\.screenLocation)))
    lastSample = (centroid, event.timestamp)
  }

  private func trackedTouchesDown(with lifted: Set<Touch>) -> [Touch] {
    trackedTouches.filter { lifted.contains($0) || ($0.phase != .ended && $0.phase != .cancelled) }
  }

  private func shiftOrigin(from previous: Point) {
    let now = centroid
    origin = Point(x: origin.x + now.x - previous.x, y: origin.y + now.y - previous.y)
  }

  public override func reset() {
    origin = .zero
    lastSample = nil
    currentVelocity = .zero
  }
}
