/// A modal window asking the user to choose: a bold title, a wrapped message and a row of
/// buttons, like `NSAlert`.
///
/// Buttons have a ``ButtonStyle``, as `UIAlertAction`'s: a ``ButtonStyle/cancel`` button
/// answers Escape and a ``ButtonStyle/destructive`` one is drawn in the theme's destructive
/// colour and is never the default unless named so. The default button
/// (``effectiveDefaultButtonIndex``) has focus when the alert opens, so Return presses it:
/// NSAlert's first button, unless that button is destructive, when the cancel button (the
/// guidelines' rule: make the safe choice the default) is. ``defaultButtonIndex`` names another.
/// A cancel-style button, else one titled "Cancel" (or the one named by
/// ``cancelButtonIndex``), answers Escape; with none Escape aborts the session. Tab and the
/// arrow keys move between buttons; Return and Space press the focused one; a tap presses
/// the button under it.
///
/// The result is ``ModalResponse/alertFirstButtonReturn`` plus the button's index (see
/// ``ModalResponse/alertButtonReturn(_:)``), given to the completion handler and, as an index,
/// to the weak ``alertDelegate``. The alert closes itself when its session ends.
@MainActor
open class Alert: Window {
  /// Creates an alert with no buttons; one titled "OK" is added when it is shown without any.
  public init(title: String = "", message: String = "") {
    self.message = message
    super.init(frame: .zero)
    self.title = title
    placement = .centered
    let content = AlertContentView()
    content.alert = self
    rootView = content
  }

  /// The text under the title, wrapped to the alert's width over as many lines as it needs
  /// (``maximumTextWidth``, the screen's width and height).
  open var message: String {
    didSet { if message != oldValue { sizeToFit() } }
  }

  /// The title, drawn bold at the top, wrapped over lines as the message is (a document's
  /// name in it is never cut).
  open override var title: String {
    didSet { if title != oldValue { sizeToFit() } }
  }

  /// The widest the alert's text may be, in cells (the screen may make it narrower).
  open var maximumTextWidth = 50 {
    didSet {
      maximumTextWidth = max(1, maximumTextWidth)
      if maximumTextWidth != oldValue { sizeToFit() }
    }
  }

  /// What a button does, as `UIAlertAction.Style` says it.
  public enum ButtonStyle: Sendable, Hashable {
    /// A plain choice.
    case `default`
    /// Dismisses the alert without doing anything: Escape presses it.
    case cancel
    /// Destroys something (Delete, Discard): drawn in the destructive colour, and not the
    /// default button unless ``Alert/defaultButtonIndex`` names it.
    case destructive
  }

  /// The button titles, in order.
  public private(set) var buttonTitles: [String] = []

  /// The buttons' styles, in order.
  public private(set) var buttonStyles: [ButtonStyle] = []

  /// The button Return presses and that has focus when the alert opens (UIKit's
  /// `preferredAction`); nil (the default) for the rule in ``effectiveDefaultButtonIndex``.
  open var defaultButtonIndex: Int?

  /// The default button: ``defaultButtonIndex`` when it names a button; else the first
  /// button (NSAlert's), unless it is destructive, when it is the cancel button or the first
  /// button that is not destructive.
  public var effectiveDefaultButtonIndex: Int? {
    if let defaultButtonIndex, buttonTitles.indices.contains(defaultButtonIndex) { return defaultButtonIndex }
    guard let first = buttonStyles.first else { return nil }
    guard first == .destructive else { return 0 }
    return effectiveCancelButtonIndex ?? buttonStyles.firstIndex { $0 != .destructive } ?? 0
  }

  /// The views pressed to answer, one per title. They are private views that draw
  /// `[ Title ]`; they call ``performButton(at:)`` when pressed.
  public private(set) var buttonViews: [View] = []

  /// The button Escape presses: set it, or leave nil to use the first ``ButtonStyle/cancel``
  /// button, else the first titled "Cancel" (NSAlert's rule). With none, Escape aborts the
  /// session.
  open var cancelButtonIndex: Int?

  /// The button Escape presses, resolved as described at ``cancelButtonIndex``.
  public var effectiveCancelButtonIndex: Int? {
    if let cancelButtonIndex, buttonTitles.indices.contains(cancelButtonIndex) { return cancelButtonIndex }
    return buttonStyles.firstIndex(of: .cancel)
      ?? buttonTitles.firstIndex { $0.caseInsensitiveCompare("Cancel") == .orderedSame }
  }

  /// Told which button ended the alert. Held weakly.
  public weak var alertDelegate: (any AlertDelegate)?

  /// The running session, while the alert is shown. Weak: the application owns the session,
  /// and the session holds this window, so a strong link would keep both alive forever.
  public private(set) weak var session: ModalSession?

  private var completionHandler: (@MainActor (ModalResponse) -> Void)?

  /// Alerts are panels: they take the keyboard but never become the main window.
  open override var canBecomeMain: Bool { false }

