import Testing

@testable import ResponderKit

/// Keys from the application to the first responder: key commands first, then `keyDown` up
/// the chain, then text insertion or the key bindings; and the key view loop.
@MainActor
struct KeyRoutingTests {
  @Test func unhandledKeyWalksTheWholeChainOncePerLevel() {
    let s = Scene()
    #expect(s.app.handle(.key(key(.f(7)))))
    #expect(s.trace.calls == ["inner.keyDown", "outer.keyDown", "root.keyDown", "window.keyDown"])
  }

  @Test func viewThatHandlesTheKeyStopsIt() {
    let s = Scene()
    s.outer.passesKeysOn = false
    s.app.handle(.key(key(.f(7))))
    #expect(s.trace.calls == ["inner.keyDown", "outer.keyDown"])
  }

  @Test func keyUpGoesToKeyUpAndIsNotInterpreted() {
    let s = Scene()
    let mover = MoverView()
    s.inner.addSubview(mover)
    s.window.makeFirstResponder(mover)
    s.trace.calls = []
    s.app.handle(.key(key(.up, phase: .up)))
    #expect(s.trace.calls == ["inner.keyUp", "outer.keyUp", "root.keyUp"])
    #expect(mover.moves.isEmpty)
  }

  @Test func unhandledKeyBecomesItsBoundActionSentThroughTheChain() {
    let s = Scene()
    let mover = MoverView()
    s.inner.addSubview(mover)
    s.window.makeFirstResponder(mover)
    s.app.handle(.key(key(.up)))
    #expect(mover.moves == ["moveUp"])
  }

  @Test func bindingWithSeveralActionsSendsThemInOrder() {
    let s = Scene()
    let mover = MoverView()
    s.inner.addSubview(mover)
    s.window.makeFirstResponder(mover)
    // Control+o = insertNewlineIgnoringFieldEditor, moveBackward
    s.app.handle(
      .key(
        KeyEvent(
          keysym: Keysym(unicodeScalar: "o"), characters: "\u{f}", charactersIgnoringModifiers: "o",
          modifierFlags: .control)))
    #expect(mover.moves == ["insertNewlineIgnoringFieldEditor", "moveBackward"])
  }

  @Test func keyCommandBeatsKeyDownAndKeyBindings() {
    let s = Scene()
    let mover = MoverView()
    s.inner.addSubview(mover)
    s.window.makeFirstResponder(mover)
    s.outer.probe.accepts = [.ping]
    s.outer.commands = [KeyCommand(input: KeyCommand.inputUpArrow, action: .ping)]
    s.app.handle(.key(key(.up)))
    #expect(s.trace.performed == ["outer.test.ping"])
    #expect(mover.moves.isEmpty)
    #expect(mover.keyDowns == 0)
  }

  @Test func keyCommandWhoseActionNobodyPerformsLetsTheKeyThrough() {
    let s = Scene()
    s.outer.commands = [KeyCommand(input: "k", modifierFlags: .control, action: .unimplemented)]
    s.app.handle(
      .key(
        KeyEvent(
          keysym: Keysym(unicodeScalar: "k"), characters: "\u{b}", charactersIgnoringModifiers: "k",
          modifierFlags: .control)))
    #expect(s.trace.calls.first == "inner.keyDown")
  }

  @Test func keyCommandDisabledByValidationLetsTheKeyThrough() {
    let s = Scene()
    s.outer.probe.accepts = [.ping]
    s.outer.probe.validates = false
    s.outer.commands = [KeyCommand(input: KeyCommand.inputF(9), action: .ping)]
    s.app.handle(.key(key(.f(9))))
    #expect(s.trace.performed.isEmpty)
    #expect(s.trace.calls.contains("outer.validate"))
    #expect(s.trace.calls.contains("inner.keyDown"))
  }

