import Foundation

/// A stretch of the screen's cells chosen by a modifier-drag when
/// ``Application/allowsScreenSelection`` is on: the text *shown*, across every view and
/// window, as a terminal's own selection would take it.
///
/// The selection is a stream, in reading order from one cell to the other, as xterm's, kitty's
/// and Textual's are: a drag down a paragraph takes whole lines between its ends, which is
/// what a person copying text expects (a rectangle would cut every line at the drag's
/// columns). It covers whole cells: an end on either half of a wide character takes the
/// whole character.
public struct ScreenSelection: Hashable, Sendable {
  /// Where the drag began, in screen cells.
  public var anchor: Point
  /// Where the drag is now (or ended), in screen cells.
  public var head: Point

  /// Creates a selection from `anchor` to `head`, in either order.
  public init(anchor: Point, head: Point) {
    self.anchor = anchor
    self.head = head
  }

  /// The cells selected in each row of `buffer`, top to bottom, each range
  /// widened so that no wide character is split; empty rows are left out.
  public func rows(in buffer: CellBuffer) -> [(row: Int, columns: ClosedRange<Int>)] {
    guard buffer.columns > 0, buffer.rows > 0 else { return [] }
    func cell(_ point: Point) -> (x: Int, y: Int) {
      (
        min(max(0, Int(cells: point.x.rounded(.down))), buffer.columns - 1),
        min(max(0, Int(cells: point.y.rounded(.down))), buffer.rows - 1)
      )
    }
    let a = cell(anchor)
    let b = cell(head)
    let (start, end) = (a.y, a.x) <= (b.y, b.x) ? (a, b) : (b, a)
    let last = buffer.columns - 1
    return (start.y...end.y).map { y in
      var from = y == start.y ? start.x : 0
      var to = y == end.y ? end.x : last
      if buffer[from, y].isContinuation, from > 0 { from -= 1 }
      if buffer[to, y].width == 2, to < last { to += 1 }
      return (y, from...to)
    }
  }

  /// The text of the selected cells of `buffer`: each row's characters with trailing blanks
  /// trimmed, rows joined by newlines (a wide character once).
  public func text(in buffer: CellBuffer) -> String {
    rows(in: buffer).map { row, columns in
      var line = ""
      for x in columns { line += buffer[x, row].text }
      while line.last == " " { line.removeLast() }
      return line
    }.joined(separator: "\n")
  }

  /// Draws the selection over `buffer`: every selected cell in the theme's
  /// ``Theme/selectedTextStyle(_:)`` over what is there, which shows with no colour too.
  public func highlight(_ buffer: inout CellBuffer, theme: Theme) {
    for (row, columns) in rows(in: buffer) {
      for x in columns { buffer[x, row].style = theme.selectedTextStyle(buffer[x, row].style) }
    }
  }
}
