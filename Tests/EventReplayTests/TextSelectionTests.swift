import EventReplay
import Foundation
import ResponderKit
import Testing

/// A window with a text field on row 0 and a text view below it, driven headless; an Edit
/// menu whose items validate through the responder chain as AppKit's do.
@MainActor
struct TextScene {
  let app = Application()
  let window = Window()
  let field: TextField
  let view: TextView
  let driver: HeadlessDriver
  let copyItem = MenuItem(
    title: "Copy", action: .copy, keyEquivalent: KeySpec(character: "c", modifiers: .control))
  let cutItem = MenuItem(
    title: "Cut", action: .cut, keyEquivalent: KeySpec(character: "x", modifiers: .control))
  let pasteItem = MenuItem(
    title: "Paste", action: .paste, keyEquivalent: KeySpec(character: "v", modifiers: .control))
  let selectAllItem = MenuItem(title: "Select All", action: .selectAll)

  init(
    field text: String = "", view body: String = "", width: Double = 20, height: Double = 4,
    theme: Theme = .monochrome
  ) {
    driver = HeadlessDriver(application: app, size: Size(width: width, height: height + 1))
    field = TextField(frame: Rect(x: 0, y: 0, width: width, height: 1), text: text)
    view = TextView(frame: Rect(x: 0, y: 1, width: width, height: height), text: body)
    let root = View()
    root.theme = theme
    root.addSubview(field)
    root.addSubview(view)
    window.rootView = root
    app.addWindow(window)
    let edit = MenuItem(title: "Edit")
    edit.submenu = Menu(title: "Edit", items: [cutItem, copyItem, pasteItem, selectAllItem])
    app.mainMenu = Menu(items: [edit])
    window.makeKeyAndOrderFront()
  }

  /// Whether the Edit menu would enable `item` now.
  func enabled(_ item: MenuItem) -> Bool { app.validateItem(item) }

  /// The cells of screen row `row` that are reversed, as a string of their characters.
  func reversed(row: Int) -> String { driver.screen.reversedText(ofRow: row) }
}

@MainActor
struct TextSelectionTests {
  @Test func shiftArrowsExtendTheSelectionAndTypingReplacesItInOneUndoStep() {
    let scene = TextScene(field: "hello world")
    scene.window.makeFirstResponder(scene.field)
    for _ in 0..<5 { scene.driver.press("Shift+Left") }
    #expect(scene.field.selectedRange == 6..<11)
    #expect(scene.field.selectedText == "world")
    scene.driver.type("there")
    #expect(scene.field.text == "hello there")
    #expect(scene.field.selectedRange == 11..<11)
    // Typing "there" was five key events (five steps); undoing them all restores the selection.
    for _ in 0..<5 { scene.app.sendAction(.undo, to: nil, from: nil) }
    #expect(scene.field.text == "hello world")
    #expect(scene.field.selectedRange == 6..<11)
  }

  @Test func aPasteReplacesTheSelectionAsOneUndoStep() {
    let scene = TextScene(view: "one two three")
    scene.window.makeFirstResponder(scene.view)
    scene.view.selectedRange = 4..<7
    scene.driver.pasteboard.string = "2"
    #expect(scene.app.sendAction(.paste, to: nil, from: nil))
    #expect(scene.view.text == "one 2 three")
    #expect(scene.view.undoManager?.undoActionName == "Paste")
    scene.app.sendAction(.undo, to: nil, from: nil)
    #expect(scene.view.text == "one two three")
    #expect(scene.view.selectedRange == 4..<7)
  }

  @Test func copyAndCutPutTheSelectionOnThePasteboard() {
    let scene = TextScene(view: "alpha beta")
    scene.window.makeFirstResponder(scene.view)
    scene.driver.press("Home")
    for _ in 0..<5 { scene.driver.press("Shift+Right") }
    let before = scene.driver.pasteboard.changeCount
    #expect(scene.app.sendAction(.copy, to: nil, from: nil))
    #expect(scene.driver.pasteboard.string == "alpha")
    #expect(scene.driver.pasteboard.changeCount == before + 1)
    #expect(scene.app.sendAction(.cut, to: nil, from: nil))
    #expect(scene.view.text == " beta")
    scene.driver.press("End")
    #expect(scene.app.sendAction(.paste, to: nil, from: nil))
    #expect(scene.view.text == " betaalpha")
  }

