import Foundation
import Observation
import Testing

@testable import ResponderKit

/// The model the bindings under test are bound to.
@Observable @MainActor
final class Form {
  var title = "Groceries"
  var notes = "milk"
  var isDone = false
  var volume = 0.0
  var count = 1.0
  var mode = 0
  var isLocked = false
  var isEditable = true
  var items = ["apple", "bread", "cheese"]
}

/// A label that counts how often its text is set, to count view updates.
final class CountingLabel: Label {
  var updates = 0
  override var text: String {
    didSet { updates += 1 }
  }
}

/// The validation error the tests' validators throw.
struct TitleError: LocalizedError, Equatable {
  var errorDescription: String? { "A title cannot be empty." }
}

/// Cocoa-bindings-like bindings of views to `@Observable` models: both directions, once per
/// frame, validated, undoable, and never keeping either side alive.
@MainActor
struct BindingTests {
  // MARK: Both directions

  @Test func aTextFieldShowsTheModelAndCommitsWhenEditingEnds() {
    let h = ControlHarness()
    let form = Form()
    let field = h.add(TextField(frame: Rect(x: 0, y: 0, width: 20, height: 1)))
    field.bind(\.text, to: form, \.title)
    #expect(field.text == "Groceries")
    form.title = "Hardware"
    #expect(field.text == "Groceries")  // not before the next frame
    _ = h.app.renderScreen()
    #expect(field.text == "Hardware")
    h.window.makeFirstResponder(field)
    h.type("!")
    #expect(form.title == "Hardware")  // AppKit's default: the value commits at end of editing
    h.key(.returnKey)
    #expect(form.title == "Hardware!")
  }

  @Test func aTextViewCommitsWhenItStopsBeingFirstResponder() {
    let h = ControlHarness()
    let form = Form()
    let textView = h.add(TextView(frame: Rect(x: 0, y: 2, width: 20, height: 3)))
    textView.bind(\.text, to: form, \.notes)
    #expect(textView.text == "milk")
    form.notes = "eggs"
    _ = h.app.renderScreen()
    #expect(textView.text == "eggs")
    h.window.makeFirstResponder(textView)
    h.type("!")
    #expect(form.notes == "eggs")
    h.window.makeFirstResponder(nil)
    #expect(form.notes == "eggs!")
  }

  @Test func continuousTextBindingsSetTheModelAsTheUserTypes() {
    let h = ControlHarness()
    let form = Form()
    let field = h.add(TextField(frame: Rect(x: 0, y: 0, width: 20, height: 1)))
    let textView = h.add(TextView(frame: Rect(x: 0, y: 2, width: 20, height: 3)))
    field.bind(\.text, to: form, \.title, updatesContinuously: true, undoActionName: "Typing")
    textView.bind(\.text, to: form, \.notes, updatesContinuously: true)
    h.window.makeFirstResponder(field)
    h.type("!")
    #expect(form.title == "Groceries!" && field.isEditing)
    h.window.makeFirstResponder(textView)
    h.type("?")
    #expect(form.notes == "milk?" && textView.isEditing)
    h.window.makeFirstResponder(field)
    // Each keystroke is one model change to undo, and the field follows it.
    #expect(h.app.sendAction(.undo, to: nil, from: nil))
    #expect(form.notes == "milk")
    #expect(h.app.sendAction(.undo, to: nil, from: nil))
    _ = h.app.renderScreen()
    #expect(form.title == "Groceries" && field.text == "Groceries")
  }

