import Testing

@testable import ResponderKit

// A seeded randomized differential test of the nil-target search, `sendAction` and
// `tryToPerform` (issue 34): 10,000 generated app shapes, each answer compared with a plain
// recursion written here from Apple's documented rules, which asks every object through its
// public methods and walks no link of the framework's:
// - the order: the key window's first responder up its chain, the key window, its window
//   controller (the window's next responder), its delegate, its document; the main (or modal)
//   window's chain, window, controller, delegate and document when it is another window; the
//   application, its delegate, the document controller — NSApplication.target(forAction:to:from:)
//   (https://developer.apple.com/documentation/appkit/nsapplication/target(foraction:to:from:))
//   and "The Path of Action Messages" (Cocoa Event Handling Guide; the document-based path);
//   GNUstep's -[NSApplication _targetForAction:window:] tries the window's document after its
//   chain and delegate, -_targetForAction:keyWindow:mainWindow: the document controller last;
// - at each object: `canPerformAction`, then `supplementalTarget(forAction:sender:)`
//   (https://developer.apple.com/documentation/appkit/nsresponder/supplementaltarget(foraction:sender:)),
//   then `next`; an override of `target(forAction:withSender:)` answers for the rest of the
//   chain, `super` being the chain's answer
//   (https://developer.apple.com/documentation/uikit/uiresponder/target(foraction:withsender:));
// - `tryToPerform(_:with:)` performs here or forwards to the next responder, the window's and
//   the application's delegates after them
//   (https://developer.apple.com/documentation/appkit/nsresponder/trytoperform(_:with:)); a key
//   binding's command (`doCommand(by:)`) ends with the key window and its delegate.
// Every shape is asked twice (the first and the second call), traced and untraced.

extension Action {
  fileprivate static let diffA = Action("differential.a")
  fileprivate static let diffB = Action("differential.b")
  fileprivate static let diffC = Action("differential.c")
}

/// What each generated object performed, in order: (object, action).
@MainActor private var performedLog: [(ObjectIdentifier, Action)] = []

/// The actions a generated class adds to, and removes from, the table it inherits.
private protocol ActionSet {
  static var adds: [Action] { get }
  static var removes: [Action] { get }
}
extension ActionSet { static var removes: [Action] { [] } }
private enum NoActions: ActionSet { static let adds: [Action] = [] }
private enum OnlyA: ActionSet { static let adds: [Action] = [.diffA] }
private enum OnlyB: ActionSet { static let adds: [Action] = [.diffB] }
private enum AB: ActionSet { static let adds: [Action] = [.diffA, .diffB, .moveDown] }
private enum AllThree: ActionSet { static let adds: [Action] = [.diffA, .diffB, .diffC, .moveDown] }
private enum AddsUndo: ActionSet { static let adds: [Action] = [.undo, .diffC] }
private enum RemovesUndo: ActionSet {
  static let adds: [Action] = [.diffB]
  static let removes: [Action] = [.undo, .redo]
}

/// A table for `Target` built from `Set` (one per specialization), every method logging.
@MainActor private func table<Target: AnyObject, Set: ActionSet>(
  _ type: Target.Type, _ set: Set.Type, keeping kept: ActionTable.KeptDefaults = []
) -> ActionTable {
  .declared(by: type, keeping: kept) { builder in
    for action in Set.adds { builder.add(action) { performedLog.append((ObjectIdentifier($0), action)) } }
    for action in Set.removes { builder.remove(action) }
  }
}

/// How a generated object departs from its class's defaults.
@MainActor private final class Behaviour {
  enum Redirect { case none, superOrHelper, nothing, helper }
  var veto: Set<Action> = []
  var redirect = Redirect.none
  var supplements: Set<Action> = []
  var helper: AnyObject?
  var nextOverride: Responder?
  var catches: Action?
  var refuses: Action?

  func redirected(_ answer: () -> AnyObject?) -> AnyObject? {
    switch redirect {
    case .none: return answer()
    case .superOrHelper: return answer() ?? helper
    case .nothing: return nil
    case .helper: return helper
    }
  }

  /// `tryToPerform`'s override: true or false when it answers without `super`.
  func tries(_ action: Action, by object: AnyObject) -> Bool? {
    if action == catches {
      performedLog.append((ObjectIdentifier(object), action))
      return true
    }
    return action == refuses ? false : nil
  }
}

