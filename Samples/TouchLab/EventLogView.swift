import ResponderKit

/// The lower half of TouchLab: a title rule, then the newest log lines, newest at the bottom.
/// The wheel scrolls back through older lines; a new line scrolls back to the newest.
@MainActor
final class EventLogView: View {
  let log: EventLog
  /// How many lines the view is scrolled back from the newest.
  private(set) var scrollBack = 0
  /// What the view says while the log is empty.
  var emptyText = "Click, drag out and back in, type: each dispatch shows here."

  init(log: EventLog) {
    self.log = log
    super.init()
  }

  override func scrollWheel(with event: Event) {
    guard let scroll = event.scroll else { return }
    let visible = max(1, Int(bounds.height) - 1)
    let limit = max(0, log.entries.count - visible)
    scrollBack = max(0, min(limit, scrollBack - Int(scroll.dy.rounded())))
    setNeedsDisplay()
  }

  /// A new entry shows the newest lines again.
  func entryAdded() {
    scrollBack = 0
    setNeedsDisplay()
  }

  override func draw(in canvas: Canvas) {
    // Opaque, as the Gestures screen's log lies over the controls screen's.
    canvas.fill(bounds)
    let width = Int(bounds.width)
    let dim = TextStyle(attributes: .dim)
    var title = "─ Event log "
    title += scrollBack > 0 ? "(\(scrollBack) back; wheel scrolls) " : "(newest last; wheel scrolls back) "
    let x = canvas.draw(title, x: 0, y: 0, style: dim)
    if x < width { canvas.draw(String(repeating: "─", count: width - x), x: x, y: 0, style: dim) }
    let rows = max(0, Int(bounds.height) - 1)
    let end = log.entries.count - scrollBack
    let shown = log.entries[max(0, end - rows)..<max(0, end)]
    for (row, entry) in shown.enumerated() {
      var style = TextStyle.plain
      switch entry.kind {
      case .events: break
      case .action: style = TextStyle(foreground: .green)
      case .drop: style = TextStyle(foreground: .red, attributes: .bold)
      case .gesture: style = TextStyle(foreground: .cyan)
      case .pointer: style = TextStyle(foreground: .yellow)
      }
      canvas.draw(entry.line.prefix(width), x: 0, y: 1 + row, style: style)
    }
    if log.entries.isEmpty {
      canvas.draw(emptyText, x: 0, y: 1, style: dim)
    }
  }
}