  /// Adds a button and returns its index. Which one is the default is decided when the alert
  /// is shown (``effectiveDefaultButtonIndex``).
  @discardableResult
  public func addButton(withTitle title: String, style: ButtonStyle = .default) -> Int {
    buttonTitles.append(title)
    buttonStyles.append(style)
    let index = buttonTitles.count - 1
    let button = AlertButtonView(title: title, style: style)
    button.onPress = { [weak self] in self?.performButton(at: index) }
    buttonViews.append(button)
    rootView?.addSubview(button)
    markDefaultButton()
    sizeToFit()
    return index
  }

  /// Draws the default button bold and gives it the first focus.
  private func markDefaultButton() {
    let index = effectiveDefaultButtonIndex
    for (i, view) in buttonViews.enumerated() { (view as? AlertButtonView)?.isDefault = i == index }
    initialFirstResponder = index.map { buttonViews[$0] }
  }

  // MARK: Running

  /// Shows the alert modally in `app` and returns at once; `completionHandler` gets the
  /// response when a button is pressed or the session ends otherwise.
  public func beginModal(
    for app: Application, completionHandler: (@MainActor (ModalResponse) -> Void)? = nil
  ) {
    guard session == nil else { return }
    if buttonTitles.isEmpty { addButton(withTitle: "OK") }
    markDefaultButton()
    self.completionHandler = completionHandler
    sizeToFit(screen: app.screenSize)
    session = app.beginModalSession(for: self) { [weak self] response in
      self?.sessionDidEnd(response)
    }
  }

  /// Shows the alert modally and waits for the answer, while events keep flowing.
  public func runModal(for app: Application) async -> ModalResponse {
    await withCheckedContinuation { continuation in
      beginModal(for: app) { continuation.resume(returning: $0) }
    }
  }

  /// Presses a button: ends the session with that button's response.
  public func performButton(at index: Int) {
    guard buttonTitles.indices.contains(index), let session else { return }
    application?.endModalSession(session, code: .alertButtonReturn(index))
  }

  private func sessionDidEnd(_ response: ModalResponse) {
    session = nil
    close()
    let index = response.rawValue &- ModalResponse.alertFirstButtonReturn.rawValue
    let button = buttonTitles.indices.contains(index) ? index : nil
    let handler = completionHandler
    completionHandler = nil
    alertDelegate?.alert(self, didDismissWithButtonAt: button)
    handler?(response)
  }

  // MARK: Layout

  /// Sizes the alert for its text on `screen` (else its application's): the title and the
  /// message wrap over as many lines as they need, as NSAlert's and UIAlertController's do,
  /// within ``maximumTextWidth`` and the screen's width. Only when the screen is too short for
  /// every line is text cut, the message's last lines first (ending in `…`), the title's last.
  func sizeToFit(screen: Size? = nil) {
    let screenSize = screen ?? application?.screenSize
    let screenWidth = Int(cells: screenSize?.width ?? 80)
    let textWidth = max(1, min(maximumTextWidth, screenWidth - 4))
    let buttonsWidth =
      buttonViews.reduce(0) { $0 + Int(cells: $1.bounds.width) } + max(0, buttonViews.count - 1) * 2
    var titleLines = TextMetrics.wrapped(title, width: textWidth)
    var messageLines = message.isEmpty ? [] : TextMetrics.wrapped(message, width: textWidth)
    // Borders, the blank line above the buttons and the buttons' line; a message adds a blank
    // line above it.
    let rows = screenSize.map { Int(cells: $0.height) } ?? .max
    let fixedRows = 4
    let messageRows = max(0, rows - fixedRows - titleLines.count - 1)
    if messageLines.count > messageRows {
      messageLines = Alert.cut(messageLines, to: messageRows, width: textWidth)
    }
    if messageLines.isEmpty {
      titleLines = Alert.cut(titleLines, to: max(1, rows - fixedRows), width: textWidth)
    }
    let widest =
      ([buttonsWidth] + (titleLines + messageLines).map { TextMetrics.width(of: $0) }).max() ?? 0
    // At least 16 columns wide, when the screen has them.
    let width = min(max(16, widest), textWidth)
    let height = fixedRows + titleLines.count + (messageLines.isEmpty ? 0 : messageLines.count + 1)
    if let content = rootView as? AlertContentView {
      content.titleLines = titleLines
      content.messageLines = messageLines
    }
    let size = Size(width: width + 4, height: height)
    if frame.size != size {
      frame.size = size
      if let app = application { fit(toScreen: app.screenSize) }
    }
    rootView?.setNeedsLayout()
    rootView?.setNeedsDisplay()
  }

  /// The first `count` of `lines`, the last one ending in `…` when lines were dropped.
  private static func cut(_ lines: [String], to count: Int, width: Int) -> [String] {
    guard lines.count > count else { return lines }
    guard count > 0 else { return [] }
    var kept = Array(lines.prefix(count))
    let last = kept[count - 1]
    kept[count - 1] =
      TextMetrics.width(of: last) < width ? last + "…" : TextMetrics.truncated(last + "…", to: width)
    return kept
  }

