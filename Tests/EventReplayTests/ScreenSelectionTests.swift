import EventReplay
import Foundation
import ResponderKit
import TerminalHost
import Testing

/// A view that counts the touches that reach it.
@MainActor
final class TouchCountingLabel: Label {
  var touchesBeganCount = 0
  override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    touchesBeganCount += 1
    super.touchesBegan(touches, with: event)
  }
}

/// Two labels on rows 0 and 1 of a 20 × 3 screen, in the monochrome theme (`NO_COLOR`).
@MainActor
struct ScreenSelectionScene {
  let app = Application()
  let window = Window()
  let top: TouchCountingLabel
  let bottom: TouchCountingLabel
  let driver: HeadlessDriver

  init(top topText: String = "hello world", bottom bottomText: String = "second line") {
    driver = HeadlessDriver(application: app, size: Size(width: 20, height: 3))
    top = TouchCountingLabel(frame: Rect(x: 0, y: 0, width: 20, height: 1), text: topText)
    bottom = TouchCountingLabel(frame: Rect(x: 0, y: 1, width: 20, height: 1), text: bottomText)
    let root = View()
    root.theme = .monochrome
    root.addSubview(top)
    root.addSubview(bottom)
    window.rootView = root
    app.addWindow(window)
    window.makeKeyAndOrderFront()
  }

  /// The characters of row `row` drawn reversed: what shows as selected without colour.
  func reversed(row: Int) -> String { driver.screen.reversedText(ofRow: row) }
}

@MainActor
struct ScreenSelectionTests {
  @Test func isOffByDefaultSoAnAltDragReachesTheViews() {
    let scene = ScreenSelectionScene()
    #expect(!scene.app.allowsScreenSelection)
    scene.driver.drag(from: Point(x: 6, y: 0), to: Point(x: 5, y: 1), modifiers: .alt)
    scene.driver.press("Control+c")
    #expect(scene.top.touchesBeganCount == 1)
    #expect(scene.app.screenSelection == nil)
    #expect(scene.driver.pasteboard.string == nil)
    #expect(scene.reversed(row: 0).isEmpty)
  }

  @Test func anAltDragAcrossTwoViewsSelectsTheShownTextAsAStreamAndControlCCopiesIt() {
    let scene = ScreenSelectionScene()
    scene.app.allowsScreenSelection = true
    scene.driver.drag(from: Point(x: 6, y: 0), to: Point(x: 5, y: 1), modifiers: .alt)
    #expect(scene.top.touchesBeganCount == 0)
    #expect(scene.bottom.touchesBeganCount == 0)
    // Stream selection: the rest of row 0 (trailing blanks included on screen), row 1 to x 5.
    #expect(scene.reversed(row: 0) == "world" + String(repeating: " ", count: 9))
    #expect(scene.reversed(row: 1) == "second")
    scene.driver.press("Control+c")
    #expect(scene.driver.pasteboard.string == "world\nsecond")
    #expect(scene.app.screenSelection != nil, "copying keeps the selection, as terminals do")
    scene.bottom.text = "changed"
    scene.app.copyScreenSelection()
    #expect(scene.app.needsDisplay, "a copy leaves a frame that is owed still owed")
  }

  /// The bytes xterm sends for an Alt-drag in SGR mode (ctlseqs: Meta adds 8 to the button,
  /// motion 32; 1-based positions) select as the driver's drag does.
  @Test func xtermsSGRBytesForAnAltDragMakeTheSameSelection() {
    let scene = ScreenSelectionScene()
    scene.app.allowsScreenSelection = true
    var parser = InputParser()
    let bytes = Array("\u{1b}[<8;7;1M\u{1b}[<40;6;2M\u{1b}[<8;6;2m".utf8)
    for case .event(let event) in parser.parse(bytes, at: 0) { scene.app.handle(event) }
    #expect(scene.top.touchesBeganCount == 0)
    scene.driver.press("Control+c")
    #expect(scene.driver.pasteboard.string == "world\nsecond")
  }

  @Test func aDragUpwardSelectsTheSameCellsAsTheDragDown() {
    let scene = ScreenSelectionScene()
    scene.app.allowsScreenSelection = true
    scene.driver.drag(from: Point(x: 5, y: 1), to: Point(x: 6, y: 0), modifiers: .alt)
    scene.driver.press("Control+c")
    #expect(scene.driver.pasteboard.string == "world\nsecond")
  }

  @Test func anEndOnEitherHalfOfAWideCharacterTakesTheWholeCharacter() {
    // 日 is cells 0-1, 本 2-3, 語 4-5: from 日's right half to 本's left half.
    let scene = ScreenSelectionScene(top: "日本語 ok")
    scene.app.allowsScreenSelection = true
    scene.driver.drag(from: Point(x: 1, y: 0), to: Point(x: 2, y: 0), modifiers: .alt)
    #expect(scene.reversed(row: 0) == "日本")
    let screen = scene.driver.screen
    for x in 0..<4 { #expect(screen[x, 0].style.attributes.contains(.reverse), "cell \(x)") }
    #expect(!screen[4, 0].style.attributes.contains(.reverse))
    scene.driver.press("Control+c")
    #expect(scene.driver.pasteboard.string == "日本")
  }

  @Test func theNilTargetCopyActionAndTheCopyMenuItemTakeTheScreenSelectionOverAField() {
    let scene = ScreenSelectionScene()
    let field = TextField(frame: Rect(x: 0, y: 2, width: 20, height: 1), text: "field text")
    scene.window.rootView?.addSubview(field)
    scene.window.makeFirstResponder(field)
    field.selectAll(nil)
    scene.app.allowsScreenSelection = true
    scene.driver.drag(from: Point(x: 0, y: 1), to: Point(x: 5, y: 1), modifiers: .alt)
    let copy = MenuItem(title: "Copy", action: .copy)
    #expect(scene.app.validateItem(copy))
    #expect(scene.app.sendAction(.copy, to: nil, from: copy))
    #expect(scene.driver.pasteboard.string == "second")
    scene.driver.press("Escape")
    #expect(scene.app.sendAction(.copy, to: nil, from: copy))
    #expect(scene.driver.pasteboard.string == "field text", "with no screen selection the field copies")
  }

  @Test func escapeOrAPlainClickClearsTheSelectionAndTheClickStillReachesTheView() {
    let scene = ScreenSelectionScene()
    scene.app.allowsScreenSelection = true
    scene.driver.drag(from: Point(x: 0, y: 0), to: Point(x: 4, y: 0), modifiers: .alt)
    #expect(scene.reversed(row: 0) == "hello")
    scene.driver.press("Escape")
    #expect(scene.app.screenSelection == nil)
    #expect(scene.reversed(row: 0).isEmpty)
    scene.driver.drag(from: Point(x: 0, y: 0), to: Point(x: 4, y: 0), modifiers: .alt)
    scene.driver.tap(x: 3, y: 1)
    #expect(scene.app.screenSelection == nil)
    #expect(scene.bottom.touchesBeganCount == 1)
  }

  @Test func aPlainDragStillReachesTheViewsWhileSelectionIsAllowed() {
    let scene = ScreenSelectionScene()
    scene.app.allowsScreenSelection = true
    scene.driver.drag(from: Point(x: 0, y: 0), to: Point(x: 4, y: 0))
    #expect(scene.top.touchesBeganCount == 1)
    #expect(scene.app.screenSelection == nil)
  }
}
