/// Lays its arranged views out in a row or a column: UIKit's `UIStackView` in whole cells.
///
/// Each arranged view has a natural size, its ``View/sizeThatFits(_:)`` answer for the room
/// there is (a label's text, a button's title; a plain view's current size). Along the
/// ``axis`` the ``distribution`` decides the lengths and gaps; across it the ``alignment``
/// decides. A hidden arranged view takes no room and no spacing, so showing or hiding one
/// re-flows the others. Lengths are whole cells; a remainder goes to the first views.
@MainActor
open class StackView: View {
  /// The direction views are laid out in.
  public enum Axis: Sendable, Hashable {
    /// Left to right.
    case horizontal
    /// Top to bottom.
    case vertical
  }

  /// Where views go across the axis.
  public enum Alignment: Sendable, Hashable {
    /// Stretched to the whole cross size.
    case fill
    /// At the top (horizontal stack) or left (vertical stack), at its natural cross size.
    case leading
    /// Centred, at its natural cross size (an odd cell left over goes after it).
    case center
    /// At the bottom (horizontal stack) or right (vertical stack), at its natural cross size.
    case trailing
  }

  /// How the length along the axis is shared.
  public enum Distribution: Sendable, Hashable {
    /// Natural lengths; the room left over, or missing, goes to the flexible views (see
    /// ``addArrangedSubview(_:flexible:)``), equally, or to the last view when none is.
    case fill
    /// Every view the same length.
    case fillEqually
    /// Lengths in proportion to the natural lengths.
    case fillProportionally
    /// Natural lengths; the room left over widens the gaps equally (never below ``spacing``).
    case equalSpacing
  }

  /// Creates a stack of `views`.
  public init(
    frame: Rect = .zero, arrangedSubviews views: [View] = [], axis: Axis = .vertical, spacing: Double = 0
  ) {
    self.axis = axis
    self.spacing = spacing.normalizedCellValue
    super.init(frame: frame)
    for view in views { addArrangedSubview(view) }
  }

  /// The direction of the stack.
  open var axis: Axis { didSet { if axis != oldValue { setNeedsLayout() } } }
  /// Cells between neighbouring visible views.
  open var spacing: Double {
    didSet {
      spacing = spacing.normalizedCellValue
      if spacing != oldValue { setNeedsLayout() }
    }
  }
  /// Placement across the axis.
  open var alignment = Alignment.fill { didSet { if alignment != oldValue { setNeedsLayout() } } }
  /// Sharing of the length along the axis.
  open var distribution = Distribution.fill { didSet { if distribution != oldValue { setNeedsLayout() } } }
  /// Room kept free inside the stack's edges.
  open var layoutMargins = EdgeInsets(all: 0) {
    didSet {
      layoutMargins = layoutMargins.normalized
      if layoutMargins != oldValue { setNeedsLayout() }
    }
  }

  /// The views the stack lays out, in order; each is also a subview.
  public private(set) var arrangedSubviews: [View] = []
  private var flexibleViews: Set<ObjectIdentifier> = []

  /// Adds a view at the end of the stack. A `flexible` view takes the room the others leave
  /// in the ``Distribution/fill`` distribution.
  public func addArrangedSubview(_ view: View, flexible: Bool = false) {
    insertArrangedSubview(view, at: arrangedSubviews.count, flexible: flexible)
  }

  /// Inserts a view into the stack at `index` (clamped).
  public func insertArrangedSubview(_ view: View, at index: Int, flexible: Bool = false) {
    arrangedSubviews.removeAll { $0 === view }
    arrangedSubviews.insert(view, at: max(0, min(index, arrangedSubviews.count)))
    if flexible {
      flexibleViews.insert(ObjectIdentifier(view))
    } else {
      flexibleViews.remove(ObjectIdentifier(view))
    }
    if view.superview !== self { addSubview(view) }
    setNeedsLayout()
  }

  /// Takes a view out of the stack; it stays a subview, as in UIKit.
  public func removeArrangedSubview(_ view: View) {
    arrangedSubviews.removeAll { $0 === view }
    flexibleViews.remove(ObjectIdentifier(view))
    setNeedsLayout()
  }

  /// A view removed from the stack's subviews leaves the arrangement too.
  open override func willRemoveSubview(_ subview: View) {
    super.willRemoveSubview(subview)
    removeArrangedSubview(subview)
  }

