import Foundation

/// Recognizes a quick stroke in one of the allowed ``direction``s, like
/// `UISwipeGestureRecognizer`. Discrete: it fires once, during the move, when the fingers'
/// centroid went ``minimumDistance`` column units (a row counts two) along one axis within
/// ``maximumDuration`` of touching down, moving at most half as far across it.
public final class SwipeGestureRecognizer: GestureRecognizer {
  /// Directions a swipe may take.
  public struct Direction: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: Int
    /// Creates a set from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Toward higher columns.
    public static let right = Direction(rawValue: 1 << 0)
    /// Toward lower columns.
    public static let left = Direction(rawValue: 1 << 1)
    /// Toward lower rows.
    public static let up = Direction(rawValue: 1 << 2)
    /// Toward higher rows.
    public static let down = Direction(rawValue: 1 << 3)
  }

  /// The directions recognized (``Direction/right`` by default, as in UIKit).
  public var direction: Direction = .right
  /// How many fingers swipe (1 by default).
  public var numberOfTouchesRequired = 1 {
    didSet { numberOfTouchesRequired = max(1, numberOfTouchesRequired) }
  }
  /// The distance along the stroke, in column units.
  public var minimumDistance = 6.0 {
    didSet { minimumDistance = minimumDistance.normalizedDistance }
  }
  /// The longest the stroke may take, in seconds.
  public var maximumDuration: TimeInterval = 0.5 {
    didSet { maximumDuration = maximumDuration.normalizedDuration }
  }

  private var start: (location: Point, time: TimeInterval)?

  /// Where the swipe began: the centroid of the fingers when they went down.
  public override func location(in view: View?) -> Point {
    guard let start else { return super.location(in: view) }
    guard let view else { return super.location(in: nil) }
    return view.convert(fromScreen: start.location)
  }

  public override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    if numberOfTouches > numberOfTouchesRequired {
      state = .failed
    } else if numberOfTouches == numberOfTouchesRequired {
      start = (GestureMetrics.centroid(activeTouches.map(\.screenLocation)), event.timestamp)
    }
  }

  public override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
    guard state == .possible, let start, numberOfTouches == numberOfTouchesRequired else { return }
    if event.timestamp - start.time > maximumDuration {
      state = .failed
      return
    }
    let now = GestureMetrics.centroid(activeTouches.map(\.screenLocation))
    let dx = now.x - start.location.x
    let dy = 2 * (now.y - start.location.y)
    let (primary, secondary) = abs(dx) >= abs(dy) ? (abs(dx), abs(dy)) : (abs(dy), abs(dx))
    if secondary > primary / 2, max(primary, secondary) >= minimumDistance / 2 {
      state = .failed
      return
    }
    guard primary >= minimumDistance else { return }
    let stroke: Direction = abs(dx) >= abs(dy) ? (dx > 0 ? .right : .left) : (dy > 0 ? .down : .up)
    state = direction.contains(stroke) ? .recognized : .failed
  }

  public override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
    if state == .possible { state = .failed }
  }

  public override func reset() {
    start = nil
  }
}