  @Test func theEditMenuEnablesCopyOnlyWithASelection() {
    let scene = TextScene(field: "abc")
    scene.window.makeFirstResponder(scene.field)
    #expect(!scene.enabled(scene.copyItem))
    #expect(!scene.enabled(scene.cutItem))
    #expect(!scene.enabled(scene.pasteItem))  // nothing on the pasteboard
    #expect(scene.enabled(scene.selectAllItem))
    scene.driver.press("Shift+Left")
    #expect(scene.enabled(scene.copyItem))
    #expect(scene.enabled(scene.cutItem))
    scene.driver.pasteboard.string = "x"
    #expect(scene.enabled(scene.pasteItem))
    // A read-only view copies but neither cuts nor pastes.
    scene.view.text = "read only"
    scene.view.isEditable = false
    scene.window.makeFirstResponder(scene.view)
    #expect(scene.app.sendAction(.selectAll, to: nil, from: nil))
    #expect(scene.enabled(scene.copyItem))
    #expect(!scene.enabled(scene.cutItem))
    #expect(!scene.enabled(scene.pasteItem))
  }

  @Test func wordMovesWithShiftExtendByWords() {
    let scene = TextScene(view: "the quick, brown fox")
    scene.window.makeFirstResponder(scene.view)
    scene.driver.press("Home")
    scene.driver.press("Alt+Shift+Right")
    scene.driver.press("Alt+Shift+Right")
    #expect(scene.view.selectedText == "the quick")
    scene.driver.press("Alt+Shift+Right")
    #expect(scene.view.selectedText == "the quick, brown")
    scene.driver.press("Alt+Left")
    #expect(scene.view.selectedRange == 11..<11)
    scene.driver.press("End")
    scene.driver.press("Alt+BackSpace")
    #expect(scene.view.text == "the quick, brown ")
  }

  @Test func homeEndAndPageMovesExtendInATextView() {
    let lines = (0..<20).map { "line \($0)" }.joined(separator: "\n")
    let scene = TextScene(view: lines)
    scene.window.makeFirstResponder(scene.view)
    scene.driver.press("Control+Home")
    scene.driver.press("Shift+End")
    #expect(scene.view.selectedText == "line 0")
    scene.driver.press("Shift+PageDown")  // a page is the height less one: three lines
    #expect(scene.view.selectedText == "line 0\nline 1\nline 2\nline 3")
    scene.driver.press("Control+Shift+End")
    #expect(scene.view.selectedRange == 0..<lines.count)
    scene.driver.press("Shift+Up")
    #expect(scene.view.selectedText.hasSuffix("line 18"))
  }

  @Test func aDragSelectsAndDoubleAndTripleClicksSelectAWordAndALine() {
    let scene = TextScene(view: "first line here\nsecond line")
    scene.driver.drag(from: Point(x: 6, y: 1), to: Point(x: 10, y: 1))
    #expect(scene.view.isFirstResponder)
    #expect(scene.view.selectedText == "line")
    // A drag onto the next row extends across the newline.
    scene.driver.drag(from: Point(x: 11, y: 1), to: Point(x: 6, y: 2))
    #expect(scene.view.selectedText == "here\nsecond")
    scene.driver.tap(x: 2, y: 2)
    scene.driver.tap(x: 2, y: 2)
    #expect(scene.view.selectedText == "second")
    scene.driver.tap(x: 2, y: 2)
    #expect(scene.view.selectedText == "second line")
    scene.driver.advance(by: 2)
    scene.driver.tap(x: 3, y: 1)
    scene.driver.tap(x: 3, y: 1)
    scene.driver.tap(x: 3, y: 1)
    #expect(scene.view.selectedText == "first line here\n")
  }

  @Test func aDragInAFocusedFieldSelectsAndADoubleClickTakesTheWord() {
    let scene = TextScene(field: "make tea now")
    scene.window.makeFirstResponder(scene.field)
    scene.driver.drag(from: Point(x: 5, y: 0), to: Point(x: 8, y: 0))
    #expect(scene.field.selectedText == "tea")
    scene.driver.advance(by: 2)
    scene.driver.tap(x: 10, y: 0)
    scene.driver.tap(x: 10, y: 0)
    #expect(scene.field.selectedText == "now")
  }

