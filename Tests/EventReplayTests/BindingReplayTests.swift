import Foundation
import Observation
import ResponderKit
import Testing

@testable import EventReplay

/// The model a replayed form edits.
@Observable @MainActor
final class ReplayForm {
  var title = "Groceries"
  var isDone = false
  var count = 1.0
}

/// A form whose controls are bound to a ``ReplayForm``, driven headless.
@MainActor
struct BoundFormHarness {
  let app = Application()
  let window = Window()
  let form = ReplayForm()
  let driver: HeadlessDriver

  init() {
    driver = HeadlessDriver(application: app, size: Size(width: 30, height: 8))
    let root = View()
    let field = TextField(frame: Rect(x: 0, y: 0, width: 20, height: 1))
    let toggle = Switch(frame: Rect(x: 0, y: 2, width: 10, height: 1), title: "Done")
    let stepper = Stepper(value: 1, minimumValue: 0, maximumValue: 9, stepValue: 1)
    stepper.frame = Rect(x: 0, y: 4, width: 8, height: 1)
    let summary = Label(frame: Rect(x: 0, y: 6, width: 30, height: 1))
    for view in [field, toggle, stepper, summary] as [View] { root.addSubview(view) }
    field.bind(\.text, to: form, \.title, undoActionName: "Rename")
    toggle.bind(\.isOn, to: form, \.isDone)
    stepper.bind(\.value, to: form, \.count)
    summary.bind(\.text, to: form, \.title)
    window.rootView = root
    app.addWindow(window)
    window.makeKeyAndOrderFront()
  }

  /// Taps the field past its text, types, ends editing with Return, toggles the switch and steps up once.
  func edit() {
    driver.tap(x: 18, y: 0)  // past the end: the insertion point goes to the end
    driver.type(" list")
    driver.press("Return")
    driver.tap(x: 1, y: 2)
    driver.tap(x: 6, y: 4)
  }
}

/// Editing through bindings is driven by events alone, so a recording replays to the same
/// model state and the same screens.
@Suite("Binding replay")
@MainActor
struct BindingReplayTests {
  @Test func aSessionEditingThroughBindingsReplaysToTheSameModelAndScreen() throws {
    let first = BoundFormHarness()
    let before = first.driver.screenText
    first.edit()
    #expect(first.form.title == "Groceries list")
    #expect(first.form.isDone)
    #expect(first.form.count == 2)
    let screen = first.driver.screenText
    #expect(screen != before)
    #expect(screen.split(separator: "\n", omittingEmptySubsequences: false)[6] == "Groceries list")

    let second = BoundFormHarness()
    let delivered = second.driver.replay(try Recording(parsing: first.driver.recording.text))
    #expect(delivered == first.driver.recording.entries.count)
    #expect(second.form.title == first.form.title)
    #expect(second.form.isDone == first.form.isDone)
    #expect(second.form.count == first.form.count)
    #expect(second.driver.screenText == screen)
  }
}