  func layoutButtons(in content: View) {
    let total = buttonViews.reduce(0) { $0 + Int(cells: $1.bounds.width) } + max(0, buttonViews.count - 1) * 2
    var x = max(2, (Int(cells: content.bounds.width) - total) / 2)
    let y = Int(cells: content.bounds.height) - 2
    for button in buttonViews {
      button.frame.origin = Point(x: x, y: y)
      x += Int(cells: button.bounds.width) + 2
    }
  }

  // MARK: Actions

  /// Return, Escape and the arrows, over the window's actions.
  open override class var actionTable: ActionTable { alertActions }

  private static let alertActions = ActionTable(Alert.self, inheriting: Window.actionTable) {
    $0.add(.insertNewline) { alert in alert.pressFocusedButton() }
    $0.add(.cancelOperation) { alert in
      if let index = alert.effectiveCancelButtonIndex { alert.performButton(at: index) }
    }
    $0.add(.moveLeft) { alert in alert.moveButtonFocus(by: -1) }
    $0.add(.moveUp) { alert in alert.moveButtonFocus(by: -1) }
    $0.add(.moveRight) { alert in alert.moveButtonFocus(by: 1) }
    $0.add(.moveDown) { alert in alert.moveButtonFocus(by: 1) }
  }

  /// Escape is taken only when a button answers it; otherwise the window aborts the session.
  open override func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
    if action == .cancelOperation { return effectiveCancelButtonIndex != nil }
    return super.canPerformAction(action, withSender: sender)
  }

  /// The index of the focused button, if a button has focus.
  public var focusedButtonIndex: Int? {
    buttonViews.firstIndex { $0 === firstResponder }
  }

  private func pressFocusedButton() {
    guard let index = focusedButtonIndex ?? effectiveDefaultButtonIndex else { return }
    performButton(at: index)
  }

  private func moveButtonFocus(by step: Int) {
    guard !buttonViews.isEmpty else { return }
    let current = focusedButtonIndex ?? 0
    let next = (current + step + buttonViews.count) % buttonViews.count
    makeFirstResponder(buttonViews[next])
  }
}

extension ModalResponse {
  /// The response of an alert's button: ``alertFirstButtonReturn`` plus `index`, saturating
  /// at the ends of `Int` (no alert has that many buttons, so it names none).
  public static func alertButtonReturn(_ index: Int) -> ModalResponse {
    let (sum, overflow) = alertFirstButtonReturn.rawValue.addingReportingOverflow(index)
    return ModalResponse(rawValue: overflow ? (index < 0 ? .min : .max) : sum)
  }
}

/// The alert's root view: a box with the title and message; the buttons are its subviews.
@MainActor
private final class AlertContentView: View {
  weak var alert: Alert?
  var titleLines: [String] = []
  var messageLines: [String] = []

  override func layoutSubviews() {
    alert?.layoutButtons(in: self)
  }

  override func draw(in canvas: Canvas) {
    canvas.fill(bounds)
    canvas.drawBox(bounds, lines: .rounded)
    for (i, line) in titleLines.enumerated() {
      canvas.draw(line, x: 2, y: 1 + i, style: TextStyle(attributes: .bold))
    }
    for (i, line) in messageLines.enumerated() {
      canvas.draw(line, x: 2, y: 2 + titleLines.count + i)
    }
  }
}

/// A minimal push button for alerts: `[ Title ]`, reversed while focused, bold when default,
/// in the destructive colour when destructive.
@MainActor
private final class AlertButtonView: View {
  let title: String
  let style: Alert.ButtonStyle
  var isDefault = false {
    didSet { if isDefault != oldValue { setNeedsDisplay() } }
  }
  var onPress: (@MainActor () -> Void)?
  private var pressing = false

  init(title: String, style: Alert.ButtonStyle) {
    self.title = title
    self.style = style
    super.init(frame: Rect(x: 0, y: 0, width: TextMetrics.width(of: title) + 4, height: 1))
  }

  override var canBecomeFirstResponder: Bool { true }

  override func draw(in canvas: Canvas) {
    let accent = style == .destructive ? theme.destructive : tintColor
    var style = theme.style(for: isFirstResponder ? .focused : .normal, accent: accent)
    if isDefault { style = style.adding(.bold) }
    canvas.draw("[ \(title) ]", x: 0, y: 0, style: style)
  }

  override func keyDown(with event: KeyEvent) {
    if event.keysym == .space, event.modifierFlags.isDisjoint(with: .deviceIndependent) {
      onPress?()
    } else {
      super.keyDown(with: event)
    }
  }

  override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    pressing = true
  }

  override func touchesMoved(_ touches: Set<Touch>, with event: Event) {}

  override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
    defer { pressing = false }
    guard pressing, let touch = touches.first, bounds.contains(touch.location(in: self)) else { return }
    onPress?()
  }

  override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
    pressing = false
  }
}
