import EventReplay
import ResponderKit
import Testing

/// A view that registers one undo step per key it types.
@MainActor
private final class Typist: View {
  var text = ""
  override var canBecomeFirstResponder: Bool { true }
  override func keyDown(with event: KeyEvent) {
    let characters = event.characters
    guard !characters.isEmpty else { return super.keyDown(with: event) }
    let before = text
    text += characters
    undoManager?.registerUndo(withTarget: self) { $0.text = before }
  }
}

/// Foundation's run-loop observer closes a `groupsByEvent` manager's group after each event;
/// here the application does it, visiting only the managers that opened a group — not every
/// window (before, every event cost a call per window: ~9 instructions × windows).
@Suite("Undo groups per event")
@MainActor
struct UndoGroupPerEventTests {
  @Test func aGroupOpenedInOneWindowAmongManyClosesAfterTheEvent() {
    let app = Application()
    let driver = HeadlessDriver(application: app, size: Size(width: 20, height: 4))
    var windows: [Window] = []
    for _ in 0..<200 {
      let window = Window()
      app.addWindow(window)
      windows.append(window)
    }
    let typist = Typist()
    let window = windows[100]
    window.rootView = typist
    window.makeKeyAndOrderFront()
    window.makeFirstResponder(typist)
    driver.type("ab")
    let manager = window.undoManager
    #expect(manager?.groupingLevel == 0, "the event's group was closed")
    #expect(typist.text == "ab")
    manager?.undo()
    #expect(typist.text == "a", "each key press is its own step")
    manager?.undo()
    #expect(typist.text == "")
  }

  @Test func aManagerOwnedByTheAppIsClosedAfterTheEventToo() {
    let app = Application()
    let driver = HeadlessDriver(application: app, size: Size(width: 20, height: 4))
    let own = UndoManager()
    let window = Window()
    let typist = Typist()
    window.rootView = typist
    app.addWindow(window)
    window.makeKeyAndOrderFront()
    window.makeFirstResponder(typist)
    own.registerUndo(withTarget: typist) { $0.text = "undone" }
    #expect(own.groupingLevel == 1)
    driver.type("x")
    #expect(own.groupingLevel == 0)
  }
}
