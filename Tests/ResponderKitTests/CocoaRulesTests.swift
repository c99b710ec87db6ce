import Foundation
import Testing

@testable import ResponderKit

// One test (or a few, one per listed path) for each rule of AppKit's and UIKit's event model
// the framework follows; each names the rule and cites the Apple document it comes from
// (the list is in the DocC article "The responder chain").

/// A focusable view whose overridable first-responder methods count their calls and can refuse.
@MainActor
private final class Gatekeeper: View {
  var becomes = 0
  var resigns = 0
  var allowsBecome = true
  var allowsResign = true
  override var canBecomeFirstResponder: Bool { true }
  override func becomeFirstResponder() -> Bool {
    becomes += 1
    return allowsBecome && super.becomeFirstResponder()
  }
  override func resignFirstResponder() -> Bool {
    resigns += 1
    return allowsResign && super.resignFirstResponder()
  }
}

/// A text field whose overridable first-responder methods count their calls.
@MainActor
private final class CountingField: TextField {
  var becomes = 0
  override func becomeFirstResponder() -> Bool {
    becomes += 1
    return super.becomeFirstResponder()
  }
}

/// A view controller that takes focus and counts how often it is asked to give it up.
@MainActor
private final class FocusController: ViewController {
  var resigns = 0
  var allowsResign = true
  override var canBecomeFirstResponder: Bool { true }
  override func resignFirstResponder() -> Bool {
    resigns += 1
    return allowsResign && super.resignFirstResponder()
  }
}

extension Action {
  fileprivate static let rulesAction = Action("test.rules")
}

/// Performs ``Action/rulesAction`` and ``Action/moveDown``, logging who did.
@MainActor
private final class Performer: View {
  let name: String
  var log: [String] = []
  var allows = true
  var commands: [KeyCommand] = []
  override var keyCommands: [KeyCommand] { commands }
  init(_ name: String, frame: Rect = .zero) {
    self.name = name
    super.init(frame: frame)
  }
  override class var actionTable: ActionTable { actions }
  private static let actions = ActionTable(Performer.self) {
    $0.add(.rulesAction) { $0.log.append("\($0.name).rules") }
    $0.add(.moveDown) { $0.log.append("\($0.name).moveDown") }
  }
  override func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
    allows && super.canPerformAction(action, withSender: sender)
  }
}

/// Redirects ``Action/rulesAction`` with an override of `target(forAction:withSender:)`.
@MainActor
private final class Redirector: View {
  var answer: AnyObject?
  var asked = 0
  override func target(forAction action: Action, withSender sender: Any?) -> AnyObject? {
    guard action == .rulesAction else { return super.target(forAction: action, withSender: sender) }
    asked += 1
    return answer
  }
}

/// Offers a helper object for actions it cannot perform (AppKit's supplemental target).
@MainActor
private final class Supplementer: View {
  var helper: AnyObject?
  override func supplementalTarget(forAction action: Action, sender: Any?) -> AnyObject? { helper }
}

/// A non-responder target of ``Action/rulesAction``.
@MainActor
private final class Helper: ActionTarget {
  var performed = 0
  static let actionTable = ActionTable(Helper.self) { $0.add(.rulesAction) { $0.performed += 1 } }
}

/// A view whose class returns a table built for another type.
@MainActor
private final class Impostor: View {
  override class var actionTable: ActionTable { table }
  private static let table = ActionTable(Button.self) { $0.add(.rulesAction) { _ in } }
}

/// Records every event the application's `sendEvent(_:)` sees.
@MainActor
private final class WatchingApplication: Application {
  var seen: [String] = []
  override func sendEvent(_ event: Event) {
    switch event.type {
    case .touches:
      seen.append("touches:" + event.allTouches.map { "\($0.phase)" }.sorted().joined(separator: ","))
    case .key: seen.append("key")
    case .scroll: seen.append("scroll")
    case .mouse: seen.append("mouse")
    case .paste: seen.append("paste")
    }
    super.sendEvent(event)
  }
}

@MainActor
private func sample(_ phase: TouchPhase, _ x: Double, _ y: Double, id: Int = 0, at time: Double) -> InputEvent
{
  .touches([TouchSample(id: id, phase: phase, location: Point(x: x, y: y), timestamp: time)])
}

/// An application with a key window whose root view fills a 40×10 screen.
@MainActor
private func makeApp(_ app: Application = Application()) -> (Application, Window, View) {
  app.screenSize = Size(width: 40, height: 10)
  let window = Window()
  let root = View()
  window.rootView = root
  app.addWindow(window)
  window.makeKeyAndOrderFront()
  return (app, window, root)
}

/// An application whose main menu has one item aimed at a `Performer` named "list".
@MainActor
private func makeAppWithMenuItem() -> (Application, Performer, MenuItem, Menu) {
  let (app, _, root) = makeApp()
  let list = Performer("list")
  root.addSubview(list)
  let item = MenuItem(title: "Rules", action: .rulesAction, target: list)
  let menu = Menu(items: [item])
  app.mainMenu = menu
  return (app, list, item, menu)
}

// MARK: - Rule 1

