/// The one rule for geometry that comes from outside the framework — frames, bounds, screen
/// sizes, drawing coordinates: every value is finite and bounded before anything compares,
/// stores or converts it (ARCHITECTURE.md, "Geometry limits").
///
/// - NaN is 0 (UIKit treats a non-finite component as no extent).
/// - ±∞ and anything beyond ±2³⁰ cells is clamped to ±2³⁰: far beyond any screen, yet a sum of
///   a few such values still converts to `Int` and stays an exact `Double`.
/// - A screen is whole cells, 0 to ``maximumScreenDimension`` on each side, so a hostile size
///   can never ask for more than a bounded cell buffer.
extension Double {
  /// The largest magnitude a coordinate or length keeps, in cells (2³⁰).
  static let maximumCellCoordinate: Double = 1_073_741_824

  /// The value under the geometry rule: NaN → 0, clamped to ±``maximumCellCoordinate``.
  var normalizedCellValue: Double {
    guard !isNaN else { return 0 }
    return Swift.min(Swift.max(self, -.maximumCellCoordinate), .maximumCellCoordinate)
  }
}

extension Double {
  /// The longest duration or delay kept, in seconds (2³⁰, about 34 years): a timer due
  /// later never fires in practice, and dates stay finite, so a repeating timer never loops.
  static let maximumDuration: Double = 1_073_741_824

  /// The value as a duration (README, "Reliability"): NaN and negatives are 0, ±∞ and
  /// anything longer than ``maximumDuration`` is ``maximumDuration``.
  var normalizedDuration: Double {
    guard !isNaN else { return 0 }
    return Swift.min(Swift.max(self, 0), .maximumDuration)
  }

  /// The value as a distance or threshold that has no sign: NaN and negatives are 0, ±∞ and
  /// beyond 2³⁰ cells is 2³⁰.
  var normalizedDistance: Double { Swift.max(0, normalizedCellValue) }
}

extension Int {
  /// The cell that `value` falls in, rounding down, under the geometry rule: never traps.
  init(cellContaining value: Double) {
    self = Int(value.normalizedCellValue.rounded(.down))
  }

  /// `value` toward zero, as `Int(_:)`, under the geometry rule: never traps.
  init(cells value: Double) {
    self = Int(value.normalizedCellValue)
  }

  /// The sum, or `nil` when it does not fit: past that point nothing can be visible.
  @inline(__always)
  func addingCells(_ other: Int) -> Int? {
    let (sum, overflow) = addingReportingOverflow(other)
    return overflow ? nil : sum
  }
}

extension Point {
  /// The point under the geometry rule.
  var normalized: Point { Point(x: x.normalizedCellValue, y: y.normalizedCellValue) }
}

extension Size {
  /// The most cells a screen has on each side (a 2048×2048 screen is 64 MiB of cells).
  public static let maximumScreenDimension = 2048

  /// The size under the geometry rule.
  var normalized: Size { Size(width: width.normalizedCellValue, height: height.normalizedCellValue) }

  /// The size as a screen: whole cells, each side from 0 to ``maximumScreenDimension``.
  var normalizedScreen: Size {
    func side(_ value: Double) -> Double {
      Double(Swift.min(Swift.max(Int(cellContaining: value), 0), Size.maximumScreenDimension))
    }
    return Size(width: side(width), height: side(height))
  }
}

extension EdgeInsets {
  /// The insets under the geometry rule.
  var normalized: EdgeInsets {
    EdgeInsets(
      top: top.normalizedCellValue, left: left.normalizedCellValue, bottom: bottom.normalizedCellValue,
      right: right.normalizedCellValue)
  }
}

extension Rect {
  /// The rectangle under the geometry rule.
  var normalized: Rect { Rect(origin: origin.normalized, size: size.normalized) }
}