@MainActor private protocol Behaving: AnyObject { var behaviour: Behaviour { get } }

// The generated classes: each overrides every method the search may call, answering from its
// behaviour (its defaults when the behaviour says nothing), so none is passed without a call.
@MainActor
private final class GenView<Set: ActionSet>: View, Behaving {
  let behaviour = Behaviour()
  override class var actionTable: ActionTable { table(self, Set.self) }
  override var canBecomeFirstResponder: Bool { true }
  override var next: Responder? { behaviour.nextOverride ?? super.next }
  override func canPerformAction(_ a: Action, withSender s: Any?) -> Bool {
    !behaviour.veto.contains(a) && super.canPerformAction(a, withSender: s)
  }
  override func supplementalTarget(forAction a: Action, sender: Any?) -> AnyObject? {
    behaviour.supplements.contains(a) ? behaviour.helper : nil
  }
  override func target(forAction a: Action, withSender s: Any?) -> AnyObject? {
    behaviour.redirected { super.target(forAction: a, withSender: s) }
  }
  override func tryToPerform(_ a: Action, with s: Any?) -> Bool {
    behaviour.tries(a, by: self) ?? super.tryToPerform(a, with: s)
  }
}

/// A view whose class declares that it keeps every default (as View does).
@MainActor
private final class DeclaredView<Set: ActionSet>: View {
  override class var actionTable: ActionTable { table(self, Set.self, keeping: .all) }
  override var canBecomeFirstResponder: Bool { true }
}

@MainActor
private final class GenController<Set: ActionSet>: ViewController, Behaving {
  let behaviour = Behaviour()
  override class var actionTable: ActionTable { table(self, Set.self) }
  override func canPerformAction(_ a: Action, withSender s: Any?) -> Bool {
    !behaviour.veto.contains(a) && super.canPerformAction(a, withSender: s)
  }
  override func target(forAction a: Action, withSender s: Any?) -> AnyObject? {
    behaviour.redirected { super.target(forAction: a, withSender: s) }
  }
  override func tryToPerform(_ a: Action, with s: Any?) -> Bool {
    behaviour.tries(a, by: self) ?? super.tryToPerform(a, with: s)
  }
}

/// A responder outside the view tree that a view's `next` override leads to, then the window.
@MainActor private protocol SideLinked: Responder { var link: Responder? { get set } }

@MainActor
private final class SideResponder<Set: ActionSet>: Responder, SideLinked {
  weak var link: Responder?
  override class var actionTable: ActionTable { table(self, Set.self) }
  override var next: Responder? { link }
}

@MainActor
private final class GenWindow<Set: ActionSet>: Window, Behaving {
  let behaviour = Behaviour()
  override class var actionTable: ActionTable {
    table(self, Set.self, keeping: [.actionSearch, .keyCommands, .keyUp, .nextResponder])
  }
  override func canPerformAction(_ a: Action, withSender s: Any?) -> Bool {
    !behaviour.veto.contains(a) && super.canPerformAction(a, withSender: s)
  }
  override func supplementalTarget(forAction a: Action, sender: Any?) -> AnyObject? {
    behaviour.supplements.contains(a) ? behaviour.helper : nil
  }
  override func target(forAction a: Action, withSender s: Any?) -> AnyObject? {
    behaviour.redirected { super.target(forAction: a, withSender: s) }
  }
  override func tryToPerform(_ a: Action, with s: Any?) -> Bool {
    behaviour.tries(a, by: self) ?? super.tryToPerform(a, with: s)
  }
}

@MainActor
private final class GenApplication<Set: ActionSet>: Application, Behaving {
  let behaviour = Behaviour()
  override class var actionTable: ActionTable { table(self, Set.self) }
  override func canPerformAction(_ a: Action, withSender s: Any?) -> Bool {
    !behaviour.veto.contains(a) && super.canPerformAction(a, withSender: s)
  }
  override func target(forAction a: Action, withSender s: Any?) -> AnyObject? {
    behaviour.redirected { super.target(forAction: a, withSender: s) }
  }
  override func tryToPerform(_ a: Action, with s: Any?) -> Bool {
    behaviour.tries(a, by: self) ?? super.tryToPerform(a, with: s)
  }
}

