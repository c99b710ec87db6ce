import Testing

@testable import ResponderKit

extension Action {
  /// Implemented only where a test puts it.
  fileprivate static let contract = Action("test.contract")
}

/// A view that implements ``Action/contract``.
@MainActor
private final class Implementer: View {
  var performed = 0
  override class var actionTable: ActionTable { actions }
  private static let actions = ActionTable(Implementer.self) { $0.add(.contract) { $0.performed += 1 } }
}

/// A non-responder helper that implements ``Action/contract``.
@MainActor
private final class Helper: ActionTarget {
  var performed = 0
  static let actionTable = ActionTable(Helper.self) { $0.add(.contract) { $0.performed += 1 } }
}

/// A window or application delegate that implements ``Action/contract``.
@MainActor
private final class ImplementingDelegate: WindowDelegate, ApplicationDelegate, ActionTarget {
  var performed = 0
  static let actionTable = ActionTable(ImplementingDelegate.self) { $0.add(.contract) { $0.performed += 1 } }
}

/// Overrides `target(forAction:withSender:)` the UIKit way, keeping what `super` answered and
/// answering with `answer(super)`; counts its calls and its `canPerformAction` calls.
@MainActor
private final class Overrider: View {
  var answer: (AnyObject?) -> AnyObject? = { $0 }
  var keptAnswers: [KeptAnswer] = []
  var superAnswers: [AnyObject?] { keptAnswers.map(\.object) }
  var targetCalls = 0
  var canPerformCalls = 0
  override func target(forAction action: Action, withSender sender: Any?) -> AnyObject? {
    targetCalls += 1
    return answer(kept(super.target(forAction: action, withSender: sender), in: &keptAnswers))
  }
  override func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
    canPerformCalls += 1
    return super.canPerformAction(action, withSender: sender)
  }
}

/// One answer `super` gave, held weakly: an answer is often an ancestor of the object that
/// keeps it, and a strong one would make a cycle the leak checker reports.
private struct KeptAnswer {
  weak var object: AnyObject?
}

/// Keeps `answer` in `answers` and returns it: what the window's and application's
/// overrides do with `super`'s answer.
private func kept(_ answer: AnyObject?, in answers: inout [KeptAnswer]) -> AnyObject? {
  answers.append(KeptAnswer(object: answer))
  return answer
}

/// A window whose override keeps what `super` answered.
@MainActor
private final class OverridingWindow: Window {
  var keptAnswers: [KeptAnswer] = []
  var superAnswers: [AnyObject?] { keptAnswers.map(\.object) }
  override func target(forAction action: Action, withSender sender: Any?) -> AnyObject? {
    kept(super.target(forAction: action, withSender: sender), in: &keptAnswers)
  }
}

/// An application whose override keeps what `super` answered.
@MainActor
private final class OverridingApplication: Application {
  var keptAnswers: [KeptAnswer] = []
  var superAnswers: [AnyObject?] { keptAnswers.map(\.object) }
  override func target(forAction action: Action, withSender sender: Any?) -> AnyObject? {
    kept(super.target(forAction: action, withSender: sender), in: &keptAnswers)
  }
}

/// The contract of `target(forAction:withSender:)`: the nil-target search is UIKit's recursion
/// ("The default implementation calls canPerformAction(_:withSender:) … If the object can
/// invoke the action, it returns itself, otherwise it passes the request up the responder
/// chain", https://developer.apple.com/documentation/uikit/uiresponder/target(foraction:withsender:)),
/// with AppKit's steps in order — key window chain, its delegate, main window chain, its
/// delegate, application, its delegate
/// (https://developer.apple.com/documentation/appkit/nsapplication/target(foraction:to:from:)).
/// Whatever an override answers is the answer: nil ends the search with nothing found, as the
/// UIKit page's "nil if no responder object implements it" makes it.
@MainActor
struct TargetForActionContractTests {
  /// A key window with root → outer (implements) → overrider → focus.
  @MainActor
  fileprivate struct Scene {
    let app: OverridingApplication
    let window: OverridingWindow
    let root = View()
    let outer = Implementer()
    let overrider = Overrider()
    let focus = View()

    init() {
      app = OverridingApplication()
      window = OverridingWindow()
      window.rootView = root
      root.addSubview(outer)
      outer.addSubview(overrider)
      overrider.addSubview(focus)
      app.addWindow(window)
      window.makeKeyAndOrderFront()
      window.makeFirstResponder(window)
    }

    /// The search from `focus`, as `sendAction(_:to:from:)` with `focus` as sender makes it.
    func search() -> AnyObject? { app.target(forAction: .contract, to: nil, from: focus) }
  }

