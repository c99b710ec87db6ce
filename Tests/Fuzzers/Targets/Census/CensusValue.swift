import Foundation
import ResponderKit

/// A type the census feeds hostile values of: the values it allows, and how two of them
/// compare (NaN is the same as NaN, so a stored NaN reads back as what was given).
protocol CensusValue: Sendable {
  /// NaN, +∞, −∞, ±2⁶², `Int.min`, `Int.max`, 0 and −1, as far as the type allows them.
  static var hostileValues: [Self] { get }
  /// Whether two values are the same, NaN included.
  func isSame(as other: Self) -> Bool
  /// Any value of the type: a hostile one now and then, else any bit pattern (the census
  /// fuzz target).
  static func censusRandom(using generator: inout some RandomNumberGenerator) -> Self
}

extension CensusValue {
  /// One of ``hostileValues`` a quarter of the time, else `other()`.
  static func mostlyAny(
    using generator: inout some RandomNumberGenerator, _ other: (inout any RandomNumberGenerator) -> Self
  ) -> Self {
    if generator.next() % 4 == 0 { return hostileValues[Int(generator.next() % UInt64(hostileValues.count))] }
    var any: any RandomNumberGenerator = SeededGenerator(seed: generator.next())
    return other(&any)
  }
}

extension Double: CensusValue {
  static func censusRandom(using generator: inout some RandomNumberGenerator) -> Double {
    mostlyAny(using: &generator) { Double(bitPattern: $0.next()) }
  }
  static let hostileValues: [Double] = [
    .nan, .infinity, -.infinity, 0x1p62, -0x1p62, Double(Int.min), Double(Int.max), 0, -1,
  ]
  func isSame(as other: Double) -> Bool { self == other || (isNaN && other.isNaN) }
}

extension Int: CensusValue {
  static func censusRandom(using generator: inout some RandomNumberGenerator) -> Int {
    mostlyAny(using: &generator) { Int(truncatingIfNeeded: $0.next()) }
  }
  static let hostileValues: [Int] = [1 << 62, -(1 << 62), .min, .max, 0, -1]
  func isSame(as other: Int) -> Bool { self == other }
}

extension Point: CensusValue {
  static func censusRandom(using generator: inout some RandomNumberGenerator) -> Point {
    Point(x: Double.censusRandom(using: &generator), y: Double.censusRandom(using: &generator))
  }
  static let hostileValues = Double.hostileValues.map { Point(x: $0, y: $0) }
  func isSame(as other: Point) -> Bool { x.isSame(as: other.x) && y.isSame(as: other.y) }
}

extension Size: CensusValue {
  static func censusRandom(using generator: inout some RandomNumberGenerator) -> Size {
    Size(width: Double.censusRandom(using: &generator), height: Double.censusRandom(using: &generator))
  }
  static let hostileValues = Double.hostileValues.map { Size(width: $0, height: $0) }
  func isSame(as other: Size) -> Bool {
    width.isSame(as: other.width) && height.isSame(as: other.height)
  }
}

extension Rect: CensusValue {
  static func censusRandom(using generator: inout some RandomNumberGenerator) -> Rect {
    Rect(origin: .censusRandom(using: &generator), size: .censusRandom(using: &generator))
  }
  static let hostileValues = Double.hostileValues.map { Rect(x: $0, y: $0, width: $0, height: $0) }
  func isSame(as other: Rect) -> Bool {
    origin.isSame(as: other.origin) && size.isSame(as: other.size)
  }
}

extension EdgeInsets: CensusValue {
  static func censusRandom(using generator: inout some RandomNumberGenerator) -> EdgeInsets {
    EdgeInsets(
      top: .censusRandom(using: &generator), left: .censusRandom(using: &generator),
      bottom: .censusRandom(using: &generator),
      right: .censusRandom(using: &generator))
  }
  static let hostileValues = Double.hostileValues.map { EdgeInsets(all: $0) }
  func isSame(as other: EdgeInsets) -> Bool {
    top.isSame(as: other.top) && left.isSame(as: other.left) && bottom.isSame(as: other.bottom)
      && right.isSame(as: other.right)
  }
}

extension IndexPath: CensusValue {
  static func censusRandom(using generator: inout some RandomNumberGenerator) -> IndexPath {
    IndexPath(row: .censusRandom(using: &generator), section: .censusRandom(using: &generator))
  }
  static let hostileValues = Int.hostileValues.map { IndexPath(row: $0, section: $0) }
  func isSame(as other: IndexPath) -> Bool { self == other }
}

extension Range<Int>: CensusValue {
  static func censusRandom(using generator: inout some RandomNumberGenerator) -> Range<Int> {
    let (a, b) = (Int.censusRandom(using: &generator), Int.censusRandom(using: &generator))
    return Swift.min(a, b)..<Swift.max(a, b)
  }
  /// From each hostile integer to 0 (or 0 to it), and the whole of `Int`.
  static let hostileValues = Int.hostileValues.map { $0 < 0 ? $0..<0 : 0..<$0 } + [Int.min..<Int.max]
  func isSame(as other: Range<Int>) -> Bool { self == other }
}

extension Duration: CensusValue {
  static func censusRandom(using generator: inout some RandomNumberGenerator) -> Duration {
    mostlyAny(using: &generator) {
      Duration(secondsComponent: Int64(bitPattern: $0.next()), attosecondsComponent: 0)
    }
  }
  /// The longest and the most negative, a negative one, none and the shortest.
  static let hostileValues: [Duration] = [
    .seconds(Int64.max), .seconds(Int64.min), .seconds(-1), .zero, .nanoseconds(1),
  ]
  func isSame(as other: Duration) -> Bool { self == other }
}

/// The geometry rule as the census states it (README, "Reliability"): NaN is 0, ±∞ and
/// anything beyond ±2³⁰ cells is ±2³⁰.
enum GeometryRule {
  /// The largest magnitude a coordinate or length keeps (2³⁰ cells).
  static let limit: Double = 1_073_741_824

  /// `value` under the rule.
  static func normalized(_ value: Double) -> Double {
    value.isNaN ? 0 : min(max(value, -limit), limit)
  }
}