@MainActor
private final class GenWindowController<Set: ActionSet>: WindowController, Behaving {
  let behaviour = Behaviour()
  override class var actionTable: ActionTable { table(self, Set.self) }
  override func canPerformAction(_ a: Action, withSender s: Any?) -> Bool {
    !behaviour.veto.contains(a) && super.canPerformAction(a, withSender: s)
  }
  override func supplementalTarget(forAction a: Action, sender: Any?) -> AnyObject? {
    behaviour.supplements.contains(a) ? behaviour.helper : nil
  }
  override func target(forAction a: Action, withSender s: Any?) -> AnyObject? {
    behaviour.redirected { super.target(forAction: a, withSender: s) }
  }
  override func tryToPerform(_ a: Action, with s: Any?) -> Bool {
    behaviour.tries(a, by: self) ?? super.tryToPerform(a, with: s)
  }
}

/// A document implementing `Set`, vetoing some; it may be its window's delegate too.
@MainActor
private final class GenDocument<Set: ActionSet>: Document, WindowDelegate {
  var veto: Swift.Set<Action> = []
  override class var actionTable: ActionTable { table(self, Set.self) }
  override func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
    !veto.contains(action) && super.canPerformAction(action, withSender: sender)
  }
}

@MainActor
private final class GenDocumentController<Set: ActionSet>: DocumentController {
  var veto: Swift.Set<Action> = []
  override class var actionTable: ActionTable { table(self, Set.self) }
  override func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
    !veto.contains(action) && super.canPerformAction(action, withSender: sender)
  }
}

/// A window and application delegate that implements `Set`, vetoing some.
@MainActor
private final class GenDelegate<Set: ActionSet>: WindowDelegate, ApplicationDelegate, ActionTarget {
  var veto: Swift.Set<Action> = []
  static var actionTable: ActionTable { table(self, Set.self) }
  func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
    !veto.contains(action) && Self.actionTable.contains(action)
  }
}

/// A delegate that is no action target.
@MainActor private final class PlainDelegate: WindowDelegate, ApplicationDelegate {}

/// A supplemental or redirect target.
@MainActor
private final class Helper<Set: ActionSet>: ActionTarget {
  static var actionTable: ActionTable { table(self, Set.self) }
}

/// One generated application and what it is asked with.
@MainActor
private struct Shape {
  let app: Application
  let windows: [Window]
  let senders: [View?]
  let keep: [AnyObject]
}

@MainActor
private struct Generator {
  var random: SeededGenerator
  var keep: [AnyObject] = []

  mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
  mutating func pick<T>(_ choices: [T]) -> T { choices.randomElement(using: &random)! }

  static let actions: [Action] = [.diffA, .diffB, .diffC, .undo, .redo, .moveDown]

  mutating func behave(_ object: any Behaving) {
    let b = object.behaviour
    if chance(30) { b.veto = [pick(Self.actions)] }
    if chance(15) { b.redirect = pick([.superOrHelper, .nothing, .helper]) }
    if chance(20) { b.supplements = [pick(Self.actions)] }
    if b.redirect != .none || !b.supplements.isEmpty { b.helper = helper() }
    if chance(15) { b.catches = pick(Self.actions) }
    if chance(10) { b.refuses = pick(Self.actions) }
  }

  mutating func helper() -> AnyObject {
    let made: AnyObject = pick(
      [{ Helper<OnlyA>() }, { Helper<AllThree>() }, { Helper<NoActions>() }] as [() -> AnyObject])()
    keep.append(made)
    return made
  }

  mutating func delegate() -> AnyObject? {
    switch Int.random(in: 0..<4, using: &random) {
    case 0: return nil
    case 1:
      let d = PlainDelegate()
      keep.append(d)
      return d
    default:
      let d: AnyObject = pick(
        [{ GenDelegate<OnlyB>() }, { GenDelegate<AllThree>() }, { GenDelegate<AddsUndo>() }]
          as [() -> AnyObject])()
      if let d = d as? GenDelegate<AllThree>, chance(40) { d.veto = [pick(Self.actions)] }
      keep.append(d)
      return d
    }
  }

  mutating func view() -> View {
    switch Int.random(in: 0..<7, using: &random) {
    case 0, 1: return View()
    case 2:
      return pick(
        [{ DeclaredView<NoActions>() }, { DeclaredView<OnlyA>() }, { DeclaredView<OnlyB>() }] as [() -> View])()
    default:
      let view: any View & Behaving = pick(
        [
          { GenView<NoActions>() }, { GenView<OnlyA>() }, { GenView<AB>() }, { GenView<AllThree>() },
        ] as [() -> any View & Behaving])()
      behave(view)
      return view
    }
  }

