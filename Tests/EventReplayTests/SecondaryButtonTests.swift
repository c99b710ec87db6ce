import Foundation
import ResponderKit
import Testing

@testable import EventReplay

extension Action {
  fileprivate static let renameEntry = Action("test.renameEntry")
  fileprivate static let deleteEntry = Action("test.deleteEntry")
}

/// Logs every secondary-button message it gets; passes them on (as NSResponder does) unless
/// told to keep them.
@MainActor
final class ButtonLog: View {
  let name: String
  var log: [String] = []
  var keeps = true
  init(_ name: String, frame: Rect) {
    self.name = name
    super.init(frame: frame)
  }
  private func note(_ what: String, _ event: Event) {
    let p = event.location(in: self) ?? Point(x: -1, y: -1)
    let mods = event.modifierFlags.isEmpty ? "" : " \(event.modifierFlags)"
    log.append("\(name) \(what) \(event.mouse?.buttonNumber ?? -1) at \(Int(p.x)),\(Int(p.y))\(mods)")
  }
  override func rightMouseDown(with event: Event) {
    note("rightDown", event)
    if !keeps { super.rightMouseDown(with: event) }
  }
  override func rightMouseDragged(with event: Event) { note("rightDragged", event) }
  override func rightMouseUp(with event: Event) { note("rightUp", event) }
  override func otherMouseDown(with event: Event) { note("otherDown", event) }
  override func otherMouseUp(with event: Event) { note("otherUp", event) }
}

/// A list of entries whose context menu is fitted to the row under the pointer, and which
/// performs the items' nil-target actions when it is first responder.
@MainActor
final class EntryList: View {
  var entries = ["alpha", "beta", "gamma"]
  var log: [String] = []
  var canDelete = true
  override var canBecomeFirstResponder: Bool { true }
  override func draw(in canvas: Canvas) {
    for (row, entry) in entries.enumerated() { canvas.draw(entry, x: 0, y: row) }
  }
  override func menu(for event: Event) -> Menu? {
    let row = event.location(in: self).map { Int($0.y) } ?? 0
    guard entries.indices.contains(row) else { return nil }
    return Menu(
      title: entries[row],
      items: [
        MenuItem(title: "Rename \(entries[row])", action: .renameEntry),
        MenuItem(title: "Delete", action: .deleteEntry),
      ])
  }
  override func willOpenMenu(_ menu: Menu, with event: Event) { log.append("opens \(menu.title)") }
  override class var actionTable: ActionTable { actions }
  private static let actions = ActionTable(EntryList.self) {
    $0.add(.renameEntry) { $0.log.append("rename") }
    $0.add(.deleteEntry) { $0.log.append("delete") }
  }
  override func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
    (action != .deleteEntry || canDelete) && super.canPerformAction(action, withSender: sender)
  }
}

/// The right, middle and extra buttons reach responders by AppKit's names, and a view's
/// context menu opens from the mouse and the keyboard (issue 38). The rules are AppKit's:
/// NSResponder's `rightMouseDown(with:)` "passes this message to the next responder"; NSView
/// shows `menu(for:)` (default: its menu) and otherwise passes the event up (macOS 10.7+);
/// `willOpenMenu(_:with:)` comes just before; the menu's items are validated.
@Suite("Secondary buttons and context menus")
@MainActor
struct SecondaryButtonTests {
  fileprivate struct Scene {
    let driver: HeadlessDriver
    let window: Window
    let root: ButtonLog
    let inner: ButtonLog
    let list: EntryList
  }

  private func scene() -> Scene {
    let app = Application()
    let window = Window()
    let root = ButtonLog("root", frame: Rect(x: 0, y: 0, width: 60, height: 20))
    let inner = ButtonLog("inner", frame: Rect(x: 10, y: 5, width: 10, height: 4))
    let list = EntryList(frame: Rect(x: 30, y: 2, width: 20, height: 5))
    root.addSubview(inner)
    root.addSubview(list)
    window.rootView = root
    app.addWindow(window)
    window.makeKeyAndOrderFront()
    window.makeFirstResponder(list)
    return Scene(
      driver: HeadlessDriver(application: app, size: Size(width: 60, height: 20)), window: window, root: root,
      inner: inner, list: list)
  }

  @Test func aRightClickReachesTheViewUnderThePointerWithItsModifiers() {
    let s = scene()
    s.driver.rightClick(x: 12, y: 6, modifiers: .shift)
    #expect(s.inner.log == ["inner rightDown 1 at 2,1 Shift", "inner rightUp 1 at 2,1 Shift"])
    #expect(s.root.log.isEmpty)
  }