  /// The visible views' natural lengths and the spacing along the axis, the largest natural
  /// size across it, plus the margins: what a stack inside another stack asks for.
  open override func sizeThatFits(_ size: Size) -> Size {
    let natural = arrangedSubviews.filter { !$0.isHidden }.map { $0.sizeThatFits(size) }
    let gaps = spacing * Double(max(0, natural.count - 1))
    let along = natural.map { axis == .horizontal ? $0.width : $0.height }.reduce(gaps, +)
    let across = natural.map { axis == .horizontal ? $0.height : $0.width }.max() ?? 0
    let margins = Size(
      width: layoutMargins.left + layoutMargins.right, height: layoutMargins.top + layoutMargins.bottom)
    return axis == .horizontal
      ? Size(width: along + margins.width, height: across + margins.height)
      : Size(width: across + margins.width, height: along + margins.height)
  }

  /// Sets the arranged views' frames.
  open override func layoutSubviews() {
    super.layoutSubviews()
    let area = Rect(
      x: layoutMargins.left, y: layoutMargins.top,
      width: max(0, bounds.width - layoutMargins.left - layoutMargins.right),
      height: max(0, bounds.height - layoutMargins.top - layoutMargins.bottom))
    let views = arrangedSubviews.filter { !$0.isHidden }
    guard !views.isEmpty else { return }
    let horizontal = axis == .horizontal
    let length = Int(cells: horizontal ? area.width : area.height)
    let cross = Int(cells: horizontal ? area.height : area.width)
    let natural = views.map { $0.sizeThatFits(area.size) }
    let naturalLengths = natural.map { Int(cells: (horizontal ? $0.width : $0.height).rounded(.up)) }
    let gap = Int(cells: spacing.rounded(.down))
    let room = length - gap * (views.count - 1)
    var lengths: [Int]
    var gaps = Array(repeating: gap, count: views.count - 1)
    switch distribution {
    case .fill:
      lengths = naturalLengths
      var takers = views.indices.filter { flexibleViews.contains(ObjectIdentifier(views[$0])) }
      if takers.isEmpty { takers = [views.count - 1] }
      let shares = Self.share(room - naturalLengths.reduce(0, +), weights: takers.map { _ in 1 })
      for (taker, extra) in zip(takers, shares) { lengths[taker] = max(0, lengths[taker] + extra) }
    case .fillEqually:
      lengths = Self.share(max(0, room), weights: views.map { _ in 1 })
    case .fillProportionally:
      lengths = Self.share(max(0, room), weights: naturalLengths)
    case .equalSpacing:
      lengths = naturalLengths
      let spare = room - naturalLengths.reduce(0, +)
      if spare > 0, !gaps.isEmpty {
        gaps = zip(gaps, Self.share(spare, weights: gaps.map { _ in 1 })).map(+)
      }
    }
    var position = Int(cells: horizontal ? area.minX : area.minY)
    let crossStart = Int(cells: horizontal ? area.minY : area.minX)
    for (index, view) in views.enumerated() {
      let naturalCross = Int(cells: (horizontal ? natural[index].height : natural[index].width).rounded(.up))
      let size = alignment == .fill ? cross : min(cross, naturalCross)
      let offset: Int
      switch alignment {
      case .fill, .leading: offset = 0
      case .center: offset = (cross - size) / 2
      case .trailing: offset = cross - size
      }
      let along = max(
        0, min(lengths[index], length - (position - Int(cells: horizontal ? area.minX : area.minY))))
      view.frame =
        horizontal
        ? Rect(x: position, y: crossStart + offset, width: along, height: size)
        : Rect(x: crossStart + offset, y: position, width: size, height: along)
      position += lengths[index] + (index < gaps.count ? gaps[index] : 0)
    }
  }

  /// `total` split in whole cells by `weights` (equally when they are all zero); the cells
  /// rounding leaves go to the first parts. A negative total shrinks the parts the same way.
  static func share(_ total: Int, weights: [Int]) -> [Int] {
    guard !weights.isEmpty else { return [] }
    let sum = weights.reduce(0, +)
    let weights = sum > 0 ? weights : weights.map { _ in 1 }
    let weightSum = sum > 0 ? sum : weights.count
    var parts = weights.map { total * $0 / weightSum }
    var left = total - parts.reduce(0, +)
    var index = 0
    while left != 0 {
      if weights[index] > 0 {
        parts[index] += left > 0 ? 1 : -1
        left += left > 0 ? -1 : 1
      }
      index = (index + 1) % parts.count
    }
    return parts
  }
}
