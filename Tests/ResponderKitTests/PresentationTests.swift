import Testing

@testable import ResponderKit

/// `present(_:animated:)` and `dismiss(animated:)`, checked against UIKit's documented rules:
/// the presenting controller is the root of the presenter's hierarchy (UIKit's
/// `presentingViewController` "is the nearest ancestor … or the window's root view
/// controller" for full-screen presentation); a presented controller's `next` is its
/// presenter (UIResponder.next: "if the view controller was presented, the presenting view
/// controller"); `dismiss` sent to the presented controller is passed to its presenter; a
/// presentation stacks on the topmost presented controller.
@MainActor
struct PresentationTests {
  let app: Application
  let window: Window
  let journal = Journal()
  let root: JournalController
  let navigation: NavigationController

  init() {
    (app, window) = Input.app(columns: 30, rows: 4)
    root = JournalController("root", title: "Inbox", journal: journal, focusable: true)
    navigation = NavigationController(rootViewController: root)
    window.rootViewController = navigation
    window.makeFirstResponder(root.focusable)
  }

  @Test func presentingCoversTheWindowAndLinksBothControllers() {
    journal.entries = []
    let editor = JournalController("editor", title: "New", journal: journal, focusable: true)
    root.present(editor, animated: true)
    #expect(
      journal.entries == [
        "editor.didLoad", "root.willDisappear", "editor.willAppear", "root.didDisappear", "editor.didAppear",
      ])
    #expect(editor.presentingViewController === navigation, "the presenter is the root ancestor")
    #expect(root.presentedViewController === editor, "a child sees its ancestor's presentation")
    #expect(navigation.presentedViewController === editor)
    #expect(window.rootView === editor.view)
    #expect(root.view.window == nil)
    #expect(window.firstResponder === editor.focusable)
    #expect(window.rootViewController === navigation, "not a new root: the navigation stack stays")
    #expect(navigation.viewControllers.count == 1)
  }

  @Test func thePresentedControllerSitsAboveItsPresenterInTheResponderChain() {
    let editor = JournalController("editor", title: "New", journal: journal, focusable: true)
    root.present(editor, animated: true)
    let focusable = try! #require(editor.focusable)
    var chain: [Responder] = []
    var current: Responder? = focusable
    while let responder = current {
      chain.append(responder)
      current = responder.next
    }
    #expect(
      chain.map(ObjectIdentifier.init)
        == [focusable, editor.view, editor, navigation, window, app].map {
          ObjectIdentifier($0)
        })
  }

  /// With nothing focused, keys start at the deepest visible content controller (issue 10's
  /// routing): the presented one, though the navigation controller is still the root.
  @Test func withNothingFocusedKeysStartAtThePresentedController() {
    let editor = JournalController("editor", title: "New", journal: journal)
    root.present(editor, animated: true)
    window.makeFirstResponder(nil)
    #expect(window.contentResponder === editor)
    editor.dismiss(animated: true)
    window.makeFirstResponder(nil)
    #expect(window.contentResponder === root)
  }

  @Test func dismissingFromThePresentedControllerRestoresTheWindowAndFocus() {
    let editor = JournalController("editor", title: "New", journal: journal, focusable: true)
    root.present(editor, animated: true)
    journal.entries = []
    var completed = false
    editor.dismiss(animated: true) { completed = true }
    #expect(completed)
    #expect(
      journal.entries == ["editor.willDisappear", "root.willAppear", "editor.didDisappear", "root.didAppear"])
    #expect(editor.presentingViewController == nil)
    #expect(root.presentedViewController == nil)
    #expect(window.rootView === navigation.view)
    #expect(window.firstResponder === root.focusable, "focus goes back where it was")
    #expect(editor.next == nil)
  }

  @Test func presentationsStackAndDismissingTheFirstDismissesAll() {
    let first = JournalController("first", title: nil, journal: journal)
    let second = JournalController("second", title: nil, journal: journal)
    root.present(first, animated: true)
    root.present(second, animated: true)
    #expect(second.presentingViewController === first)
    #expect(first.presentedViewController === second)
    #expect(window.rootView === second.view)
    journal.entries = []
    navigation.dismiss(animated: true)
    #expect(
      journal.entries == ["second.willDisappear", "root.willAppear", "second.didDisappear", "root.didAppear"])
    #expect(first.presentedViewController == nil && first.presentingViewController == nil)
    #expect(second.presentingViewController == nil)
    #expect(window.rootView === navigation.view)
  }

  @Test func presentingAnActiveControllerOrDismissingWithNothingPresentedChangesNothing() {
    root.present(navigation, animated: true)
    root.present(root, animated: true)
    #expect(root.presentedViewController == nil)
    navigation.dismiss(animated: true)
    #expect(window.rootView === navigation.view)
    let editor = JournalController("editor", title: nil, journal: journal)
    root.present(editor, animated: true)
    let other = JournalController("other", title: nil, journal: journal)
    other.present(editor, animated: true)
    #expect(editor.presentingViewController === navigation, "already presented: refused")
    #expect(other.presentedViewController == nil)
  }
}
