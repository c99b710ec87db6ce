/// An on/off choice drawn as a checkbox, `[x] Title` or `[ ] Title`: UIKit's `UISwitch` in
/// the form terminals use.
///
/// A tap (touch up inside) flips ``isOn`` and adds ``ControlEvents/valueChanged`` and
/// ``ControlEvents/primaryActionTriggered`` to the touch-up dispatch. When first responder,
/// Space or Return flips it the same way. Setting ``isOn`` in code sends nothing.
@MainActor
open class Switch: Control {
  /// Refuses an ancestor's one-finger single tap, so a tap on the control reaches its own
  /// tracking, as UIKit's standard controls do.
  open override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
    !refusesTap(of: gestureRecognizer)
  }

  /// Creates a switch; the frame's size defaults to fit the box and title.
  public init(frame: Rect? = nil, title: String = "", isOn: Bool = false) {
    self.title = title
    self.isOn = isOn
    super.init(frame: frame ?? Rect(x: 0, y: 0, width: TextLayout.width(of: title) + 4, height: 1))
  }

  /// Whether the switch is on.
  open var isOn: Bool {
    didSet { if isOn != oldValue { setNeedsDisplay() } }
  }

  /// The text after the box.
  open var title: String {
    didSet { if title != oldValue { setNeedsDisplay() } }
  }

  /// Colours and attributes of the title.
  open var style: TextStyle = .plain {
    didSet { if style != oldValue { setNeedsDisplay() } }
  }

  /// Enabled switches take the keyboard focus.
  open override var canBecomeFirstResponder: Bool { isEnabled }

  /// Flips the value on touch up inside.
  open override func endTracking(_ touch: Touch?, with event: Event?) {
    guard isTouchInside else { return }
    isOn.toggle()
    queueActions(for: [.valueChanged, .primaryActionTriggered])
  }

  /// Flips the value as a tap would and tells the targets.
  open func toggle(with event: Event? = nil) {
    guard isEnabled else { return }
    isOn.toggle()
    sendActions(for: [.valueChanged, .primaryActionTriggered], with: event)
  }

  /// Space flips the switch; other keys go on up the chain.
  open override func keyDown(with event: KeyEvent) {
    if isEnabled, event.isActivationSpace {
      toggle(with: Event(key: event))
    } else {
      super.keyDown(with: event)
    }
  }

  /// Return (``Action/insertNewline``) flips the switch.
  open override class var actionTable: ActionTable { switchActions }
  private static let switchActions = ActionTable(Switch.self, inheriting: Control.actionTable) {
    $0.add(.insertNewline) { control in control.toggle() }
  }

  /// The box, a space and the title.
  open override func sizeThatFits(_ size: Size) -> Size {
    Size(width: TextLayout.width(of: title) + 4, height: 1)
  }

  /// Draws `[x] title`: the box in the tint colour and reversed while pressed, the title
  /// reversed in the theme's focus colour while focused.
  open override func draw(in canvas: Canvas) {
    super.draw(in: canvas)
    let theme = theme
    let boxStyle = theme.style(for: state.subtracting(.focused), base: style, accent: tintColor)
    let titleStyle = theme.style(for: state.subtracting(.highlighted), base: style)
    let y = max(0, (Int(cells: bounds.height) - 1) / 2)
    canvas.draw(isOn ? "[x]" : "[ ]", x: 0, y: y, style: boxStyle)
    if !title.isEmpty { canvas.draw(title, x: 4, y: y, style: titleStyle) }
  }
}
