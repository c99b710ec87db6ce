import ResponderKit

/// What the Add/Edit Item and Add/Edit Checklist screens share: one text to type, Cancel and
/// Done, Done enabled only while the text is not blank. Return in the field is Done, Escape
/// is Cancel. The form is bound to a ``TextDraft``; subclasses report the result to their
/// own delegate.
@MainActor
class TextDetailViewController: ViewController, TextFieldDelegate, StatusHintProviding {
  /// The text the screen opened with: empty when adding.
  let initialText: String
  /// What is being typed, bound to the form.
  let draft: TextDraft
  private let prompt: String
  private let placeholder: String

  init(title: String, prompt: String, placeholder: String, initialText: String) {
    self.initialText = initialText
    self.draft = TextDraft(text: initialText)
    self.prompt = prompt
    self.placeholder = placeholder
    super.init()
    self.title = title
  }

  var form: DetailFormView { view as! DetailFormView }
  var textField: TextField { form.textField }

  /// Whether Done is possible: the text is not blank.
  var canFinish: Bool { draft.canFinish }

  /// Whether leaving now would lose typing: the text differs from what the screen opened with.
  var hasUnsavedChanges: Bool { draft.text != initialText }

  override func loadView() {
    view = DetailFormView()
  }

  override func viewWillAppear() {
    super.viewWillAppear()
    showStatusHints()
  }

  override func viewDidLoad() {
    let form = self.form
    form.promptLabel.text = prompt
    form.textField.placeholder = placeholder
    form.textField.delegate = self
    // Every keystroke reaches the draft, so Done and its note follow the text.
    form.textField.bind(\.text, to: draft, \.text, updatesContinuously: true, undoActionName: "Typing")
    form.doneButton.bind(\.isEnabled, to: draft, \.canFinish)
    form.noteLabel.bind(\.text, to: draft, \.note)
    form.textField.addTarget(self, action: .done, for: .primaryActionTriggered)
    form.cancelButton.addTarget(self, action: .cancel, for: .primaryActionTriggered)
    form.doneButton.addTarget(self, action: .done, for: .primaryActionTriggered)
  }

  /// The field has the keyboard as soon as the screen shows.
  override func viewDidAppear() {
    super.viewDidAppear()
    textField.becomeFirstResponder()
  }

  /// Return is Done; with nothing typed it does nothing, and the field keeps the keyboard
  /// (it would otherwise end editing).
  func textFieldShouldReturn(_ textField: TextField) -> Bool {
    canFinish
  }

  // MARK: Actions

  override class var actionTable: ActionTable {
    .declared(by: self) {
      $0.add(.done) { $0.done() }
      $0.add(.cancel) { $0.cancel() }
    }
  }

  /// Done only while the text is not blank, so its menu items and keys are disabled too.
  override func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
    if action == .done { return canFinish }
    return super.canPerformAction(action, withSender: sender)
  }

  /// Escape cancels the screen even while the field is editing (a text field would
  /// otherwise take Escape to end editing).
  override var keyCommands: [KeyCommand] {
    [KeyCommand(title: "Cancel", input: KeyCommand.inputEscape, action: .cancel)]
  }

  /// Finishes with the typed text, if there is some.
  func done() {
    guard canFinish else { return }
    forgetTyping()
    finish(with: draft.trimmedText)
  }

  /// Leaves without changes.
  func cancel() {
    forgetTyping()
    didCancel()
  }

  /// The typing undo steps (the field's and the draft's) must not outlive the screen.
  private func forgetTyping() {
    textField.undoManager?.removeAllActions(withTarget: textField)
    textField.undoManager?.removeAllActions(withTarget: draft)
  }

  /// Reports the result; subclasses call their delegate.
  func finish(with text: String) {}

  /// Reports the cancel; subclasses call their delegate.
  func didCancel() {}

  // MARK: Status line

  var statusHints: [(key: String, action: String)] {
    [
      ("Return", "done"), ("Esc", "cancel"), ("Tab", "next field"), ("^Z", "undo typing"), ("F1", "keys"),
      ("^Q", "quit"),
    ]
  }
}
