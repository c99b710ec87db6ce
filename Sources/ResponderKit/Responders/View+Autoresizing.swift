extension View {
  /// Which parts of a view's frame stretch when its superview changes size: UIKit's
  /// `UIView.AutoresizingMask`. Parts not named keep their length; with none flexible on an
  /// axis, the view keeps its distance from the top-left corner.
  public struct AutoresizingMask: OptionSet, Hashable, Sendable {
    /// The bits.
    public var rawValue: UInt
    /// Wraps bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The space on the left stretches (the view keeps its distance from the right edge).
    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
    /// The width stretches.
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    /// The space on the right stretches.
    public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
    /// The space above stretches (the view keeps its distance from the bottom edge).
    public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
    /// The height stretches.
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    /// The space below stretches.
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
  }

  /// Applies the subviews' masks after this view's size went from `oldSize` to the current one.
  /// As in UIKit, a size change is shared among an axis's flexible parts in proportion to
  /// their lengths (equally when they are all zero), in whole cells.
  func resizeSubviews(from oldSize: Size) {
    for subview in subviews where !subview.autoresizingMask.isEmpty {
      let mask = subview.autoresizingMask
      let frame = subview.frame
      let (x, width) = Self.resize(
        before: frame.minX, length: frame.width, after: oldSize.width - frame.maxX,
        delta: bounds.width - oldSize.width,
        flexible: (
          mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth),
          mask.contains(.flexibleRightMargin)
        ))
      let (y, height) = Self.resize(
        before: frame.minY, length: frame.height, after: oldSize.height - frame.maxY,
        delta: bounds.height - oldSize.height,
        flexible: (
          mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight),
          mask.contains(.flexibleBottomMargin)
        ))
      subview.frame = Rect(x: x, y: y, width: width, height: height)
    }
  }

  /// One axis: the new start and length.
  private static func resize(
    before: Double, length: Double, after: Double, delta: Double, flexible: (Bool, Bool, Bool)
  ) -> (Double, Double) {
    let parts = [(flexible.0, before), (flexible.1, length), (flexible.2, after)].map {
      $0.0 ? max(0, $0.1) : -1
    }
    let flexibleParts = parts.filter { $0 >= 0 }
    guard !flexibleParts.isEmpty, delta != 0 else { return (before, length) }
    let shares = StackView.share(
      Int(cells: delta.rounded()), weights: flexibleParts.map { Int(cells: $0.rounded()) })
    var iterator = shares.makeIterator()
    let grow = parts.map { $0 >= 0 ? Double(iterator.next() ?? 0) : 0 }
    return (before + grow[0], max(0, length + grow[1]))
  }
}