/// Rule 1: first-responder changes go through the overridable `becomeFirstResponder()` and
/// `resignFirstResponder()`, once each, on every path (UIResponder.becomeFirstResponder(),
/// NSWindow.makeFirstResponder(_:)).
@MainActor
struct FirstResponderOverrideRuleTests {
  @Test func makeFirstResponderConsultsBothOverridesOnce() {
    let (_, window, root) = makeApp()
    let a = Gatekeeper(), b = Gatekeeper()
    root.addSubview(a)
    root.addSubview(b)
    #expect(window.makeFirstResponder(a))
    #expect(window.makeFirstResponder(b))
    #expect((a.becomes, a.resigns, b.becomes, b.resigns) == (1, 1, 1, 0))
    #expect(window.firstResponder === b)
  }

  @Test func callingBecomeFirstResponderOnAViewRunsItsOverrideOnceWithoutRecursion() {
    let (_, window, root) = makeApp()
    let a = Gatekeeper(), b = Gatekeeper()
    root.addSubview(a)
    root.addSubview(b)
    window.makeFirstResponder(a)
    #expect(b.becomeFirstResponder())
    #expect((a.resigns, b.becomes) == (1, 1))
    #expect(b.resignFirstResponder())
    #expect(b.resigns == 1)
    #expect(window.firstResponder === window)
  }

  @Test func aRefusedResignKeepsFocusAndMakeFirstResponderReturnsFalse() {
    let (_, window, root) = makeApp()
    let a = Gatekeeper(), b = Gatekeeper()
    root.addSubview(a)
    root.addSubview(b)
    window.makeFirstResponder(a)
    a.allowsResign = false
    #expect(!window.makeFirstResponder(b))
    #expect(!b.becomeFirstResponder())
    #expect(window.firstResponder === a)
    #expect(b.becomes == 1)  // the direct call ran the override; the window never asked
  }

  @Test func aRefusedBecomeLeavesTheWindowFirstResponder() {
    let (_, window, root) = makeApp()
    let a = Gatekeeper(), b = Gatekeeper()
    root.addSubview(a)
    root.addSubview(b)
    window.makeFirstResponder(a)
    b.allowsBecome = false
    window.makeFirstResponder(b)
    #expect(window.firstResponder === window)
    #expect((a.resigns, b.becomes) == (1, 1))
  }

  @Test func tabConsultsTheOverrides() {
    let (app, window, root) = makeApp()
    let a = Gatekeeper(frame: Rect(x: 0, y: 0, width: 5, height: 1))
    let b = Gatekeeper(frame: Rect(x: 0, y: 2, width: 5, height: 1))
    root.addSubview(a)
    root.addSubview(b)
    window.makeFirstResponder(a)
    a.allowsResign = false
    app.handle(.key(KeyEvent(keysym: .tab, characters: "\t")))
    #expect(window.firstResponder === a)
    a.allowsResign = true
    app.handle(.key(KeyEvent(keysym: .tab, characters: "\t")))
    #expect(window.firstResponder === b)
    #expect(b.becomes == 1)
  }

  @Test func aTapOnATextFieldConsultsItsOverrideOnce() {
    let (app, window, root) = makeApp()
    let field = CountingField(frame: Rect(x: 0, y: 0, width: 10, height: 1))
    root.addSubview(field)
    app.handle(sample(.began, 2, 0, at: 1))
    app.handle(sample(.ended, 2, 0, at: 1.05))
    #expect(window.firstResponder === field)
    #expect(field.becomes == 1)
  }

  @Test func initialFirstResponderIsConsultedWhenTheWindowBecomesKey() {
    let app = Application()
    let window = Window()
    let root = View()
    let a = Gatekeeper()
    root.addSubview(a)
    window.rootView = root
    window.initialFirstResponder = a
    a.allowsBecome = false
    app.addWindow(window)
    window.makeKeyAndOrderFront()
    #expect(a.becomes == 1)
    #expect(window.firstResponder === window)
  }
}

// MARK: - Rule 2

/// Rule 2: a first responder that leaves its window stops being first responder; its
/// `resignFirstResponder()` is called and its answer ignored (UIKit: "removing a view from
/// its window ... the view resigns first responder").
@MainActor
struct LeavingTheWindowEndsFocusRuleTests {
  @Test func removingTheViewEndsFocusEvenWhenItRefuses() {
    let (_, window, root) = makeApp()
    let a = Gatekeeper()
    root.addSubview(a)
    window.makeFirstResponder(a)
    a.allowsResign = false
    a.removeFromSuperview()
    #expect(a.resigns == 1)
    #expect(window.firstResponder === window)
  }

  @Test func removingAnAncestorEndsFocus() {
    let (_, window, root) = makeApp()
    let box = View(), a = Gatekeeper()
    box.addSubview(a)
    root.addSubview(box)
    window.makeFirstResponder(a)
    a.allowsResign = false
    box.removeFromSuperview()
    #expect(a.resigns == 1)
    #expect(window.firstResponder === window)
  }

  @Test func replacingTheRootViewEndsFocus() {
    let (_, window, root) = makeApp()
    let a = Gatekeeper()
    root.addSubview(a)
    window.makeFirstResponder(a)
    a.allowsResign = false
    window.rootView = View()
    #expect(a.resigns == 1)
    #expect(window.firstResponder === window)
  }

