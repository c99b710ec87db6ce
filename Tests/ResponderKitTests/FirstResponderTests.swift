import Testing

@testable import ResponderKit

/// `makeFirstResponder` with AppKit's rules, and what happens to focus when views leave.
@MainActor
struct FirstResponderTests {
  /// A scene with a second focusable view beside `inner`.
  @MainActor
  struct Focus {
    let scene = Scene()
    let other: ProbeView

    init() {
      other = ProbeView("other", scene.trace, frame: Rect(x: 0, y: 6, width: 5, height: 1))
      other.acceptsFirstResponder = true
      scene.root.addSubview(other)
      scene.trace.calls = []
    }
  }

  @Test func makingTheCurrentFirstResponderFirstAgainReturnsTrueAndCallsNothing() {
    let f = Focus()
    #expect(f.scene.window.makeFirstResponder(f.scene.inner))
    #expect(f.scene.window.firstResponder === f.scene.inner)
    #expect(f.scene.trace.calls.isEmpty)
  }

  @Test func newResponderThatRefusesLeavesTheWindowFirstAndStillReturnsTrue() {
    let f = Focus()
    f.other.acceptsFirstResponder = false
    #expect(f.scene.window.makeFirstResponder(f.other))
    #expect(f.scene.window.firstResponder === f.scene.window)
    #expect(f.scene.trace.calls == ["inner.didResign"])
  }

  @Test func oldResponderThatRefusesToResignKeepsFocusAndReturnsFalse() {
    let f = Focus()
    f.scene.inner.refusesResign = true
    #expect(!f.scene.window.makeFirstResponder(f.other))
    #expect(f.scene.window.firstResponder === f.scene.inner)
    #expect(f.scene.trace.calls.isEmpty)
    #expect(!f.scene.window.makeFirstResponder(nil))
    #expect(f.scene.window.firstResponder === f.scene.inner)
  }

  @Test func nilMakesTheWindowFirstResponder() {
    let f = Focus()
    #expect(f.scene.window.makeFirstResponder(nil))
    #expect(f.scene.window.firstResponder === f.scene.window)
    #expect(f.scene.trace.calls == ["inner.didResign"])
    #expect(!f.scene.inner.isFirstResponder)
  }

  @Test func acceptingResponderResignsOldOnceAndBecomesOnce() {
    let f = Focus()
    #expect(f.scene.window.makeFirstResponder(f.other))
    #expect(f.scene.window.firstResponder === f.other)
    #expect(f.scene.trace.calls == ["inner.didResign", "other.didBecome"])
    #expect(f.other.isFirstResponder)
    #expect(!f.scene.inner.isFirstResponder)
  }

  @Test func responderInAnotherWindowIsRefused() {
    let f = Focus()
    let elsewhere = Window()
    let stranger = ProbeView("stranger", f.scene.trace)
    stranger.acceptsFirstResponder = true
    elsewhere.rootView = stranger
    #expect(f.scene.window.makeFirstResponder(stranger))
    #expect(f.scene.window.firstResponder === f.scene.window)
    #expect(!f.scene.trace.calls.contains("stranger.didBecome"))
  }

  @Test func becomeAndResignFirstResponderGoThroughTheWindow() {
    let f = Focus()
    #expect(f.other.becomeFirstResponder())
    #expect(f.scene.window.firstResponder === f.other)
    #expect(f.other.resignFirstResponder())
    #expect(f.scene.window.firstResponder === f.scene.window)
    #expect(!f.other.resignFirstResponder())
    #expect(!View().becomeFirstResponder())
  }

  @Test func removingTheFirstResponderHandsFocusToTheWindowResigningOnce() {
    let f = Focus()
    f.scene.outer.removeFromSuperview()
    #expect(f.scene.window.firstResponder === f.scene.window)
    #expect(f.scene.trace.count("inner.didResign") == 1)
  }

  @Test func removingTheFirstResponderEvenWhenItRefusesToResign() {
    let f = Focus()
    f.scene.inner.refusesResign = true
    f.scene.inner.removeFromSuperview()
    #expect(f.scene.window.firstResponder === f.scene.window)
  }

  @Test func firstResponderRemovedInsideItsOwnKeyDownResignsOnceAndNextKeyGoesToWindow() {
    let s = Scene()
    s.inner.passesKeysOn = false
    s.inner.onKeyDown = { [unowned inner = s.inner] _ in inner.removeFromSuperview() }
    #expect(s.app.handle(.key(key(.f(5)))))
    #expect(s.window.firstResponder === s.window)
    #expect(s.trace.count("inner.didResign") == 1)
    #expect(s.inner.superview == nil)
    s.trace.calls = []
    #expect(s.app.handle(.key(key(.f(5)))))
    #expect(s.trace.calls == ["window.keyDown"])
  }

  @Test func replacingTheRootViewDropsFocusFromTheOldTree() {
    let s = Scene()
    s.window.rootView = View()
    #expect(s.window.firstResponder === s.window)
    #expect(s.trace.count("inner.didResign") == 1)
  }

  @Test func movingTheFirstResponderWithinTheWindowKeepsFocus() {
    let f = Focus()
    f.scene.root.addSubview(f.scene.inner)
    #expect(f.scene.window.firstResponder === f.scene.inner)
    #expect(f.scene.trace.calls.isEmpty)
  }

  @Test func becomingKeyFocusesTheInitialFirstResponder() {
    let trace = Trace()
    let app = Application()
    let window = Window()
    let field = ProbeView("field", trace)
    field.acceptsFirstResponder = true
    window.rootView = field
    window.initialFirstResponder = field
    app.addWindow(window)
    window.makeKeyAndOrderFront()
    #expect(window.firstResponder === field)
    #expect(trace.calls == ["field.didBecome"])
  }

  @Test func keyWindowWithoutFocusedViewIsItsOwnFirstResponder() {
    let app = Application()
    let window = Window()
    app.addWindow(window)
    window.makeKeyAndOrderFront()
    #expect(window.firstResponder === window)
    #expect(window.isFirstResponder)
  }
}
