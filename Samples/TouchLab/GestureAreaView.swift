import ResponderKit

/// The framed area of the Gestures screen that carries the recognizers, with a hint of what
/// to try in it.
@MainActor
final class GestureAreaView: View {
  override func draw(in canvas: Canvas) {
    let width = Int(bounds.width)
    let height = Int(bounds.height)
    // The screen is presented over the controls one: cover it.
    canvas.fill(bounds)
    guard width >= 2, height >= 2 else { return }
    let dim = TextStyle(attributes: .dim)
    let rule = String(repeating: "─", count: width - 2)
    canvas.draw("┌" + rule + "┐", x: 0, y: 0, style: dim)
    for y in 1..<(height - 1) {
      canvas.draw("│", x: 0, y: y, style: dim)
      canvas.draw("│", x: width - 1, y: y, style: dim)
    }
    canvas.draw("└" + rule + "┘", x: 0, y: height - 1, style: dim)
    let hints = [
      "Click, double-click, hold, drag, or flick here.",
      "Two fingers (pinch, rotation): --gestures --replay Samples/TouchLab/gestures.rkrec",
    ]
    for (row, hint) in hints.enumerated() where row + 1 < height - 1 {
      canvas.draw(hint.prefix(max(0, width - 4)), x: 2, y: row + 1, style: dim)
    }
  }
}