  @Test func anOverrideCallingSuperGetsTheRestOfTheChainsAnswer() {
    let s = Scene()
    #expect(s.search() === s.outer)
    #expect(s.overrider.superAnswers.count == 1 && s.overrider.superAnswers[0] === s.outer)
  }

  @Test func superAnswersNilWhenNothingAboveCanPerform() {
    let s = Scene()
    s.outer.removeFromSuperview()
    s.root.addSubview(s.overrider)
    #expect(s.search() == nil)
    #expect(s.overrider.superAnswers.count == 1 && s.overrider.superAnswers[0] == nil)
  }

  @Test func superOrHelperFallsBackToTheHelperOnlyWhenTheChainHasNothing() {
    let s = Scene()
    let helper = Helper()
    s.overrider.answer = { $0 ?? helper }
    #expect(s.app.sendAction(.contract, to: nil, from: s.focus))
    #expect(s.outer.performed == 1 && helper.performed == 0)
    s.outer.removeFromSuperview()
    s.root.addSubview(s.overrider)
    #expect(s.app.sendAction(.contract, to: nil, from: s.focus))
    #expect(helper.performed == 1)
  }

  @Test func anOverrideReturningAHelperRedirects() {
    let s = Scene()
    let helper = Helper()
    s.overrider.answer = { _ in helper }
    #expect(s.app.sendAction(.contract, to: nil, from: s.focus))
    #expect(helper.performed == 1 && s.outer.performed == 0)
  }

  @Test func anOverrideReturningNilEndsTheSearch() {
    let s = Scene()
    s.overrider.answer = { _ in nil }
    #expect(!s.app.sendAction(.contract, to: nil, from: s.focus))
    #expect(s.outer.performed == 0)
  }

  @Test func theWindowsSuperAnswersItsDelegate() {
    let s = Scene()
    s.outer.removeFromSuperview()
    s.root.addSubview(s.overrider)
    let delegate = ImplementingDelegate()
    s.window.delegate = delegate
    #expect(s.app.sendAction(.contract, to: nil, from: s.focus))
    #expect(delegate.performed == 1)
    #expect(s.window.superAnswers.count == 1 && s.window.superAnswers[0] === delegate)
    #expect(s.overrider.superAnswers.count == 1 && s.overrider.superAnswers[0] === delegate)
  }

  @Test func theKeyWindowsSuperAnswersTheMainWindowsChain() {
    let s = Scene()
    let panel = OverridingWindow()
    panel.rootView = View()
    s.app.addWindow(panel)
    panel.makeKey()
    #expect(s.app.keyWindow === panel && s.app.mainWindow === s.window)
    #expect(s.search() === s.outer)
    #expect(panel.superAnswers.count == 1 && panel.superAnswers[0] === s.outer)
  }

  @Test func theApplicationsSuperAnswersItsDelegate() {
    let s = Scene()
    s.outer.removeFromSuperview()
    s.root.addSubview(s.overrider)
    let delegate = ImplementingDelegate()
    s.app.delegate = delegate
    #expect(s.search() === delegate)
    #expect(s.app.superAnswers.count == 1 && s.app.superAnswers[0] === delegate)
    #expect(s.window.superAnswers.count == 1 && s.window.superAnswers[0] === delegate)
  }

  /// A class that overrides nothing is passed with no call at all, and one that overrides is
  /// asked exactly once per search, however many plain views lie around it: nothing probes a
  /// class by calling it.
  @Test func eachOverrideIsCalledOncePerSearchAndPlainViewsNotAtAll() {
    let s = Scene()
    var top: View = s.focus
    for _ in 0..<8 {
      let view = View()
      top.addSubview(view)
      top = view
    }
    let deep = Overrider()
    top.addSubview(deep)
    for round in 1...3 {
      #expect(s.app.target(forAction: .contract, to: nil, from: deep) === s.outer)
      #expect(deep.targetCalls == round && deep.canPerformCalls == round)
      #expect(s.overrider.targetCalls == round && s.overrider.canPerformCalls == round)
    }
    #expect(View().keptDefaults.contains(.actionSearch))
  }

  /// The trace still names every object the search visits, overrides included.
  @Test func theTraceRecordsTheSearchThroughOverrides() {
    let s = Scene()
    let helper = Helper()
    s.overrider.answer = { _ in helper }
    let trace = ActionTrace()
    s.app.actionTrace = trace
    #expect(s.app.sendAction(.contract, to: nil, from: s.focus))
    let text = trace.text
    #expect(text.contains("View: does not implement"))
    #expect(text.contains("Implementer: performs it"))
    #expect(text.contains("Overrider redirects to Helper"))
    #expect(trace.last?.performer === helper)
  }
}
