import ResponderKit

/// The bottom of TouchLab's controls screen: the application's `ActionTrace` as it grows,
/// newest last — for each touch the hit-test path, the view chosen, the control events sent
/// and the actions they led to, found how; for each key, where it went. The wheel scrolls
/// back, as in the event log above it.
@MainActor
final class TraceView: View {
  /// The trace lines kept, oldest first.
  private(set) var lines: [String] = []
  /// How many lines are kept; older ones are forgotten.
  var capacity = 200
  /// How many lines the view is scrolled back from the newest.
  private(set) var scrollBack = 0

  /// Adds a finished entry's lines and shows the newest again.
  func append(_ entry: ActionTrace.Entry) {
    lines += entry.lines
    if lines.count > capacity { lines.removeFirst(lines.count - capacity) }
    scrollBack = 0
    setNeedsDisplay()
  }

  func clear() {
    lines.removeAll()
    scrollBack = 0
    setNeedsDisplay()
  }

  override func scrollWheel(with event: Event) {
    guard let scroll = event.scroll else { return }
    let limit = max(0, lines.count - max(1, Int(bounds.height) - 1))
    scrollBack = max(0, min(limit, scrollBack - Int(scroll.dy.rounded())))
    setNeedsDisplay()
  }

  override func draw(in canvas: Canvas) {
    canvas.fill(bounds)
    let width = Int(bounds.width)
    let dim = TextStyle(attributes: .dim)
    var title = "─ Action trace "
    title += scrollBack > 0 ? "(\(scrollBack) back; wheel scrolls) " : "(newest last; wheel scrolls back) "
    let x = canvas.draw(title, x: 0, y: 0, style: dim)
    if x < width { canvas.draw(String(repeating: "─", count: width - x), x: x, y: 0, style: dim) }
    let rows = max(0, Int(bounds.height) - 1)
    let end = lines.count - scrollBack
    for (row, line) in lines[max(0, end - rows)..<max(0, end)].enumerated() {
      // An entry's first line (what was dispatched) stands out from its steps.
      let style = line.hasPrefix(" ") ? TextStyle.plain : TextStyle(attributes: .bold)
      canvas.draw(line.prefix(width), x: 0, y: 1 + row, style: style)
    }
  }
}
