import ResponderKit

/// A recording that could not be read: where, which field, what was wrong — and everything
/// read before the bad line, so nothing already accepted is lost.
public struct RecordingError: Error, CustomStringConvertible {
  /// The 1-based line number.
  public var line: Int
  /// The field that was wrong (`time`, `kind`, `phase`, `x`, `text`, ...).
  public var field: String
  /// What was wrong with it.
  public var message: String
  /// The entries before the bad line.
  public var partial: Recording

  /// `line 4, field phase: expected began, moved, ...`.
  public var description: String { "line \(line), field \(field): \(message)" }
}
