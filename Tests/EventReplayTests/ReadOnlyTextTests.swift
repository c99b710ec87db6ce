import EventReplay
import Foundation
import ResponderKit
import Testing

/// A text view that is selectable but not editable: AppKit's viewer (`isEditable = false`,
/// `isSelectable = true`).
@MainActor
struct ReadOnlyTextTests {
  private func viewer(lines: Int = 100) -> TextScene {
    let scene = TextScene(view: (0..<lines).map { "line \($0)" }.joined(separator: "\n"), height: 5)
    scene.view.isEditable = false
    return scene
  }

  @Test func tabFocusesAReadOnlyViewThatThenScrollsWithTheKeys() {
    let scene = viewer()
    scene.window.makeFirstResponder(scene.field)
    scene.driver.press("Tab")
    #expect(scene.view.isFirstResponder)
    #expect(scene.view.scrollRow == 0)
    #expect(scene.app.cursorPosition == nil)  // no insertion point to show
    scene.driver.press("Down")
    scene.driver.press("Down")
    #expect(scene.view.scrollRow == 2)
    #expect(scene.driver.screenText.split(separator: "\n", omittingEmptySubsequences: false)[1] == "line 2")
    scene.driver.press("PageDown")
    #expect(scene.view.scrollRow == 6)
    scene.driver.press("Control+End")
    #expect(scene.view.scrollRow == 95)
    scene.driver.press("Down")
    #expect(scene.view.scrollRow == 95)  // no further than the last line at the bottom
    scene.driver.scroll(x: 3, y: 3, dy: -3)
    #expect(scene.view.scrollRow == 92)
    scene.driver.press("Control+Home")
    #expect(scene.view.scrollRow == 0)
  }

  @Test func aReadOnlyViewSelectsAndCopiesButTakesNoTyping() {
    let scene = viewer(lines: 3)
    scene.driver.tap(x: 0, y: 1)
    #expect(scene.view.isFirstResponder)
    scene.driver.press("Shift+Down")
    scene.driver.press("Shift+End")
    #expect(scene.view.selectedText == "line 0\nline 1")
    scene.driver.type("x")
    scene.driver.press("BackSpace")
    scene.driver.paste("pasted")
    #expect(scene.view.text == "line 0\nline 1\nline 2")
    #expect(scene.app.sendAction(.copy, to: nil, from: nil))
    #expect(scene.driver.pasteboard.string == "line 0\nline 1")
  }

  @Test func readOnlyTextIsDrawnInTheNormalStyleUnlessAsked() {
    let scene = viewer(lines: 2)
    #expect(!scene.driver.screen[0, 1].style.attributes.contains(.dim))
    scene.view.style = TextStyle(attributes: .dim)
    #expect(scene.driver.screen[0, 1].style.attributes.contains(.dim))
  }

  @Test func replacingTheTextOfAScrolledViewShowsTheNewText() {
    // The defect: 100 lines in 5 rows, focused and scrolled to the end, Tab away, then
    // `text = "short"` left the scroll position at 95 and the pane blank.
    let scene = TextScene(view: (0..<100).map { "line \($0)" }.joined(separator: "\n"), height: 5)
    scene.window.makeFirstResponder(scene.view)
    _ = scene.driver.screen
    #expect(scene.view.scrollRow == 95)
    scene.driver.press("Tab")
    #expect(!scene.view.isFirstResponder)
    scene.view.text = "short"
    #expect(scene.view.scrollRow == 0)
    #expect(scene.driver.screenText.split(separator: "\n", omittingEmptySubsequences: false)[1] == "short")
    // The same for a read-only view scrolled by keys.
    scene.view.text = (0..<100).map { "line \($0)" }.joined(separator: "\n")
    scene.view.isEditable = false
    scene.window.makeFirstResponder(scene.view)
    scene.driver.press("Control+End")
    scene.view.text = "a\nb\nc\nd\ne\nf\ng"
    #expect(scene.view.scrollRow == 2)  // the last five lines, not past the end
  }
}