  @Test func replacingTheRootViewControllerEndsAFocusedControllersFocus() {
    let (_, window, _) = makeApp()
    let controller = FocusController()
    window.rootViewController = controller
    #expect(window.makeFirstResponder(controller))
    controller.allowsResign = false
    window.rootViewController = ViewController()
    #expect(controller.resigns == 1)
    #expect(window.firstResponder === window)
  }

  @Test func pushingOverAndPoppingAFocusedControllerEndFocus() {
    let (_, window, _) = makeApp()
    let first = FocusController()
    let navigation = NavigationController(rootViewController: first)
    window.rootViewController = navigation
    window.makeFirstResponder(first)
    first.allowsResign = false
    navigation.pushViewController(FocusController(), animated: false)
    #expect(first.resigns == 1)
    #expect(window.firstResponder !== first)

    let second = FocusController()
    navigation.pushViewController(second, animated: false)
    window.makeFirstResponder(second)
    second.allowsResign = false
    _ = navigation.popViewController(animated: false)
    #expect(second.resigns == 1)
    #expect(window.firstResponder !== second)
  }
}

// MARK: - Rule 3

/// Rule 3: the system cancels touches — when the view leaves its window, when a modal session
/// begins, when the application resigns active (UIResponder.touchesCancelled(_:with:): "an
/// interruption is anything that causes the app to become inactive or causes the view
/// handling the touch events to be removed from its window").
@MainActor
struct SystemCancelsTouchesRuleTests {
  @Test func aControlRemovedMidTouchSendsTouchCancelAndNeverTouchUpAfterwards() {
    let h = ControlHarness()
    let button = h.add(Button(frame: Rect(x: 0, y: 0, width: 6, height: 1), title: "OK"))
    let log = ControlEventLog()
    log.observe(button)
    h.touch(.began, 1, 0)
    button.removeFromSuperview()
    h.touch(.ended, 1, 0)
    #expect(log.dispatches == [[.touchDown], [.touchCancel]])
    #expect(!button.isTracking)
  }

  @Test func aTouchDoesNotKeepARemovedViewAlive() {
    let h = ControlHarness()
    weak var weakButton: Button?
    do {
      let button = h.add(Button(frame: Rect(x: 0, y: 0, width: 6, height: 1), title: "OK"))
      weakButton = button
      h.touch(.began, 1, 0)
      button.removeFromSuperview()
    }
    #expect(weakButton == nil)
  }

  @Test func aModalSessionCancelsTouchesInOtherWindowsAndShutsThemOut() {
    let h = ControlHarness()
    let button = h.add(Button(frame: Rect(x: 0, y: 0, width: 6, height: 1), title: "OK"))
    let log = ControlEventLog()
    log.observe(button)
    h.touch(.began, 1, 0)
    let panel = Window(frame: Rect(x: 20, y: 5, width: 10, height: 4))
    panel.placement = .fixed
    h.app.beginModalSession(for: panel)
    h.touch(.moved, 2, 0)
    h.touch(.ended, 2, 0)
    h.touch(.began, 1, 0)
    #expect(log.dispatches == [[.touchDown], [.touchCancel]])
  }

  @Test func resigningActiveCancelsEveryTouch() {
    let h = ControlHarness()
    let button = h.add(Button(frame: Rect(x: 0, y: 0, width: 6, height: 1), title: "OK"))
    let log = ControlEventLog()
    log.observe(button)
    h.touch(.began, 1, 0)
    h.app.handle(.focus(false, timestamp: 0))
    h.touch(.ended, 1, 0)
    #expect(log.dispatches == [[.touchDown], [.touchCancel]])
  }
}

// MARK: - Rule 4

/// Rule 4: the nil-target search honours `target(forAction:withSender:)` overrides and
/// AppKit's `supplementalTarget(forAction:sender:)` (UIResponder.target(forAction:withSender:),
/// NSResponder.supplementalTarget(forAction:sender:)).
@MainActor
struct TargetForActionRuleTests {
  @Test func theSearchSendsWhereAnOverrideOfTargetForActionPoints() {
    let (app, window, root) = makeApp()
    let outer = Performer("outer"), redirector = Redirector(), helper = Helper()
    outer.addSubview(redirector)
    root.addSubview(outer)
    let focus = Gatekeeper()
    redirector.addSubview(focus)
    window.makeFirstResponder(focus)
    redirector.answer = helper
    #expect(app.sendAction(.rulesAction, to: nil, from: nil))
    #expect(helper.performed == 1)
    #expect(outer.log.isEmpty)
  }

  /// UIKit's `target(forAction:withSender:)` is the search: its answer is the result, so an
  /// override answering nil ends it with nothing found ("nil if no responder object
  /// implements it").
  @Test func anOverrideAnsweringNilEndsTheSearch() {
    let (app, window, root) = makeApp()
    let outer = Performer("outer"), redirector = Redirector()
    outer.addSubview(redirector)
    root.addSubview(outer)
    let focus = Gatekeeper()
    redirector.addSubview(focus)
    window.makeFirstResponder(focus)
    #expect(!app.sendAction(.rulesAction, to: nil, from: nil))
    #expect(redirector.asked == 1)
    #expect(outer.log.isEmpty)
  }