  @Test func valueControlsFollowTheModelAndSetItOnValueChanged() {
    let h = ControlHarness()
    let form = Form()
    let toggle = h.add(Switch(frame: Rect(x: 0, y: 0, width: 10, height: 1), title: "Done"))
    let slider = h.add(
      Slider(frame: Rect(x: 0, y: 1, width: 11, height: 1), value: 0, minimumValue: 0, maximumValue: 10))
    let stepper = h.add(Stepper(value: 0, minimumValue: 0, maximumValue: 5, stepValue: 1))
    stepper.frame.origin.y = 2
    let segments = h.add(
      SegmentedControl(frame: Rect(x: 0, y: 3, width: 20, height: 1), items: ["A", "B", "C"]))
    toggle.bind(\.isOn, to: form, \.isDone)
    slider.bind(\.value, to: form, \.volume)
    stepper.bind(\.value, to: form, \.count)
    segments.bind(\.selectedSegmentIndex, to: form, \.mode)
    #expect(!toggle.isOn && slider.value == 0 && stepper.value == 1 && segments.selectedSegmentIndex == 0)

    form.isDone = true
    form.volume = 5
    form.count = 3
    form.mode = 2
    _ = h.app.renderScreen()
    #expect(toggle.isOn && slider.value == 5 && stepper.value == 3 && segments.selectedSegmentIndex == 2)

    h.window.makeFirstResponder(toggle)
    h.key(.returnKey)
    #expect(!form.isDone)
    h.window.makeFirstResponder(slider)
    h.key(.right)
    #expect(form.volume > 5)
    h.window.makeFirstResponder(stepper)
    h.key(.up)
    #expect(form.count == 4)
    h.window.makeFirstResponder(segments)
    h.key(.left)
    #expect(form.mode == 1)
  }

  @Test func labelHiddenAndEnabledStatesFollowTheModelOneWay() {
    let h = ControlHarness()
    let form = Form()
    let label = h.add(Label(frame: Rect(x: 0, y: 0, width: 20, height: 1)))
    let field = h.add(TextField(frame: Rect(x: 0, y: 1, width: 20, height: 1)))
    label.bind(\.text, to: form, \.title)
    label.bind(\.isHidden, to: form, \.isLocked)
    field.bind(\.isEnabled, to: form, \.isEditable)
    #expect(h.rows(1) == ["Groceries"])
    form.title = "Tools"
    form.isEditable = false
    _ = h.app.renderScreen()
    #expect(label.text == "Tools" && !field.isEnabled)
    form.isLocked = true
    #expect(h.rows(1) == [""])
    #expect(label.isHidden)
  }

  // MARK: Coalescing

  @Test func aHundredModelChangesMakeOneViewUpdateAndOneFrame() {
    let h = ControlHarness()
    let form = Form()
    let label = h.add(CountingLabel(frame: Rect(x: 0, y: 0, width: 20, height: 1)))
    label.bind(\.text, to: form, \.title)
    _ = h.app.renderScreen()
    label.updates = 0
    var frameRequests = 0
    h.app.needsDisplayHandler = { frameRequests += 1 }
    for index in 1...100 { form.title = "Title \(index)" }
    #expect(frameRequests == 1)
    #expect(label.updates == 0)
    _ = h.app.renderScreen()
    #expect(label.updates == 1)
    #expect(label.text == "Title 100")
    #expect(!h.app.needsDisplay)
    // Observation was registered again: the next change is seen too.
    form.title = "Again"
    _ = h.app.renderScreen()
    #expect(label.text == "Again" && label.updates == 2 && frameRequests == 2)
  }

  // MARK: Undo

  @Test func undoAndRedoOfAnEditGoThroughTheModelAndTheViewFollows() {
    let h = ControlHarness()
    let form = Form()
    let field = h.add(TextField(frame: Rect(x: 0, y: 0, width: 20, height: 1)))
    field.bind(\.text, to: form, \.title, undoActionName: "Rename")
    h.window.makeFirstResponder(field)
    h.type("!")
    h.key(.returnKey)
    #expect(form.title == "Groceries!")
    #expect(h.window.undoManager?.undoMenuItemTitle == "Undo Rename")
    #expect(h.app.sendAction(.undo, to: nil, from: nil))
    #expect(form.title == "Groceries")
    _ = h.app.renderScreen()
    #expect(field.text == "Groceries")
    #expect(h.window.undoManager?.redoMenuItemTitle == "Redo Rename")
    #expect(h.app.sendAction(.redo, to: nil, from: nil))
    #expect(form.title == "Groceries!")
    _ = h.app.renderScreen()
    #expect(field.text == "Groceries!")
  }

