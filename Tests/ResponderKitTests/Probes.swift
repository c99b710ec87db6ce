import Foundation

@testable import ResponderKit

// Test doubles shared by the core's suites. Every probe records, in a shared `Trace`, each
// time the action search asks it `canPerformAction` ("visits") and each action it performs,
// so a test can assert the exact order of a search and how often each object was asked.

extension Action {
  /// Test action with the `()` shape.
  static let ping = Action("test.ping")
  /// Test action with the `(sender)` shape.
  static let pingSender = Action("test.pingSender")
  /// Test action with the `(sender, event)` shape.
  static let pingEvent = Action("test.pingEvent")
  /// An action no probe implements.
  static let unimplemented = Action("test.unimplemented")
}

/// What happened, in order.
@MainActor
final class Trace {
  /// Names of the objects asked `canPerformAction`, in order.
  var visits: [String] = []
  /// `name.action` for each action performed.
  var performed: [String] = []
  /// `name.event` for other calls (keyDown, didBecome..., delegate methods).
  var calls: [String] = []

  func count(_ call: String) -> Int { calls.filter { $0 == call }.count }
  func visitCount(_ name: String) -> Int { visits.filter { $0 == name }.count }
}

/// The state every probe carries.
@MainActor
final class ProbeState {
  let name: String
  let trace: Trace
  /// Actions the probe agrees to perform; the table has all test actions, so an action
  /// missing here is vetoed by `canPerformAction`.
  var accepts: Set<Action> = []
  /// Whether `validate(_:)` enables items.
  var validates = true
  var lastSender: Any?
  var lastEvent: Event?
  /// Run inside an action handler, for reentrancy tests.
  var onAction: (@MainActor () -> Void)?

  init(_ name: String, _ trace: Trace) {
    self.name = name
    self.trace = trace
  }

  func canPerform(_ action: Action) -> Bool {
    trace.visits.append(name)
    return accepts.contains(action)
  }

  func record(_ action: Action, _ sender: Any?, _ event: Event?) {
    trace.performed.append("\(name).\(action.name)")
    lastSender = sender
    lastEvent = event
    onAction?()
  }

  func validate() -> Bool {
    trace.calls.append("\(name).validate")
    return validates
  }
}

/// Adds the three test actions, one per shape, to a probe type's table.
@MainActor
private func addPings<T: AnyObject>(
  _ builder: inout ActionTable.Builder<T>, _ state: @escaping @MainActor @Sendable (T) -> ProbeState
) {
  builder.add(.ping) { state($0).record(.ping, nil, nil) }
  builder.add(.pingSender) { target, sender in state(target).record(.pingSender, sender, nil) }
  builder.add(.pingEvent) { target, sender, event in state(target).record(.pingEvent, sender, event) }
}

/// A view that implements the test actions (when it accepts them), counts key and focus
/// calls, and can be made to take first responder or refuse to give it up.
@MainActor
class ProbeView: View {
  let probe: ProbeState
  var acceptsFirstResponder = false
  var refusesResign = false
  var takesText = false
  /// When false, `keyDown` does not pass the key on (the view "eats" it).
  var passesKeysOn = true
  var onKeyDown: (@MainActor (KeyEvent) -> Void)?
  var commands: [KeyCommand] = []
  var inserted = ""

  init(_ name: String, _ trace: Trace, frame: Rect = .zero) {
    probe = ProbeState(name, trace)
    super.init(frame: frame)
  }

  override class var actionTable: ActionTable { probeActions }
  private static let probeActions = ActionTable(ProbeView.self, inheriting: View.actionTable) {
    addPings(&$0) { $0.probe }
  }

  override func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
    probe.canPerform(action) && super.canPerformAction(action, withSender: sender)
  }
  override func validate(_ item: any ValidatedItem) -> Bool { probe.validate() }
  override var canBecomeFirstResponder: Bool { acceptsFirstResponder }
  override var canResignFirstResponder: Bool { !refusesResign }
  override var acceptsTextInput: Bool { takesText }
  override var keyCommands: [KeyCommand] { commands }
  override func didBecomeFirstResponder() { probe.trace.calls.append("\(probe.name).didBecome") }
  override func didResignFirstResponder() { probe.trace.calls.append("\(probe.name).didResign") }
  override func keyDown(with event: KeyEvent) {
    probe.trace.calls.append("\(probe.name).keyDown")
    onKeyDown?(event)
    if passesKeysOn { super.keyDown(with: event) }
  }
  override func keyUp(with event: KeyEvent) {
    probe.trace.calls.append("\(probe.name).keyUp")
    super.keyUp(with: event)
  }
  override func insertText(_ text: String) {
    if takesText { inserted += text } else { super.insertText(text) }
  }
  override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    probe.trace.calls.append("\(probe.name).touchesBegan")
  }
  override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
    probe.trace.calls.append("\(probe.name).touchesMoved")
  }
  override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
    probe.trace.calls.append("\(probe.name).touchesEnded")
  }
  override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
    probe.trace.calls.append("\(probe.name).touchesCancelled")
  }
  override func scrollWheel(with event: Event) {
    probe.trace.calls.append("\(probe.name).scrollWheel")
  }
}

