/// The one-line bar a ``NavigationController`` draws at its top: a back label on the left
/// (`< Previous`), the current title in the middle. Tapping the back label goes back.
@MainActor
open class NavigationBar: View {
  /// Creates a bar.
  public override init(frame: Rect = .zero) {
    super.init(frame: frame)
  }

  /// The controller the bar belongs to; its stack supplies the titles.
  public internal(set) weak var navigationController: NavigationController?

  /// The style of the whole bar. Default: reversed, so the bar stands out from content.
  open var barStyle = TextStyle(attributes: .reverse) {
    didSet { if barStyle != oldValue { setNeedsDisplay() } }
  }

  /// The back label, or nil at the root: `< ` and the previous controller's title, or
  /// `< Back` when it has none.
  public var backTitle: String? {
    guard let stack = navigationController?.viewControllers, stack.count > 1 else { return nil }
    let previous = stack[stack.count - 2].title ?? ""
    return "< " + (previous.isEmpty ? "Back" : previous)
  }

  /// The columns the back label covers; taps there go back.
  public var backLabelColumns: Range<Int>? {
    guard let backTitle else { return nil }
    return 0..<min(Int(cells: bounds.width), TextMetrics.width(of: backTitle) + 1)
  }

  /// Draws the back label and the centred title.
  open override func draw(in canvas: Canvas) {
    super.draw(in: canvas)
    let width = Int(cells: bounds.width)
    canvas.fill(Rect(x: 0, y: 0, width: bounds.width, height: 1), with: .blank(barStyle))
    var left = 0
    if let backTitle {
      let shown = TextMetrics.truncated(backTitle, to: max(0, width / 3))
      left = canvas.draw(shown, x: 0, y: 0, style: barStyle) + 1
    }
    let title = navigationController?.topViewController?.title ?? ""
    let room = max(0, width - 2 * left)
    let shown = TextMetrics.truncated(title, to: room)
    let x = max(left, (width - TextMetrics.width(of: shown)) / 2)
    canvas.draw(shown, x: x, y: 0, style: barStyle.adding(.bold))
  }

  private var backTouchBegan = false

  /// A touch on the back label arms it.
  open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    guard let touch = touches.first, let columns = backLabelColumns else { return }
    backTouchBegan = columns.contains(Int(cells: touch.location(in: self).x.rounded(.down)))
  }

  /// Touches moving over the bar do nothing.
  open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {}

  /// Lifting on the back label sends ``Action/popViewController`` to the controller.
  open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
    defer { backTouchBegan = false }
    guard backTouchBegan, let touch = touches.first, let columns = backLabelColumns,
      bounds.contains(touch.location(in: self)),
      columns.contains(Int(cells: touch.location(in: self).x.rounded(.down))),
      let navigationController
    else { return }
    if let app = window?.application {
      app.sendAction(.popViewController, to: navigationController, from: self, for: event)
    } else {
      navigationController.popViewController(animated: false)
    }
  }

  /// A cancelled touch does nothing.
  open override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
    backTouchBegan = false
  }
}
