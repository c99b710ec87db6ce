/// Where the renderer leaves the terminal's cursor at the end of a frame, in cells from the top
/// left (0, 0). Passing `nil` instead hides the cursor.
public struct CursorPlacement: Hashable, Sendable {
  /// The column, from 0.
  public var column: Int
  /// The row, from 0.
  public var row: Int

  /// A cursor position.
  public init(column: Int, row: Int) {
    self.column = column
    self.row = row
  }
}
