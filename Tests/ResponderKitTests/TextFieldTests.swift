import Testing

@testable import ResponderKit

@MainActor
struct TextFieldTests {
  private func setUp(text: String = "") -> (ControlHarness, TextField, ControlEventLog) {
    let h = ControlHarness()
    let field = h.add(TextField(frame: Rect(x: 5, y: 3, width: 12, height: 1), text: text))
    let log = ControlEventLog()
    log.observe(field)
    return (h, field, log)
  }

  @Test func editingEventsComeInOrder() {
    let (h, field, log) = setUp()
    let delegate = FieldDelegate()
    field.delegate = delegate
    h.tap(6, 3)
    #expect(field.isEditing)
    #expect(field.isFirstResponder)
    h.type("ab")
    h.key(.returnKey)
    #expect(field.text == "ab")
    #expect(!field.isEditing)
    #expect(
      log.entries.map(\.event) == [
        .touchDown, .editingDidBegin, .touchUpInside, .editingChanged, .editingChanged,
        // One dispatch, in the log's registration order.
        .primaryActionTriggered, .editingDidEndOnExit, .editingDidEnd,
      ])
    #expect(
      delegate.calls == [
        "shouldBegin", "didBegin", "shouldChange 0..<0 a", "shouldChange 1..<1 b", "shouldReturn",
        "shouldEnd", "didEnd",
      ])
  }

  @Test func returnSendsEndOnExitAndPrimaryActionInOneDispatch() {
    let (h, field, _) = setUp()
    let counter = ActionCounter("return")
    field.addTarget(
      counter, action: ActionCounter.first, for: [.editingDidEndOnExit, .primaryActionTriggered])
    h.window.makeFirstResponder(field)
    h.key(.returnKey)
    #expect(counter.log.lines.count == 1)
  }

  @Test func editingKeysMoveAndDelete() {
    let (h, field, _) = setUp()
    h.window.makeFirstResponder(field)
    h.type("hello")
    h.key(.left)
    h.key(.left)
    h.type("X")
    #expect(field.text == "helXlo")
    #expect(field.insertionPoint == 4)
    h.key(.backSpace)
    #expect(field.text == "hello")
    h.key(.home)
    h.key(.delete)
    #expect(field.text == "ello")
    h.key(.end)
    h.type("!")
    #expect(field.text == "ello!")
    h.key(.right)  // at the end already
    #expect(field.insertionPoint == 5)
    h.app.handle(
      .key(
        KeyEvent(
          keysym: Keysym(unicodeScalar: "a"), characters: "\u{1}", charactersIgnoringModifiers: "a",
          modifierFlags: .control)))
    #expect(field.insertionPoint == 0)
  }

  @Test func theDelegateCanRejectAChange() {
    let (h, field, log) = setUp()
    let delegate = FieldDelegate()
    delegate.rejectDigits = true
    field.delegate = delegate
    h.window.makeFirstResponder(field)
    h.type("a1b")
    #expect(field.text == "ab")
    #expect(log.entries.filter { $0.event == .editingChanged }.count == 2)
  }

  @Test func theDelegateCanRefuseToBeginEditing() {
    let (h, field, log) = setUp()
    let delegate = FieldDelegate()
    delegate.allowBegin = false
    field.delegate = delegate
    h.window.makeFirstResponder(field)
    h.tap(6, 3)
    #expect(!field.isEditing)
    #expect(h.window.firstResponder === h.window)
    #expect(!log.entries.contains { ControlEvents.allEditingEvents.contains($0.event) })
  }

  @Test func theDelegateCanKeepTheFocus() {
    let (h, field, _) = setUp()
    let delegate = FieldDelegate()
    delegate.allowEnd = false
    field.delegate = delegate
    h.window.makeFirstResponder(field)
    #expect(!h.window.makeFirstResponder(nil))
    h.key(.escape)
    #expect(field.isEditing)
    delegate.allowEnd = true
    h.key(.escape)
    #expect(!field.isEditing)
  }

  @Test func theDelegateCanRefuseReturn() {
    let (h, field, log) = setUp()
    let delegate = FieldDelegate()
    delegate.allowReturn = false
    field.delegate = delegate
    h.window.makeFirstResponder(field)
    h.key(.returnKey)
    #expect(field.isEditing)
    #expect(!log.entries.contains { $0.event == .editingDidEndOnExit })
  }

  /// A run of typing is one undo step, as in NSTextView (TypingUndoCoalescingTests has the
  /// rule); a move ends the run.
  @Test func typingIsUndoableOneRunAtATime() {
    let (h, field, log) = setUp()
    h.window.makeFirstResponder(field)
    h.type("ab")
    h.key(.left)
    h.type("c")
    #expect(field.text == "acb")
    #expect(h.app.sendAction(.undo, to: nil, from: nil))
    #expect(field.text == "ab")
    #expect(h.app.sendAction(.undo, to: nil, from: nil))
    #expect(field.text == "")
    #expect(!h.app.sendAction(.undo, to: nil, from: nil))
    #expect(h.app.sendAction(.redo, to: nil, from: nil))
    #expect(field.text == "ab")
    #expect(log.entries.filter { $0.event == .editingChanged }.count == 6)
  }

  @Test func settingTextInCodeSendsNothingAndIsNotUndoable() {
    let (h, field, log) = setUp()
    field.text = "code"
    #expect(log.entries.isEmpty)
    #expect(h.window.undoManager?.canUndo == false)
  }

  @Test func theTerminalCursorFollowsTheInsertionPoint() {
    let (h, field, _) = setUp(text: "abc")
    #expect(h.app.cursorPosition == nil)
    h.window.makeFirstResponder(field)
    #expect(field.insertionPoint == 3)
    #expect(h.app.cursorPosition == Point(x: 8, y: 3))
    h.key(.left)
    #expect(h.app.cursorPosition == Point(x: 7, y: 3))
  }

  @Test func aTapWhileEditingPlacesTheInsertionPoint() {
    let (h, field, _) = setUp(text: "abcdef")
    h.tap(7, 3)
    #expect(field.isEditing)
    #expect(field.insertionPoint == 2)
    h.tap(30, 3, step: 2)  // outside: nothing changes
    #expect(field.insertionPoint == 2)
    h.tap(6, 3, step: 2)
    #expect(field.insertionPoint == 1)
  }

  @Test func longTextScrollsToKeepTheInsertionPointVisible() {
    let h = ControlHarness(screen: Size(width: 20, height: 2))
    let field = h.add(TextField(frame: Rect(x: 0, y: 0, width: 5, height: 1)))
    h.window.makeFirstResponder(field)
    h.type("abcdefgh")
    #expect(h.rows(1) == ["efgh"])
    #expect(h.app.cursorPosition == Point(x: 4, y: 0))
    h.key(.home)
    #expect(h.rows(1) == ["abcde"])
    #expect(h.app.cursorPosition == Point(x: 0, y: 0))
  }

  @Test func pastedNewlinesBecomeSpaces() {
    let (h, field, _) = setUp()
    h.window.makeFirstResponder(field)
    h.app.handle(.paste("x\ny", timestamp: 1))
    #expect(field.text == "x y")
  }

  @Test func thePlaceholderShowsWhileEmpty() {
    let h = ControlHarness(screen: Size(width: 20, height: 2))
    let field = h.add(TextField(frame: Rect(x: 1, y: 0, width: 10, height: 1), placeholder: "Name"))
    #expect(h.rows(1) == [" Name"])
    #expect(h.app.renderScreen()[1, 0].style.attributes.contains(.dim))
    field.text = "Ann"
    #expect(h.rows(1) == [" Ann"])
  }

  @Test func aDisabledFieldCannotEdit() {
    let (h, field, log) = setUp()
    field.isEnabled = false
    h.tap(6, 3)
    h.window.makeFirstResponder(field)
    #expect(!field.isEditing)
    #expect(log.entries.isEmpty)
  }
}

@MainActor
private final class FieldDelegate: TextFieldDelegate {
  var calls: [String] = []
  var allowBegin = true
  var allowEnd = true
  var allowReturn = true
  var rejectDigits = false

  func textFieldShouldBeginEditing(_ textField: TextField) -> Bool {
    calls.append("shouldBegin")
    return allowBegin
  }
  func textFieldDidBeginEditing(_ textField: TextField) { calls.append("didBegin") }
  func textFieldShouldEndEditing(_ textField: TextField) -> Bool {
    calls.append("shouldEnd")
    return allowEnd
  }
  func textFieldDidEndEditing(_ textField: TextField) { calls.append("didEnd") }
  func textField(
    _ textField: TextField, shouldChangeCharactersIn range: Range<Int>, replacementString string: String
  ) -> Bool {
    calls.append("shouldChange \(range) \(string)")
    return !(rejectDigits && string.contains(where: \.isNumber))
  }
  func textFieldShouldReturn(_ textField: TextField) -> Bool {
    calls.append("shouldReturn")
    return allowReturn
  }
}
