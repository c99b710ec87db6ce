import Testing

@testable import ResponderKit
@testable import TerminalHost

/// The live inspector: its keys never reach the application, it shows the key window's
/// hierarchy, the first responder's chain and recent dispatches, and the arrows walk the views.
@MainActor
struct InspectorTests {
  /// Counts every event the application is given.
  final class CountingApplication: Application {
    var events = 0
    override func sendEvent(_ event: Event) {
      events += 1
      super.sendEvent(event)
    }
  }

  final class FocusView: View {
    override var canBecomeFirstResponder: Bool { true }
  }

  let app = CountingApplication()
  let window = Window(frame: Rect(x: 0, y: 0, width: 60, height: 20))
  let root = View(frame: Rect(x: 0, y: 0, width: 60, height: 20))
  let panel = View(frame: Rect(x: 2, y: 1, width: 30, height: 5))
  let field = FocusView(frame: Rect(x: 1, y: 1, width: 10, height: 1))
  let inspector: Inspector

  init() {
    app.screenSize = Size(width: 60, height: 20)
    window.placement = .fixed
    window.title = "Main"
    root.identifier = "root"
    panel.identifier = "panel"
    field.identifier = "field"
    panel.addSubview(field)
    root.addSubview(panel)
    window.rootView = root
    app.addWindow(window)
    window.makeKeyAndOrderFront()
    window.makeFirstResponder(field)
    inspector = Inspector(application: app)
  }

  func press(_ keysym: Keysym) -> Bool {
    inspector.handle(.key(KeyEvent(keysym: keysym)))
  }

  func screen() -> String {
    let canvas = Canvas(buffer: app.renderScreen())
    inspector.draw(into: canvas)
    return canvas.buffer.plainText
  }

  @Test func f12TogglesItAndTheApplicationSeesNoEvent() {
    #expect(press(.f(12)))
    #expect(inspector.isVisible)
    #expect(press(.down))
    #expect(press(.f(12)))
    #expect(!inspector.isVisible)
    #expect(!press(.down), "hidden, it takes only its own key")
    #expect(app.events == 0)
    #expect(window.firstResponder === field)
  }

  @Test func itShowsTheHierarchyTheChainAndRecentDispatches() {
    _ = press(.f(12))
    app.handle(.key(KeyEvent.character("x")))
    let text = screen()
    #expect(text.contains("key: Window \"Main\"  main: Window \"Main\"  modal: none"))
    // Wider than this screen, the line is cut on it.
    #expect(
      inspector.lines().lines.contains(
        "first responder chain: FocusView \"field\" → View \"panel\" → View \"root\" → Window \"Main\" → CountingApplication"
      ))
    #expect(text.contains("first responder chain: FocusView \"field\" → View \"panel\""))
    let cut = "first responder chain: FocusView \"field\" → View \"panel\"…"
    #expect(text.contains(cut), "a cut line ends in an ellipsis")
    #expect(text.contains("    View \"panel\" (2, 1) 30×5"))
    #expect(text.contains("      FocusView \"field\" (1, 1) 10×1  ← first responder"))
    #expect(text.contains("key down x → ended: unhandled, noResponder"))
  }

  @Test func beforeAnyDispatchTheListSaysNoneYet() {
    _ = press(.f(12))
    #expect(screen().contains("recent dispatches: none yet (press a key or click)"))
  }

  @Test func arrowsWalkTheViewsAndHighlightTheSelection() {
    _ = press(.f(12))
    #expect(inspector.selectedView === root)
    _ = press(.down)
    #expect(inspector.selectedView === panel)
    _ = press(.right)
    #expect(inspector.selectedView === field)
    _ = press(.left)
    #expect(inspector.selectedView === panel)
    let canvas = Canvas(buffer: app.renderScreen())
    inspector.draw(into: canvas)
    // The panel's cells on screen are shown reversed.
    #expect(canvas.buffer[2, 1].style.attributes.contains(.reverse))
    #expect(!canvas.buffer[0, 0].style.attributes.contains(.reverse))
  }
}

/// The inspector's panel beside a selected view, and with no key window to walk.
@MainActor
struct InspectorPlacementTests {
  @Test func thePanelGoesWhereItLeavesTheSelectedViewInSightAndFollowsTheSelection() {
    let app = Application()
    app.screenSize = Size(width: 60, height: 30)
    let window = Window(frame: Rect(x: 0, y: 0, width: 60, height: 30))
    window.placement = .fixed
    let root = View(frame: Rect(x: 0, y: 0, width: 60, height: 30))
    // Forty one-row views: more than the panel has rows for.
    for row in 0..<40 {
      let view = View(frame: Rect(x: 0, y: Double(row % 30), width: 20, height: 1))
      view.identifier = "row \(row)"
      root.addSubview(view)
    }
    window.rootView = root
    app.addWindow(window)
    window.makeKeyAndOrderFront()
    let inspector = Inspector(application: app)
    _ = inspector.handle(.key(KeyEvent(keysym: .f(12))))
    for _ in 0..<3 { _ = inspector.handle(.key(KeyEvent(keysym: .down))) }
    let canvas = Canvas(buffer: app.renderScreen())
    inspector.draw(into: canvas)
    let rows = canvas.buffer.plainText.components(separatedBy: "\n")
    // "row 2" is on screen row 2: the panel takes the rows below it, and lists it selected.
    #expect(canvas.buffer[0, 2].style.attributes.contains(.reverse))
    #expect(rows[3].hasPrefix("┌"))
    #expect(rows.contains { $0.contains("View \"row 2\" (0, 2) 20×1") })
    #expect(rows.contains { $0.contains("recent dispatches:") })

    // Far down the list, on screen row 8 of the second round: the panel shows that part.
    for _ in 0..<36 { _ = inspector.handle(.key(KeyEvent(keysym: .down))) }
    #expect(inspector.selectedView?.identifier == "row 38")
    let later = Canvas(buffer: app.renderScreen())
    inspector.draw(into: later)
    let text = later.buffer.plainText
    #expect(text.contains("View \"row 38\" (0, 8) 20×1"))
    #expect(!text.contains("View \"row 2\" "))
  }

  @Test func withNoKeyWindowTheArrowsDoNothing() {
    let app = Application()
    let inspector = Inspector(application: app)
    #expect(inspector.handle(.key(KeyEvent(keysym: .f(12)))))
    #expect(inspector.handle(.key(KeyEvent(keysym: .down))))
    #expect(inspector.handle(.key(KeyEvent(keysym: .up))))
    #expect(inspector.selectedView == nil)
  }

  /// A document's window: the chain shows its window controller, a line its document and the
  /// document controller, which the search asks after the chain.
  @Test func itShowsTheWindowControllerTheDocumentAndTheDocumentController() {
    let app = Application()
    let controller = DocumentController(documentType: Document.self)
    app.documentController = controller
    let document = controller.openUntitledDocumentAndDisplay(false)
    let window = Window()
    let windowController = WindowController(window: window)
    document.addWindowController(windowController)
    windowController.showWindow(nil)
    document.updateChangeCount(.changeDone)
    let lines = Inspector(application: app).lines().lines
    #expect(
      lines.contains("first responder chain: Window \"Untitled — Edited\" → WindowController → Application"))
    #expect(lines.contains("document: Document \"Untitled\" (edited)  then DocumentController (1 open)"))
  }
}