  /// A chain of views from `root` down; returns the deepest. View controllers and `next`
  /// overrides are put on the way.
  mutating func chain(under root: View, in window: Window) -> View {
    var top = root
    for _ in 0..<Int.random(in: 0...5, using: &random) {
      let child: View
      if chance(20) {
        let controller: any ViewController & Behaving = pick(
          [
            { GenController<NoActions>() }, { GenController<OnlyA>() }, { GenController<AB>() },
          ] as [() -> any ViewController & Behaving])()
        behave(controller)
        keep.append(controller)
        child = controller.view
      } else {
        child = view()
      }
      top.addSubview(child)
      if let gen = child as? any View & Behaving, chance(10) {
        let side = pick(
          [{ SideResponder<OnlyB>() }, { SideResponder<NoActions>() }] as [() -> any SideLinked])()
        side.link = window
        keep.append(side)
        gen.behaviour.nextOverride = side
      }
      top = child
    }
    return top
  }

  mutating func window() -> Window {
    let window: Window
    if chance(50) {
      window = Window()
    } else {
      let gen: any Window & Behaving = pick(
        [{ GenWindow<NoActions>() }, { GenWindow<RemovesUndo>() }, { GenWindow<OnlyA>() }]
          as [() -> any Window & Behaving])()
      behave(gen)
      gen.behaviour.catches = chance(20) ? .moveDown : gen.behaviour.catches
      window = gen
    }
    window.delegate = delegate() as? any WindowDelegate
    if chance(40) { control(window) }
    return window
  }

  /// Gives `window` a window controller, and often a document (sometimes its delegate too).
  mutating func control(_ window: Window) {
    let controller: WindowController
    if chance(50) {
      controller = WindowController()
    } else {
      let gen: any WindowController & Behaving = pick(
        [
          { GenWindowController<NoActions>() }, { GenWindowController<OnlyA>() },
          { GenWindowController<AB>() },
        ]
          as [() -> any WindowController & Behaving])()
      behave(gen)
      controller = gen
    }
    controller.window = window
    keep.append(controller)
    guard chance(70) else { return }
    let document: Document = pick(
      [{ GenDocument<OnlyB>() }, { GenDocument<AllThree>() }, { GenDocument<AddsUndo>() }, { Document() }]
        as [() -> Document])()
    if let document = document as? GenDocument<AllThree>, chance(40) { document.veto = [pick(Self.actions)] }
    if let document = document as? any WindowDelegate, chance(20) { window.delegate = document }
    document.addWindowController(controller)
    keep.append(document)
  }

  mutating func shape() -> Shape {
    keep = []
    let app: Application
    if chance(50) {
      app = Application()
    } else {
      let gen: any Application & Behaving = pick(
        [{ GenApplication<AddsUndo>() }, { GenApplication<OnlyA>() }] as [() -> any Application & Behaving])()
      behave(gen)
      app = gen
    }
    app.delegate = delegate() as? any ApplicationDelegate
    if chance(40) {
      let documents: DocumentController = pick(
        [
          { DocumentController(documentType: Document.self) },
          { GenDocumentController<OnlyA>(documentType: Document.self) },
          { GenDocumentController<AllThree>(documentType: Document.self) },
        ] as [() -> DocumentController])()
      if let documents = documents as? GenDocumentController<AllThree>, chance(40) {
        documents.veto = [pick(Self.actions)]
      }
      app.documentController = documents
    }
    app.screenSize = Size(width: 20, height: 6)
    var windows: [Window] = []
    var senders: [View?] = [nil]
    for _ in 0..<Int.random(in: 1...3, using: &random) {
      let window = window()
      let root: View
      if chance(25) {
        let controller = GenController<OnlyB>()
        behave(controller)
        keep.append(controller)
        window.rootViewController = controller
        root = controller.view
      } else {
        root = view()
        window.rootView = root
      }
      let deepest = chain(under: root, in: window)
      app.addWindow(window)
      window.makeKeyAndOrderFront()
      if chance(70) { window.makeFirstResponder(deepest) }
      senders.append(deepest)
      let undo = window.undoManager!
      undo.groupsByEvent = false
      if chance(50) {
        undo.beginUndoGrouping()
        undo.registerUndo(withTarget: window) { _ in }
        undo.endUndoGrouping()
        if chance(50) { undo.undo() }
      }
      windows.append(window)
    }
    // The last window is key and main; sometimes an earlier one is main, or runs modally.
    if windows.count > 1, chance(50) { windows[0].makeMain() }
    if windows.count > 1, chance(20) {
      app.beginModalSession(for: windows[Int.random(in: 0..<windows.count, using: &random)])
    }
    return Shape(app: app, windows: windows, senders: senders, keep: keep)
  }
}

