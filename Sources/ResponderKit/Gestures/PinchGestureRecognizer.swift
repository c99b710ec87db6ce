import Foundation

/// Recognizes two fingers moving apart or together, like `UIPinchGestureRecognizer`. It begins
/// when the distance between them changed by ``hysteresis`` column units (a row counts two),
/// changes as they move, and ends when both lift. Two fingers come from recordings and
/// `HeadlessDriver.pinch(center:from:to:)`; the mouse is one.
public final class PinchGestureRecognizer: GestureRecognizer {
  /// The distance between the fingers over the distance when they went down (or since it was
  /// set, which also makes the velocity zero).
  public var scale: Double {
    get { currentScale }
    set {
      // A scale: NaN is 1 (none), clamped to 0...2³⁰.
      let newValue = newValue.isNaN ? 1 : min(max(newValue, 0), .maximumCellCoordinate)
      baseDistance = newValue > 0 ? currentDistance / newValue : baseDistance
      currentScale = newValue
      velocity = 0
    }
  }
  /// How fast ``scale`` changes, per second on the event clock.
  public private(set) var velocity: Double = 0
  /// How far the distance between the fingers changes before the pinch begins.
  public var hysteresis = GestureMetrics.slop {
    didSet { hysteresis = hysteresis.normalizedDistance }
  }

  private var currentScale = 1.0
  private var startDistance = 0.0
  private var baseDistance = 0.0
  private var currentDistance = 0.0
  private var lastSample: (value: Double, time: TimeInterval)?

  public override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    guard state == .possible else { return }
    if numberOfTouches > 2 {
      state = .failed
    } else if numberOfTouches == 2 {
      startDistance = fingerDistance
      baseDistance = startDistance
      currentDistance = startDistance
      lastSample = (1, event.timestamp)
    }
  }

  private var fingerDistance: Double {
    let touches = activeTouches
    return GestureMetrics.distance(touches[0].screenLocation, touches[1].screenLocation)
  }

  public override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
    guard numberOfTouches == 2, baseDistance > 0 else { return }
    currentDistance = fingerDistance
    let value = currentDistance / baseDistance
    if let last = lastSample { velocity = GestureMetrics.rate(from: last, to: (value, event.timestamp)) }
    lastSample = (value, event.timestamp)
    currentScale = value
    advanceContinuousGesture(thresholdMet: abs(currentDistance - startDistance) >= hysteresis)
  }

  public override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
    endContinuousGestureWhenAllTouchesLift()
  }

  public override func reset() {
    currentScale = 1
    velocity = 0
    startDistance = 0
    baseDistance = 0
    currentDistance = 0
    lastSample = nil
  }
}
