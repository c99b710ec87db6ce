import ResponderKit

/// A cursor position request (`CSI 6 n`) the renderer wrote right after a cluster of varying
/// width (``ResponderKit/Character/terminalWidthVaries``): the report's column, less the
/// cluster's, is how many columns the terminal gave it.
struct WidthProbe: Equatable, Sendable {
  /// The cluster measured.
  var cluster: Character
  /// The screen row and column (0-based, as ``TerminalReply/cursorPosition(row:column:)``
  /// reports them) where the cluster was written.
  var row: Int
  var column: Int
  /// The most columns a terminal may give the cluster (every visible scalar two wide): a
  /// report further right, or on another row, answers something else.
  var widest: Int

  /// The cluster's width on the terminal when a report at `row`, `column` answers this
  /// probe; `nil` when it cannot.
  func width(reportedRow: Int, column reported: Int) -> Int? {
    let width = reported - column
    guard reportedRow == row, width >= 1, width <= widest else { return nil }
    return width
  }
}