  @Test func callingTargetForActionDirectlyWalksUpNext() {
    let outer = Performer("outer"), inner = View()
    outer.addSubview(inner)
    #expect(inner.target(forAction: .rulesAction, withSender: nil) === outer)
    let redirector = Redirector(), helper = Helper()
    redirector.answer = helper
    redirector.addSubview(inner)
    #expect(inner.target(forAction: .rulesAction, withSender: nil) === helper)
  }

  @Test func aSupplementalTargetIsAskedWhenTheResponderCannotPerform() {
    let (app, window, root) = makeApp()
    let outer = Performer("outer"), supplementer = Supplementer(), helper = Helper()
    outer.addSubview(supplementer)
    root.addSubview(outer)
    let focus = Gatekeeper()
    supplementer.addSubview(focus)
    window.makeFirstResponder(focus)
    supplementer.helper = helper
    #expect(app.sendAction(.rulesAction, to: nil, from: nil))
    #expect(helper.performed == 1 && outer.log.isEmpty)
  }

  /// Only the framework's own types declare what they keep, and only for objects of exactly
  /// that type: a subclass may override anything, so its objects are asked.
  @Test func onlyObjectsOfADeclaringTypeArePassedWithoutBeingAsked() {
    #expect(View().keptDefaults.contains([.actionSearch, .viewLink]))
    #expect(Window().keptDefaults == [.keyCommands, .keyUp, .nextResponder, .linkedNext])
    for object: Responder in [
      Gatekeeper(), Performer("p"), NextOverridingView(), Redirector(), ViewController(),
    ] {
      #expect(object.keptDefaults.isEmpty)
    }
  }

  @Test func aViewThatOverridesNextIsFollowedThroughItsOverride() {
    let (app, window, root) = makeApp()
    let target = Performer("elsewhere"), inner = NextOverridingView()
    inner.redirect = target
    root.addSubview(inner)
    let focus = View()
    inner.addSubview(focus)
    window.makeFirstResponder(window)
    // Twice: the second search passes the plain views unretained.
    #expect(app.target(forAction: .rulesAction, to: nil, from: focus) === target)
    #expect(app.target(forAction: .rulesAction, to: nil, from: focus) === target)
  }

  @Test func theUntracedSearchFindsWhatTheTracedOneFinds() {
    let (app, window, root) = makeApp()
    let middle = TableOnlyView(), gate = Performer("gate")
    root.addSubview(middle)
    middle.addSubview(gate)
    var deepest: View = gate
    for _ in 0..<5 {
      let view = View()
      deepest.addSubview(view)
      deepest = view
    }
    window.makeFirstResponder(window)
    gate.allows = false
    // Plain views are passed unretained; the gate answers through its own canPerformAction.
    for _ in 0..<2 { #expect(app.target(forAction: .rulesAction, to: nil, from: deepest) === middle) }
    let trace = ActionTrace()
    app.actionTrace = trace
    #expect(app.sendAction(.rulesAction, to: nil, from: deepest))
    #expect(trace.last?.performer === middle)
    app.actionTrace = nil
    #expect(middle.performed == 1)
    #expect(app.sendAction(.rulesAction, to: nil, from: deepest) && middle.performed == 2)
  }
}

/// A view that only declares the action in its table (and declares nothing kept, so it is
/// asked through its methods).
private final class TableOnlyView: View {
  var performed = 0
  override class var actionTable: ActionTable { actions }
  private static let actions = ActionTable(TableOnlyView.self) { $0.add(.rulesAction) { $0.performed += 1 } }
}

/// Sends the chain somewhere else than its superview.
private final class NextOverridingView: View {
  weak var redirect: Responder?
  override var next: Responder? { redirect ?? super.next }
}

// MARK: - Rule 5

/// Rule 5: an explicit target is sent to; `canPerformAction` is the chain search's question
/// and `validate(_:)` the user interface's (NSApplication.sendAction(_:to:from:),
/// UIResponder.canPerformAction(_:withSender:), NSMenuItemValidation).
@MainActor
struct ExplicitTargetsRuleTests {
  @Test func anExplicitTargetPerformsEvenWhenCanPerformActionSaysNo() {
    let (app, _, root) = makeApp()
    let performer = Performer("p")
    root.addSubview(performer)
    performer.allows = false
    #expect(app.sendAction(.rulesAction, to: performer, from: nil))
    #expect(performer.log == ["p.rules"])
  }

  @Test func canPerformActionFalseSkipsAResponderInTheSearch() {
    let (app, window, root) = makeApp()
    let outer = Performer("outer"), inner = Performer("inner")
    outer.addSubview(inner)
    root.addSubview(outer)
    let focus = Gatekeeper()
    inner.addSubview(focus)
    window.makeFirstResponder(focus)
    inner.allows = false
    #expect(app.sendAction(.rulesAction, to: nil, from: nil))
    #expect(outer.log == ["outer.rules"] && inner.log.isEmpty)
  }

