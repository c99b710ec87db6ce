import Foundation

/// Recognizes two fingers turning around each other, like `UIRotationGestureRecognizer`. It
/// begins when the line between them turned ``hysteresis`` radians (rows counted as two
/// columns, so the angle is the one seen on screen), changes as they move, and ends when both
/// lift. Positive angles turn clockwise on screen, as in UIKit.
public final class RotationGestureRecognizer: GestureRecognizer {
  /// The angle turned since the fingers went down (or since it was set, which also makes the
  /// velocity zero), in radians.
  public var rotation: Double {
    get { currentRotation }
    set {
      let newValue = newValue.normalizedCellValue
      baseAngle += currentRotation - newValue
      currentRotation = newValue
      velocity = 0
    }
  }
  /// How fast ``rotation`` changes, in radians per second on the event clock.
  public private(set) var velocity: Double = 0
  /// How far the fingers turn before the rotation begins, in radians.
  public var hysteresis = 0.15 {
    didSet { hysteresis = hysteresis.normalizedDistance }
  }

  private var currentRotation = 0.0
  private var baseAngle = 0.0
  private var lastAngle = 0.0
  private var lastSample: (value: Double, time: TimeInterval)?

  private var fingerAngle: Double {
    let touches = activeTouches
    return GestureMetrics.angle(touches[0].screenLocation, touches[1].screenLocation)
  }

  public override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    guard state == .possible else { return }
    if numberOfTouches > 2 {
      state = .failed
    } else if numberOfTouches == 2 {
      baseAngle = fingerAngle
      lastAngle = baseAngle
      lastSample = (0, event.timestamp)
    }
  }

  public override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
    guard numberOfTouches == 2, lastSample != nil else { return }
    // Unwrapped step by step, so a turn past half a circle keeps counting.
    var step = fingerAngle - lastAngle
    if step > .pi { step -= 2 * .pi } else if step < -.pi { step += 2 * .pi }
    lastAngle += step
    let value = lastAngle - baseAngle
    if let last = lastSample { velocity = GestureMetrics.rate(from: last, to: (value, event.timestamp)) }
    lastSample = (value, event.timestamp)
    currentRotation = value
    advanceContinuousGesture(thresholdMet: abs(value) >= hysteresis)
  }

  public override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
    endContinuousGestureWhenAllTouchesLift()
  }

  public override func reset() {
    currentRotation = 0
    velocity = 0
    baseAngle = 0
    lastAngle = 0
    lastSample = nil
  }
}
