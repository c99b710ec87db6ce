import Foundation
import ResponderKit
import Testing

@testable import EventReplay

/// A one-line editor: enough of a text view to show typing, bindings and undo end to end.
@MainActor
final class LineEditor: View {
  var text = "" {
    didSet { setNeedsDisplay() }
  }

  override var canBecomeFirstResponder: Bool { true }
  override var acceptsTextInput: Bool { true }

  override func insertText(_ inserted: String) {
    let old = text
    undoManager?.registerUndo(withTarget: self) { $0.text = old }
    text += inserted
  }

  override class var actionTable: ActionTable { actions }
  private static let actions = ActionTable(LineEditor.self, inheriting: View.actionTable) {
    $0.add(.deleteBackward) { editor in
      guard !editor.text.isEmpty else { return }
      let old = editor.text
      editor.undoManager?.registerUndo(withTarget: editor) { $0.text = old }
      editor.text.removeLast()
    }
  }

  override func draw(in canvas: Canvas) {
    canvas.draw("> " + text, x: 0, y: 0)
  }
}

@MainActor
final class UndoCommands: Responder {
  override var keyCommands: [KeyCommand] {
    [KeyCommand(title: "Undo", input: "z", modifierFlags: .control, action: .undo)]
  }
}

@MainActor
struct Harness {
  let app = Application()
  let window = Window()
  let editor = LineEditor(frame: Rect(x: 1, y: 1, width: 30, height: 1))
  let driver: HeadlessDriver

  init(size: Size = Size(width: 32, height: 4)) {
    driver = HeadlessDriver(application: app, size: size)
    let root = View()
    root.addSubview(editor)
    window.rootView = root
    app.addWindow(window)
    window.makeKeyAndOrderFront()
    window.makeFirstResponder(editor)
  }
}

@Suite("Headless driver")
@MainActor
struct HeadlessDriverTests {
  @Test func typedKeysReachTheFirstResponderAndTheScreen() {
    let h = Harness()
    h.driver.type("milk")
    h.driver.press("BackSpace")
    #expect(h.editor.text == "mil")
    #expect(h.driver.screenText == "\n > mil\n\n")
  }

  @Test func theVirtualClockStampsEveryInput() {
    let h = Harness()
    h.driver.step = 0.25
    h.driver.type("ab")
    let times = h.driver.recording.entries.map(\.time)
    #expect(times == [0.25, 0.5, 0.75, 1.0])
  }

  @Test func replayingARecordingReproducesTheSameScreen() throws {
    let first = Harness()
    first.driver.type("eggs")
    first.driver.press("BackSpace")
    first.driver.paste(" & ham")
    let text = first.driver.recording.text

    let second = Harness()
    let delivered = second.driver.replay(try Recording(parsing: text))
    #expect(delivered == first.driver.recording.entries.count)
    #expect(second.driver.screenText == first.driver.screenText)
    #expect(second.driver.recording.text == text)
  }

  @Test func undoGroupsFollowEvents() {
    let h = Harness()
    h.driver.type("ab")
    h.driver.paste("cd")
    #expect(h.editor.text == "abcd")
    h.window.undoManager?.undo()
    #expect(h.editor.text == "ab")
    h.window.undoManager?.undo()
    #expect(h.editor.text == "a")
  }

  @Test func screenMatchesItsSnapshotFile() {
    let h = Harness(size: Size(width: 20, height: 3))
    h.driver.type("hello, snapshot")
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Snapshots/typed-line.txt")
    let mismatch = Snapshot.compare(h.driver.screenText, toFileAt: file)
    #expect(mismatch == nil, "\(String(describing: mismatch))")
  }

  @Test func aDifferingScreenReportsTheRowsThatDiffer() {
    let details = Snapshot.diff(expected: "a\nb\nc", actual: "a\nB\nc")
    #expect(details == "row 1:\n  expected |b|\n  actual   |B|")
  }
}
