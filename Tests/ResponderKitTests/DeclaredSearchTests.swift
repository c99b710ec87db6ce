import Foundation
import Testing

@testable import ResponderKit

// The nil-target search takes the parts of objects whose class keeps the search's methods
// (views, Window, Application) from their tables and links (Application.declaredSearch). The
// authority is UIKit's recursion through target(forAction:withSender:)
// (https://developer.apple.com/documentation/uikit/uiresponder/target(foraction:withsender:)),
// with AppKit's window, delegate, main-window and application steps
// (https://developer.apple.com/documentation/appkit/nsapplication/target(foraction:to:from:)):
// every case compares the search's answer with that recursion's, started where the key
// window's search starts, and checks whether the declared search decided or handed over.

extension Action {
  fileprivate static let declaredView = Action("declaredSearch.view")
  fileprivate static let declaredDelegate = Action("declaredSearch.delegate")
  fileprivate static let declaredNowhere = Action("declaredSearch.nowhere")
  fileprivate static let declaredMain = Action("declaredSearch.main")
}

/// A view that implements `declaredMain` and declares that it overrides nothing.
@MainActor
private final class MainOnlyView: View {
  override var canBecomeFirstResponder: Bool { true }
  override class var actionTable: ActionTable { actions }
  private static let actions = ActionTable(MainOnlyView.self, keeping: .all) {
    $0.add(.declaredMain) { _ in }
  }
}

/// A view that implements `declaredView` and declares that it overrides nothing.
@MainActor
private final class ActingView: View {
  override var canBecomeFirstResponder: Bool { true }
  override class var actionTable: ActionTable { actions }
  private static let actions = ActionTable(ActingView.self, keeping: .all) {
    $0.add(.declaredView) { _ in }
  }
}

/// A window and application delegate that implements `declaredDelegate`.
@MainActor
private final class ActingDelegate: WindowDelegate, ApplicationDelegate, ActionTarget {
  static let actionTable = ActionTable(ActingDelegate.self) { $0.add(.declaredDelegate) { _ in } }
}

/// A window that sends every action it cannot perform to `helper` (UIKit style), declaring
/// nothing.
@MainActor
private final class RedirectingWindow: Window {
  let helper = ActingDelegate()
  override func target(forAction action: Action, withSender sender: Any?) -> AnyObject? {
    super.target(forAction: action, withSender: sender) ?? helper
  }
}

@MainActor
struct DeclaredSearchTests {
  /// A key window whose views are `middle` (an ``ActingView``) and a focused plain view, in
  /// an application.
  private func makeApp(window: Window = Window()) -> (Application, Window, ActingView, View) {
    let app = Application()
    app.screenSize = Size(width: 40, height: 10)
    let root = View()
    let middle = ActingView()
    let focus = DeclaredFocusView()
    root.addSubview(middle)
    middle.addSubview(View())
    middle.subviews[0].addSubview(focus)
    window.rootView = root
    app.addWindow(window)
    window.makeKeyAndOrderFront()
    #expect(window.makeFirstResponder(focus))
    return (app, window, middle, focus)
  }

  /// An answer of the search, and whether the declared search gave it.
  private struct Outcome: Equatable {
    let answer: ObjectIdentifier?
    let decided: Bool
    init(_ answer: AnyObject?, decided: Bool) {
      self.answer = answer.map(ObjectIdentifier.init)
      self.decided = decided
    }
  }

  /// The search's answer, which must be the recursion's, and what the declared search said.
  private func search(_ app: Application, _ action: Action) -> Outcome {
    let answer = app.target(forAction: action, to: nil, from: nil)
    let recursion = app.keyWindow.flatMap {
      Responder.target(forAction: action, from: $0.searchStart(for: nil), withSender: nil)
    }.flatMap { Application.ResolvedTarget(explicit: $0, action)?.object }
    #expect(app.keyWindow != nil)
    #expect(answer === recursion, "the search and the recursion disagree on \(action)")
    let decided: Bool
    switch app.declaredSearch(for: action) {
    case .found(let found):
      #expect(found === answer)
      decided = true
    case .nothing:
      #expect(answer == nil)
      decided = true
    case .undecided:
      decided = false
    }
    return Outcome(answer, decided: decided)
  }

