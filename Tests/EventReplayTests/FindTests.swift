import EventReplay
import Foundation
import ResponderKit
import Testing

/// A list that searches its rows: any view can adopt `Findable`.
@MainActor
final class FindableList: View, Findable {
  var rows = ["apple", "banana", "cherry", "blueberry"]
  var selectedRow: Int?
  var highlighted: String?

  override var canBecomeFirstResponder: Bool { true }

  func selectMatch(of query: String, backward: Bool, caseSensitive: Bool) -> FindResult {
    let order = Array(rows.indices)
    let start = selectedRow ?? (backward ? rows.count : -1)
    let after = backward ? order.filter { $0 < start }.reversed() : order.filter { $0 > start }
    let all = backward ? order.reversed() : order
    func matches(_ row: Int) -> Bool {
      rows[row].range(of: query, options: caseSensitive ? [] : .caseInsensitive) != nil
    }
    if let row = after.first(where: matches) {
      selectedRow = row
      return .found
    }
    guard let row = all.first(where: matches) else { return .notFound }
    selectedRow = row
    return .wrapped
  }

  func highlightMatches(of query: String?, caseSensitive: Bool) { highlighted = query }

  override class var actionTable: ActionTable { listActions }
  private static let listActions = ActionTable(FindableList.self, inheriting: View.actionTable) {
    findActions(to: &$0)
  }

  override var keyCommands: [KeyCommand] {
    [KeyCommand(title: "Find", input: "f", modifierFlags: .control, action: .performFindPanelAction)]
  }
}

@MainActor
struct FindTests {
  private func scene() -> TextScene {
    TextScene(view: "One fish, two fish,\nred FISH, blue fish.", width: 30, height: 4)
  }

  @Test func controlFOpensTheFindBarAndReturnStepsThroughMatchesWrappingAround() {
    let scene = scene()
    scene.window.makeFirstResponder(scene.view)
    scene.driver.press("Control+Home")
    scene.driver.press("Control+f")
    let panel = try! #require(FindPanel.current)
    #expect(panel.isKeyWindow)
    #expect(scene.window.isMainWindow)
    #expect(
      scene.driver.screenText.split(separator: "\n", omittingEmptySubsequences: false)[4].hasPrefix("Find:"))
    scene.driver.type("fish")
    #expect(Pasteboard.find.string == "fish")
    // The bar's actions go nil-targeted through the main window to the view searched.
    #expect(scene.app.target(forAction: .findNext, to: nil, from: nil) === scene.view)
    scene.driver.press("Return")
    #expect(scene.view.selectedRange == 4..<8)
    scene.driver.press("Return")
    #expect(scene.view.selectedRange == 14..<18)
    scene.driver.press("Return")  // case-insensitive: "FISH"
    #expect(scene.view.selectedRange == 24..<28)
    scene.driver.press("Return")
    scene.driver.press("Return")  // past the last: back to the first, and the bar says so
    #expect(scene.view.selectedRange == 4..<8)
    #expect(scene.driver.screenText.contains("wrapped"))
    scene.driver.press("Shift+Return")
    #expect(scene.view.selectedRange == 35..<39)
    // The bar stays along the bottom of a resized screen.
    scene.driver.resize(to: Size(width: 40, height: 8))
    #expect(panel.frame == Rect(x: 0, y: 7, width: 40, height: 1))
    #expect(
      scene.driver.screenText.split(separator: "\n", omittingEmptySubsequences: false)[7].hasPrefix(
        "Find: fish"))
    scene.driver.press("Escape")
    #expect(FindPanel.current == nil)
    #expect(scene.window.isKeyWindow)
    #expect(scene.view.isFirstResponder)
    scene.driver.press("F3")  // the query stays on the find pasteboard
    #expect(scene.view.selectedRange == 4..<8)
    scene.driver.press("Shift+F3")
    #expect(scene.view.selectedRange == 35..<39)
  }

  @Test func matchesAreHighlightedWhileTheBarIsOpen() {
    let scene = scene()
    scene.window.makeFirstResponder(scene.view)
    scene.driver.press("Control+f")
    scene.driver.type("fish")
    let screen = scene.driver.screen
    // Row 1 is the view's first line; "fish" at columns 4-7 and 14-17, underlined (highlighted).
    for x in [4, 7, 14, 17] { #expect(screen[x, 1].style.attributes.contains(.underline)) }
    #expect(!screen[9, 1].style.attributes.contains(.underline))
    scene.driver.press("Escape")
    #expect(!scene.driver.screen[4, 1].style.attributes.contains(.underline))
  }

  @Test func aTextFieldAndAnyFindableViewOpenTheBarToo() {
    let scene = TextScene(field: "abc abc abc")
    scene.window.makeFirstResponder(scene.field)
    scene.driver.press("Control+f")
    scene.driver.type("bc")
    scene.driver.press("Return")
    #expect(scene.field.selectedRange == 1..<3)
    scene.driver.press("Escape")
    scene.driver.press("F3")
    #expect(scene.field.selectedRange == 5..<7)

    let list = FindableList(frame: Rect(x: 0, y: 3, width: 20, height: 1))
    scene.window.rootView?.addSubview(list)
    scene.window.makeFirstResponder(list)
    scene.driver.press("Control+f")
    scene.driver.type("BERRY")
    #expect(list.highlighted == "BERRY")
    scene.driver.press("Return")
    #expect(list.selectedRow == 3)
    scene.driver.press("Escape")
    #expect(list.highlighted == nil)
  }

  @Test func findNextIsDisabledWithoutAQuery() {
    let scene = scene()
    scene.window.makeFirstResponder(scene.view)
    #expect(!scene.app.validateItem(MenuItem(title: "Find Next", action: .findNext)))
    Pasteboard.find.string = "red"
    #expect(scene.app.validateItem(MenuItem(title: "Find Next", action: .findNext)))
    #expect(scene.app.sendAction(.findNext, to: nil, from: nil))
    #expect(scene.view.selectedText == "red")
  }
}
