import Foundation
import Testing

@testable import ResponderKit

/// Key and main windows, ordering, closing, undo, and handlers that change the world while
/// they are being dispatched to.
@MainActor
struct WindowTests {
  @Test func makeKeyAndOrderFrontMakesTheWindowKeyMainAndFrontmost() {
    let app = Application()
    let a = Window()
    let b = Window()
    app.addWindow(a)
    app.addWindow(b)
    #expect(app.windows.map(ObjectIdentifier.init) == [a, b].map(ObjectIdentifier.init))
    b.makeKeyAndOrderFront()
    #expect(app.windows.first === b)
    #expect(b.isKeyWindow && b.isMainWindow)
    #expect(!a.isKeyWindow && !a.isMainWindow)
    b.orderBack()
    #expect(app.windows.last === b)
    #expect(b.isVisible)
  }

  @Test func panelThatCannotBeMainBecomesKeyButLeavesTheMainWindow() {
    let trace = Trace()
    let app = Application()
    let main = ProbeWindow("main", trace)
    let panel = ProbeWindow("panel", trace)
    panel.becomesMain = false
    app.addWindow(main)
    main.makeKeyAndOrderFront()
    app.addWindow(panel)
    panel.makeKeyAndOrderFront()
    #expect(app.keyWindow === panel)
    #expect(app.mainWindow === main)
  }

  @Test func changingKeyWindowTellsOldThenNewThroughDelegatesAndNotifications() {
    let trace = Trace()
    let app = Application()
    let a = Window()
    let b = Window()
    let da = ProbeWindowDelegate("a", trace)
    let db = ProbeWindowDelegate("b", trace)
    a.delegate = da
    b.delegate = db
    app.addWindow(a)
    app.addWindow(b)
    a.makeKeyAndOrderFront()
    trace.calls = []
    let recorder = NotificationRecorder(
      [Window.didBecomeKeyNotification, Window.didResignKeyNotification], object: nil)
    b.makeKey()
    #expect(trace.calls == ["a.didResignKey", "b.didBecomeKey"])
    #expect(recorder.names == [Window.didResignKeyNotification, Window.didBecomeKeyNotification])
    #expect(recorder.notes.first?.object as AnyObject? === a)
    b.makeMain()
    #expect(trace.calls.suffix(2) == ["a.didResignMain", "b.didBecomeMain"])
  }

  @Test func performCloseAsksTheDelegateAndItsVetoKeepsTheWindow() {
    let s = Scene()
    s.windowDelegate.shouldClose = false
    s.window.delegate = s.windowDelegate
    #expect(!s.window.performClose(nil))
    #expect(s.window.isVisible)
    #expect(s.app.keyWindow === s.window)
    #expect(s.trace.calls == ["windowDelegate.shouldClose"])
  }

  @Test func delegateAnswerOverridesTheWindowsOwnOpinion() {
    let s = Scene()
    s.windowDelegate.shouldClose = true
    s.window.delegate = s.windowDelegate
    s.window.allowsClose = false
    #expect(s.window.performClose(nil))
    #expect(!s.window.isVisible)
  }

  @Test func windowDecidesWhenTheDelegateHasNoOpinion() {
    let s = Scene()
    s.window.allowsClose = false
    #expect(!s.window.performClose(nil))
    #expect(s.window.isVisible)
    s.window.allowsClose = true
    #expect(s.window.performClose(nil))
    #expect(!s.window.isVisible)
  }

  @Test func closingPostsWillCloseTellsTheDelegateAndPromotesTheNextWindow() {
    let s = Scene()
    let other = Window()
    s.app.addWindow(other)
    let recorder = NotificationRecorder([Window.willCloseNotification], object: s.window)
    s.window.close()
    #expect(recorder.notes.count == 1)
    #expect(s.trace.calls.contains("windowDelegate.willClose"))
    #expect(!s.trace.calls.contains("windowDelegate.shouldClose"))
    #expect(s.app.keyWindow === other)
    #expect(s.app.mainWindow === other)
    #expect(s.window.application == nil)
    // Closing twice is harmless.
    s.window.close()
    #expect(recorder.notes.count == 1)
  }

  @Test func performCloseActionSentThroughTheChainClosesTheKeyWindow() {
    let s = Scene()
    s.windowDelegate.shouldClose = true
    s.window.delegate = s.windowDelegate
    #expect(s.app.sendAction(.performClose, to: nil, from: nil))
    #expect(!s.window.isVisible)
  }

  @Test func resizingTheFramePostsDidResizeToTheDelegate() {
    let s = Scene()
    s.app.screenSize = Size(width: 50, height: 12)
    #expect(s.window.frame.size == Size(width: 50, height: 12))
    #expect(s.root.frame.size == Size(width: 50, height: 12))
    #expect(s.trace.count("windowDelegate.didResize") == 1)
  }