  @Test func theSelectionIsDrawnReversedAndStaysVisibleInAReversedField() {
    let scene = TextScene(field: "abcdef", view: "uvwxyz")
    scene.window.makeFirstResponder(scene.view)
    scene.view.selectedRange = 1..<3
    // Monochrome (NO_COLOR): the selection is the only reversed text of the view.
    #expect(scene.reversed(row: 1) == "vw")
    // A focused field is drawn reversed; its selection is drawn not reversed, underlined.
    scene.window.makeFirstResponder(scene.field)
    scene.field.selectedRange = 2..<4
    let screen = scene.driver.screen
    #expect(!screen[2, 0].style.attributes.contains(.reverse))
    #expect(screen[2, 0].style.attributes.contains(.underline))
    #expect(screen[1, 0].style.attributes.contains(.reverse))
    #expect(screen[4, 0].style.attributes.contains(.reverse))
  }

  @Test func wideCharactersAndClustersAreSelectedWhole() {
    // "日本" are two columns each; "é" is e + a combining accent, "👍🏽" a modified emoji.
    let text = "a日本e\u{301}👍🏽z"
    let scene = TextScene(view: text)
    scene.window.makeFirstResponder(scene.view)
    scene.driver.press("Home")
    scene.driver.press("Shift+Right")
    scene.driver.press("Shift+Right")
    #expect(scene.view.selectedText == "a日")
    scene.driver.press("Shift+Right")
    scene.driver.press("Shift+Right")
    #expect(scene.view.selectedText == "a日本e\u{301}")
    // A drag that ends on the right half of a wide character takes the whole character.
    scene.driver.drag(from: Point(x: 0, y: 1), to: Point(x: 2, y: 1))
    #expect(scene.view.selectedText == "a")
    scene.driver.drag(from: Point(x: 1, y: 1), to: Point(x: 7, y: 1))
    #expect(scene.view.selectedText == "日本e\u{301}")
    // Every selection, however made, is a run of whole characters of the text.
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<50 {
      let keys = ["Shift+Left", "Shift+Right", "Left", "Right", "Alt+Shift+Right", "Shift+Home"]
      scene.driver.press(keys.randomElement(using: &generator)!)
      let range = scene.view.selectedRange
      #expect(scene.view.selectedText == String(Array(text)[range]))
    }
  }

  @Test func aSelectionOverATextThatShrankIsClamped() {
    let scene = TextScene(field: "a long text here", view: "a long text here")
    scene.window.makeFirstResponder(scene.view)
    scene.view.selectedRange = 7..<16
    scene.view.text = "short"
    #expect(scene.view.selectedRange == 5..<5)
    #expect(scene.view.selectedText == "")
    scene.window.makeFirstResponder(scene.field)
    scene.field.selectedRange = 2..<12
    scene.field.text = "tiny"
    #expect(scene.field.selectedRange == 2..<4)
    #expect(scene.field.selectedText == "ny")
    scene.field.selectedRange = -5..<100
    #expect(scene.field.selectedRange == 0..<4)
  }

  @Test func aSessionOfSelectingCopyingAndPastingReplaysFromItsRecordingFile() throws {
    let live = TextScene(view: "alpha beta gamma")
    live.window.makeFirstResponder(live.view)
    live.driver.press("Home")
    live.driver.press("Alt+Shift+Right")
    live.driver.press("Control+c")
    live.driver.drag(from: Point(x: 6, y: 1), to: Point(x: 10, y: 1))
    live.driver.press("Control+v")
    live.driver.paste(" and more")
    #expect(live.view.text == "alpha alpha and more gamma")
    let recorded = try Recording(parsing: live.driver.recording.text)

    let replayed = TextScene(view: "alpha beta gamma")
    replayed.window.makeFirstResponder(replayed.view)
    replayed.driver.replay(recorded)
    #expect(replayed.view.text == live.view.text)
    #expect(replayed.view.selectedRange == live.view.selectedRange)
    #expect(replayed.driver.pasteboard.string == "alpha")
    #expect(replayed.driver.screenText == live.driver.screenText)
  }
}
