import Foundation
import ResponderKit

extension Action {
  /// Add a note and open it.
  static let addNote = Action("addNote")
}

/// The parent screen: the list of notes. It opens a ``NoteEditorViewController`` for a row
/// and, as that editor's delegate, puts the edited note back into exactly that row.
@MainActor
final class NotesListViewController: ViewController, TableViewDataSource, TableViewDelegate,
  NoteEditorDelegate
{
  private(set) var notes: [Note]
  /// Called with every changed list, to save it.
  var didChangeNotes: (@MainActor ([Note]) -> Void)?

  let tableView = NotesTableView()
  private let emptyLabel = Label(
    text: "No notes yet. Control+N writes one.", style: TextStyle(attributes: .dim))
  private let hint = Label(style: TextStyle(attributes: .dim))

  init(notes: [Note]) {
    self.notes = notes
    super.init()
    title = "Notes"
  }

  override func loadView() {
    let root = View()
    root.addSubview(tableView)
    root.addSubview(emptyLabel)
    root.addSubview(hint)
    view = root
  }

  override func viewDidLayoutSubviews() {
    let size = view.bounds.size
    tableView.frame = Rect(x: 0, y: 1, width: size.width, height: max(0, size.height - 3))
    emptyLabel.frame = Rect(x: 2, y: 2, width: max(0, size.width - 2), height: 1)
    hint.frame = Rect(x: 1, y: max(0, size.height - 1), width: max(0, size.width - 1), height: 1)
  }

  override func viewDidLoad() {
    tableView.dataSource = self
    tableView.delegate = self
    if !notes.isEmpty { tableView.selectRow(at: IndexPath(row: 0)) }
    updateChrome()
  }

  private func updateChrome() {
    emptyLabel.isHidden = !notes.isEmpty
    let count = notes.count == 1 ? "1 note" : "\(notes.count) notes"
    hint.text = "\(count) · Return or click opens · ^N new · Delete removes · ^Q quits"
  }

  override var keyCommands: [KeyCommand] {
    [
      KeyCommand(title: "New Note", input: "n", modifierFlags: .control, action: .addNote),
      KeyCommand(title: "Quit", input: "q", modifierFlags: .control, action: .terminate),
    ]
  }

  override class var actionTable: ActionTable { listActions }
  private static let listActions = ActionTable(
    NotesListViewController.self, inheriting: ViewController.actionTable
  ) {
    $0.add(.addNote) { $0.addNote() }
  }

  // MARK: Opening the child

  /// Opens the editor for a row.
  func openNote(at indexPath: IndexPath, isNew: Bool = false) {
    let editor = NoteEditorViewController(note: notes[indexPath.row], at: indexPath, isNew: isNew)
    editor.delegate = self
    navigationController?.pushViewController(editor, animated: true)
  }

  /// Adds an empty note at the top and opens it.
  func addNote() {
    notes.insert(Note(title: "", body: ""), at: 0)
    tableView.insertRows(at: [IndexPath(row: 0)])
    tableView.selectRow(at: IndexPath(row: 0), scrollPosition: .nearest)
    updateChrome()
    openNote(at: IndexPath(row: 0), isNew: true)
  }

  // MARK: NoteEditorDelegate

  /// The child's report: the note goes back into its row, and only that row is reloaded.
  func noteEditor(_ editor: NoteEditorViewController, didChange note: Note, at indexPath: IndexPath) {
    if notes[indexPath.row] != note {
      notes[indexPath.row] = note
      tableView.reloadRows(at: [indexPath])
      didChangeNotes?(notes)
    }
    close(editor)
  }

  /// A cancelled new note is dropped; an existing one stays as it was.
  func noteEditorDidCancel(_ editor: NoteEditorViewController) {
    if editor.isNew {
      removeNote(at: editor.indexPath.row)
    }
    close(editor)
  }

  private func close(_ editor: NoteEditorViewController) {
    // After a back tap the editor is already gone; pop only if it is still showing.
    if navigationController?.topViewController === editor {
      navigationController?.popViewController(animated: true)
    }
  }

  private func removeNote(at row: Int) {
    notes.remove(at: row)
    tableView.deleteRows(at: [IndexPath(row: row)])
    updateChrome()
    didChangeNotes?(notes)
  }

  // MARK: TableViewDataSource

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { notes.count }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let row = indexPath.row
    let cell = tableView.dequeueReusableCell(withIdentifier: NoteCell.identifier) as? NoteCell ?? NoteCell()
    cell.text = notes[row].displayTitle
    cell.firstLine = notes[row].firstLine
    return cell
  }

  func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool { true }

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
}
