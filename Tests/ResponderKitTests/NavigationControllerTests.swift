import Testing

@testable import ResponderKit

@MainActor
final class JournalController: ViewController {
  let name: String
  let journal: Journal
  var focusable: FocusView?

  init(_ name: String, title: String?, journal: Journal, focusable: Bool = false) {
    self.name = name
    self.journal = journal
    super.init()
    self.title = title
    if focusable { self.focusable = FocusView() }
  }

  override func viewDidLoad() {
    journal.entries.append("\(name).didLoad")
    if let focusable {
      focusable.frame = Rect(x: 0, y: 0, width: 5, height: 1)
      view.addSubview(focusable)
    }
  }
  override func viewWillAppear() { journal.entries.append("\(name).willAppear") }
  override func viewDidAppear() { journal.entries.append("\(name).didAppear") }
  override func viewWillDisappear() { journal.entries.append("\(name).willDisappear") }
  override func viewDidDisappear() { journal.entries.append("\(name).didDisappear") }
}

@MainActor
final class Journal {
  var entries: [String] = []
}

@MainActor
final class FocusView: View {
  override var canBecomeFirstResponder: Bool { true }
}

/// Handles Escape itself, so the navigation controller must not see it.
@MainActor
final class EscapeEater: ViewController {
  var escapes = 0
  override var canBecomeFirstResponder: Bool { true }
  override class var actionTable: ActionTable { table }
  private static let table = ActionTable(EscapeEater.self, inheriting: ViewController.actionTable) {
    $0.add(.cancelOperation) { $0.escapes += 1 }
  }
}

@MainActor
struct NavigationControllerTests {
  let app: Application
  let window: Window
  let journal = Journal()
  let root: JournalController
  let navigation: NavigationController

  init() {
    (app, window) = Input.app(columns: 30, rows: 4)
    root = JournalController("root", title: "Inbox", journal: journal)
    navigation = NavigationController(rootViewController: root)
    window.rootViewController = navigation
  }

  @Test func rootAppearsWithTheNavigationController() {
    #expect(journal.entries == ["root.didLoad", "root.willAppear", "root.didAppear"])
    #expect(navigation.topViewController === root)
    #expect(root.navigationController === navigation)
    #expect(root.parent === navigation)
  }

  @Test func pushAndPopSendAppearanceCallsInUIKitOrder() {
    journal.entries = []
    let detail = JournalController("detail", title: "Message", journal: journal)
    navigation.pushViewController(detail, animated: true)
    #expect(
      journal.entries == [
        "detail.didLoad", "root.willDisappear", "detail.willAppear", "root.didDisappear", "detail.didAppear",
      ])
    #expect(navigation.viewControllers.count == 2)
    #expect(detail.view.window === window)
    #expect(root.view.superview == nil)

    journal.entries = []
    let popped = navigation.popViewController(animated: true)
    #expect(popped === detail)
    #expect(
      journal.entries == ["detail.willDisappear", "root.willAppear", "detail.didDisappear", "root.didAppear"])
    #expect(detail.parent == nil)
    #expect(detail.navigationController == nil)
    #expect(navigation.popViewController(animated: true) == nil)
  }

  @Test func popToRootRemovesEveryControllerAbove() {
    let a = JournalController("a", title: "A", journal: journal)
    let b = JournalController("b", title: "B", journal: journal)
    navigation.pushViewController(a, animated: false)
    navigation.pushViewController(b, animated: false)
    journal.entries = []
    let popped = navigation.popToRootViewController(animated: false)
    #expect(popped?.map { ($0 as? JournalController)?.name } == ["a", "b"])
    #expect(navigation.viewControllers.count == 1)
    #expect(journal.entries == ["b.willDisappear", "root.willAppear", "b.didDisappear", "root.didAppear"])
  }

  @Test func escapeGoesBackWhenTheTopControllerDoesNotHandleIt() {
    let detail = JournalController("detail", title: "Message", journal: journal, focusable: true)
    navigation.pushViewController(detail, animated: false)
    #expect(window.firstResponder === detail.focusable)
    app.handle(Input.key(.escape))
    #expect(navigation.topViewController === root)
    // At the root Escape goes on up the chain: nothing to pop.
    #expect(!navigation.canPerformAction(.cancelOperation, withSender: nil))
  }

  @Test func escapeGoesBackFromAScreenWithNothingFocusable() {
    navigation.pushViewController(JournalController("d", title: "D", journal: journal), animated: false)
    #expect(window.firstResponder === navigation)
    app.handle(Input.key(.escape))
    #expect(navigation.topViewController === root)
  }

  @Test func escapeStaysWithATopControllerThatHandlesIt() {
    let eater = EscapeEater()
    navigation.pushViewController(eater, animated: false)
    app.handle(Input.key(.escape))
    #expect(eater.escapes == 1)
    #expect(navigation.topViewController === eater)
  }

  @Test func popRestoresFocusToTheRevealedScreen() {
    let first = JournalController("first", title: "First", journal: journal, focusable: true)
    let second = JournalController("second", title: "Second", journal: journal, focusable: true)
    navigation.pushViewController(first, animated: false)
    #expect(window.firstResponder === first.focusable)
    navigation.pushViewController(second, animated: false)
    #expect(window.firstResponder === second.focusable)
    navigation.popViewController(animated: false)
    #expect(window.firstResponder === first.focusable)
  }

  @Test func tappingTheBackLabelGoesBack() {
    navigation.pushViewController(JournalController("d", title: "Message", journal: journal), animated: false)
    Input.tap(app, x: 20, y: 0, time: 0)
    #expect(navigation.viewControllers.count == 2)
    Input.tap(app, x: 2, y: 0, time: 1)
    #expect(navigation.viewControllers.count == 1)
  }

  @Test func barShowsBackLabelAndCentredTitle() {
    #expect(app.renderScreen().plainText.split(separator: "\n").first == "            Inbox")
    navigation.pushViewController(JournalController("d", title: "Message", journal: journal), animated: false)
    #expect(app.renderScreen().plainText.split(separator: "\n").first == "< Inbox    Message")
    let untitled = JournalController("u", title: nil, journal: journal)
    navigation.pushViewController(untitled, animated: false)
    untitled.title = "Reply"
    let screen = app.renderScreen()
    #expect(screen.plainText.split(separator: "\n").first == "< Message   Reply")
    #expect(screen[0, 0].style.attributes.contains(.reverse))
  }

  @Test func pushingAControllerAlreadyOnTheStackPopsBackToIt() {
    let a = JournalController("a", title: "A", journal: journal)
    navigation.pushViewController(a, animated: false)
    navigation.pushViewController(JournalController("b", title: "B", journal: journal), animated: false)
    navigation.pushViewController(a, animated: false)
    #expect(navigation.viewControllers.count == 2)
    #expect(navigation.topViewController === a)
  }
}
