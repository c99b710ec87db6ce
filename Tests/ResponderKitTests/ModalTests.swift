import Testing

@testable import ResponderKit

/// Modal sessions: refusal of other windows' events, the modal window standing in for the
/// main window, nesting, and the async `runModal`.
@MainActor
struct ModalTests {
  /// A main window (the scene's, left half of the screen) and a dialog on the right half.
  @MainActor
  struct Dialog {
    let scene = Scene()
    let dialog: ProbeWindow
    let dialogView: ProbeView

    init() {
      scene.window.placement = .fixed
      scene.window.frame = Rect(x: 0, y: 0, width: 20, height: 10)
      dialog = ProbeWindow("dialog", scene.trace, frame: Rect(x: 20, y: 0, width: 20, height: 10))
      dialog.placement = .fixed
      dialog.becomesMain = false
      dialogView = ProbeView("dialogView", scene.trace)
      dialogView.acceptsFirstResponder = true
      dialog.rootView = dialogView
      dialog.initialFirstResponder = dialogView
      scene.trace.calls = []
    }
  }

  @Test func beginningASessionShowsTheWindowInFrontAndMakesItKey() {
    let d = Dialog()
    let session = d.scene.app.beginModalSession(for: d.dialog)
    #expect(d.scene.app.modalWindow === d.dialog)
    #expect(d.scene.app.keyWindow === d.dialog)
    #expect(d.scene.app.windows.first === d.dialog)
    #expect(d.dialog.firstResponder === d.dialogView)
    #expect(session.response == nil)
  }

  @Test func otherWindowsCannotBecomeKeyOrCloseWhileModal() {
    let d = Dialog()
    d.scene.app.beginModalSession(for: d.dialog)
    d.scene.window.makeKey()
    #expect(d.scene.app.keyWindow === d.dialog)
    #expect(!d.scene.window.performClose(nil))
    #expect(d.scene.window.isVisible)
  }

