/// A location in cell units. Cells are the terminal's grid; coordinates are `Double`
/// so touches replayed from a recording (or a pixel-precise mouse) can fall inside a cell.
public struct Point: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The column, counting from the left edge.
  public var x: Double
  /// The row, counting from the top edge.
  public var y: Double

  /// The origin, (0, 0).
  public static let zero = Point(x: 0, y: 0)

  /// Creates a point from a column and a row.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// Creates a point from whole cell coordinates.
  public init(x: Int, y: Int) {
    self.init(x: Double(x), y: Double(y))
  }

  /// A readable form, `(x, y)`.
  public var description: String { "(\(x.compact), \(y.compact))" }

  /// The distance to another point, in cells.
  public func distance(to other: Point) -> Double {
    ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
  }
}

/// A width and a height in cell units.
public struct Size: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The number of columns.
  public var width: Double
  /// The number of rows.
  public var height: Double

  /// A size of nothing.
  public static let zero = Size(width: 0, height: 0)

  /// Creates a size.
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// Creates a size from whole cell counts.
  public init(width: Int, height: Int) {
    self.init(width: Double(width), height: Double(height))
  }

  /// A readable form, `w×h`.
  public var description: String { "\(width.compact)×\(height.compact)" }
}

/// A rectangle in cell units: an origin and a size.
public struct Rect: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The top-left corner.
  public var origin: Point
  /// The extent.
  public var size: Size

  /// The empty rectangle at the origin.
  public static let zero = Rect(origin: .zero, size: .zero)

  /// Creates a rectangle from an origin and a size.
  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  /// Creates a rectangle from its components.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
  }

  /// Creates a rectangle from whole cell components.
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.init(x: Double(x), y: Double(y), width: Double(width), height: Double(height))
  }

  /// The left edge.
  public var minX: Double { origin.x }
  /// The top edge.
  public var minY: Double { origin.y }
  /// The right edge (exclusive).
  public var maxX: Double { origin.x + size.width }
  /// The bottom edge (exclusive).
  public var maxY: Double { origin.y + size.height }
  /// The horizontal centre.
  public var midX: Double { origin.x + size.width / 2 }
  /// The vertical centre.
  public var midY: Double { origin.y + size.height / 2 }
  /// The width.
  public var width: Double { size.width }
  /// The height.
  public var height: Double { size.height }
  /// True when the rectangle covers no cell.
  public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }

  /// Whether the point lies inside; the right and bottom edges are outside, as in UIKit.
  public func contains(_ point: Point) -> Bool {
    point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
  }

  /// The overlap of two rectangles, or an empty rectangle when they do not meet.
  public func intersection(_ other: Rect) -> Rect {
    let x0 = max(minX, other.minX)
    let y0 = max(minY, other.minY)
    let x1 = min(maxX, other.maxX)
    let y1 = min(maxY, other.maxY)
    guard x1 > x0, y1 > y0 else { return Rect(x: x0, y: y0, width: 0, height: 0) }
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  /// The smallest rectangle containing both; an empty rectangle does not count.
  public func union(_ other: Rect) -> Rect {
    if isEmpty { return other }
    if other.isEmpty { return self }
    let x0 = min(minX, other.minX)
    let y0 = min(minY, other.minY)
    return Rect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
  }

  /// The rectangle moved by an offset.
  public func offsetBy(dx: Double, dy: Double) -> Rect {
    Rect(x: minX + dx, y: minY + dy, width: width, height: height)
  }

  /// The rectangle shrunk on each side by the given insets.
  public func inset(by insets: EdgeInsets) -> Rect {
    Rect(
      x: minX + insets.left, y: minY + insets.top,
      width: max(0, width - insets.left - insets.right),
      height: max(0, height - insets.top - insets.bottom))
  }

  /// A readable form, `(x, y) w×h`.
  public var description: String { "\(origin) \(size)" }
}

/// Distances from each edge of a rectangle, in cells.
public struct EdgeInsets: Hashable, Sendable {
  /// From the top edge.
  public var top: Double
  /// From the left edge.
  public var left: Double
  /// From the bottom edge.
  public var bottom: Double
  /// From the right edge.
  public var right: Double

  /// No inset on any side.
  public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)

  /// Creates insets.
  public init(top: Double, left: Double, bottom: Double, right: Double) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  /// The same inset on all four sides.
  public init(all value: Double) {
    self.init(top: value, left: value, bottom: value, right: value)
  }
}

extension Double {
  /// Whole numbers without ".0", for readable descriptions.
  var compact: String {
    self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
  }
}