/// A view controller that implements the test actions when it accepts them.
@MainActor
final class ProbeViewController: ViewController {
  let probe: ProbeState

  init(_ name: String, _ trace: Trace) {
    probe = ProbeState(name, trace)
    super.init()
  }

  override class var actionTable: ActionTable { probeActions }
  private static let probeActions = ActionTable(
    ProbeViewController.self, inheriting: ViewController.actionTable
  ) {
    addPings(&$0) { $0.probe }
  }

  override func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
    probe.canPerform(action) && super.canPerformAction(action, withSender: sender)
  }
  override func validate(_ item: any ValidatedItem) -> Bool { probe.validate() }
}

/// A window that implements the test actions when it accepts them and counts key calls.
@MainActor
final class ProbeWindow: Window {
  let probe: ProbeState
  var allowsClose = true
  var becomesMain = true

  init(_ name: String, _ trace: Trace, frame: Rect = .zero) {
    probe = ProbeState(name, trace)
    super.init(frame: frame)
  }

  override class var actionTable: ActionTable { probeActions }
  private static let probeActions = ActionTable(ProbeWindow.self, inheriting: Window.actionTable) {
    addPings(&$0) { $0.probe }
  }

  override func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
    // Only the test actions are traced and gated; the window's own keep working.
    guard [.ping, .pingSender, .pingEvent, .unimplemented].contains(action) else {
      return super.canPerformAction(action, withSender: sender)
    }
    return probe.canPerform(action) && super.canPerformAction(action, withSender: sender)
  }
  override func validate(_ item: any ValidatedItem) -> Bool { probe.validate() }
  override func windowShouldClose() -> Bool { allowsClose }
  override var canBecomeMain: Bool { becomesMain }
  override func keyDown(with event: KeyEvent) {
    probe.trace.calls.append("\(probe.name).keyDown")
    super.keyDown(with: event)
  }
  override func noResponder(forKeyDown event: KeyEvent) {
    probe.trace.calls.append("\(probe.name).noResponder")
  }
}

/// A window delegate that implements the test actions when it accepts them and logs every
/// delegate call.
@MainActor
final class ProbeWindowDelegate: WindowDelegate, ActionTarget {
  let probe: ProbeState
  var shouldClose: Bool?
  var undoManager: UndoManager?

  init(_ name: String, _ trace: Trace) {
    probe = ProbeState(name, trace)
  }

  static let actionTable = ActionTable(ProbeWindowDelegate.self) { addPings(&$0) { $0.probe } }

  func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
    probe.canPerform(action) && Self.actionTable.contains(action)
  }
  func validate(_ item: any ValidatedItem) -> Bool { probe.validate() }

  private func log(_ call: String) { probe.trace.calls.append("\(probe.name).\(call)") }
  /// With no opinion (``shouldClose`` nil) the window's own answer, as the default gives.
  func windowShouldClose(_ window: Window) -> Bool {
    guard let shouldClose else { return window.windowShouldClose() }
    log("shouldClose")
    return shouldClose
  }
  func windowWillClose(_ notification: Notification) { log("willClose") }
  func windowDidBecomeKey(_ notification: Notification) { log("didBecomeKey") }
  func windowDidResignKey(_ notification: Notification) { log("didResignKey") }
  func windowDidBecomeMain(_ notification: Notification) { log("didBecomeMain") }
  func windowDidResignMain(_ notification: Notification) { log("didResignMain") }
  func windowDidResize(_ notification: Notification) { log("didResize") }
  func windowWillReturnUndoManager(_ window: Window) -> UndoManager? { undoManager }
}

/// An application that implements the test actions when it accepts them.
@MainActor
final class ProbeApplication: Application {
  let probe: ProbeState

  init(_ trace: Trace) {
    probe = ProbeState("app", trace)
    super.init()
  }

