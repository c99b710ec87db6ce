/// A value nudged up and down by fixed steps, drawn `[-|+]`: UIKit's `UIStepper`.
///
/// A touch going down on the left half decrements, on the right half increments, and adds
/// ``ControlEvents/valueChanged`` to the touch-down dispatch when the value changed. There is
/// no autorepeat: holding the touch does not repeat the step (terminals report no hold).
/// With ``wraps``, stepping past one end goes to the other; without, the value stops at the
/// end and nothing is sent. When first responder, Left/Down and `-` decrement, Right/Up and
/// `+` increment. Setting ``value`` in code sends nothing.
@MainActor
open class Stepper: Control {
  /// Refuses an ancestor's one-finger single tap, so a tap on the control reaches its own
  /// tracking, as UIKit's standard controls do.
  open override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
    !refusesTap(of: gestureRecognizer)
  }

  /// Creates a stepper.
  public init(
    frame: Rect? = nil, value: Double = 0, minimumValue: Double = 0, maximumValue: Double = 100,
    stepValue: Double = 1
  ) {
    self.stepValue = stepValue > 0 ? min(stepValue, .maximumCellCoordinate) : 1
    self.bounded = BoundedValue(value: value, minimum: minimumValue, maximum: maximumValue)
    super.init(frame: frame ?? Rect(x: 0, y: 0, width: 5, height: 1))
  }

  private var bounded: BoundedValue

  /// The value, always within ``minimumValue``…``maximumValue``.
  open var value: Double {
    get { bounded.value }
    set { if bounded.setValue(newValue) { setNeedsDisplay() } }
  }

  /// The low end.
  open var minimumValue: Double {
    get { bounded.minimum }
    set {
      bounded.setMinimum(newValue)
      setNeedsDisplay()
    }
  }

  /// The high end.
  open var maximumValue: Double {
    get { bounded.maximum }
    set {
      bounded.setMaximum(newValue)
      setNeedsDisplay()
    }
  }

  /// How much one step changes the value; must be positive (other values are ignored).
  open var stepValue: Double {
    // A step is positive and finite: NaN and ≤ 0 keep the step there was, +∞ is 2³⁰.
    didSet { stepValue = stepValue > 0 ? min(stepValue, .maximumCellCoordinate) : oldValue }
  }

  /// Whether stepping past one end continues from the other.
  open var wraps = false

  /// Which half a touch went down on.
  public enum Part: Hashable, Sendable {
    /// The `-` half.
    case decrement
    /// The `+` half.
    case increment
  }

  /// The half being pressed by the tracked touch, if any.
  public private(set) var pressedPart: Part?

  /// Enabled steppers take the keyboard focus.
  open override var canBecomeFirstResponder: Bool { isEnabled }

  /// Whether a decrement would change the value.
  public var canDecrement: Bool { wraps || value > minimumValue }
  /// Whether an increment would change the value.
  public var canIncrement: Bool { wraps || value < maximumValue }

  /// The half at a point in the stepper's coordinates.
  public func part(at point: Point) -> Part {
    point.x - bounds.minX < bounds.width / 2 ? .decrement : .increment
  }

  /// Steps the value once; returns whether it changed.
  ///
  /// With `notifyingTargets` it steps as the user does: nothing happens while the stepper is
  /// disabled, and a change sends ``ControlEvents/valueChanged`` (with `event`, if given).
  @discardableResult
  open func step(_ part: Part, notifyingTargets: Bool = false, with event: Event? = nil) -> Bool {
    if notifyingTargets {
      guard isEnabled, step(part) else { return false }
      sendActions(for: .valueChanged, with: event)
      return true
    }
    let old = value
    switch part {
    case .increment:
      let next = value + stepValue
      value = next > maximumValue ? (wraps ? minimumValue : maximumValue) : next
    case .decrement:
      let next = value - stepValue
      value = next < minimumValue ? (wraps ? maximumValue : minimumValue) : next
    }
    return value != old
  }

  /// Steps on touch down.
  open override func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
    let part = part(at: touch.location(in: self))
    pressedPart = part
    if step(part) { queueActions(for: .valueChanged) }
    return true
  }

  /// The pressed half is released.
  open override func endTracking(_ touch: Touch?, with event: Event?) {
    pressedPart = nil
    setNeedsDisplay()
  }

  /// The pressed half is released.
  open override func cancelTracking(with event: Event?) {
    pressedPart = nil
    setNeedsDisplay()
  }

  /// `-` and `+` (or `=`, unshifted `+`) step; other keys go on up the chain.
  open override func keyDown(with event: KeyEvent) {
    let plain = event.modifierFlags.isDisjoint(with: [.control, .alt, .super, .hyper, .meta])
    if isEnabled, plain, event.phase != .up {
      switch event.characters {
      case "-", "_":
        step(.decrement, notifyingTargets: true, with: Event(key: event))
        return
      case "+", "=":
        step(.increment, notifyingTargets: true, with: Event(key: event))
        return
      default: break
      }
    }
    super.keyDown(with: event)
  }

  /// The arrow keys step.
  open override class var actionTable: ActionTable { stepperActions }
  private static let stepperActions = ActionTable(Stepper.self, inheriting: Control.actionTable) {
    $0.add(.moveLeft) { stepper in stepper.step(.decrement, notifyingTargets: true) }
    $0.add(.moveDown) { stepper in stepper.step(.decrement, notifyingTargets: true) }
    $0.add(.moveRight) { stepper in stepper.step(.increment, notifyingTargets: true) }
    $0.add(.moveUp) { stepper in stepper.step(.increment, notifyingTargets: true) }
  }

  /// Only while enabled.
  open override func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
    isEnabled && super.canPerformAction(action, withSender: sender)
  }

  /// `[-|+]`.
  open override func sizeThatFits(_ size: Size) -> Size { Size(width: 5, height: 1) }

  /// Draws `[-|+]` in the tint colour, reversed while focused; a half that cannot step is
  /// drawn disabled, the pressed half highlighted.
  open override func draw(in canvas: Canvas) {
    super.draw(in: canvas)
    let theme = theme
    let tint: Color = tintColor
    let base = theme.style(for: state.subtracting(.highlighted), accent: tint)
    func style(for part: Part, enabled: Bool) -> TextStyle {
      if !enabled { return theme.style(for: .disabled) }
      return pressedPart == part && isHighlighted ? theme.style(for: .highlighted, accent: tint) : base
    }
    let y = max(0, (Int(cells: bounds.height) - 1) / 2)
    let half = Int(cells: bounds.width) / 2
    canvas.draw("[", x: 0, y: y, style: base)
    canvas.draw("-", x: max(1, half / 2 + 0), y: y, style: style(for: .decrement, enabled: canDecrement))
    canvas.draw("|", x: half, y: y, style: base)
    canvas.draw(
      "+", x: half + max(1, (Int(cells: bounds.width) - half) / 2), y: y,
      style: style(for: .increment, enabled: canIncrement))
    canvas.draw("]", x: Int(cells: bounds.width) - 1, y: y, style: base)
  }
}
