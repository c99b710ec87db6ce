import Foundation
import Testing

@testable import ResponderKit

/// The action trace, compared with golden text files in `TraceGolden/` (readable; rewrite
/// them with `UPDATE_GOLDEN=1`). The expected search orders are AppKit's: "Action messages"
/// in Cocoa Event Handling Guide, "The Path of Action Messages" (key window's chain, its
/// delegate, main window's chain, its delegate, NSApp, its delegate); UIKit's `hitTest`
/// ignores views with user interaction disabled (a disabled control), so the touch falls
/// through to the view behind it.
@MainActor
struct ActionTraceTests {
  /// Names every probe of a scene by its probe name, as an app sets identifiers.
  private static func name(_ probes: [(Responder, ProbeState)]) {
    for (object, probe) in probes { object.identifier = probe.name }
  }

  private static func name(_ scene: Scene) {
    name([
      (scene.app, scene.app.probe), (scene.window, scene.window.probe), (scene.root, scene.root.probe),
      (scene.outer, scene.outer.probe), (scene.inner, scene.inner.probe),
    ])
  }

  private static func traced(_ scene: Scene) -> ActionTrace {
    name(scene)
    let trace = ActionTrace()
    scene.app.actionTrace = trace
    return trace
  }

  @Test func nilTargetActionsAcrossKeyWindowMainWindowApplicationAndDelegates() throws {
    let s = Scene()
    let trace = Self.traced(s)
    let panel = ProbeWindow("panel", s.trace)
    panel.becomesMain = false
    let panelView = ProbeView("panelView", s.trace)
    panelView.acceptsFirstResponder = true
    panel.rootView = panelView
    Self.name([(panel, panel.probe), (panelView, panelView.probe)])
    s.app.addWindow(panel)
    panel.makeKeyAndOrderFront()
    panel.makeFirstResponder(panelView)
    s.appDelegate.probe.accepts = [.ping]
    s.windowDelegate.probe.accepts = [.pingSender]

    #expect(s.app.sendAction(.ping, to: nil, from: panelView))
    #expect(s.app.sendAction(.pingSender, to: nil, from: nil))
    #expect(!s.app.sendAction(.unimplemented, to: nil, from: nil))
    #expect(trace.entries.count == 3)
    #expect(trace.entries[0].performer === s.appDelegate)
    #expect(trace.entries[1].performer === s.windowDelegate)
    #expect(trace.last?.performer == nil)
    try expectGolden(trace.text, named: "nil-target-search")
  }

  /// A control in the main window sends a nil-targeted action while a panel with nothing
  /// focused is key: the panel's search does not start at a sender from another window
  /// ("different window"), and the main window's search starts at the sender (UIKit: a
  /// control's action goes up from the control; AppKit: key window, then main window).
  @Test func aSenderInAnotherWindowIsPassedByAsADifferentWindow() throws {
    let s = Scene(focusInner: false)
    let trace = Self.traced(s)
    let panel = ProbeWindow("panel", s.trace)
    panel.becomesMain = false
    let panelView = ProbeView("panelView", s.trace)
    panel.rootView = panelView
    Self.name([(panel, panel.probe), (panelView, panelView.probe)])
    s.app.addWindow(panel)
    panel.makeKeyAndOrderFront()
    s.outer.probe.accepts = [.ping]

    #expect(s.app.keyWindow === panel && s.app.mainWindow === s.window)
    #expect(s.app.target(forAction: .ping, to: nil, from: s.inner) === s.outer)
    #expect(s.app.sendAction(.ping, to: nil, from: s.inner))
    #expect(trace.last?.performer === s.outer)
    try expectGolden(trace.text, named: "different-window")
  }

  @Test func theLastEntryNamesThePerformer() {
    let s = Scene()
    let trace = Self.traced(s)
    s.outer.probe.accepts = [.ping]
    s.app.sendAction(.ping, to: nil, from: nil)
    #expect(trace.last?.performer === s.outer)
    #expect(trace.last?.outcome == "performed by ProbeView \"outer\"")
  }

  @Test func anActionToADeallocatedTargetIsDropped() throws {
    let harness = ControlHarness()
    let trace = ActionTrace()
    harness.app.actionTrace = trace
    let button = harness.add(Button(frame: Rect(x: 0, y: 0, width: 6, height: 1), title: "OK"))
    do {
      let target = ProbeView("gone", Trace())
      button.addTarget(target, action: .ping, for: .primaryActionTriggered)
    }
    harness.tap(1, 0)
    #expect(trace.entries.count == 2)
    // The touch reached the button; the action it sent went nowhere.
    #expect(trace.last?.performer === button)
    guard case .nested(let action) = trace.last?.steps.last else {
      Issue.record("no action entry")
      return
    }
    #expect(action.performer == nil)
    try expectGolden(trace.text, named: "deallocated-target")
  }

