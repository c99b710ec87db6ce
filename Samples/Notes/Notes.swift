import EventReplay
import Foundation
import ResponderKit
import TerminalHost

/// Notes: the parent/child editing pattern. A list of notes; Return or a click opens one in
/// a child screen, and the child reports the edit back through a delegate call carrying the
/// row's index path, so the parent reloads exactly that row.
///
///     Notes [--data FILE]
///
/// The notes are saved after every change to a JSON file: `--data FILE`, by default
/// `$XDG_DATA_HOME/ResponderKit-Notes/notes.json` (three example notes on first launch).
@main
@MainActor
enum Notes {
  static let usage = """
    usage: Notes [--data FILE] \(HostOptions.usageLine)
    A list of notes edited in a child screen. The notes are saved as JSON after every change
    to FILE, by default $XDG_DATA_HOME/ResponderKit-Notes/notes.json (~/.local/share when
    XDG_DATA_HOME is unset). Control+N writes a note, Control+Z undoes, F1 lists the keys,
    Control+Q quits.
    """

  /// Notes' own option: the data file, if given.
  static func parseOptions(_ arguments: [String]) throws(CommandLineError) -> URL? {
    var rest = arguments[...]
    var dataFile: URL?
    while let argument = rest.popFirst() {
      guard argument == "--data" else { throw CommandLineError(argument: argument, reason: "unknown option") }
      guard let path = rest.popFirst(), !path.isEmpty, !path.hasPrefix("--") else {
        throw CommandLineError(argument: argument, reason: "needs a file path")
      }
      dataFile = URL(fileURLWithPath: path)
    }
    return dataFile
  }

  static func main() {
    var configuration = TerminalHost.Configuration()
    // Smaller than this the host says so instead of drawing a clipped screen.
    configuration.minimumSize = Size(width: 30, height: 6)
    // Control+Z is Undo here, not suspend.
    configuration.suspendsOnControlZ = false
    TerminalHost.run(usage: usage, options: parseOptions, configuration: configuration) { dataPath in
      let dataFile = dataPath ?? NotesFile.defaultURL()
      if let folder = FileError.folderInPlaceOfFile(at: dataFile.path, operation: .read) { throw folder }
      var notes = examples
      var notice: String?
      switch try NotesFile.load(from: dataFile) {
      case .loaded(let loaded): notes = loaded
      case .missing: break
      case .empty:
        notes = []
        notice = "\(dataFile.lastPathComponent) was empty: starting with no notes."
      case .damaged(let aside, let reason):
        notes = []
        notice = "\(dataFile.lastPathComponent) was damaged (\(reason)); kept as \(aside.path)."
      }
      let (app, list) = makeApplication(notes: notes) { notes in try NotesFile.save(notes, to: dataFile) }
      list.notice = notice
      return (app, list)
    }
  }

  /// Builds the app: a window whose navigation controller starts at the notes list, which
  /// saves every change with `save` and decides about quitting.
  static func makeApplication(
    notes: [Note], save: (@MainActor ([Note]) throws -> Void)? = nil
  ) -> (Application, NotesListViewController) {
    Action.register(.addNote, .saveNote, .cancelNoteEdit, .editBody)
    let app = Application()
    let window = Window()
    let list = NotesListViewController(notes: notes)
    list.saveNotes = save
    app.delegate = list
    window.rootViewController = NavigationController(rootViewController: list)
    app.addWindow(window)
    window.makeKeyAndOrderFront()
    window.makeFirstResponder(list.tableView)
    return (app, list)
  }

  /// The notes of a first launch (no data file yet).
  static let examples = [
    Note(title: "Groceries", body: "milk, eggs, bread\ncoffee beans"),
    Note(title: "Ideas", body: "A terminal app with a responder chain\nthat feels like Cocoa"),
    Note(title: "Meeting", body: "Thursday 10:00 with the design team"),
  ]
}