  override class var actionTable: ActionTable { probeActions }
  private static let probeActions = ActionTable(
    ProbeApplication.self, inheriting: Application.actionTable
  ) {
    addPings(&$0) { $0.probe }
  }

  override func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
    // Only the test actions are traced and gated; the application's own keep working.
    guard [.ping, .pingSender, .pingEvent, .unimplemented].contains(action) else {
      return super.canPerformAction(action, withSender: sender)
    }
    return probe.canPerform(action) && super.canPerformAction(action, withSender: sender)
  }
  override func validate(_ item: any ValidatedItem) -> Bool { probe.validate() }
}

/// An application delegate that implements the test actions when it accepts them and logs
/// every delegate call.
@MainActor
final class ProbeAppDelegate: ApplicationDelegate, ActionTarget {
  let probe: ProbeState
  var reply: Application.TerminateReply = .now

  init(_ name: String, _ trace: Trace) {
    probe = ProbeState(name, trace)
  }

  static let actionTable = ActionTable(ProbeAppDelegate.self) { addPings(&$0) { $0.probe } }

  func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
    probe.canPerform(action) && Self.actionTable.contains(action)
  }
  func validate(_ item: any ValidatedItem) -> Bool { probe.validate() }

  private func log(_ call: String) { probe.trace.calls.append("\(probe.name).\(call)") }
  func applicationDidFinishLaunching(_ notification: Notification) { log("didFinishLaunching") }
  func applicationShouldTerminate(_ application: Application) -> Application.TerminateReply {
    log("shouldTerminate")
    return reply
  }
  func applicationWillTerminate(_ notification: Notification) { log("willTerminate") }
  func applicationDidBecomeActive(_ notification: Notification) { log("didBecomeActive") }
  func applicationDidResignActive(_ notification: Notification) { log("didResignActive") }
}

/// A menu item or button stand-in for validation.
@MainActor
final class Item: ValidatedItem {
  let action: Action?
  var tag = 0
  init(_ action: Action?) { self.action = action }
}

/// A key press.
func key(_ keysym: Keysym, _ modifiers: KeyEvent.ModifierFlags = [], phase: KeyEvent.Phase = .down)
  -> KeyEvent
{
  KeyEvent(keysym: keysym, modifierFlags: modifiers, phase: phase)
}

/// The usual scene: an application with a key-and-main window whose root view holds
/// `outer`, which holds `inner`; `inner` can become first responder.
@MainActor
struct Scene {
  let trace = Trace()
  let app: ProbeApplication
  let window: ProbeWindow
  let root: ProbeView
  let outer: ProbeView
  let inner: ProbeView
  let windowDelegate: ProbeWindowDelegate
  let appDelegate: ProbeAppDelegate

  init(focusInner: Bool = true) {
    app = ProbeApplication(trace)
    app.screenSize = Size(width: 40, height: 10)
    window = ProbeWindow("window", trace)
    root = ProbeView("root", trace)
    outer = ProbeView("outer", trace, frame: Rect(x: 0, y: 0, width: 20, height: 5))
    inner = ProbeView("inner", trace, frame: Rect(x: 2, y: 1, width: 10, height: 2))
    inner.acceptsFirstResponder = true
    outer.addSubview(inner)
    root.addSubview(outer)
    window.rootView = root
    windowDelegate = ProbeWindowDelegate("windowDelegate", trace)
    window.delegate = windowDelegate
    appDelegate = ProbeAppDelegate("appDelegate", trace)
    app.delegate = appDelegate
    app.addWindow(window)
    window.makeKeyAndOrderFront()
    if focusInner { window.makeFirstResponder(inner) }
    trace.visits = []
    trace.calls = []
  }
}

/// Collects the notifications posted under some names (for one object), in order.
@MainActor
final class NotificationRecorder {
  private(set) var notes: [Notification] = []
  private var tokens: [any NSObjectProtocol] = []

  init(_ names: [Notification.Name], object: AnyObject?) {
    for name in names {
      let token = NotificationCenter.default.addObserver(forName: name, object: object, queue: nil) {
        [weak self] note in
        // Posted synchronously on the main actor by the code under test.
        nonisolated(unsafe) let note = note
        MainActor.assumeIsolated { self?.notes.append(note) }
      }
      tokens.append(token)
    }
  }

  var names: [Notification.Name] { notes.map(\.name) }

  isolated deinit {
    for token in tokens { NotificationCenter.default.removeObserver(token) }
  }
}
