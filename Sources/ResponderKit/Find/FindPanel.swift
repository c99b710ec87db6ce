/// The find bar: a one-row panel across the bottom of the screen with a field for the text to
/// find, opened for a ``Findable`` view (Control+F in ``TextView`` and ``TextField``).
///
/// It is a window that can become key but never main, as AppKit's find panel: while it is
/// key, its actions go with a nil target and reach the view being searched through the main
/// window's responder chain. Return sends ``Action/findNext``, Shift+Return
/// ``Action/findPrevious`` (F3 and Shift+F3 too), Escape closes it. What is typed goes to
/// ``Pasteboard/find`` and the view highlights its matches; the search is case-insensitive
/// unless ``isCaseSensitive``. The status at the right says when a search wrapped or found
/// nothing.
@MainActor
public final class FindPanel: Window {
  /// The open find bar, if any.
  public private(set) static weak var current: FindPanel?

  /// The view searched: the one that opened the bar.
  public private(set) weak var client: (any Findable)?

  /// The field holding the text to find.
  public let field: TextField = QueryField(placeholder: "Find")

  /// Whether case must match (default false).
  public var isCaseSensitive = false {
    didSet { queryDidChange() }
  }

  private let status = Label()

  private init(application: Application) {
    super.init(frame: Self.frame(in: application.screenSize))
    placement = .bottomEdge
    level = .floating
    let root = View()
    let title = Label(frame: Rect(x: 0, y: 0, width: 6, height: 1), text: "Find:")
    root.addSubview(title)
    root.addSubview(field)
    root.addSubview(status)
    rootView = root
    field.addTarget(self, action: Self.queryChanged, for: .editingChanged)
    layOut()
  }

  /// The field and the status follow the bar's width (the screen's, on a resize).
  public override var frame: Rect {
    didSet { layOut() }
  }

  /// Opens the bar (or moves the open one) for `client`, with the last query selected.
  @discardableResult
  public static func show(for client: any Findable) -> FindPanel? {
    guard let application = (client as? View)?.window?.application ?? (client as? Window)?.application
    else { return nil }
    let panel =
      current.flatMap { $0.application === application ? $0 : nil } ?? FindPanel(application: application)
    current = panel
    panel.client?.highlightMatches(of: nil, caseSensitive: false)
    panel.client = client
    if panel.application == nil { application.addWindow(panel) }
    panel.frame = Self.frame(in: application.screenSize)
    panel.field.text = Pasteboard.find.localString ?? ""
    panel.status.text = ""
    panel.makeKeyAndOrderFront()
    panel.makeFirstResponder(panel.field)
    panel.field.selectAll(nil)
    panel.queryDidChange()
    return panel
  }

  /// Closes the bar: the highlights go, and the searched view's window is key again.
  public func dismiss() {
    client?.highlightMatches(of: nil, caseSensitive: false)
    let window = (client as? View)?.window
    close()
    if Self.current === self { Self.current = nil }
    window?.makeKey()
  }

  /// Shows what a find step found.
  func show(_ result: FindResult) {
    switch result {
    case .found: status.text = ""
    case .wrapped: status.text = "wrapped"
    case .notFound: status.text = "not found"
    }
  }

  /// Never main: the searched window stays main, so nil-targeted actions reach its view.
  public override var canBecomeMain: Bool { false }

  /// Return and F3 find the next match, Shift+Return and Shift+F3 the previous one, Escape
  /// closes the bar; before the field's own Return and Escape.
  public override var keyCommands: [KeyCommand] { Self.commands }

  private static let commands: [KeyCommand] = [
    KeyCommand(title: "Find Next", input: KeyCommand.inputReturn, action: .findNext),
    KeyCommand(
      title: "Find Previous", input: KeyCommand.inputReturn, modifierFlags: .shift, action: .findPrevious),
    KeyCommand(title: "Find Next", input: KeyCommand.inputF(3), action: .findNext),
    KeyCommand(
      title: "Find Previous", input: KeyCommand.inputF(3), modifierFlags: .shift, action: .findPrevious),
    KeyCommand(title: "Close Find", input: KeyCommand.inputEscape, action: closeFind),
  ].map { command in
    var command = command
    command.wantsPriorityOverSystemBehavior = true
    return command
  }

  private static let queryChanged = Action("findPanelQueryChanged")
  private static let closeFind = Action("closeFindPanel")

  /// The bar's own actions: the query's changes and closing.
  public override class var actionTable: ActionTable { panelActions }
  private static let panelActions = ActionTable(FindPanel.self, inheriting: Window.actionTable) {
    $0.add(queryChanged) { $0.queryDidChange() }
    $0.add(closeFind) { $0.dismiss() }
  }

  private func queryDidChange() {
    let query = field.text
    Pasteboard.find.string = query.isEmpty ? nil : query
    status.text = ""
    client?.highlightMatches(of: query.isEmpty ? nil : query, caseSensitive: isCaseSensitive)
  }

  private static func frame(in screen: Size) -> Rect {
    Rect(x: 0, y: max(0, screen.height - 1), width: screen.width, height: 1)
  }

  private func layOut() {
    let width = frame.width
    field.frame = Rect(x: 6, y: 0, width: max(1, width - 6 - 11), height: 1)
    status.frame = Rect(x: max(0, width - 10), y: 0, width: 10, height: 1)
  }
}

/// The bar's field: it edits the query and never searches itself, so the find actions pass it
/// by on their way to the view searched.
@MainActor
private final class QueryField: TextField {
  override func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
    if canPerformFindAction(action) != nil { return false }
    return super.canPerformAction(action, withSender: sender)
  }

  override var keyCommands: [KeyCommand] { [] }
}