/// The reference: Apple's documented order, every object asked through its public methods.
@MainActor
private struct Reference {
  let action: Action
  let sender: Any?

  /// Where a window's part starts: its first responder, else a sender in it, else its content.
  static func start(of window: Window, sender: Any?) -> Responder {
    if let first = window.firstResponder, first !== window { return first }
    if let view = sender as? View, view.window === window { return view }
    return window.contentResponder
  }

  /// `responder.target(forAction:withSender:)`: an override's answer, else the default steps.
  func target(from responder: Responder) -> AnyObject? {
    guard let behaving = responder as? any Behaving else { return steps(at: responder) }
    return behaving.behaviour.redirected { steps(at: responder) }
  }

  private func steps(at responder: Responder) -> AnyObject? {
    if responder.canPerformAction(action, withSender: sender) { return responder }
    if let supplemental = responder.supplementalTarget(forAction: action, sender: sender) {
      return supplemental
    }
    if let window = responder as? Window {
      // The window controller is the window's next responder; it asks what follows.
      if let controller = window.windowController { return target(from: controller) }
      return afterWindowsChain(window)
    }
    if let controller = responder as? WindowController, let window = controller.window,
      window.windowController === controller
    {
      return afterWindowsChain(window)
    }
    if let app = responder as? Application {
      if let delegate = app.delegate as? any ActionTarget,
        delegate.canPerformAction(action, withSender: sender)
      {
        return delegate
      }
      if let documents = app.documentController, documents.canPerformAction(action, withSender: sender) {
        return documents
      }
      return nil
    }
    guard let next = responder.next else { return nil }
    return target(from: next)
  }

  /// After a window's responder chain: its delegate, its document (if another object), then
  /// the main (or modal) window's part from the key window, else the application.
  private func afterWindowsChain(_ window: Window) -> AnyObject? {
    let delegate = window.delegate as? any ActionTarget
    if let delegate, delegate.canPerformAction(action, withSender: sender) { return delegate }
    if let document = window.windowController?.document, document !== delegate,
      document.canPerformAction(action, withSender: sender)
    {
      return document
    }
    guard let app = window.application else { return nil }
    if window === app.keyWindow, let other = app.modalWindow ?? app.mainWindow, other !== window {
      return target(from: Self.start(of: other, sender: sender))
    }
    return target(from: app)
  }

  /// The application's answer: the search's, sent to only when its table has the action.
  func answer(in app: Application) -> AnyObject? {
    let start: Responder
    if let key = app.keyWindow {
      start = Self.start(of: key, sender: sender)
    } else if let main = app.modalWindow ?? app.mainWindow {
      start = Self.start(of: main, sender: sender)
    } else {
      start = app
    }
    guard let found = target(from: start) else { return nil }
    return Self.implements(found, action) ? found : nil
  }

  static func implements(_ object: AnyObject, _ action: Action) -> Bool {
    guard let target = object as? any ActionTarget else { return false }
    return type(of: target).actionTable.contains(action)
  }

  /// `tryToPerform` from `responder`: who performed it, or nil (false). `endingAt` is the key
  /// window for a key binding's command.
  func tryToPerform(from responder: Responder, endingAt last: Window?) -> AnyObject? {
    if let behaving = responder as? any Behaving, let answer = behaving.behaviour.probe(action) {
      return answer ? responder : nil
    }
    if responder.canPerformAction(action, withSender: sender) {
      return Self.implements(responder, action) ? responder : nil
    }
    // A window's delegate and document follow its window controller when it has one.
    let window = responder as? Window
    let controller = responder as? WindowController
    let controlledWindow = controller.flatMap { $0.window?.windowController === $0 ? $0.window : nil }
    let delegate: AnyObject?
    let following: AnyObject?
    if let window {
      delegate = window.windowController == nil ? window.delegate : nil
      following = nil
    } else if let controlledWindow {
      delegate = controlledWindow.delegate
      following = controller?.document === delegate ? nil : controller?.document
    } else {
      delegate = (responder as? Application)?.delegate
      following = (responder as? Application)?.documentController
    }
    for candidate in [delegate, following] {
      if let target = candidate as? any ActionTarget, target.canPerformAction(action, withSender: sender) {
        return Self.implements(target, action) ? target : nil
      }
    }
    let ends = last != nil && (window === last ? window?.windowController == nil : controlledWindow === last)
    guard !ends, let next = responder.next else { return nil }
    return tryToPerform(from: next, endingAt: last)
  }
}