  @Test func committedTypingLeavesOnlyTheModelChangeToUndo() {
    let h = ControlHarness()
    let form = Form()
    let field = h.add(TextField(frame: Rect(x: 0, y: 0, width: 20, height: 1)))
    field.bind(\.text, to: form, \.title, undoActionName: "Rename")
    h.window.makeFirstResponder(field)
    h.type("ab")
    h.key(.returnKey)
    #expect(h.app.sendAction(.undo, to: nil, from: nil))
    _ = h.app.renderScreen()
    #expect(form.title == "Groceries" && field.text == "Groceries")
    #expect(h.window.undoManager?.canUndo == false)
  }

  @Test func aRejectedEntryKeepsItsTypingUndoable() {
    let h = ControlHarness()
    let form = Form()
    let field = h.add(TextField(frame: Rect(x: 0, y: 0, width: 20, height: 1)))
    field.bind(\.text, to: form, \.title, validator: { _ in throw TitleError() }, errorHandler: { _ in })
    h.window.makeFirstResponder(field)
    h.type("a")
    h.key(.returnKey)
    #expect(field.text == "Groceriesa" && form.title == "Groceries")
    #expect(h.app.sendAction(.undo, to: nil, from: nil))
    #expect(field.text == "Groceries")
  }

  // MARK: Validation

  @Test func aRejectedValueLeavesTheModelAndKeepsTheUsersText() {
    let h = ControlHarness()
    let form = Form()
    let field = h.add(TextField(frame: Rect(x: 0, y: 0, width: 20, height: 1)))
    var errors: [TitleError] = []
    field.bind(
      \.text, to: form, \.title,
      validator: { title in
        guard !title.isEmpty else { throw TitleError() }
        return title
      },
      errorHandler: { errors.append($0 as! TitleError) })
    field.text = ""
    field.sendActions(for: .editingDidEnd)
    #expect(form.title == "Groceries")
    #expect(errors == [TitleError()])
    _ = h.app.renderScreen()
    #expect(field.text == "")
    #expect(h.window.undoManager?.canUndo == false)
  }

  @Test func anAcceptedValueMayBeCorrectedByTheValidator() {
    let h = ControlHarness()
    let form = Form()
    let field = h.add(TextField(frame: Rect(x: 0, y: 0, width: 20, height: 1)))
    field.bind(\.text, to: form, \.title) { $0.trimmingCharacters(in: .whitespaces) }
    field.text = "  Tools  "
    field.sendActions(for: .editingDidEnd)
    #expect(form.title == "Tools")
    _ = h.app.renderScreen()
    #expect(field.text == "Tools")
    // A correction that equals the model's value still puts the corrected text back.
    field.text = " Tools"
    field.sendActions(for: .editingDidEnd)
    _ = h.app.renderScreen()
    #expect(field.text == "Tools")
  }

  @Test func withoutAnErrorHandlerARejectedValueShowsAnAlert() {
    let h = ControlHarness()
    let form = Form()
    let field = h.add(TextField(frame: Rect(x: 0, y: 0, width: 30, height: 1)))
    field.bind(\.text, to: form, \.title) { _ in throw TitleError() }
    field.text = "x"
    field.sendActions(for: .editingDidEnd)
    let alert = h.app.windows.compactMap { $0 as? Alert }.first
    #expect(alert?.title == "A title cannot be empty.")
    #expect(h.app.keyWindow === alert)
    #expect(form.title == "Groceries")
  }

  // MARK: Lifetime

  @Test func aViewOutOfItsWindowStopsFollowingAndCatchesUpWhenBack() {
    let h = ControlHarness()
    let form = Form()
    let label = h.add(CountingLabel(frame: Rect(x: 0, y: 0, width: 20, height: 1)))
    let binding = label.bind(\.text, to: form, \.title)
    label.removeFromSuperview()
    #expect(binding.isSuspended)
    label.updates = 0
    form.title = "Away"
    _ = h.app.renderScreen()
    #expect(label.updates == 0)
    h.root.addSubview(label)
    #expect(!binding.isSuspended)
    #expect(label.text == "Away")
    form.title = "Back"
    _ = h.app.renderScreen()
    #expect(label.text == "Back")
  }