  @Test func aVetoedKeyCommandFallsToTheKeyDownChain() throws {
    let s = Scene()
    let trace = Self.traced(s)
    s.inner.probe.accepts = [.ping]
    s.inner.probe.validates = false
    s.inner.commands = [KeyCommand(input: "p", modifierFlags: .control, action: .ping)]
    s.app.handle(.key(KeyEvent.character("p", modifierFlags: .control)))
    #expect(s.trace.performed.isEmpty)
    try expectGolden(trace.text, named: "vetoed-key-command")
  }

  @Test func aModalSessionShutsOutOtherWindows() throws {
    let s = Scene()
    let trace = Self.traced(s)
    s.window.placement = .fixed
    s.window.frame = Rect(x: 0, y: 0, width: 20, height: 10)
    let dialog = ProbeWindow("dialog", s.trace, frame: Rect(x: 20, y: 0, width: 20, height: 10))
    dialog.placement = .fixed
    dialog.becomesMain = false
    let dialogView = ProbeView("dialogView", s.trace)
    dialogView.acceptsFirstResponder = true
    dialog.rootView = dialogView
    dialog.initialFirstResponder = dialogView
    Self.name([(dialog, dialog.probe), (dialogView, dialogView.probe)])
    s.app.beginModalSession(for: dialog)
    s.inner.probe.accepts = [.ping]
    s.app.handle(.touches([TouchSample(phase: .began, location: Point(x: 3, y: 2))]))
    s.app.sendAction(.ping, to: nil, from: nil)
    #expect(s.trace.performed.isEmpty)
    try expectGolden(trace.text, named: "modal-session")
  }

  @Test func aKeyBecomesAKeyCommandABindingOrText() throws {
    let s = Scene()
    let trace = Self.traced(s)
    s.outer.probe.accepts = [.ping]
    s.inner.commands = [KeyCommand(input: "s", modifierFlags: .control, action: .ping)]
    s.app.handle(.key(KeyEvent.character("s", modifierFlags: .control)))
    #expect(trace.last?.performer === s.outer)
    s.app.handle(.key(KeyEvent.character("e", modifierFlags: .control)))
    #expect(trace.last?.performer == nil)
    s.inner.takesText = true
    s.app.handle(.key(KeyEvent.character("a")))
    #expect(trace.last?.performer === s.inner)
    #expect(s.inner.inserted == "a")
    try expectGolden(trace.text, named: "keys")
  }

  @Test func aTouchOnADisabledControlFallsThrough() throws {
    let harness = ControlHarness()
    let trace = ActionTrace()
    harness.app.actionTrace = trace
    let backdrop = harness.add(ProbeView("backdrop", Trace(), frame: Rect(x: 0, y: 0, width: 20, height: 3)))
    backdrop.identifier = "backdrop"
    let button = Button(frame: Rect(x: 0, y: 0, width: 6, height: 1), title: "OK")
    backdrop.addSubview(button)
    button.isEnabled = false
    harness.tap(1, 0)
    #expect(trace.last?.performer === backdrop)
    #expect(backdrop.probe.trace.calls == ["backdrop.touchesBegan", "backdrop.touchesEnded"])
    try expectGolden(trace.text, named: "disabled-control")
  }

  @Test func withoutATraceNothingIsRecorded() {
    let s = Scene()
    s.outer.probe.accepts = [.ping]
    #expect(s.app.sendAction(.ping, to: nil, from: nil))
    #expect(ActionTrace.current == nil)
    let trace = ActionTrace(capacity: 2)
    s.app.actionTrace = trace
    for _ in 0..<3 { s.app.sendAction(.ping, to: nil, from: nil) }
    #expect(trace.entries.count == 2)
    #expect(ActionTrace.current == nil)
  }

  /// The golden file beside the tests; `UPDATE_GOLDEN=1 swift test` rewrites it.
  private func expectGolden(
    _ text: String, named name: String, filePath: String = #filePath,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let url = URL(fileURLWithPath: filePath).deletingLastPathComponent()
      .appendingPathComponent("TraceGolden").appendingPathComponent(name + ".txt")
    if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
      try text.write(to: url, atomically: true, encoding: .utf8)
    }
    let expected = try String(contentsOf: url, encoding: .utf8)
    #expect(text == expected, "golden \(name)", sourceLocation: sourceLocation)
  }
}
