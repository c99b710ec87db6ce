import Foundation
import ResponderKit

extension Action {
  /// Add a note and open it.
  static let addNote = Action("addNote")
}

/// The parent screen: the list of notes. It opens a ``NoteEditorViewController`` for a row
/// and, as that editor's delegate, puts the edited note back into exactly that row.
///
/// As the application's delegate it keeps quitting from losing work: with an editor holding
/// changes, or after a save failed, it asks (Save, Discard, Cancel) and answers later.
@MainActor
final class NotesListViewController: ViewController, TableViewEditingDataSource, TableViewDelegate,
  NoteEditorDelegate, ApplicationDelegate
{
  private(set) var notes: [Note]
  /// Saves every changed list; nil keeps the notes in memory only.
  var saveNotes: (@MainActor ([Note]) throws -> Void)?
  /// Why the last save failed, shown under the list until a save succeeds.
  private(set) var saveError: (any Error)?
  /// A message about the data file found at launch (empty, damaged), shown under the list
  /// until the next change.
  var notice: String? {
    didSet { if isViewLoaded { updateChrome() } }
  }
  /// The alert on screen, for tests.
  private(set) weak var currentAlert: Alert?
  /// The application asking to quit (this screen may be off the window, under an editor).
  private weak var application: Application?

  let tableView = NotesTableView()
  private let emptyLabel = Label(
    text: "No notes yet. Control+N writes one.", style: TextStyle(attributes: .dim))
  /// The bottom line: the count and the keys, or a save problem in their place.
  private let statusBar = StatusBar()

  init(notes: [Note]) {
    self.notes = notes
    super.init()
    title = "Notes"
  }

  override func loadView() {
    let root = View()
    root.addSubview(tableView)
    root.addSubview(emptyLabel)
    root.addSubview(statusBar)
    view = root
  }

  override func viewDidLayoutSubviews() {
    let size = view.bounds.size
    tableView.frame = Rect(x: 0, y: 1, width: size.width, height: max(0, size.height - 3))
    emptyLabel.frame = Rect(x: 2, y: 2, width: max(0, size.width - 2), height: 1)
    statusBar.frame = Rect(x: 0, y: max(0, size.height - 1), width: size.width, height: 1)
  }

  override func viewDidLoad() {
    tableView.dataSource = self
    tableView.delegate = self
    if !notes.isEmpty { tableView.selectRow(at: IndexPath(row: 0)) }
    updateChrome()
  }

  private func updateChrome() {
    emptyLabel.isHidden = !notes.isEmpty
    statusBar.barStyle = TextStyle(attributes: .dim)
    if let problem = saveError.map({ "Not saved. \($0)" }) ?? notice {
      let message = StatusBarItem(title: problem)
      message.style = TextStyle(attributes: .bold)
      statusBar.items = [message]
      statusBar.barStyle = TextStyle()
      return
    }
    let count = notes.count == 1 ? "1 note" : "\(notes.count) notes"
    statusBar.items =
      [StatusBarItem(title: count)]
      + [
        ("Return", "opens"), ("^N", "new"), ("Del", "delete"), ("^Z", "undo"), ("F1", "keys"), ("^Q", "quit"),
      ]
      .map { StatusBarItem(key: $0.0, title: $0.1) }
  }

  /// Writes the notes; a failure is shown under the list and asked about on quitting.
  @discardableResult
  func save() -> Bool {
    guard let saveNotes else { return true }
    do {
      try saveNotes(notes)
      saveError = nil
    } catch {
      saveError = error
    }
    updateChrome()
    return saveError == nil
  }

  override var keyCommands: [KeyCommand] {
    [
      KeyCommand(title: "New Note", input: "n", modifierFlags: .control, action: .addNote),
      KeyCommand(title: "Undo", input: "z", modifierFlags: .control, action: .undo),
      KeyCommand(title: "Redo", input: "y", modifierFlags: .control, action: .redo),
      KeyCommand(title: "Quit", input: "q", modifierFlags: .control, action: .terminate),
    ]
  }

  override class var actionTable: ActionTable {
    .declared(by: self) {
      $0.add(.addNote) { $0.addNote() }
    }
  }

  // MARK: Opening the child

  /// Opens the editor for an existing note: pushed, with a way back to the list.
  func openNote(at indexPath: IndexPath) {
    let editor = NoteEditorViewController(note: notes[indexPath.row], at: indexPath)
    editor.delegate = self
    navigationController?.pushViewController(editor, animated: true)
  }

  /// Writes a new note in an editor presented modally, as UIKit apps present "new item"
  /// screens: nothing is added to the list until the editor reports Done, so a cancel leaves
  /// the list and its selection as they were.
  func addNote() {
    let editor = NoteEditorViewController(note: Note(title: "", body: ""), at: IndexPath(row: 0), isNew: true)
    editor.delegate = self
    present(editor, animated: true)
  }

  // MARK: NoteEditorDelegate

  /// The child's report: a new note is inserted at its index path and selected; an edited
  /// one goes back into its row, and only that row is reloaded.
  func noteEditor(_ editor: NoteEditorViewController, didChange note: Note, at indexPath: IndexPath) {
    if editor.isNew {
      notes.insert(note, at: indexPath.row)
      tableView.insertRows(at: [indexPath])
      tableView.selectRow(at: indexPath, scrollPosition: .nearest)
      updateChrome()
      save()
    } else if notes[indexPath.row] != note {
      notes[indexPath.row] = note
      tableView.reloadRows(at: [indexPath])
      save()
    }
    close(editor)
  }

  /// The user cancelled: nothing changed.
  func noteEditorDidCancel(_ editor: NoteEditorViewController) {
    close(editor)
  }

  private func close(_ editor: NoteEditorViewController) {
    if editor.presentingViewController != nil {
      dismiss(animated: true)
    } else if navigationController?.topViewController === editor {
      // After a back tap the editor is already gone; pop only if it is still showing.
      navigationController?.popViewController(animated: true)
    }
  }

  /// Deletes a note at once, undoably (Control+Z puts it back, selected).
  private func removeNote(at row: Int) {
    let note = notes.remove(at: row)
    tableView.deleteRows(at: [IndexPath(row: row)])
    undoManager?.registerUndo(withTarget: self) { list in list.insertNote(note, at: row) }
    undoManager?.setActionName("Delete Note")
    notice = nil
    updateChrome()
    save()
  }

  /// Puts a deleted note back where it was and selects it, so the next key acts on it.
  private func insertNote(_ note: Note, at row: Int) {
    let row = min(row, notes.count)
    notes.insert(note, at: row)
    tableView.insertRows(at: [IndexPath(row: row)])
    tableView.selectRow(at: IndexPath(row: row), scrollPosition: .nearest)
    undoManager?.registerUndo(withTarget: self) { list in list.removeNote(at: row) }
    undoManager?.setActionName("Delete Note")
    notice = nil
    updateChrome()
    save()
  }

  // MARK: TableViewDataSource

  /// Rows can be deleted (``TableViewEditingDataSource``); with no `canEditRowAt`, every row
  /// is editable (UIKit's rule).

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { notes.count }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let row = indexPath.row
    let cell = tableView.dequeueReusableCell(withIdentifier: NoteCell.identifier) as? NoteCell ?? NoteCell()
    cell.text = notes[row].displayTitle
    cell.firstLine = notes[row].firstLine
    return cell
  }

  func tableView(
    _ tableView: TableView, commit editingStyle: TableView.EditingStyle, forRowAt indexPath: IndexPath
  ) {
    guard editingStyle == .delete else { return }
    removeNote(at: indexPath.row)
  }

  // MARK: TableViewDelegate

  func tableView(_ tableView: TableView, performPrimaryActionForRowAt indexPath: IndexPath) {
    openNote(at: indexPath)
  }

  // MARK: ApplicationDelegate

  /// Quits at once unless an open editor holds changes or the last save failed. Notes kept
  /// only in memory (no data file) have nothing to save, so quitting does not ask.
  func applicationShouldTerminate(_ application: Application) -> Application.TerminateReply {
    self.application = application
    guard saveNotes != nil else { return .now }
    if let editor = openEditor, editor.hasChanges {
      askAboutEditor(editor)
      return .later
    }
    guard saveError != nil else { return .now }
    askAboutFailedSave()
    return .later
  }

  /// The editor on screen: the presented New Note editor, else a pushed one.
  private var openEditor: NoteEditorViewController? {
    presentedViewController as? NoteEditorViewController
      ?? navigationController?.topViewController as? NoteEditorViewController
  }

  private func ask(_ title: String, _ message: String, handler: @escaping @MainActor (String) -> Void) {
    guard let application else { return }
    let titles = ["Save", "Discard", "Cancel"]
    let alert = Alert(title: title, message: message)
    alert.maximumTextWidth = 60
    for title in titles { alert.addButton(withTitle: title) }
    currentAlert = alert
    alert.beginModal(for: application) { response in
      let index = response.rawValue - ModalResponse.alertFirstButtonReturn.rawValue
      handler(titles.indices.contains(index) ? titles[index] : "Cancel")
    }
  }

  private func askAboutEditor(_ editor: NoteEditorViewController) {
    ask(
      "Save your changes before quitting?",
      "“\(editor.note.displayTitle)” has changes that are not saved yet."
    ) { [weak self, weak editor] choice in
      guard let self else { return }
      switch choice {
      case "Save":
        editor?.save()
        self.replyAfterSaving()
      case "Discard":
        self.replyAfterSaving()
      default:
        self.application?.reply(toApplicationShouldTerminate: false)
      }
    }
  }

  /// Goes on quitting once the editor is settled: asks about a failed save if there is one.
  private func replyAfterSaving() {
    if saveError != nil {
      askAboutFailedSave()
    } else {
      application?.reply(toApplicationShouldTerminate: true)
    }
  }

  /// After a failed save: Save tries again (and asks again if it fails), Discard quits.
  private func askAboutFailedSave() {
    ask("Your notes are not saved", "\(saveError.map { "\($0)" } ?? ""). Save tries again.") {
      [weak self] choice in
      guard let self, let application = self.application else { return }
      switch choice {
      case "Save":
        if self.save() {
          application.reply(toApplicationShouldTerminate: true)
        } else {
          self.askAboutFailedSave()
        }
      case "Discard":
        application.reply(toApplicationShouldTerminate: true)
      default:
        application.reply(toApplicationShouldTerminate: false)
      }
    }
  }
}
