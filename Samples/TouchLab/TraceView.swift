import ResponderKit

/// The bottom of TouchLab's controls screen: the application's `ActionTrace` as it grows,
/// newest last — for each touch the hit-test path, the view chosen, the control events sent
/// and the actions they led to, found how; for each key, where it went.
@MainActor
final class TraceView: View {
  /// The trace lines kept, oldest first.
  private(set) var lines: [String] = []
  /// How many lines are kept; older ones are forgotten.
  var capacity = 200

  /// Adds a finished entry's lines.
  func append(_ entry: ActionTrace.Entry) {
    lines += entry.lines
    if lines.count > capacity { lines.removeFirst(lines.count - capacity) }
    setNeedsDisplay()
  }

  func clear() {
    lines.removeAll()
    setNeedsDisplay()
  }

  override func draw(in canvas: Canvas) {
    canvas.fill(bounds)
    let width = Int(bounds.width)
    let dim = TextStyle(attributes: .dim)
    let x = canvas.draw("─ Action trace (newest last) ", x: 0, y: 0, style: dim)
    if x < width { canvas.draw(String(repeating: "─", count: width - x), x: x, y: 0, style: dim) }
    let rows = max(0, Int(bounds.height) - 1)
    for (row, line) in lines.suffix(rows).enumerated() {
      // An entry's first line (what was dispatched) stands out from its steps.
      let style = line.hasPrefix(" ") ? TextStyle.plain : TextStyle(attributes: .bold)
      canvas.draw(line.prefix(width), x: 0, y: 1 + row, style: style)
    }
  }
}
