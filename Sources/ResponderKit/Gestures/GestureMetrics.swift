import Foundation

/// Distances and rates shared by the recognizers, in terminal cells.
///
/// A cell is about twice as tall as it is wide, so distances count a row as two columns
/// ("column units"): `√(Δcolumns² + (2·Δrows)²)`. Mouse input moves by whole cells, so the
/// smallest moves are 1 (a column) and 2 (a row).
enum GestureMetrics {
  /// How far a tap or a long press may move: two columns or one row.
  static let slop = 2.0
  /// Velocities use samples at most this far apart, in seconds; older ones give zero.
  static let velocityWindow: TimeInterval = 0.1

  static func distance(_ a: Point, _ b: Point) -> Double {
    let dx = b.x - a.x
    let dy = 2 * (b.y - a.y)
    return (dx * dx + dy * dy).squareRoot()
  }

  /// The angle of the line from `a` to `b`, with rows counted as two columns.
  static func angle(_ a: Point, _ b: Point) -> Double {
    atan2(2 * (b.y - a.y), b.x - a.x)
  }

  static func centroid(_ points: [Point]) -> Point {
    guard !points.isEmpty else { return .zero }
    let count = Double(points.count)
    return Point(x: points.map(\.x).reduce(0, +) / count, y: points.map(\.y).reduce(0, +) / count)
  }

  /// A rate of change from the last two samples: zero when they are too far apart in time.
  static func rate(from old: (value: Double, time: TimeInterval), to new: (value: Double, time: TimeInterval))
    -> Double
  {
    let dt = new.time - old.time
    guard dt > 0, dt <= velocityWindow else { return 0 }
    return (new.value - old.value) / dt
  }
}
