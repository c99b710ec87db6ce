/// The size of the terminal in cells, as `TIOCGWINSZ` reports it.
public struct TerminalSize: Hashable, Sendable {
  /// Columns.
  public var columns: Int
  /// Rows.
  public var rows: Int

  /// The largest size the host uses, 1024 columns by 512 rows (half a million cells, some tens
  /// of megabytes of screen buffers): ``Terminal/size()`` clamps each side to it. That is wider
  /// and taller than a full-screen terminal on an 8K display with a 6-pixel font.
  public static let maximum = TerminalSize(columns: 1024, rows: 512)

  /// A size.
  public init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
  }
}