  @Test func touchesAndScrollsOnOtherWindowsAreRefusedWhileModal() {
    let d = Dialog()
    d.scene.app.beginModalSession(for: d.dialog)
    let outside = Point(x: 3, y: 1)
    #expect(!d.scene.app.handle(.touches([TouchSample(phase: .began, location: outside)])))
    #expect(!d.scene.app.handle(.scroll(ScrollSample(location: outside, dy: 1))))
    #expect(!d.scene.trace.calls.contains { $0.hasPrefix("inner.") || $0.hasPrefix("outer.") })
    let inside = Point(x: 25, y: 1)
    #expect(d.scene.app.handle(.touches([TouchSample(phase: .began, location: inside)])))
    #expect(d.scene.app.handle(.scroll(ScrollSample(location: inside, dy: 1))))
    #expect(
      d.scene.trace.calls.filter { $0.hasSuffix("touchesBegan") || $0.hasSuffix("scrollWheel") } == [
        "dialogView.touchesBegan", "dialogView.scrollWheel",
      ])
  }

  @Test func keysGoToTheModalWindow() {
    let d = Dialog()
    d.scene.app.beginModalSession(for: d.dialog)
    #expect(d.scene.app.handle(.key(key(.f(4)))))
    #expect(
      d.scene.trace.calls.filter { $0.hasSuffix("keyDown") } == ["dialogView.keyDown", "dialog.keyDown"])
    #expect(!d.scene.trace.calls.contains("inner.keyDown"))
  }

  @Test func modalWindowStandsInForTheMainWindowInTheActionSearch() {
    let d = Dialog()
    d.scene.inner.probe.accepts = [.ping]
    // Before the session the dialog is key and the scene's window is main: main is searched.
    d.scene.app.addWindow(d.dialog)
    d.dialog.makeKeyAndOrderFront()
    #expect(d.scene.app.target(forAction: .ping, to: nil, from: nil) === d.scene.inner)
    d.scene.app.beginModalSession(for: d.dialog)
    d.scene.trace.visits = []
    #expect(d.scene.app.target(forAction: .ping, to: nil, from: nil) == nil)
    #expect(d.scene.trace.visits == ["dialogView", "dialog", "app", "appDelegate"])
  }

  @Test func stopModalEndsTheSessionWithTheCodeAndRestoresTheKeyWindow() {
    let d = Dialog()
    var codes: [ModalResponse] = []
    let session = d.scene.app.beginModalSession(for: d.dialog) { codes.append($0) }
    d.scene.app.stopModal(withCode: .OK)
    #expect(codes == [.OK])
    #expect(session.response == .OK)
    #expect(d.scene.app.modalWindow == nil)
    #expect(d.scene.app.keyWindow === d.scene.window)
    d.scene.app.stopModal()
    #expect(codes == [.OK])
  }

  @Test func abortAndStopUseAppKitsCodes() {
    let d = Dialog()
    let first = d.scene.app.beginModalSession(for: d.dialog)
    d.scene.app.abortModal()
    let second = d.scene.app.beginModalSession(for: d.dialog)
    d.scene.app.stopModal()
    #expect(first.response == .abort)
    #expect(second.response == .stop)
    #expect(ModalResponse.stop.rawValue == -1000)
    #expect(ModalResponse.abort.rawValue == -1001)
  }

  @Test func closingTheModalWindowAbortsItsSession() {
    let d = Dialog()
    let session = d.scene.app.beginModalSession(for: d.dialog)
    d.dialog.close()
    #expect(session.response == .abort)
    #expect(d.scene.app.modalWindow == nil)
    #expect(d.scene.app.keyWindow === d.scene.window)
  }

  @Test func unhandledEscapeInTheModalWindowAbortsTheSession() {
    let d = Dialog()
    let session = d.scene.app.beginModalSession(for: d.dialog)
    #expect(d.scene.app.handle(.key(key(.escape))))
    #expect(session.response == .abort)
  }

  @Test func nestedSessionsEndedOutOfOrderUnwindInnermostFirst() {
    let d = Dialog()
    let second = Window(frame: Rect(x: 20, y: 5, width: 5, height: 2))
    second.placement = .fixed
    var order: [String] = []
    let outer = d.scene.app.beginModalSession(for: d.dialog) { order.append("outer \($0.rawValue)") }
    let inner = d.scene.app.beginModalSession(for: second) { order.append("inner \($0.rawValue)") }
    #expect(d.scene.app.modalWindow === second)
    d.scene.app.endModalSession(outer, code: .OK)
    #expect(order == ["inner -1001", "outer 1"])
    #expect(inner.response == .abort)
    #expect(d.scene.app.modalWindow == nil)
    #expect(d.scene.app.keyWindow === d.scene.window)
    // Ending a finished session again does nothing.
    d.scene.app.endModalSession(inner)
    #expect(order.count == 2)
  }

  @Test func nestedSessionsStoppedInOrderReturnToTheOuterModalWindow() {
    let d = Dialog()
    let second = Window(frame: Rect(x: 20, y: 5, width: 5, height: 2))
    second.placement = .fixed
    let outer = d.scene.app.beginModalSession(for: d.dialog)
    d.scene.app.beginModalSession(for: second)
    d.scene.app.stopModal(withCode: .cancel)
    #expect(d.scene.app.modalWindow === d.dialog)
    #expect(d.scene.app.keyWindow === d.dialog)
    #expect(outer.response == nil)
  }

  @Test func runModalReturnsTheCodeItWasStoppedWith() async {
    let d = Dialog()
    Task { @MainActor in
      #expect(d.scene.app.modalWindow === d.dialog)
      d.scene.app.stopModal(withCode: .alertSecondButtonReturn)
    }
    let code = await d.scene.app.runModal(for: d.dialog)
    #expect(code == .alertSecondButtonReturn)
    #expect(d.scene.app.modalWindow == nil)
  }

  @Test func terminationAbortsRunningSessions() {
    let d = Dialog()
    let session = d.scene.app.beginModalSession(for: d.dialog)
    d.scene.app.terminate(nil)
    #expect(session.response == .abort)
  }
}