  @Test func validationDisablesTheItemButNeverRedirectsTheAction() {
    final class Refuser: View {
      var performed = 0
      override class var actionTable: ActionTable { actions }
      private static let actions = ActionTable(Refuser.self) { $0.add(.rulesAction) { $0.performed += 1 } }
      override func validate(_ item: any ValidatedItem) -> Bool { false }
    }
    let (app, window, root) = makeApp()
    let outer = Performer("outer"), refuser = Refuser()
    outer.addSubview(refuser)
    root.addSubview(outer)
    let focus = Gatekeeper()
    refuser.addSubview(focus)
    window.makeFirstResponder(focus)
    #expect(!app.validateItem(Item(.rulesAction)))
    #expect(app.sendAction(.rulesAction, to: nil, from: nil))
    #expect(refuser.performed == 1 && outer.log.isEmpty)
  }

  /// An item aimed at a target asks that target, as the chain search would: a target whose
  /// `canPerformAction` says no disables the item (NSMenuItemValidation.validateMenuItem(_:):
  /// "The object implementing this method must be the target of menuItem";
  /// UIResponder.canPerformAction(_:withSender:): "enable or disable the specified command"),
  /// while sending to it still delivers (UIApplication.sendAction(_:to:from:for:)).
  @Test func aVetoingExplicitTargetDisablesItsItemWhileSendingToItStillDelivers() {
    let (app, list, item, menu) = makeAppWithMenuItem()
    #expect(menu.isItemEnabled(item))
    list.allows = false
    #expect(!menu.isItemEnabled(item))
    #expect(!app.validateItem(item, target: list))
    #expect(app.sendAction(.rulesAction, to: list, from: item))
    #expect(list.log == ["list.rules"])
  }

  /// The same for a target that is not a responder (a model controller with an action table).
  @Test func aVetoingNonResponderTargetDisablesTheItemToo() {
    final class Refusing: ActionTarget {
      var performed = 0
      static let actionTable = ActionTable(Refusing.self) { $0.add(.rulesAction) { $0.performed += 1 } }
      func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool { false }
    }
    let (app, _, _) = makeApp()
    let target = Refusing()
    #expect(!app.validateItem(Item(.rulesAction), target: target))
    #expect(app.sendAction(.rulesAction, to: target, from: nil))
    #expect(target.performed == 1)
  }
}

// MARK: - Rule 6

/// Rule 6: text input comes before key commands unless a command wants priority
/// (UIKeyCommand.wantsPriorityOverSystemBehavior).
@MainActor
struct TextInputBeforeKeyCommandsRuleTests {
  private func scene(priority: Bool) -> (Application, TextField, Performer) {
    let (app, window, root) = makeApp()
    let field = TextField(frame: Rect(x: 0, y: 0, width: 20, height: 1))
    field.text = "abc"
    let holder = Performer("holder")
    holder.addSubview(field)
    root.addSubview(holder)
    window.makeFirstResponder(field)
    let left = KeyCommand(input: KeyCommand.inputLeftArrow, action: .rulesAction)
    left.wantsPriorityOverSystemBehavior = priority
    let x = KeyCommand(input: "x", action: .rulesAction)
    x.wantsPriorityOverSystemBehavior = priority
    let controlX = KeyCommand(input: "x", modifierFlags: .control, action: .rulesAction)
    holder.commands = [left, x, controlX]
    return (app, field, holder)
  }

  @Test func aTextFieldGetsItsEditingKeysBeforeKeyCommands() {
    let (app, field, holder) = scene(priority: false)
    app.handle(.key(KeyEvent(keysym: .left)))
    app.handle(.key(.character("x")))
    #expect(holder.log.isEmpty)
    #expect(field.text == "abxc")
  }

  @Test func aKeyCommandThatWantsPriorityComesFirst() {
    let (app, field, holder) = scene(priority: true)
    app.handle(.key(.character("x")))
    #expect(holder.log == ["holder.rules"])
    #expect(field.text == "abc")
  }

  @Test func escapeAndTabStillReachTheScreensKeyCommandsFirst() {
    let (app, field, holder) = scene(priority: false)
    holder.commands.append(KeyCommand(input: KeyCommand.inputEscape, action: .rulesAction))
    app.handle(.key(KeyEvent(keysym: .escape)))
    #expect(holder.log == ["holder.rules"])
    #expect(field.isFirstResponder)
  }

