/// Where a line of text sits in the width it is given.
public enum TextAlignment: Hashable, Sendable {
  /// Flush left.
  case left
  /// Centred; an odd leftover cell goes to the right.
  case center
  /// Flush right.
  case right

  /// The column a line of `lineWidth` cells starts at in `width` cells.
  func offset(lineWidth: Int, in width: Int) -> Int {
    switch self {
    case .left: return 0
    case .center: return max(0, (width - lineWidth) / 2)
    case .right: return max(0, width - lineWidth)
    }
  }
}
