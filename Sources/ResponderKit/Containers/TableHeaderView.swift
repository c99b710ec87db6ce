/// The row of column titles at the top of a ``TableView`` with ``TableColumn``s: AppKit's
/// `NSTableHeaderView`.
///
/// It stays at the top while the rows scroll. Each title sits over its column, the primary
/// sort column's with `▲` or `▼`, and a divider `│` follows each column. Clicking a title
/// sorts by that column (``TableView/sortDescriptors``); dragging a divider sideways resizes
/// the column before it, when that column ``TableColumn/isResizable``. Set the table's
/// ``TableView/headerView`` to nil to hide the row.
@MainActor
open class TableHeaderView: View {
  /// Creates a header view; a table makes one for itself.
  public override init(frame: Rect = .zero) {
    super.init(frame: frame)
  }

  /// The table whose columns this header shows.
  public internal(set) weak var tableView: TableView?

  /// The style of the titles. Default: bold and underlined, so the row reads as a header.
  open var style = TextStyle(attributes: [.bold, .underline]) {
    didSet { if style != oldValue { setNeedsDisplay() } }
  }

  /// The column whose divider is being dragged, with the pointer's and width's start.
  private var resizing: (column: TableColumn, startX: Double, startWidth: Int)?
  /// The column whose title a touch went down on.
  private var clicked: TableColumn?

  /// The header keeps its clicks: the table's double tap does not take a quick second one.
  open override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
    gestureRecognizer !== tableView?.doubleTapRecognizer
  }

  /// A touch on a divider starts resizing that column; on a title, a click.
  open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    guard let touch = touches.first, let tableView else { return }
    let x = touch.location(in: self).x
    if let column = tableView.columnResized(byDividerAt: x) {
      resizing = (column, x, column.width)
    } else {
      clicked = tableView.column(atHeaderX: x)
    }
  }

  /// Dragging a divider sets the column's width (kept between its minimum and maximum).
  open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
    guard let touch = touches.first, let resizing else { return }
    let moved = Int(cells: (touch.location(in: self).x - resizing.startX).rounded(.down))
    let (width, overflow) = resizing.startWidth.addingReportingOverflow(moved)
    let before = resizing.column.width
    resizing.column.width = overflow ? (moved < 0 ? 0 : .max) : width
    if resizing.column.width != before, let tableView {
      tableView.delegate?.tableView(tableView, didResize: resizing.column)
    }
  }

  /// Lifting on the title the touch began on sorts by that column.
  open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
    defer {
      resizing = nil
      clicked = nil
    }
    guard resizing == nil, let clicked, let touch = touches.first, let tableView,
      tableView.column(atHeaderX: touch.location(in: self).x) === clicked
    else { return }
    tableView.headerClicked(clicked)
  }

  /// A cancelled touch neither sorts nor keeps resizing.
  open override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
    resizing = nil
    clicked = nil
  }

  /// The titles, sort marks and dividers.
  open override func draw(in canvas: Canvas) {
    super.draw(in: canvas)
    guard let tableView else { return }
    let primary = tableView.sortDescriptors.first
    let titleStyle = theme.style(for: .normal, base: style)
    let dividerStyle = theme.secondaryStyle()
    for (column, span) in zip(tableView.tableColumns, tableView.columnSpans) {
      var mark = ""
      if let primary, column.sortDescriptorPrototype?.key == primary.key {
        mark = primary.ascending ? "▲" : "▼"
      }
      let room = max(0, span.width - (mark.isEmpty ? 0 : 1))
      let title = TextMetrics.truncated(column.title, to: room)
      let offset = span.alignment.offset(lineWidth: TextMetrics.width(of: title), in: room)
      canvas.draw(title, x: span.x + offset, y: 0, style: titleStyle)
      if !mark.isEmpty { canvas.draw(mark, x: span.x + span.width - 1, y: 0, style: titleStyle) }
      canvas.draw("│", x: span.x + span.width, y: 0, style: dividerStyle)
    }
  }
}