  @Test func controlKeysStillReachKeyCommandsFirst() {
    let (app, field, holder) = scene(priority: false)
    app.handle(.key(.character("x", modifierFlags: .control)))
    #expect(holder.log == ["holder.rules"])
    #expect(field.text == "abc")
  }
}

// MARK: - Rule 7

/// Rule 7: key-binding commands stay in the key window (NSResponder.doCommand(by:) is
/// `tryToPerform` up the key window's chain, then `noResponder(for:)`).
@MainActor
struct KeyBindingCommandsStayInTheKeyWindowRuleTests {
  @Test func downArrowInAPanelNeverReachesTheMainWindow() {
    let (app, main, root) = makeApp()
    let list = Performer("list"), row = Gatekeeper()
    list.addSubview(row)
    root.addSubview(list)
    main.makeFirstResponder(row)
    let panel = Window(frame: Rect(x: 5, y: 2, width: 20, height: 4))
    panel.placement = .fixed
    let panelRoot = View()
    let focus = Gatekeeper()
    panelRoot.addSubview(focus)
    panel.rootView = panelRoot
    app.addWindow(panel)
    panel.makeKey()
    panel.makeFirstResponder(focus)
    #expect(app.keyWindow === panel && app.mainWindow === main)
    app.handle(.key(KeyEvent(keysym: .down)))
    #expect(list.log.isEmpty)
    // The same key in the main window reaches the list's action.
    main.makeKey()
    app.handle(.key(KeyEvent(keysym: .down)))
    #expect(list.log == ["list.moveDown"])
  }

  /// A bound command nothing in the key window performs stops after the window and its
  /// delegate: it reaches neither the application nor the application's delegate, and the
  /// key ends unhandled (NSResponder.doCommand(by:) tries the receiver's chain — the key
  /// window's — and an unperformed command ends in noResponder(for:), which beeps; key
  /// bindings are not sent to NSApp the way nil-targeted actions are).
  @Test func aKeyBindingNothingInTheKeyWindowPerformsNeverReachesTheApplicationOrItsDelegate() {
    let s = Scene()
    s.app.keyBindings.bind(KeySpec(keysym: .down, modifiers: []), to: [.ping])
    s.app.probe.accepts = [.ping]
    s.appDelegate.probe.accepts = [.ping]
    s.app.handle(.key(key(.down)))
    #expect(s.trace.performed.isEmpty)
    #expect(!s.trace.visits.contains("app") && !s.trace.visits.contains("appDelegate"))
    // The window's delegate is part of the window's chain and still gets it.
    s.windowDelegate.probe.accepts = [.ping]
    s.app.handle(.key(key(.down)))
    #expect(s.trace.performed == ["windowDelegate.test.ping"])
  }
}

// MARK: - Rule 8

/// Rule 8: the application's `sendEvent(_:)` sees every event, touches and their system
/// cancellations included (NSApplication.sendEvent(_:), UIApplication.sendEvent(_:)).
@MainActor
struct ApplicationSendEventRuleTests {
  @Test func sendEventSeesKeysTouchesScrollsPastesAndCancellations() {
    let (app, _, root) = makeApp(WatchingApplication())
    root.addSubview(Button(frame: Rect(x: 0, y: 0, width: 6, height: 1), title: "OK"))
    app.handle(.key(.character("a")))
    app.handle(sample(.began, 1, 0, at: 1))
    app.handle(.scroll(ScrollSample(location: Point(x: 1, y: 1), dx: 0, dy: 1, timestamp: 2)))
    app.handle(.paste("hi", timestamp: 3))
    app.handle(.focus(false, timestamp: 4))
    #expect(
      (app as? WatchingApplication)?.seen == ["key", "touches:began", "scroll", "paste", "touches:cancelled"])
  }
}

// MARK: - Rule 9

/// Rule 9: `tryToPerform(_:with:)` includes the window's and the application's delegates
/// (NSResponder.tryToPerform(_:with:), NSApplication.sendAction(_:to:from:)).
@MainActor
struct TryToPerformIncludesDelegatesRuleTests {
  @Test func theWindowDelegateIsTriedRightAfterTheWindow() {
    let s = Scene()
    s.windowDelegate.probe.accepts = [.ping]
    s.appDelegate.probe.accepts = [.ping]
    #expect(s.inner.tryToPerform(.ping, with: nil))
    #expect(s.trace.performed == ["windowDelegate.test.ping"])
  }

  @Test func theApplicationDelegateIsTriedRightAfterTheApplication() {
    let s = Scene()
    s.appDelegate.probe.accepts = [.ping]
    #expect(s.inner.tryToPerform(.ping, with: nil))
    #expect(s.trace.performed == ["appDelegate.test.ping"])
    #expect(!s.inner.tryToPerform(.unimplemented, with: nil))
  }
}

// MARK: - Rule 10

/// Rule 10: modal sessions shut everything else out (NSApplication.runModal(for:),
/// NSWindow.worksWhenModal, NSWindow.Level).
@MainActor
struct ModalSessionsShutEverythingElseOutRuleTests {
  @Test func menuItemsReachOnlyTheModalWindowUnlessTheyWorkWhenModal() {
    let (app, list, item, menu) = makeAppWithMenuItem()
    #expect(menu.isItemEnabled(item))
    let panel = Window(frame: Rect(x: 5, y: 2, width: 20, height: 4))
    panel.placement = .fixed
    app.beginModalSession(for: panel)
    #expect(!menu.isItemEnabled(item))
    #expect(!menu.performItem(item))
    item.worksWhenModal = true
    #expect(menu.performItem(item))
    #expect(list.log == ["list.rules"])
  }