  @Test func centeredWindowKeepsItsSizeInTheMiddleOfTheScreen() {
    let app = Application()
    app.screenSize = Size(width: 40, height: 10)
    let alert = Window(frame: Rect(x: 0, y: 0, width: 20, height: 4))
    alert.placement = .centered
    app.addWindow(alert)
    #expect(alert.frame == Rect(x: 10, y: 3, width: 20, height: 4))
  }

  // MARK: Reentrancy

  @Test func actionHandlerThatClosesItsOwnWindowCompletesAndFocusMovesOn() {
    let s = Scene()
    let other = Window()
    s.app.addWindow(other)
    s.inner.probe.accepts = [.ping]
    s.inner.probe.onAction = { [unowned window = s.window] in window.close() }
    #expect(s.app.sendAction(.ping, to: nil, from: nil))
    #expect(!s.window.isVisible)
    #expect(s.app.keyWindow === other)
    #expect(s.trace.performed == ["inner.test.ping"])
  }

  @Test func actionHandlerThatRemovesItsOwnViewCompletes() {
    let s = Scene()
    s.inner.probe.accepts = [.ping]
    s.inner.probe.onAction = { [unowned inner = s.inner] in inner.removeFromSuperview() }
    #expect(s.app.sendAction(.ping, to: nil, from: nil))
    #expect(s.inner.window == nil)
    #expect(s.window.firstResponder === s.window)
    // The next search starts at the window.
    s.trace.visits = []
    _ = s.app.target(forAction: .ping, to: nil, from: nil)
    #expect(s.trace.visits.first == "window")
  }

  @Test func actionHandlerThatReleasesTheLastReferenceToItselfDoesNotCrash() {
    let trace = Trace()
    let app = Application()
    let window = Window()
    app.addWindow(window)
    window.makeKeyAndOrderFront()
    weak var weakView: ProbeView?
    do {
      let view = ProbeView("doomed", trace)
      view.acceptsFirstResponder = true
      view.probe.accepts = [.ping]
      window.rootView = view
      window.makeFirstResponder(view)
      view.probe.onAction = { [unowned window] in window.rootView = nil }
      weakView = view
    }
    #expect(weakView != nil)
    #expect(app.sendAction(.ping, to: nil, from: nil))
    #expect(weakView == nil)
    #expect(window.firstResponder === window)
  }

  @Test func actionHandlerThatChangesTheFirstResponderAffectsOnlyLaterSearches() {
    let s = Scene()
    let other = ProbeView("other", s.trace)
    other.acceptsFirstResponder = true
    other.probe.accepts = [.ping]
    s.root.addSubview(other)
    s.inner.probe.accepts = [.ping]
    s.inner.probe.onAction = { [unowned window = s.window] in window.makeFirstResponder(other) }
    #expect(s.app.sendAction(.ping, to: nil, from: nil))
    #expect(s.trace.performed == ["inner.test.ping"])
    #expect(s.window.firstResponder === other)
    s.inner.probe.onAction = nil
    #expect(s.app.sendAction(.ping, to: nil, from: nil))
    #expect(s.trace.performed == ["inner.test.ping", "other.test.ping"])
  }

  // MARK: Undo

  @Test func viewsFindTheWindowsUndoManagerUpTheChain() {
    let s = Scene()
    let manager = s.inner.undoManager
    #expect(manager != nil)
    #expect(manager === s.window.undoManager)
    #expect(manager === s.root.undoManager)
    #expect(View().undoManager == nil)
  }

  @Test func delegateSuppliesTheUndoManagerUntilTheWindowMadeItsOwn() {
    let s = Scene()
    let supplied = UndoManager()
    s.windowDelegate.undoManager = supplied
    #expect(s.inner.undoManager === supplied)

    let trace = Trace()
    let window = Window()
    let delegate = ProbeWindowDelegate("d", trace)
    window.delegate = delegate
    let own = window.undoManager
    delegate.undoManager = supplied
    #expect(window.undoManager === own)
  }

  @Test func undoAndRedoActionsReachTheWindowsUndoManager() throws {
    let s = Scene()
    let box = Counter()
    let manager = try #require(s.inner.undoManager)
    #expect(!s.app.sendAction(.undo, to: nil, from: nil))
    #expect(!s.app.validateItem(Item(.undo)))
    box.add(1, manager)
    s.app.eventDidFinish()
    #expect(manager.canUndo)
    #expect(s.app.validateItem(Item(.undo)))
    #expect(!s.app.validateItem(Item(.redo)))
    #expect(s.app.sendAction(.undo, to: nil, from: nil))
    #expect(box.value == 0)
    #expect(s.app.validateItem(Item(.redo)))
    #expect(!s.app.sendAction(.undo, to: nil, from: nil))
    #expect(s.app.sendAction(.redo, to: nil, from: nil))
    #expect(box.value == 1)
    #expect(!s.app.sendAction(.redo, to: nil, from: nil))
  }
}

/// A value whose changes register their inverse, so undo registers redo.
@MainActor
private final class Counter {
  var value = 0
  func add(_ n: Int, _ manager: UndoManager) {
    manager.registerUndo(withTarget: self) { [unowned manager] in $0.add(-n, manager) }
    value += n
  }
}
