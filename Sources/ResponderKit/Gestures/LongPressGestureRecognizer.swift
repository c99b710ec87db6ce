import Foundation

/// Recognizes fingers held still: `numberOfTouchesRequired` touches down for
/// ``minimumPressDuration`` without moving more than ``allowableMovement``, like
/// `UILongPressGestureRecognizer`. Continuous: it begins when the time is up (a deadline on the
/// event clock, so no touch has to arrive), changes as the fingers move (no limit then), and
/// ends when one lifts.
///
/// With ``numberOfTapsRequired`` the press comes after that many full taps of the same
/// fingers at the same place (1 is UIKit's "tap and a half"). Each tap and then the press must
/// come down within `Application.multipleClickInterval` of the previous tap's down, as a
/// ``TapGestureRecognizer``'s taps do; a tap held past that time fails the gesture.
public final class LongPressGestureRecognizer: GestureRecognizer {
  /// How long the fingers must stay down, in seconds (0.5 by default).
  public var minimumPressDuration: TimeInterval = 0.5 {
    didSet { minimumPressDuration = minimumPressDuration.normalizedDuration }
  }
  /// How far a finger may move before the press begins, in column units (a row counts two).
  public var allowableMovement = GestureMetrics.slop {
    didSet { allowableMovement = allowableMovement.normalizedDistance }
  }
  /// How many fingers press (1 by default).
  public var numberOfTouchesRequired = 1 {
    didSet { numberOfTouchesRequired = max(1, numberOfTouchesRequired) }
  }
  /// How many full taps come before the press (0 by default).
  public var numberOfTapsRequired = 0 {
    didSet { numberOfTapsRequired = max(0, numberOfTapsRequired) }
  }

  private var tapsDone = 0
  /// The fingers that came down in the current tap or press.
  private var touchesInStroke = 0
  private var lastDown: (time: TimeInterval, location: Point)?
  private var downLocations: [ObjectIdentifier: Point] = [:]

  public override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    guard state == .possible else { return }
    if touchesInStroke == 0 {
      // A new tap, or the press after the taps: soon enough, and where the last one was.
      let location = GestureMetrics.centroid(touches.map(\.screenLocation))
      if let last = lastDown,
        event.timestamp - last.time > Application.multipleClickInterval
          || GestureMetrics.distance(last.location, location) > allowableMovement
      {
        state = .failed
        return
      }
      lastDown = (event.timestamp, location)
      downLocations = [:]
      if tapsDone < numberOfTapsRequired {
        setDeadline(at: event.timestamp + Application.multipleClickInterval)
      }
    }
    touchesInStroke += touches.count
    for touch in touches { downLocations[ObjectIdentifier(touch)] = touch.screenLocation }
    if touchesInStroke > numberOfTouchesRequired || numberOfTouches > numberOfTouchesRequired {
      state = .failed
    } else if numberOfTouches == numberOfTouchesRequired, tapsDone == numberOfTapsRequired {
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
    case .possible:
      // A press that lifts before its time fails; a tap counts once all its fingers are up.
      guard tapsDone < numberOfTapsRequired else {
        state = .failed
        return
      }
      guard numberOfTouches == 0 else { return }
      guard touchesInStroke == numberOfTouchesRequired else {
        state = .failed
        return
      }
      tapsDone += 1
      touchesInStroke = 0
    case .began, .changed:
      state = .ended
    default:
      break
    }
  }

  override func deadlineReached() {
    guard state == .possible else { return }
    // The press's time is up with its fingers down; any other deadline is a tap or a wait
    // for the next one running out.
    let pressing = tapsDone == numberOfTapsRequired && numberOfTouches == numberOfTouchesRequired
    state = pressing ? .began : .failed
  }

  public override func reset() {
    tapsDone = 0
    touchesInStroke = 0
    lastDown = nil
    downLocations = [:]
  }
}
