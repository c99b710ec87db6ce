/// A push button, drawn `[ OK ]`: UIKit's `UIButton`.
///
/// A tap (touch up inside) sends ``ControlEvents/touchUpInside`` and
/// ``ControlEvents/primaryActionTriggered`` in one dispatch. When the button is first
/// responder, Space or Return activates it the same way (one dispatch with both events, no
/// triggering touch), so targets registered for either event work from the keyboard.
/// The button draws in its ``View/tintColor``; the ``View/theme`` styles the states (pressed
/// and focused are reversed, disabled is faint), see ``Theme/style(for:base:accent:)``.
///
/// A button is a ``ValidatedItem``, as menu items are: while ``autovalidates`` is on, a
/// button whose ``action`` goes to the first responder (a nil target) is enabled before its
/// window is drawn only when something in the responder chain can perform it and its `validate(_:)`
/// agrees (``Application/validateItem(_:target:)``), so a Copy button greys out when there
/// is nothing to copy, as the Copy menu item does.
@MainActor
open class Button: Control, ValidatedItem {
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

  // MARK: Validation

  /// The action validation asks about: the first one registered with a nil target (the first
  /// responder) for ``ControlEvents/primaryActionTriggered`` or
  /// ``ControlEvents/touchUpInside``; nil when every action names its target, and then the
  /// button is never validated.
  public var action: Action? {
    actions(forTarget: nil, forControlEvent: [.primaryActionTriggered, .touchUpInside])?.first
  }

  /// Whether the application sets ``Control/isEnabled`` from validation before each frame
  /// while the button has a nil-target ``action``: AppKit's `NSToolbarItem.autovalidates`.
  /// Default true; turn it off to enable and disable the button yourself.
  open var autovalidates = true

  /// Whether the last validation disabled the button, so it is enabled again once it has no
  /// nil-target action or stops autovalidating.
  private var disabledByValidation = false

  /// A button joining a window is validated with that window's buttons before each frame.
  open override func didMoveToWindow() {
    super.didMoveToWindow()
    window?.validatedButtons.add(self)
  }

  /// A window's buttons, held weakly, validated before each frame
  /// (``Application/render(into:)``): the window's part of what AppKit's window update does.
  @MainActor struct Registry {
    private struct Entry {
      weak var button: Button?
    }
    private var entries: [Entry] = []

    mutating func add(_ button: Button) {
      if !entries.contains(where: { $0.button === button }) { entries.append(Entry(button: button)) }
    }

    /// Enables or disables the window's autovalidating buttons from the responder chain, and
    /// forgets those that left it.
    mutating func validate(in window: Window, application: Application) {
      guard !entries.isEmpty else { return }
      entries.removeAll { $0.button == nil || $0.button?.window !== window }
      for entry in entries { entry.button?.validate(in: application) }
    }
  }

  private func validate(in application: Application) {
    guard autovalidates, action != nil else {
      if disabledByValidation {
        disabledByValidation = false
        isEnabled = true
      }
      return
    }
    let enabled = application.validateItem(self)
    disabledByValidation = !enabled
    if isEnabled != enabled { isEnabled = enabled }
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
