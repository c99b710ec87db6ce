import Foundation
import ResponderKit

extension Action {
  /// Finish editing and report the note (Done, Control+S).
  static let saveNote = Action("saveNote")
  /// Leave the editor without changing the note (Cancel, Escape).
  static let cancelNoteEdit = Action("cancelNoteEdit")
  /// Return in the title: go on to the body.
  static let editBody = Action("editBody")
}

/// The child screen: edits one note (a title field and a multi-line body) and reports the
/// result to its ``delegate`` with the index path it was opened for. It never knows which
/// screen opened it.
///
/// Done (the button or Control+S) and going back with the bar's back label report the note;
/// Cancel (the button or Escape) reports a cancel and changes nothing — after asking, when
/// something was typed (Keep Editing, the default, or Discard).
@MainActor
final class NoteEditorViewController: ViewController {
  /// The row being edited, handed back in every report.
  let indexPath: IndexPath
  /// The note as it was when the editor opened.
  let original: Note
  /// Whether the note was just added (the opener may drop it on cancel).
  let isNew: Bool
  /// Told when editing ends; held weakly.
  weak var delegate: (any NoteEditorDelegate)?

  let titleField = TextField(placeholder: "Title")
  let bodyView = TextView(placeholder: "Write the note here. Return starts a new line.")
  let doneButton = Button(title: "Done")
  let cancelButton = Button(title: "Cancel")
  private let titleLabel = Label(text: "Title", style: TextStyle(attributes: .bold))
  /// The screen's title on the top line when presented modally (no navigation bar shows it).
  private let headerLabel = Label(style: TextStyle(attributes: .bold))
  private let hint = Label(
    text: "Tab next field · Control+S done · Esc cancel", style: TextStyle(attributes: .dim))
  private let ruleTop = Label(style: TextStyle(attributes: .dim))
  private let ruleBottom = Label(style: TextStyle(attributes: .dim))

  /// Set once the editor reported, so it reports exactly once.
  private(set) var isFinished = false

  init(note: Note, at indexPath: IndexPath, isNew: Bool = false) {
    self.indexPath = indexPath
    self.original = note
    self.isNew = isNew
    super.init()
    title = isNew ? "New Note" : "Edit Note"
  }

  /// The note as edited so far.
  var note: Note { Note(title: titleField.text, body: bodyView.text) }

  /// Whether leaving without saving would lose typing.
  var hasChanges: Bool { note != original }

  /// The alert asking about discarding, while it is shown.
  private(set) weak var discardAlert: Alert?

  override func loadView() {
    let root = View()
    for view in [
      headerLabel, titleLabel, titleField, ruleTop, bodyView, ruleBottom, doneButton, cancelButton, hint,
    ]
      as [View]
    {
      root.addSubview(view)
    }
    view = root
  }

  override func viewDidLayoutSubviews() {
    layout(in: view.bounds.size)
  }

  private func layout(in size: Size) {
    let width = size.width
    headerLabel.frame = Rect(x: 1, y: 0, width: max(0, width - 1), height: 1)
    titleLabel.frame = Rect(x: 1, y: 1, width: 6, height: 1)
    titleField.frame = Rect(x: 8, y: 1, width: max(1, width - 9), height: 1)
    let rule = String(repeating: "─", count: max(0, Int(width)))
    ruleTop.text = rule
    ruleBottom.text = rule
    ruleTop.frame = Rect(x: 0, y: 2, width: width, height: 1)
    let bodyHeight = max(1, size.height - 5)
    bodyView.frame = Rect(x: 1, y: 3, width: max(1, width - 2), height: bodyHeight)
    ruleBottom.frame = Rect(x: 0, y: 3 + bodyHeight, width: width, height: 1)
    let buttons = 4 + bodyHeight
    doneButton.frame = Rect(x: 1, y: buttons, width: doneButton.sizeThatFits(size).width, height: 1)
    cancelButton.frame = Rect(
      x: doneButton.frame.maxX + 1, y: buttons, width: cancelButton.sizeThatFits(size).width, height: 1)
    let hintX = cancelButton.frame.maxX + 3
    hint.frame = Rect(x: hintX, y: buttons, width: max(0, width - hintX), height: 1)
  }

  override func viewDidLoad() {
    titleField.text = original.title
    bodyView.text = original.body
    // Explicit targets for the buttons and the title's Return…
    doneButton.addTarget(self, action: .saveNote, for: .primaryActionTriggered)
    titleField.addTarget(self, action: .editBody, for: .editingDidEndOnExit)
    // …and a nil target for Cancel: the responder chain finds this controller.
    cancelButton.addTarget(nil, action: .cancelNoteEdit, for: .primaryActionTriggered)
    titleField.nextKeyView = bodyView
    bodyView.nextKeyView = doneButton
    doneButton.nextKeyView = cancelButton
    cancelButton.nextKeyView = titleField
  }

  override var keyCommands: [KeyCommand] {
    [
      KeyCommand(title: "Done", input: "s", modifierFlags: .control, action: .saveNote),
      KeyCommand(title: "Cancel", input: KeyCommand.inputEscape, modifierFlags: [], action: .cancelNoteEdit),
      KeyCommand(title: "Quit", input: "q", modifierFlags: .control, action: .terminate),
      // The fields' own actions, through Pasteboard.general; each key passes on when its
      // action cannot run (Control+C with nothing selected still says how to quit).
      KeyCommand(title: "Cut", input: "x", modifierFlags: .control, action: .cut),
      KeyCommand(title: "Copy", input: "c", modifierFlags: .control, action: .copy),
      KeyCommand(title: "Paste", input: "v", modifierFlags: .control, action: .paste),
      KeyCommand(title: "Select All", input: "a", modifierFlags: .alt, action: .selectAll),
    ]
  }

  override class var actionTable: ActionTable {
    .declared(by: self) {
      $0.add(.saveNote) { $0.save() }
      $0.add(.cancelNoteEdit) { $0.cancelAskingFirst() }
      $0.add(.editBody) { editor in editor.view.window?.makeFirstResponder(editor.bodyView) }
    }
  }

  /// Reports the note to the delegate, once.
  func save() {
    guard !isFinished else { return }
    isFinished = true
    delegate?.noteEditor(self, didChange: note, at: indexPath)
  }

  /// Cancel and Escape: with changes typed, asks before throwing them away.
  func cancelAskingFirst() {
    guard hasChanges, let application = view.window?.application else { return cancel() }
    let alert = Alert(
      title: "Discard your changes?",
      message: "“\(note.displayTitle)” has changes that are not saved.")
    alert.addButton(withTitle: "Keep Editing")
    alert.addButton(withTitle: "Discard")
    alert.cancelButtonIndex = 0
    discardAlert = alert
    alert.beginModal(for: application) { [weak self] response in
      if response == .alertButtonReturn(1) { self?.cancel() }
    }
  }

  /// Reports a cancel to the delegate, once.
  func cancel() {
    guard !isFinished else { return }
    isFinished = true
    delegate?.noteEditorDidCancel(self)
  }

  override func viewWillAppear() {
    super.viewWillAppear()
    headerLabel.text = presentingViewController == nil ? "" : title ?? ""
  }

  /// Going back with the bar (not Done or Cancel) keeps the edits, as Notes apps do.
  override func viewDidDisappear() {
    super.viewDidDisappear()
    if !isFinished { save() }
  }
}