  @Test func f10CannotOpenTheMenuBarOfAWindowBehindTheModalOne() {
    let (app, _, root) = makeApp()
    let bar = MenuBar(frame: Rect(x: 0, y: 0, width: 40, height: 1))
    root.addSubview(bar)
    let file = MenuItem(title: "File")
    file.submenu = Menu(title: "File", items: [MenuItem(title: "Rules", action: .rulesAction)])
    app.mainMenu = Menu(items: [file])
    bar.menu = app.mainMenu
    let panel = Window(frame: Rect(x: 5, y: 2, width: 20, height: 4))
    panel.placement = .fixed
    app.beginModalSession(for: panel)
    app.handle(.key(KeyEvent(keysym: .f(10))))
    #expect(app.keyWindow === panel)
    #expect(app.windows.count == 2)
  }

  @Test func windowLevelsOrderNormalFloatingModalPopupOverlay() {
    let (app, main, _) = makeApp()
    let palette = Window(), overlay = Window(), panel = Window()
    palette.level = .floating
    overlay.level = .overlay
    app.addWindow(overlay)
    app.addWindow(palette)
    main.orderFront()
    #expect(app.windows.map(\.level) == [.overlay, .floating, .normal])
    app.beginModalSession(for: panel)
    main.orderFront()
    palette.orderFront()
    #expect(
      app.windows.map { ObjectIdentifier($0) }
        == [overlay, panel, palette, main].map { ObjectIdentifier($0) })
    #expect(Window.Level.normal < .floating && .floating < .modalPanel && .modalPanel < .popUpMenu)
    #expect(Window.Level.popUpMenu < .overlay)
  }

  @Test func aPopupMenuOpenedFromTheModalWindowSitsAboveIt() {
    let (app, _, _) = makeApp()
    let panel = Window()
    let panelRoot = View()
    let bar = MenuBar(frame: Rect(x: 0, y: 0, width: 40, height: 1))
    panelRoot.addSubview(bar)
    panel.rootView = panelRoot
    let file = MenuItem(title: "File")
    file.submenu = Menu(title: "File", items: [MenuItem(title: "Close", action: .performClose)])
    bar.menu = Menu(items: [file])
    app.mainMenu = bar.menu
    app.beginModalSession(for: panel)
    app.handle(.key(KeyEvent(keysym: .f(10))))
    #expect(app.windows.first?.level == .popUpMenu)
    #expect(app.keyWindow === app.windows.first)
  }
}

// MARK: - Rule 11

/// Rule 11: taps are counted as UIKit counts them (UITouch.tapCount).
@MainActor
struct TapCountRuleTests {
  private final class Taps: View {
    var counts: [Int] = []
    override func touchesBegan(_ touches: Set<Touch>, with event: Event) { counts += touches.map(\.tapCount) }
  }

  private func scene() -> (Application, Taps) {
    let (app, _, root) = makeApp()
    let taps = Taps(frame: Rect(x: 0, y: 0, width: 40, height: 10))
    taps.isMultipleTouchEnabled = true
    root.addSubview(taps)
    return (app, taps)
  }

  @Test func quickTapsAtOnePlaceCountUpFromThePreviousTapsEnd() {
    let (app, taps) = scene()
    app.handle(sample(.began, 5, 5, at: 0))
    app.handle(sample(.ended, 5, 5, at: 0.4))
    app.handle(sample(.began, 5, 5, at: 0.8))  // 0.8 after the first began, 0.4 after it ended
    app.handle(sample(.ended, 5, 5, at: 0.9))
    app.handle(sample(.began, 5, 5, at: 1.2))
    #expect(taps.counts == [1, 2, 3])
  }

  @Test func aDragResetsTheCount() {
    let (app, taps) = scene()
    app.handle(sample(.began, 5, 5, at: 0))
    app.handle(sample(.moved, 9, 5, at: 0.1))
    app.handle(sample(.ended, 5, 5, at: 0.2))
    app.handle(sample(.began, 5, 5, at: 0.3))
    #expect(taps.counts == [1, 1])
  }

  @Test func aLongPressResetsTheCount() {
    let (app, taps) = scene()
    app.handle(sample(.began, 5, 5, at: 0))
    app.handle(sample(.ended, 5, 5, at: 0.9))
    app.handle(sample(.began, 5, 5, at: 1.0))
    #expect(taps.counts == [1, 1])
  }

  @Test func anotherPlaceOrAnotherTouchResetsTheCount() {
    let (app, taps) = scene()
    app.handle(sample(.began, 5, 5, at: 0))
    app.handle(sample(.ended, 5, 5, at: 0.1))
    app.handle(sample(.began, 20, 5, at: 0.2))
    app.handle(sample(.ended, 20, 5, at: 0.3))
    app.handle(sample(.began, 20, 5, at: 0.4))  // a double tap at the new place
    app.handle(sample(.began, 21, 5, id: 1, at: 0.45))  // a second finger while one is down
    #expect(taps.counts == [1, 1, 2, 1])
  }

  @Test func aPauseLongerThanTheIntervalResetsTheCount() {
    let (app, taps) = scene()
    app.handle(sample(.began, 5, 5, at: 0))
    app.handle(sample(.ended, 5, 5, at: 0.1))
    app.handle(sample(.began, 5, 5, at: 0.1 + Application.multipleClickInterval + 0.01))
    #expect(taps.counts == [1, 1])
  }
}

