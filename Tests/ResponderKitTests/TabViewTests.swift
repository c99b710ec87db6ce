import Foundation
import Testing

@testable import ResponderKit

@MainActor
final class TabLog: TabViewDelegate {
  var log: [String] = []
  var refuse: Set<String> = []

  func tabView(_ tabView: TabView, shouldSelect item: TabViewItem) -> Bool {
    log.append("should \(item.label)")
    return !refuse.contains(item.label)
  }
  func tabView(_ tabView: TabView, willSelect item: TabViewItem) {
    log.append("will \(item.label) (showing \(tabView.selectedTabViewItem?.label ?? "-"))")
  }
  func tabView(_ tabView: TabView, didSelect item: TabViewItem) {
    log.append("did \(item.label) (showing \(tabView.selectedTabViewItem?.label ?? "-"))")
  }
  func tabViewDidChangeNumberOfTabViewItems(_ tabView: TabView) {
    log.append("count \(tabView.numberOfTabViewItems)")
  }
}

@MainActor
struct TabViewTests {
  let app: Application
  let window: Window
  let tabs = TabView()
  let log = TabLog()
  /// Each page: a text field to focus and a second one.
  var fields: [String: (TextField, TextField)] = [:]

  init() {
    (app, window) = Input.app(columns: 30, rows: 5)
    window.rootView = tabs
    for label in ["General", "Files", "About"] {
      let page = View()
      let first = TextField(frame: Rect(x: 0, y: 0, width: 10, height: 1))
      let second = TextField(frame: Rect(x: 0, y: 1, width: 10, height: 1))
      page.addSubview(first)
      page.addSubview(second)
      fields[label] = (first, second)
      tabs.addTabViewItem(TabViewItem(identifier: label.lowercased(), label: label, view: page))
    }
    tabs.delegate = log
  }

  var shown: String? { tabs.selectedTabViewItem?.label }

  @Test func theFirstItemIsSelectedAndOnlyTheSelectedPageIsAView() {
    #expect(shown == "General")
    #expect(tabs.subviews.count == 1 && tabs.subviews.first === tabs.tabViewItems[0].view)
    #expect(tabs.subviews.first?.frame == Rect(x: 0, y: 1, width: 30, height: 4))
    let row = app.renderScreen().text(ofRow: 0)
    #expect(row.hasPrefix(" General   Files   About "))
  }

  @Test func aClickOnATabSelectsItInAppKitsOrder() {
    _ = app.renderScreen()
    Input.tap(app, x: 11, y: 0, time: 0)  // "Files" starts at column 10
    #expect(shown == "Files")
    #expect(log.log == ["should Files", "will Files (showing General)", "did Files (showing Files)"])
    #expect(tabs.subviews.first === tabs.tabViewItems[1].view)
  }

  @Test func theDelegateRefusesAndKeysSkipTheRefusedItem() {
    log.refuse = ["Files"]
    Input.tap(app, x: 11, y: 0, time: 0)
    #expect(shown == "General")
    window.makeFirstResponder(fields["General"]!.0)
    app.handle(Input.key(.pageDown, .control))
    #expect(shown == "About")
    app.handle(Input.key(.pageUp, .control))
    #expect(shown == "General")
  }

  @Test func controlPageDownFromInsideAPageMovesFocusIntoTheNextAndBack() {
    window.makeFirstResponder(fields["General"]!.1)
    app.handle(Input.key(.pageDown, .control))
    #expect(shown == "Files")
    #expect(window.firstResponder === fields["Files"]!.0)
    app.handle(Input.key(.pageUp, .control))
    #expect(shown == "General")
    #expect(window.firstResponder === fields["General"]!.1, "focus comes back where it was")
    app.handle(Input.key(.pageUp, .control))
    #expect(shown == "General", "the first page stays")
  }

  @Test func initialFirstResponderWins() {
    tabs.tabViewItems[2].initialFirstResponder = fields["About"]!.1
    window.makeFirstResponder(fields["General"]!.0)
    tabs.selectTabViewItem(withIdentifier: "about")
    #expect(window.firstResponder === fields["About"]!.1)
  }

  @Test func theFocusedTabRowMovesWithTheArrowsAndKeepsFocus() {
    window.makeFirstResponder(tabs)
    app.handle(Input.key(.right))
    app.handle(Input.key(.right))
    #expect(shown == "About" && window.firstResponder === tabs)
    app.handle(Input.key(.home))
    #expect(shown == "General")
    app.handle(Input.key(.left))
    #expect(shown == "General")
  }

  @Test func removingTheSelectedItemSelectsItsNeighbour() {
    tabs.selectTabViewItem(at: 2)
    log.log = []
    tabs.removeTabViewItem(tabs.tabViewItems[2])
    #expect(shown == "Files")
    #expect(log.log == ["will Files (showing About)", "did Files (showing Files)", "count 2"])
    tabs.removeTabViewItem(tabs.tabViewItems[0])
    tabs.removeTabViewItem(tabs.tabViewItems[0])
    #expect(shown == nil && tabs.subviews.isEmpty && !tabs.canBecomeFirstResponder)
  }

  @Test func replacingTheSelectedItemsViewShowsTheNewView() {
    let replacement = Label(text: "new")
    tabs.tabViewItems[0].view = replacement
    #expect(tabs.subviews.count == 1 && tabs.subviews.first === replacement)
    #expect(app.renderScreen().text(ofRow: 1).hasPrefix("new"))
  }

  @Test func aDelegateThatWentAwayIsNotCalled() {
    var gone: TabLog? = TabLog()
    tabs.delegate = gone
    gone = nil
    #expect(tabs.selectTabViewItem(at: 1))
    #expect(tabs.selectTabViewItem(at: 7) == false)
  }
}
