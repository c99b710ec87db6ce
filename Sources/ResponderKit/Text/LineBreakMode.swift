/// What a label does with text longer than its width: UIKit's `NSLineBreakMode`.
public enum LineBreakMode: Hashable, Sendable {
  /// Wrap at word boundaries (words longer than a line are split); text past the last line
  /// is cut off.
  case wordWrapping
  /// Wrap at any character; text past the last line is cut off.
  case charWrapping
  /// One line per paragraph, cut off at the edge.
  case clipping
  /// Drop the start of the (last) line and show "…" there.
  case truncatingHead
  /// Drop the end of the (last) line and show "…" there.
  case truncatingTail
  /// Drop the middle of the (last) line and show "…" there.
  case truncatingMiddle

  var wraps: Bool { self == .wordWrapping || self == .charWrapping }
}
