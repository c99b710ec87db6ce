import Testing

@testable import ResponderKit

@MainActor
struct TextViewTests {
  private func setUp(text: String = "", width: Double = 10, height: Double = 3) -> (ControlHarness, TextView)
  {
    let h = ControlHarness()
    let view = h.add(TextView(frame: Rect(x: 2, y: 1, width: width, height: height), text: text))
    h.window.makeFirstResponder(view)
    return (h, view)
  }

  @Test func returnInsertsANewlineInsteadOfEndingEditing() {
    let (h, view) = setUp()
    h.type("ab")
    h.key(.returnKey)
    h.type("c")
    #expect(view.text == "ab\nc")
    #expect(view.isFirstResponder)
    #expect(h.rows(3) == ["", "  ab", "  c"])
  }

  @Test func longLinesWrapAtTheLastSpaceThatFits() {
    let (_, view) = setUp(text: "one two three four five")
    // Width 10: "one two " fits and "three" would not; "three four" fits exactly, and the
    // space after it hangs at the end of the line.
    let lines = view.displayedLines.map { String(Array(view.text)[$0]) }
    #expect(lines == ["one two ", "three four ", "five"])
  }

  @Test func aWordWiderThanTheViewBreaksMidWord() {
    let (_, view) = setUp(text: "abcdefghijklm")
    #expect(view.displayedLines == [0..<10, 10..<13])
  }

  @Test func upAndDownMoveByDisplayedLineKeepingTheColumn() {
    let (h, view) = setUp(text: "abcdef\nxy\nlmnopq")
    view.insertionPoint = 5  // after "abcde"
    h.key(.down)
    #expect(view.insertionPoint == 9)  // end of "xy"
    h.key(.down)
    #expect(view.insertionPoint == 15)  // back at column 5 of "lmnopq"
    h.key(.up)
    h.key(.up)
    #expect(view.insertionPoint == 5)
    h.key(.up)
    #expect(view.insertionPoint == 0)
  }

  @Test func leftRightAndDeletionCrossLineBreaks() {
    let (h, view) = setUp(text: "ab\ncd")
    view.insertionPoint = 3
    h.key(.backSpace)
    #expect(view.text == "abcd")
    h.key(.left)
    h.key(.delete)
    #expect(view.text == "acd")
    h.key(.right)
    #expect(view.insertionPoint == 2)
  }

  @Test func theCursorFollowsTheInsertionPointAndScrolls() {
    let (h, view) = setUp(text: "1\n2\n3\n4\n5", height: 3)
    #expect(view.textCursorPosition == Point(x: 1, y: 2))
    #expect(view.scrollRow == 2)
    #expect(h.rows(4) == ["", "  3", "  4", "  5"])
    h.key(.up)
    h.key(.up)
    h.key(.up)
    #expect(view.textCursorPosition == Point(x: 1, y: 0))
    #expect(view.scrollRow == 1)
  }

  /// NSTextView keeps its selection when it becomes first responder (focus does not move
  /// the insertion point; only a new view's starts at the end of its text).
  @Test func focusingKeepsTheSelection() {
    let h = ControlHarness()
    let other = h.add(TextField(frame: Rect(x: 0, y: 0, width: 10, height: 1)))
    let view = h.add(TextView(frame: Rect(x: 2, y: 1, width: 10, height: 3), text: "hello\nworld"))
    #expect(view.insertionPoint == 11, "a new view's insertion point is at the end")
    view.selectedRange = 2..<4
    h.window.makeFirstResponder(view)
    #expect(view.selectedRange == 2..<4)
    h.window.makeFirstResponder(other)
    view.selectedRange = 7..<7
    h.window.makeFirstResponder(view)
    #expect(view.selectedRange == 7..<7 && view.textCursorPosition != nil)
    // New text puts the insertion point at its end, as UITextView's `text` does.
    view.text = "new text"
    #expect(view.selectedRange == 8..<8)
  }

  @Test func aTapFocusesAndPlacesTheInsertionPoint() {
    let h = ControlHarness()
    let view = h.add(TextView(frame: Rect(x: 2, y: 1, width: 10, height: 3), text: "hello\nworld"))
    h.tap(4, 2)
    #expect(view.isFirstResponder)
    #expect(view.insertionPoint == 8)  // "hello\nwo|rld"
  }

  @Test func changesTellTheDelegateAndTypingUndoesAsOneStep() {
    let (h, view) = setUp()
    let delegate = Listener()
    view.delegate = delegate
    h.type("hi")
    #expect(delegate.changes == 2)
    view.undoManager?.undo()
    #expect(view.text == "")
    #expect(delegate.changes == 3)
    view.text = "set in code"
    #expect(delegate.changes == 3, "changes made in code are not reported")
  }

  @Test func pastedCarriageReturnsBecomeNewlines() {
    let (_, view) = setUp()
    view.insertText("a\r\nb\rc")
    #expect(view.text == "a\nb\nc")
  }

  @Test func aReadOnlyViewKeepsFocusButTakesNoText() {
    let (h, view) = setUp(text: "x")
    view.isEditable = false
    // AppKit: not editable but selectable (the default) still accepts first responder.
    #expect(view.isFirstResponder)
    #expect(!view.acceptsTextInput)
    h.type("y")
    #expect(!view.replaceCharacters(in: 0..<1, with: "y"))
    #expect(view.text == "x")
  }

  @Test func aViewNeitherEditableNorSelectableTakesNoFocus() {
    let (_, view) = setUp(text: "x")
    view.isEditable = false
    view.isSelectable = false
    #expect(!view.isFirstResponder)
    #expect(!view.canBecomeFirstResponder)
  }

  private final class Listener: TextViewDelegate {
    var changes = 0
    func textViewDidChange(_ textView: TextView) { changes += 1 }
  }
}