  @Test func theDragAndUpGoToTheViewThatTookTheDownWherever() {
    let s = scene()
    let send = { (phase: MousePhase, x: Double) in
      _ = s.driver.send(.mouse(MouseSample(buttonNumber: 1, phase: phase, location: Point(x: x, y: 6))))
    }
    send(.down, 12)
    send(.dragged, 25)
    send(.up, 40)
    #expect(
      s.inner.log == ["inner rightDown 1 at 2,1", "inner rightDragged 1 at 15,1", "inner rightUp 1 at 30,1"])
    #expect(s.root.log.isEmpty && s.list.log.isEmpty)
  }

  @Test func anUnhandledRightDownGoesUpTheResponderChain() {
    let s = scene()
    s.inner.keeps = false
    s.driver.rightClick(x: 12, y: 6)
    #expect(s.root.log == ["root rightDown 1 at 12,6"])
  }

  @Test func theMiddleAndExtraButtonsAreOtherMouseEvents() {
    let s = scene()
    s.driver.click(button: MouseSample.middleButton, x: 11, y: 5)
    s.driver.click(button: 3, x: 11, y: 5, modifiers: [.control, .alt])
    #expect(
      s.inner.log == [
        "inner otherDown 2 at 1,0", "inner otherUp 2 at 1,0", "inner otherDown 3 at 1,0 Control+Alt",
        "inner otherUp 3 at 1,0 Control+Alt",
      ])
  }

  @Test func aRightClickPopsUpTheMenuForTheRowAtThePointer() {
    let s = scene()
    s.driver.rightClick(x: 31, y: 3)
    #expect(s.list.log == ["opens beta"])
    let rows = s.driver.screenText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // The box's corner at the pointer, its first item on the row below.
    #expect(rows[4].contains("Rename beta"), "\(s.driver.screenText)")
    #expect(rows[4].firstRange(of: "Rename")?.lowerBound.utf16Offset(in: rows[4]) == 33)
  }

  @Test func aChosenItemIsANilTargetActionThatReachesTheFirstResponder() {
    let s = scene()
    s.driver.rightClick(x: 31, y: 3)
    s.driver.tap(x: 34, y: 4)
    #expect(s.list.log == ["opens beta", "rename"])
    #expect(!s.driver.screenText.contains("Rename"), "the menu closed")
    #expect(s.driver.application.keyWindow === s.window)
  }

  @Test func itemsAreValidatedThroughTheChain() {
    let s = scene()
    s.list.canDelete = false
    s.driver.rightClick(x: 31, y: 2)
    s.driver.tap(x: 34, y: 4)  // Delete: disabled, so nothing
    #expect(s.list.log == ["opens alpha"])
    #expect(s.driver.screenText.contains("Delete"), "a disabled item leaves the menu open")
  }

  @Test func aReleaseOfTheRightButtonOnAnItemChoosesIt() {
    let s = scene()
    s.driver.rightClick(x: 31, y: 2)
    s.driver.rightClick(x: 34, y: 4)
    #expect(s.list.log == ["opens alpha", "delete"])
  }

  @Test func escapeOrAClickOutsideClosesTheMenu() {
    let s = scene()
    s.driver.rightClick(x: 31, y: 2)
    s.driver.press("Escape")
    #expect(!s.driver.screenText.contains("Rename"))
    s.driver.rightClick(x: 31, y: 2)
    s.driver.tap(x: 2, y: 15)
    #expect(!s.driver.screenText.contains("Rename"))
    s.driver.rightClick(x: 31, y: 2)
    s.driver.rightClick(x: 2, y: 15)
    #expect(!s.driver.screenText.contains("Rename"))
    // The ups of the clicks that opened the menu go up from the list (it keeps none); the
    // click that closes a menu goes no further, its up included.
    #expect(s.root.log == Array(repeating: "root rightUp 1 at 31,2", count: 3))
    #expect(s.list.log == ["opens alpha", "opens alpha", "opens alpha"])
  }

  @Test(arguments: ["Shift+F10", "Menu"])
  func theKeyboardOpensTheFocusedViewsMenu(_ key: String) {
    let s = scene()
    s.driver.press(key)
    #expect(s.list.log == ["opens alpha"])
    #expect(s.driver.screenText.contains("Rename alpha"))
    s.driver.press("Down")
    s.driver.press("Return")
    #expect(s.list.log == ["opens alpha", "delete"])
  }

  @Test func theKeyboardFindsTheNearestViewWithAMenuAboveTheFocus() {
    let s = scene()
    let field = TextField(frame: Rect(x: 0, y: 0, width: 10, height: 1))
    s.inner.addSubview(field)
    s.inner.contextMenu = Menu(title: "inner", items: [MenuItem(title: "Inner item", action: .renameEntry)])
    s.window.makeFirstResponder(field)
    s.driver.press("Shift+F10")
    #expect(s.driver.screenText.contains("Inner item"))
  }

  @Test func withoutAnyMenuShiftF10GoesOnAsAnyKey() {
    let s = scene()
    s.window.makeFirstResponder(nil)
    s.driver.press("Shift+F10")
    #expect(s.driver.application.keyWindow === s.window)
  }

  @Test func rightClicksRecordAndReplay() throws {
    let s = scene()
    s.driver.rightClick(x: 12, y: 6, modifiers: .shift)
    s.driver.click(button: 2, x: 11, y: 5)
    let text = s.driver.recording.text
    #expect(text.contains("mouse right down 12 6 mods=Shift\n"))
    #expect(text.contains("mouse middle up 11 5\n"))
    let again = scene()
    again.driver.replay(try Recording(parsing: text))
    #expect(again.inner.log == s.inner.log)
  }

  @Test func mouseLinesNeedVersion2AndNameTheirFields() {
    let old = #expect(throws: RecordingError.self) {
      try Recording(parsing: "responderkit-recording 1\n0.1 mouse right down 1 1\n")
    }
    #expect(old?.field == "kind")
    let phase = #expect(throws: RecordingError.self) {
      try Recording(parsing: "responderkit-recording 2\n0.1 mouse right sideways 1 1\n")
    }
    #expect(phase?.field == "phase")
    let button = #expect(throws: RecordingError.self) {
      try Recording(parsing: "responderkit-recording 2\n0.1 mouse 0 down 1 1\n")
    }
    #expect(button?.field == "button")
  }
}
