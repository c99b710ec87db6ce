/// A push button, drawn `[ OK ]`: UIKit's `UIButton`.
///
/// A tap (touch up inside) sends ``Control/Event/touchUpInside`` and
/// ``Control/Event/primaryActionTriggered`` in one dispatch. When the button is first
/// responder, Space or Return activates it the same way (one dispatch with both events, no
/// triggering touch), so targets registered for either event work from the keyboard.
/// The button draws in its ``View/tintColor``; the ``View/theme`` styles the states (pressed
/// and focused are reversed, disabled is faint), see ``Theme/style(for:base:accent:)``.
@MainActor
open class Button: Control {
  /// Refuses an ancestor's one-finger single tap, so a tap on the control reaches its own
  /// tracking, as UIKit's standard controls do.
  open override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
    !refusesTap(of: gestureRecognizer)
  }

  /// Creates a button; the frame's size defaults to fit the title.
  public init(frame: Rect? = nil, title: String = "", style: TextStyle = .plain) {
    self.title = title
    self.style = style
    super.init(frame: frame ?? Rect(x: 0, y: 0, width: TextLayout.width(of: title) + 4, height: 1))
  }

  /// The text between the brackets.
  open var title: String {
    didSet { if title != oldValue { setNeedsDisplay() } }
  }

  /// Colours and attributes of the button in its normal state.
  open var style: TextStyle {
    didSet { if style != oldValue { setNeedsDisplay() } }
  }

  /// Whether the button is drawn underlined while the pointer is over it (the hover style).
  /// Off by default: a tracking area makes the host ask the terminal for every pointer move,
  /// which an app should choose.
  open var highlightsOnHover = false {
    didSet {
      guard highlightsOnHover != oldValue else { return }
      if highlightsOnHover {
        let area = TrackingArea(
          rect: .zero, options: [.mouseEnteredAndExited, .activeInKeyWindow, .inVisibleRect])
        hoverArea = area
        addTrackingArea(area)
      } else if let hoverArea {
        removeTrackingArea(hoverArea)
        self.hoverArea = nil
        isHovered = false
      }
    }
  }
  private var hoverArea: TrackingArea?

  /// Whether the pointer is over the button (followed while ``highlightsOnHover`` is on).
  public private(set) var isHovered = false {
    didSet { if isHovered != oldValue { setNeedsDisplay() } }
  }

  /// Follows the pointer for the hover style; other areas' entries go on up the chain.
  open override func mouseEntered(with event: Event) {
    if let hoverArea, event.trackingArea === hoverArea {
      isHovered = true
    } else {
      super.mouseEntered(with: event)
    }
  }

  /// Ends the hover style when the pointer leaves.
  open override func mouseExited(with event: Event) {
    if let hoverArea, event.trackingArea === hoverArea {
      isHovered = false
    } else {
      super.mouseExited(with: event)
    }
  }

  /// Enabled buttons take the keyboard focus.
  open override var canBecomeFirstResponder: Bool { isEnabled }

  /// Adds the primary action to a tap's touch-up-inside dispatch.
  open override func endTracking(_ touch: Touch?, with event: Event?) {
    if isTouchInside { queueActions(for: .primaryActionTriggered) }
  }

  /// Activates the button as a tap would: one dispatch with touch-up-inside and the primary
  /// action. `event` is the key event that caused it, if any.
  open func activate(with event: Event? = nil) {
    guard isEnabled else { return }
    sendActions(for: [.touchUpInside, .primaryActionTriggered], with: event)
  }

  /// Space activates the button; other keys go on up the chain.
  open override func keyDown(with event: KeyEvent) {
    if isEnabled, event.isActivationSpace {
      activate(with: Event(key: event))
    } else {
      super.keyDown(with: event)
    }
  }

  /// Return (``Action/insertNewline``) activates the button.
  open override class var actionTable: ActionTable { buttonActions }
  private static let buttonActions = ActionTable(Button.self, inheriting: Control.actionTable) {
    $0.add(.insertNewline) { button in button.activate() }
  }

  /// `[ title ]` and a little room.
  open override func sizeThatFits(_ size: Size) -> Size {
    Size(width: TextLayout.width(of: title) + 4, height: 1)
  }

  /// The style for the current state.
  public var currentStyle: TextStyle {
    var current = theme.style(for: state, base: style, accent: tintColor)
    if isHovered, isEnabled { current.attributes.insert(.underline) }
    return current
  }

  /// Draws `[ title ]` centred on the middle row.
  open override func draw(in canvas: Canvas) {
    super.draw(in: canvas)
    let width = Int(cells: bounds.width)
    let label = TextLayout.truncate("[ \(title) ]", width: width, mode: .clipping)
    let x = TextAlignment.center.offset(lineWidth: TextLayout.width(of: label), in: width)
    canvas.draw(label, x: x, y: max(0, (Int(cells: bounds.height) - 1) / 2), style: currentStyle)
  }
}
