import Foundation

/// Recognizes taps: `numberOfTouchesRequired` fingers (the mouse is one) tapping
/// `numberOfTapsRequired` times, like `UITapGestureRecognizer`. Discrete: it fires once, in
/// ``GestureRecognizer/State-swift.enum/recognized``.
///
/// A tap fails when a finger moves more than ``allowableMovement`` from where it went down, is
/// held longer than ``maximumTapDuration``, or when the next tap does not come down within
/// `Application.multipleClickInterval` of the previous one. The deadlines run on the event
/// clock, so a single tap waiting for a double tap to fail is decided with no touch arriving.
public final class TapGestureRecognizer: GestureRecognizer {
  /// How many taps make the gesture (1 by default).
  public var numberOfTapsRequired = 1 {
    didSet { numberOfTapsRequired = max(1, numberOfTapsRequired) }
  }
  /// How many fingers tap together (1 by default).
  public var numberOfTouchesRequired = 1 {
    didSet { numberOfTouchesRequired = max(1, numberOfTouchesRequired) }
  }
  /// How far a finger may move and still tap, in column units (a row counts two).
  public var allowableMovement = GestureMetrics.slop {
    didSet { allowableMovement = allowableMovement.normalizedDistance }
  }
  /// How long a tap may be held, in seconds.
  public var maximumTapDuration: TimeInterval = 1.0 {
    didSet { maximumTapDuration = maximumTapDuration.normalizedDuration }
  }

  private var tapsDone = 0
  private var touchesInTap = 0
  private var firstTapTouches: [Touch] = []
  private var downLocations: [ObjectIdentifier: Point] = [:]
  private var lastDown: (time: TimeInterval, location: Point)?

  /// The centroid of the first tap's fingers.
  public override func location(in view: View?) -> Point {
    guard !firstTapTouches.isEmpty else { return super.location(in: view) }
    return GestureMetrics.centroid(firstTapTouches.map { $0.location(in: view) })
  }

  public override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    for touch in touches.sorted(by: { $0.id < $1.id }) {
      if let last = lastDown, touchesInTap == 0,
        event.timestamp - last.time > Application.multipleClickInterval
          || GestureMetrics.distance(last.location, touch.screenLocation) > allowableMovement
      {
        state = .failed
        return
      }
      touchesInTap += 1
      downLocations[ObjectIdentifier(touch)] = touch.screenLocation
      if tapsDone == 0 { firstTapTouches.append(touch) }
    }
    if touchesInTap > numberOfTouchesRequired || numberOfTouches > numberOfTouchesRequired {
      state = .failed
      return
    }
    lastDown = (event.timestamp, touches.first?.screenLocation ?? .zero)
    setDeadline(at: event.timestamp + maximumTapDuration)
  }

  public override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
    for touch in touches {
      guard let start = downLocations[ObjectIdentifier(touch)] else { continue }
      if GestureMetrics.distance(start, touch.screenLocation) > allowableMovement {
        state = .failed
        return
      }
    }
  }

  public override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
    touchesMoved(touches, with: event)
    guard state == .possible, numberOfTouches == 0 else { return }
    guard touchesInTap == numberOfTouchesRequired else {
      state = .failed
      return
    }
    tapsDone += 1
    touchesInTap = 0
    if tapsDone == numberOfTapsRequired {
      cancelDeadline()
      state = .recognized
    } else if let last = lastDown {
      setDeadline(at: last.time + Application.multipleClickInterval)
    }
  }

  override func deadlineReached() {
    if state == .possible { state = .failed }
  }

  public override func reset() {
    tapsDone = 0
    touchesInTap = 0
    firstTapTouches = []
    downLocations = [:]
    lastDown = nil
  }
}
