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
    #expect(text.contains("    View \"panel\" (2, 1) 30×5"))
    #expect(text.contains("      FocusView \"field\" (1, 1) 10×1  ← first responder"))
    #expect(text.contains("key down x → ended: unhandled, noResponder"))
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