  @Test func declaredObjectsAreAnsweredFromTheirTablesAsTheRecursionAnswers() {
    let (app, window, middle, _) = makeApp()
    #expect(search(app, .declaredView) == Outcome(middle, decided: true))
    #expect(search(app, .performClose) == Outcome(window, decided: true))
    #expect(search(app, .terminate) == Outcome(app, decided: true))
    #expect(search(app, .declaredNowhere) == Outcome(nil, decided: true))
  }

  @Test func anActionTargetDelegateIsAskedByTheSearchProper() {
    let (app, window, _, _) = makeApp()
    let delegate = ActingDelegate()
    window.delegate = delegate
    #expect(search(app, .declaredDelegate) == Outcome(delegate, decided: false))
    window.delegate = nil
    app.delegate = delegate
    #expect(search(app, .declaredDelegate) == Outcome(delegate, decided: false))
  }

  @Test func aDelegateThatWentAwayLeavesTheAnswerToTheSearchProper() {
    let (app, window, _, _) = makeApp()
    do {
      let delegate = ActingDelegate()
      window.delegate = delegate
      app.delegate = delegate
    }
    #expect(search(app, .declaredDelegate) == Outcome(nil, decided: false))
    #expect(search(app, .terminate) == Outcome(app, decided: false))
  }

  @Test func undoAndRedoAreAnsweredByTheWindowsUndoManager() {
    let (app, window, _, _) = makeApp()
    #expect(search(app, .undo).decided == false)
    #expect(search(app, .undo).answer == nil)
    window.undoManager?.registerUndo(withTarget: window) { _ in }
    UndoManager.endImplicitGroupsOfTheEvent()
    #expect(search(app, .undo) == Outcome(window, decided: false))
  }

  @Test func aMainWindowThatDiffersIsSearchedByTheSearchProper() {
    let (app, key, _, _) = makeApp()
    let main = Window()
    let mainView = MainOnlyView()
    main.rootView = mainView
    app.addWindow(main)
    main.makeMain()
    key.makeKey()
    #expect(main.makeFirstResponder(mainView))
    #expect(app.keyWindow === key && app.mainWindow === main)
    // The key window's own chain still answers first; then the main window's.
    #expect(search(app, .declaredView).answer != nil)
    #expect(search(app, .declaredMain) == Outcome(mainView, decided: false))
  }

  @Test func aWindowThatOverridesTheSearchIsAskedThroughIt() {
    let window = RedirectingWindow()
    let (app, _, _, _) = makeApp(window: window)
    #expect(search(app, .declaredDelegate) == Outcome(window.helper, decided: false))
    // A redirect to an object that does not implement the action is no target.
    #expect(search(app, .declaredNowhere) == Outcome(nil, decided: false))
    #expect(search(app, .declaredView).decided == false)
  }

  @Test func aViewControllerOnTheWayIsAskedThroughItsMethods() {
    let app = Application()
    app.screenSize = Size(width: 40, height: 10)
    let controller = ViewController()
    let focus = DeclaredFocusView()
    controller.view.addSubview(focus)
    let window = Window()
    window.rootViewController = controller
    app.addWindow(window)
    window.makeKeyAndOrderFront()
    #expect(window.makeFirstResponder(focus))
    #expect(search(app, .terminate) == Outcome(app, decided: false))
  }

  @Test func aWindowWithNoFocusedViewStartsWhereTheSearchProperSays() {
    let (app, window, _, _) = makeApp()
    #expect(window.makeFirstResponder(nil))
    #expect(search(app, .terminate) == Outcome(app, decided: false))
  }
}
