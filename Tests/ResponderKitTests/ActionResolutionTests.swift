import Foundation
import Testing

@testable import ResponderKit

/// Nil-target resolution in Cocoa's order, explicit targets, gone targets, the three action
/// shapes, and the per-type action tables.
@MainActor
struct ActionResolutionTests {
  /// A key panel over a different main window: both windows, their delegates, the
  /// application and its delegate are all in the search.
  @MainActor
  struct TwoWindows {
    let scene = Scene()
    let panel: ProbeWindow
    let panelView: ProbeView
    let panelDelegate: ProbeWindowDelegate

    init() {
      panel = ProbeWindow("panel", scene.trace)
      panel.becomesMain = false
      panelView = ProbeView("panelView", scene.trace)
      panelView.acceptsFirstResponder = true
      panel.rootView = panelView
      panelDelegate = ProbeWindowDelegate("panelDelegate", scene.trace)
      panel.delegate = panelDelegate
      scene.app.addWindow(panel)
      panel.makeKeyAndOrderFront()
      panel.makeFirstResponder(panelView)
      scene.trace.visits = []
    }
  }

  @Test func nilTargetSearchVisitsKeyChainThenKeyDelegateThenMainChainThenAppThenAppDelegate() {
    let s = TwoWindows()
    #expect(s.scene.app.keyWindow === s.panel)
    #expect(s.scene.app.mainWindow === s.scene.window)
    #expect(s.scene.app.target(forAction: .ping, to: nil, from: nil) == nil)
    #expect(
      s.scene.trace.visits == [
        "panelView", "panel", "panelDelegate",
        "inner", "outer", "root", "window", "windowDelegate",
        "app", "appDelegate",
      ])
  }

  @Test(arguments: [
    "panelView", "panel", "panelDelegate", "inner", "outer", "root", "window", "windowDelegate", "app",
    "appDelegate",
  ])
  func nilTargetSearchStopsAtFirstObjectThatCanPerform(_ winner: String) {
    let s = TwoWindows()
    let probes: [(String, AnyObject, ProbeState)] = [
      ("panelView", s.panelView, s.panelView.probe), ("panel", s.panel, s.panel.probe),
      ("panelDelegate", s.panelDelegate, s.panelDelegate.probe),
      ("inner", s.scene.inner, s.scene.inner.probe), ("outer", s.scene.outer, s.scene.outer.probe),
      ("root", s.scene.root, s.scene.root.probe), ("window", s.scene.window, s.scene.window.probe),
      ("windowDelegate", s.scene.windowDelegate, s.scene.windowDelegate.probe),
      ("app", s.scene.app, s.scene.app.probe),
      ("appDelegate", s.scene.appDelegate, s.scene.appDelegate.probe),
    ]
    // Everyone from the winner on can perform; the first of them must win.
    var reached = false
    for (name, _, probe) in probes {
      if name == winner { reached = true }
      if reached { probe.accepts = [.ping] }
    }
    let expected = probes.first { $0.0 == winner }!.1
    #expect(s.scene.app.target(forAction: .ping, to: nil, from: nil) === expected)
    #expect(s.scene.app.sendAction(.ping, to: nil, from: nil))
    #expect(s.scene.trace.performed == ["\(winner).test.ping"])
  }

  @Test func keyWindowThatIsAlsoMainIsSearchedOnce() {
    let s = Scene()
    #expect(s.windowIsKeyAndMain)
    #expect(!s.app.sendAction(.ping, to: nil, from: nil))
    #expect(s.trace.visits == ["inner", "outer", "root", "window", "windowDelegate", "app", "appDelegate"])
    #expect(s.trace.visitCount("window") == 1)
    #expect(s.trace.visitCount("windowDelegate") == 1)
  }

  @Test func withNoFirstResponderSearchStartsAtSenderViewInKeyWindow() {
    let s = Scene(focusInner: false)
    #expect(s.window.firstResponder === s.window)
    s.outer.probe.accepts = [.ping]
    #expect(s.app.target(forAction: .ping, to: nil, from: s.inner) === s.outer)
    #expect(s.trace.visits.first == "inner")
  }

  @Test func withNoFirstResponderAndSenderOutsideWindowSearchStartsAtKeyWindow() {
    let s = Scene(focusInner: false)
    s.outer.probe.accepts = [.ping]
    s.window.probe.accepts = [.ping]
    let stray = ProbeView("stray", s.trace)
    #expect(s.app.target(forAction: .ping, to: nil, from: stray) === s.window)
    #expect(s.trace.visits.first == "window")
    #expect(!s.trace.visits.contains("outer"))
  }

  @Test func firstResponderBeatsSenderAsStartingPoint() {
    let s = Scene()
    s.root.probe.accepts = [.ping]
    _ = s.app.target(forAction: .ping, to: nil, from: s.outer)
    #expect(s.trace.visits.first == "inner")
  }

  @Test func responderThatVetoesInCanPerformActionIsSkipped() {
    let s = Scene()
    // inner's table has .ping but its canPerformAction says no.
    s.outer.probe.accepts = [.ping]
    #expect(ProbeView.actionTable.contains(.ping))
    #expect(s.app.sendAction(.ping, to: nil, from: nil))
    #expect(s.trace.performed == ["outer.test.ping"])
    #expect(s.trace.visits == ["inner", "outer"])
  }

  @Test func viewWithoutTheActionInItsTableIsSkipped() {
    let s = Scene()
    let plain = View(frame: Rect(x: 0, y: 0, width: 1, height: 1))
    let leaf = ProbeView("leaf", s.trace, frame: Rect(x: 0, y: 0, width: 1, height: 1))
    leaf.acceptsFirstResponder = true
    plain.addSubview(leaf)
    s.inner.addSubview(plain)
    s.window.makeFirstResponder(leaf)
    s.inner.probe.accepts = [.ping]
    #expect(s.app.target(forAction: .ping, to: nil, from: nil) === s.inner)
  }

  @Test func explicitTargetThatCanPerformGetsTheActionEvenOutsideTheChain() {
    let s = Scene()
    let other = ProbeView("other", s.trace)
    other.probe.accepts = [.ping]
    #expect(s.app.sendAction(.ping, to: other, from: nil))
    #expect(s.trace.performed == ["other.test.ping"])
  }

  @Test func explicitTargetWithoutTheActionReturnsFalseWithoutFallingBackToTheChain() {
    let s = Scene()
    s.inner.probe.accepts = [.ping]
    s.app.probe.accepts = [.ping]
    let target = View()
    #expect(!s.app.sendAction(.ping, to: target, from: nil))
    #expect(s.app.target(forAction: .ping, to: target, from: nil) == nil)
    #expect(s.trace.performed.isEmpty)
    #expect(s.trace.visits.isEmpty)
  }

  /// Rule 5: an explicit target is sent to; `canPerformAction` is only the search's question.
  @Test func explicitTargetThatVetoesStillPerforms() {
    let s = Scene()
    s.app.probe.accepts = [.ping]
    #expect(s.app.sendAction(.ping, to: s.inner, from: nil))
    #expect(s.trace.performed == ["inner.test.ping"])
  }

  @Test func explicitTargetThatIsNotAnActionTargetReturnsFalse() {
    let s = Scene()
    s.app.probe.accepts = [.ping]
    #expect(!s.app.sendAction(.ping, to: NSObject(), from: nil))
    #expect(s.trace.performed.isEmpty)
  }

  @Test func goneTargetDropsTheActionPostsNotificationAndReturnsFalse() {
    let s = Scene()
    s.inner.probe.accepts = [.ping]
    s.app.probe.accepts = [.ping]
    var reference: TargetReference
    do {
      let doomed = ProbeView("doomed", s.trace)
      doomed.probe.accepts = [.ping]
      reference = TargetReference(doomed)
      #expect(!reference.isGone)
    }
    #expect(reference.isGone)
    #expect(!reference.isFirstResponder)
    #expect(reference.object == nil)
    let recorder = NotificationRecorder([Application.didDropActionNotification], object: s.app)
    let sender = Item(.ping)
    #expect(!s.app.sendAction(.ping, to: reference, from: sender))
    #expect(recorder.notes.count == 1)
    let info = recorder.notes.first?.userInfo
    #expect(info?[Application.actionUserInfoKey] as? Action == .ping)
    #expect(info?[Application.senderUserInfoKey] as AnyObject? === sender)
    #expect(s.trace.performed.isEmpty)
    #expect(s.trace.visits.isEmpty)
    _ = reference
  }

  @Test func firstResponderReferenceSearchesTheChain() {
    let s = Scene()
    s.outer.probe.accepts = [.ping]
    let reference = TargetReference.firstResponder
    #expect(reference.isFirstResponder)
    #expect(!reference.isGone)
    #expect(reference.refers(to: nil))
    #expect(s.app.sendAction(.ping, to: reference, from: nil))
    #expect(s.trace.performed == ["outer.test.ping"])
  }

  @Test func liveObjectReferenceSendsToTheObject() {
    let s = Scene()
    s.outer.probe.accepts = [.ping]
    s.root.probe.accepts = [.ping]
    let reference = TargetReference(s.root)
    #expect(reference.refers(to: s.root))
    #expect(!reference.refers(to: s.outer))
    #expect(s.app.sendAction(.ping, to: reference, from: nil))
    #expect(s.trace.performed == ["root.test.ping"])
  }

  @Test func actionOfEachShapeReceivesSenderAndEvent() {
    let s = Scene()
    s.inner.probe.accepts = [.ping, .pingSender, .pingEvent]
    let sender = Item(.ping)
    let event = Event(key: key(.returnKey))
    #expect(s.app.sendAction(.ping, to: nil, from: sender, for: event))
    #expect(s.inner.probe.lastSender == nil)
    #expect(s.app.sendAction(.pingSender, to: nil, from: sender, for: event))
    #expect(s.inner.probe.lastSender as AnyObject? === sender)
    #expect(s.inner.probe.lastEvent == nil)
    #expect(s.app.sendAction(.pingEvent, to: nil, from: sender, for: event))
    #expect(s.inner.probe.lastSender as AnyObject? === sender)
    #expect(s.inner.probe.lastEvent === event)
    #expect(s.trace.performed == ["inner.test.ping", "inner.test.pingSender", "inner.test.pingEvent"])
  }

  @Test func delegateTargetsReceiveAllShapes() {
    let s = Scene()
    s.appDelegate.probe.accepts = [.pingEvent]
    let event = Event(key: key(.escape))
    #expect(s.app.sendAction(.pingEvent, to: nil, from: s.inner, for: event))
    #expect(s.appDelegate.probe.lastSender as AnyObject? === s.inner)
    #expect(s.appDelegate.probe.lastEvent === event)
  }

  @Test func nothingInTheChainMeansFalseAndNilTarget() {
    let s = Scene()
    #expect(!s.app.sendAction(.unimplemented, to: nil, from: nil))
    #expect(s.app.target(forAction: .unimplemented, to: nil, from: nil) == nil)
  }

  @Test func responderTargetForActionWalksUpFromItself() {
    let s = Scene()
    s.root.probe.accepts = [.ping]
    #expect(s.inner.target(forAction: .ping, withSender: nil) === s.root)
    #expect(s.inner.target(forAction: .unimplemented, withSender: nil) == nil)
  }

  @Test func tryToPerformPerformsUpTheChainAndReportsFailure() {
    let s = Scene()
    s.outer.probe.accepts = [.pingSender]
    #expect(s.inner.tryToPerform(.pingSender, with: s.root))
    #expect(s.outer.probe.lastSender as AnyObject? === s.root)
    #expect(!s.inner.tryToPerform(.unimplemented, with: nil))
    s.outer.probe.lastSender = nil  // outer holding root would be a cycle
  }

  @Test func nilTargetSearchWorksWithNoWindows() {
    let trace = Trace()
    let app = ProbeApplication(trace)
    app.probe.accepts = [.ping]
    #expect(app.sendAction(.ping, to: nil, from: nil))
    #expect(trace.visits == ["app"])
  }

  @Test func actionNamesAreStableAndInterned() {
    #expect(Action("copy") == .copy)
    #expect(Action.copy.name == "copy")
    #expect(Action.existing(named: "test.ping") == .ping)
    #expect(Action.existing(named: "test.neverDeclared.\(#line)") == nil)
  }
}

extension Scene {
  var windowIsKeyAndMain: Bool { window.isKeyWindow && window.isMainWindow }
}
