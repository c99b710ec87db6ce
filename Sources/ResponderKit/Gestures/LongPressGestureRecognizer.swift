import Foundation

/// Recognizes fingers held still: `numberOfTouchesRequired` touches down for
/// ``minimumPressDuration`` without moving more than ``allowableMovement``, like
/// `UILongPressGestureRecognizer`. Continuous: it begins when the time is up (a deadline on the
/// event clock, so no touch has to arrive), changes as the fingers move (no limit then), and
/// ends when one lifts.
public final class LongPressGestureRecognizer: GestureRecognizer {
  /// How long the fingers must stay down, in seconds (0.5 by default).
  public var minimumPressDuration: TimeInterval = 0.5
  /// How far a finger may move before the press begins, in column units (a row counts two).
  public var allowableMovement = GestureMetrics.slop
  /// How many fingers press (1 by default).
  public var numberOfTouchesRequired = 1

  private var downLocations: [ObjectIdentifier: Point] = [:]

  public override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    guard state == .possible else { return }
    for touch in touches { downLocations[ObjectIdentifier(touch)] = touch.screenLocation }
    if numberOfTouches > numberOfTouchesRequired {
      state = .failed
    } else if numberOfTouches == numberOfTouchesRequired {
      setDeadline(at: event.timestamp + minimumPressDuration)
    }
  }

  public override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
    switch state {
    case .possible:
      let moved = touches.contains { touch in
        downLocations[ObjectIdentifier(touch)].map {
          GestureMetrics.distance($0, touch.screenLocation) > allowableMovement
        } ?? false
      }
      if moved { state = .failed }
    case .began, .changed:
      state = .changed
    default:
      break
    }
  }

  public override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
    switch state {
    case .possible: state = .failed
    case .began, .changed: state = .ended
    default: break
    }
  }

  override func deadlineReached() {
    if state == .possible, numberOfTouches == numberOfTouchesRequired { state = .began }
  }

  public override func reset() {
    downLocations = [:]
  }
}