  @Test func invalidatingStopsBothDirections() {
    let h = ControlHarness()
    let form = Form()
    let toggle = h.add(Switch(frame: Rect(x: 0, y: 0, width: 10, height: 1)))
    let binding = toggle.bind(\.isOn, to: form, \.isDone)
    #expect(toggle.bindings.count == 1)
    binding.invalidate()
    #expect(!binding.isValid && toggle.bindings.isEmpty)
    toggle.toggle()
    #expect(toggle.isOn && !form.isDone)
    form.isDone = true
    form.isDone = false
    _ = h.app.renderScreen()
    #expect(toggle.isOn)
  }

  @Test func bindingTheSamePropertyAgainReplacesTheBinding() {
    let form = Form()
    let other = Form()
    other.title = "Other"
    let label = Label()
    let first = label.bind(\.text, to: form, \.title)
    label.bind(\.text, to: other, \.title)
    #expect(!first.isValid && label.bindings.count == 1 && label.text == "Other")
    label.unbind(\.text)
    #expect(label.bindings.isEmpty)
  }

  @Test func aBindingKeepsNeitherTheModelNorTheViewAlive() {
    weak var weakForm: Form?
    weak var weakField: TextField?
    weak var weakBinding: ValueBinding?
    let h = ControlHarness()
    do {
      let form = Form()
      let field = TextField(frame: Rect(x: 0, y: 0, width: 20, height: 1))
      h.add(field)
      weakBinding = field.bind(\.text, to: form, \.title, undoActionName: "Rename")
      h.window.makeFirstResponder(field)
      h.type("!")
      h.key(.returnKey)  // registers an undo holding the model (weakly)
      weakForm = form
      weakField = field
      field.removeFromSuperview()
    }
    #expect(weakForm == nil)
    #expect(weakField == nil)
    #expect(weakBinding == nil)
  }

  @Test func aBindingWhoseModelIsGoneInvalidatesItself() {
    let h = ControlHarness()
    let label = h.add(Label(frame: Rect(x: 0, y: 0, width: 20, height: 1)))
    var form: Form? = Form()
    let binding = label.bind(\.text, to: form!, \.title)
    form?.title = "Last"
    form = nil
    _ = h.app.renderScreen()
    #expect(!binding.isValid && label.bindings.isEmpty)
    #expect(label.text == "Groceries")
  }

  // MARK: Table rows

  @Test func tableRowsFollowInsertionsDeletionsAndMovesWithTheSelection() {
    let h = ControlHarness()
    let form = Form()
    let source = BoundFruitSource(form)
    let table = h.add(TableView(frame: Rect(x: 0, y: 0, width: 20, height: 8)))
    table.dataSource = source
    table.bindRows(to: form, \.items)
    #expect(table.numberOfRows(inSection: 0) == 3)
    table.selectRow(at: IndexPath(row: 1, section: 0))  // bread

    form.items.insert("apricot", at: 1)
    form.items.append("dates")
    _ = h.app.renderScreen()
    #expect(table.numberOfRows(inSection: 0) == 5)
    #expect(table.indexPathForSelectedRow == IndexPath(row: 2, section: 0))  // bread moved down
    #expect(h.rows(5).map { $0.trimmingCharacters(in: .whitespaces) }.contains("apricot"))

    form.items.removeFirst()
    _ = h.app.renderScreen()
    #expect(table.indexPathForSelectedRow == IndexPath(row: 1, section: 0))

    form.items.append(form.items.remove(at: 1))  // bread to the end
    _ = h.app.renderScreen()
    #expect(form.items == ["apricot", "cheese", "dates", "bread"])
    #expect(table.indexPathForSelectedRow == IndexPath(row: 3, section: 0))

    form.items.remove(at: 3)
    _ = h.app.renderScreen()
    #expect(table.indexPathForSelectedRow == nil)
    #expect(table.numberOfRows(inSection: 0) == 3)
  }
}

/// A data source reading the bound model, as an app's would.
@MainActor
final class BoundFruitSource: TableViewDataSource {
  let form: Form
  init(_ form: Form) { self.form = form }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { form.items.count }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "row") ?? TableViewCell(reuseIdentifier: "row")
    cell.text = form.items[indexPath.row]
    return cell
  }
}
