import ResponderKit

/// The live inspector: a key (F12 by default) shows, over the app, the key window's view
/// hierarchy with frames, the first responder's chain up to the application, the key, main and
/// modal windows, and the last few dispatches of the `ActionTrace`. The arrow keys walk the
/// hierarchy (Up and Down through the list, Left to the superview, Right to the first subview)
/// and the selected view is highlighted on screen.
///
/// It is the host's own layer, drawn after every window and outside `Application.windows`.
/// Its keys are taken before `Application.handle(_:)`, so the app sees no event, no focus
/// change and no dispatch from it.
@MainActor
public final class Inspector {
  /// The application inspected.
  public let application: Application
  /// The key that shows and hides the inspector.
  public let toggleKey: KeySpec
  /// Whether the inspector is showing.
  public private(set) var isVisible = false
  /// The view selected with the arrow keys (held weakly: it may leave the hierarchy).
  public private(set) weak var selectedView: View?

  /// How many traced dispatches the panel lists.
  static let recentCount = 4

  /// An inspector for `application`, shown and hidden by `toggleKey`.
  public init(application: Application, toggleKey: KeySpec = KeySpec(keysym: .f(12), modifiers: [])) {
    self.application = application
    self.toggleKey = toggleKey
  }

  /// Takes `input` if it is the inspector's: the toggle key, and while showing, every key (the
  /// arrows walk the hierarchy, Escape closes). Returns whether it was taken.
  public func handle(_ input: InputEvent) -> Bool {
    guard case .key(let key) = input else { return false }
    if KeySpec(key) == toggleKey {
      if key.phase == .down { toggle() }
      return true
    }
    guard isVisible else { return false }
    guard key.phase == .down else { return true }
    let list = hierarchy().map(\.view)
    let index = selectedView.flatMap { selected in list.firstIndex { $0 === selected } }
    switch key.keysym {
    // With no key window there is nothing to walk.
    case .down where !list.isEmpty: selectedView = list[min((index ?? -1) + 1, list.count - 1)]
    case .up where !list.isEmpty: selectedView = list[max((index ?? 1) - 1, 0)]
    case .left: selectedView = selectedView?.superview ?? selectedView
    case .right: selectedView = selectedView?.subviews.first ?? selectedView
    case .escape: isVisible = false
    default: break
    }
    application.setNeedsDisplay()
    return true
  }

  private func toggle() {
    isVisible.toggle()
    // The recent dispatches come from a trace: start one the first time the inspector shows.
    if isVisible, application.actionTrace == nil { application.actionTrace = ActionTrace(capacity: 50) }
    if isVisible, selectedView == nil { selectedView = application.keyWindow?.rootView }
    application.setNeedsDisplay()
  }

  /// The key window's views, depth first, with their depth.
  func hierarchy() -> [(view: View, depth: Int)] {
    var list: [(View, Int)] = []
    func visit(_ view: View, _ depth: Int) {
      list.append((view, depth))
      for subview in view.subviews { visit(subview, depth + 1) }
    }
    if let root = application.keyWindow?.rootView { visit(root, 0) }
    return list
  }

  /// The panel's lines, top to bottom, and which one is the selected view. Given fewer
  /// `rows` than it has lines, the list of views is cut to the part around the selected one,
  /// so the windows, the chain and the recent dispatches always show.
  func lines(rows: Int = .max) -> (lines: [String], selected: Int?) {
    let name = ActionTrace.name(of:)
    var lines = ["Inspector — \(toggleKey) or Escape closes; arrows walk the views"]
    lines.append(
      "key: \(name(application.keyWindow))  main: \(name(application.mainWindow))"
        + "  modal: \(application.modalWindow.map(name) ?? "none")")
    var chain: [String] = []
    var responder: Responder? = application.keyWindow?.contentResponder
    while let current = responder {
      chain.append(name(current))
      responder = current.next
    }
    lines.append("first responder chain: " + chain.joined(separator: " → "))
    if let documents = application.documentController {
      // The window's document and the document controller follow the chain in the search.
      let current = application.keyWindow.flatMap { documents.document(for: $0) }
      let state = current.map { "\(name($0))\($0.isDocumentEdited ? " (edited)" : "")" } ?? "none"
      lines.append("document: \(state)  then \(name(documents)) (\(documents.documents.count) open)")
    }
    lines.append("views of the key window:")
    let views = hierarchy()
    let entries = application.actionTrace?.entries.suffix(Self.recentCount) ?? []
    // An empty heading reads as broken: say why there is nothing yet.
    var recent = [
      entries.isEmpty ? "recent dispatches: none yet (press a key or click)" : "recent dispatches:"
    ]
    for entry in entries {
      recent.append("  \(entry.title) → \(entry.outcome)")
    }
    let room = max(1, rows - lines.count - recent.count)
    let index = views.firstIndex { $0.view === selectedView } ?? 0
    let first = max(0, min(index - room / 2, views.count - room))
    var selected: Int?
    for (view, depth) in views[first..<min(views.count, first + room)] {
      if view === selectedView { selected = lines.count }
      let focus = view.isFirstResponder ? "  ← first responder" : ""
      lines.append(String(repeating: "  ", count: depth + 1) + "\(name(view)) \(view.frame)\(focus)")
    }
    return (lines + recent, selected)
  }

  /// Draws the panel and highlights the selected view. The panel goes below the selected
  /// view, or above it when there is more room there, so both show; beside a view that fills
  /// the screen, it takes the bottom two thirds.
  public func draw(into canvas: Canvas) {
    guard isVisible else { return }
    let size = canvas.size
    var highlight: Rect?
    if let view = selectedView, view.window != nil, view.window === application.keyWindow {
      let origin = view.convert(toScreen: Point(x: view.bounds.minX, y: view.bounds.minY))
      let rect = Rect(origin: origin, size: view.frame.size)
      canvas.applyStyle(TextStyle(attributes: .reverse), to: rect)
      highlight = rect
    }
    let above = Int(max(0, highlight?.minY ?? 0))
    let below = Int(max(0, size.height - (highlight?.maxY ?? 0)))
    let onTop = above > below
    // A view too big to go beside keeps the top third in sight.
    let room =
      max(above, below) >= Self.minimumHeight ? max(above, below) : Int(size.height) - Int(size.height) / 3
    let (lines, selected) = lines(rows: room - 2)
    let height = min(lines.count + 2, room)
    let box = Rect(
      x: 0, y: onTop && room < Int(size.height) ? 0 : size.height - Double(height), width: size.width,
      height: Double(height))
    canvas.fill(box)
    canvas.drawBox(box)
    for (row, line) in lines.prefix(height - 2).enumerated() {
      let style = row == selected ? TextStyle(attributes: .reverse) : .plain
      // A cut line ends in an ellipsis, so it does not read as the whole chain.
      _ = canvas.draw(
        line, x: 2, y: Int(box.minY) + 1 + row, width: max(0, Int(size.width) - 4), style: style)
    }
  }

  /// The fewest rows beside the selected view the panel goes in; with less, it covers the view.
  static let minimumHeight = 8
}