extension Behaviour {
  /// ``tries(_:by:)`` without performing: what the override answers, if it answers alone.
  fileprivate func probe(_ action: Action) -> Bool? {
    action == catches ? true : action == refuses ? false : nil
  }
}

@MainActor
struct ActionSearchDifferentialTests {
  @Test func everyAnswerEqualsTheDocumentedRecursionInTenThousandGeneratedApps() {
    var generator = Generator(random: SeededGenerator(state: 0x34_34))
    var checked = 0
    for index in 0..<10_000 {
      let shape = generator.shape()
      let app = shape.app
      let traced = index % 8 == 0
      let sender = generator.pick(shape.senders)
      for action in Generator.actions {
        let reference = Reference(action: action, sender: sender)
        let expected = reference.answer(in: app)
        // The first call, then the second: no answer depends on what was asked before.
        let first = app.target(forAction: action, to: nil, from: sender)
        let second = app.target(forAction: action, to: nil, from: sender)
        guard first === expected, second === expected else {
          Issue.record(
            "shape \(index), \(action): \(name(first)), then \(name(second)); documented: \(name(expected))")
          return
        }
        // The recursion itself, from where the search starts.
        let start = app.keyWindow.map { Reference.start(of: $0, sender: sender) }
        if let start, start.target(forAction: action, withSender: sender) !== reference.target(from: start) {
          Issue.record("shape \(index), \(action): the recursion differs from the documented one")
          return
        }
        // Sending, untraced or traced: the same performer.
        if traced { app.actionTrace = ActionTrace(capacity: 4) }
        performedLog.removeAll()
        let sent = app.sendAction(action, to: nil, from: sender)
        app.actionTrace = nil
        guard sent == (expected != nil), performed(as: expected) else {
          Issue.record(
            "shape \(index), \(action)\(traced ? ", traced" : ""): sent \(sent), documented \(name(expected))"
          )
          return
        }
        // tryToPerform from where the key window's keys start, to the application.
        if let key = app.keyWindow {
          performedLog.removeAll()
          let keyStart = key.contentResponder
          let expectedTry = reference.tryToPerform(from: keyStart, endingAt: nil)
          if traced { app.actionTrace = ActionTrace(capacity: 4) }
          let tried = keyStart.tryToPerform(action, with: sender)
          app.actionTrace = nil
          guard tried == (expectedTry != nil), performed(as: expectedTry) else {
            Issue.record("shape \(index), \(action): tryToPerform \(tried), documented \(name(expectedTry))")
            return
          }
        }
        checked += 1
      }
      // A key binding's command: Down sends moveDown by tryToPerform, ending at the key window.
      if let key = app.keyWindow {
        let command = Reference(action: .moveDown, sender: key)
        let expected = command.tryToPerform(from: key.contentResponder, endingAt: key)
        performedLog.removeAll()
        app.handle(.key(KeyEvent(keysym: .down)))
        let performer = performedLog.last?.0
        guard (performer != nil) == (expected != nil),
          expected.map({ performer == ObjectIdentifier($0) }) ?? true
        else {
          Issue.record(
            "shape \(index): Down performed by \(String(describing: performer)), documented \(name(expected))"
          )
          return
        }
      }
    }
    #expect(checked == 60_000)
  }

  private func name(_ object: AnyObject?) -> String { ActionTrace.name(of: object) }

  /// Whether the log shows `expected` performed the action: its logged method ran, or, for a
  /// window's own undo and redo (which log nothing), nothing else did.
  private func performed(as expected: AnyObject?) -> Bool {
    guard let expected else { return performedLog.isEmpty }
    guard let performer = performedLog.last?.0 else { return expected is Window }
    return performedLog.count == 1 && performer == ObjectIdentifier(expected)
  }
}