  @Test func keyCommandMatchesLettersWithoutCaseAndModifiersExactly() {
    let command = KeyCommand(input: "z", modifierFlags: [.control, .shift], action: .redo)
    let shifted = KeyEvent(
      keysym: Keysym(unicodeScalar: "Z"), characters: "\u{1a}", charactersIgnoringModifiers: "Z",
      modifierFlags: [.control, .shift])
    #expect(command.matches(shifted))
    #expect(
      !command.matches(
        KeyEvent(
          keysym: Keysym(unicodeScalar: "z"), characters: "\u{1a}", charactersIgnoringModifiers: "z",
          modifierFlags: .control)))
    #expect(
      !command.matches(
        KeyEvent(
          keysym: Keysym(unicodeScalar: "Z"), characters: "Z", modifierFlags: [.control, .shift], phase: .up))
    )
    #expect(command.shortcutDescription == "Control+Shift+Z")
  }

  @Test func typedCharactersAreInsertedIntoAResponderThatAcceptsText() {
    let s = Scene()
    s.inner.takesText = true
    s.app.handle(.key(.character("h")))
    s.app.handle(.key(.character("é")))
    s.app.handle(.key(.character("界")))
    #expect(s.inner.inserted == "hé界")
  }

  @Test func controlKeysAreNotInsertedAsText() {
    let s = Scene()
    let mover = MoverView()
    s.inner.addSubview(mover)
    s.window.makeFirstResponder(mover)
    mover.takesText = true
    s.app.handle(
      .key(
        KeyEvent(
          keysym: Keysym(unicodeScalar: "a"), characters: "\u{1}", charactersIgnoringModifiers: "a",
          modifierFlags: .control)))
    #expect(mover.inserted.isEmpty)
    #expect(mover.moves == ["moveToBeginningOfLine"])
  }

  @Test func typedCharactersWithoutATextResponderAreNotInserted() {
    let s = Scene()
    s.app.handle(.key(.character("x")))
    #expect(s.inner.inserted.isEmpty)
    #expect(s.trace.calls == ["inner.keyDown", "outer.keyDown", "root.keyDown", "window.keyDown"])
  }

  @Test func pasteIsInsertedWholeAtTheFirstResponder() {
    let s = Scene()
    s.inner.takesText = true
    s.app.handle(.paste("line 1\nline 2", timestamp: 0))
    #expect(s.inner.inserted == "line 1\nline 2")
  }

  // MARK: Key view loop

  /// Three focusable fields laid out out of reading order in the subview list.
  @MainActor
  struct Form {
    let scene = Scene(focusInner: false)
    let a: ProbeView
    let b: ProbeView
    let c: ProbeView

    init() {
      a = ProbeView("a", scene.trace, frame: Rect(x: 0, y: 6, width: 5, height: 1))
      b = ProbeView("b", scene.trace, frame: Rect(x: 10, y: 6, width: 5, height: 1))
      c = ProbeView("c", scene.trace, frame: Rect(x: 0, y: 8, width: 5, height: 1))
      for view in [c, b, a] {
        view.acceptsFirstResponder = true
        scene.root.addSubview(view)
      }
      scene.inner.acceptsFirstResponder = false
    }

    var focused: String? { (scene.window.firstResponder as? ProbeView)?.probe.name }
    func press(_ keysym: Keysym, _ mods: KeyEvent.ModifierFlags = []) {
      scene.app.handle(.key(key(keysym, mods)))
    }
  }

  @Test func tabMovesFocusInReadingOrderAndWraps() {
    let f = Form()
    var seen: [String?] = []
    for _ in 0..<4 {
      f.press(.tab)
      seen.append(f.focused)
    }
    #expect(seen == ["a", "b", "c", "a"])
  }

  @Test func shiftTabMovesFocusBackward() {
    let f = Form()
    f.scene.window.makeFirstResponder(f.a)
    f.press(.tab, .shift)
    #expect(f.focused == "c")
    f.press(.isoLeftTab, .shift)
    #expect(f.focused == "b")
  }

  @Test func explicitNextKeyViewOverridesReadingOrder() {
    let f = Form()
    f.a.nextKeyView = f.c
    f.c.nextKeyView = f.b
    f.scene.window.makeFirstResponder(f.a)
    f.press(.tab)
    #expect(f.focused == "c")
    f.press(.tab)
    #expect(f.focused == "b")
    f.press(.tab, .shift)
    #expect(f.focused == "c")
  }

  @Test func nextValidKeyViewSkipsHiddenAndRefusingViews() {
    let f = Form()
    f.a.nextKeyView = f.b
    f.b.nextKeyView = f.c
    f.c.nextKeyView = f.a
    f.b.isHidden = true
    #expect(f.a.nextValidKeyView === f.c)
    f.c.acceptsFirstResponder = false
    #expect(f.a.nextValidKeyView == nil)
    #expect(f.a.previousValidKeyView == nil)
  }

  @Test func controlTabMovesFocusEvenWhenTheViewEatsTab() {
    let f = Form()
    f.scene.window.makeFirstResponder(f.a)
    f.a.passesKeysOn = false
    f.press(.tab)
    #expect(f.focused == "a")
    f.press(.tab, .control)
    #expect(f.focused == "b")
    f.b.passesKeysOn = false
    f.press(.tab, [.control, .shift])
    #expect(f.focused == "a")
  }

  @Test func tabThatSomeoneImplementsIsNotUsedForFocus() {
    let f = Form()
    let editor = MoverView(frame: Rect(x: 0, y: 9, width: 5, height: 1))
    f.scene.root.addSubview(editor)
    f.scene.window.makeFirstResponder(editor)
    f.press(.tab)
    #expect(editor.moves == ["insertTab"])
    #expect(f.scene.window.firstResponder === editor)
  }

  @Test func selectNextKeyViewActionMovesFocus() {
    let f = Form()
    #expect(f.scene.app.sendAction(.selectNextKeyView, to: nil, from: nil))
    #expect(f.focused == "a")
    #expect(f.scene.app.sendAction(.selectPreviousKeyView, to: nil, from: nil))
    #expect(f.focused == "c")
  }
}

/// A focusable view that records the standard movement actions it performs.
@MainActor
final class MoverView: View {
  var moves: [String] = []
  var keyDowns = 0
  var takesText = false
  var inserted = ""

  override class var actionTable: ActionTable { moverActions }
  private static let moverActions = ActionTable(MoverView.self, inheriting: View.actionTable) {
    for action in [
      Action.moveUp, .moveBackward, .insertNewlineIgnoringFieldEditor, .moveToBeginningOfLine, .insertTab,
    ] {
      $0.add(action) { $0.moves.append(action.name) }
    }
  }

  override var canBecomeFirstResponder: Bool { true }
  override var acceptsTextInput: Bool { takesText }
  override func insertText(_ text: String) { inserted += text }
  override func keyDown(with event: KeyEvent) {
    keyDowns += 1
    super.keyDown(with: event)
  }
}