// MARK: - Rule 12

/// Rule 12: a window with nothing focused routes keys and actions to its deepest visible
/// content view controller (a product rule; UIKit's responder chain starts at the first
/// responder, which on iOS is usually a view controller's view).
@MainActor
struct KeysReachTheContentRuleTests {
  private final class Screen: ViewController {
    var log: [String] = []
    let name: String
    init(_ name: String) {
      self.name = name
      super.init()
    }
    override class var actionTable: ActionTable { actions }
    private static let actions = ActionTable(Screen.self) { $0.add(.rulesAction) { $0.log.append($0.name) } }
    override var keyCommands: [KeyCommand] { [KeyCommand(input: "r", action: .rulesAction)] }
  }

  @Test func keyCommandsOfTheTopOfANavigationStackWorkWithNothingFocused() {
    let (app, window, _) = makeApp()
    let first = Screen("first"), second = Screen("second")
    let navigation = NavigationController(rootViewController: first)
    window.rootViewController = navigation
    navigation.pushViewController(second, animated: false)
    window.makeFirstResponder(nil)
    app.handle(.key(.character("r")))
    #expect(second.log == ["second"] && first.log.isEmpty)
    #expect(app.sendAction(.rulesAction, to: nil, from: nil))
    #expect(second.log == ["second", "second"])
  }

  @Test func aPresentedControllerGetsKeysAndLeadsToItsPresenter() {
    let (app, window, _) = makeApp()
    let root = Screen("root"), editor = Screen("editor")
    window.rootViewController = root
    root.present(editor)
    #expect(editor.presentingViewController === root && root.presentedViewController === editor)
    #expect(editor.next === root)
    app.handle(.key(.character("r")))
    #expect(editor.log == ["editor"] && root.log.isEmpty)
    editor.dismiss()
    #expect(root.presentedViewController == nil && editor.view.window == nil)
    app.handle(.key(.character("r")))
    #expect(root.log == ["root"])
  }

  @Test func theRootViewControllerGetsKeysWithNoNavigationStack() {
    let (app, window, _) = makeApp()
    let screen = Screen("root")
    window.rootViewController = screen
    app.handle(.key(.character("r")))
    #expect(screen.log == ["root"])
  }

  @Test func aControlSendingAnActionStillStartsAtItself() {
    let (app, window, _) = makeApp()
    let screen = Screen("root")
    window.rootViewController = screen
    let performer = Performer("near")
    let button = Button(frame: Rect(x: 0, y: 0, width: 6, height: 1), title: "Go")
    performer.addSubview(button)
    screen.view.addSubview(performer)
    #expect(app.sendAction(.rulesAction, to: nil, from: button))
    #expect(performer.log == ["near.rules"] && screen.log.isEmpty)
  }
}

// MARK: - Rule 13

/// Rule 13: menu key equivalents fall back to the key's base-layout keysym, as key commands
/// and bindings do (NSEvent.charactersIgnoringModifiers: shortcuts by key position on
/// non-Latin layouts).
@MainActor
struct MenuKeyEquivalentBaseLayoutRuleTests {
  @Test func controlQQuitsOnACyrillicLayout() throws {
    let (app, _, _) = makeApp()
    let quit = MenuItem(title: "Quit", action: .terminate, keyEquivalent: try KeySpec(parsing: "Control+q"))
    app.mainMenu = Menu(items: [quit])
    // Under the kitty protocol, Control+й on a Russian layout reports the base-layout q.
    var key = KeyEvent(keysym: Keysym(unicodeScalar: "й"), modifierFlags: .control)
    key.baseLayoutKeysym = Keysym(unicodeScalar: "q")
    app.handle(.key(key))
    #expect(app.isTerminated)
  }
}

// MARK: - Rule 14

/// Rule 14: an `ActionTable` inherits its superclass's by default, and a table built for the
/// wrong type stops with a clear message in every build.
@MainActor
struct ActionTableSafetyRuleTests {
  private final class Panel: Window {
    var pinged = 0
    override class var actionTable: ActionTable { actions }
    private static let actions = ActionTable(Panel.self) { $0.add(.rulesAction) { $0.pinged += 1 } }
  }

  @Test func aTableWithoutInheritingKeepsItsSuperclassActions() {
    #expect(Panel.actionTable.contains(.performClose))
    #expect(Panel.actionTable.contains(.selectNextKeyView))
    #expect(Panel.actionTable.contains(.rulesAction))
    #expect(!ActionTable(Panel.self, inheriting: .empty) { _ in }.contains(.performClose))
  }

  @Test func aTableBuiltForAnotherTypeIsRejected() {
    #expect(ActionTable(Window.self) { _ in }.accepts(Panel.self))
    #expect(!ActionTable(Panel.self) { _ in }.accepts(Window.self))
    #expect(!ActionTable(Button.self) { _ in }.accepts(Window.self))
  }

  @Test func performingThroughAWrongTypeTableIsAPreconditionFailure() async {
    await #expect(processExitsWith: .failure) {
      await MainActor.run { _ = Impostor().tryToPerform(.rulesAction, with: nil) }
    }
  }
}
