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
/// Without `--data` the notes live in memory (three examples); with it they are read from
/// and saved to a JSON file.
@main
@MainActor
enum Notes {
  static let usage = """
    usage: Notes [--data FILE] \(HostOptions.usageLine)
    A list of notes edited in a child screen. With --data the notes are read from and saved
    to FILE (JSON); without it they live in memory. Control+N writes a note, Control+Q quits.
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
    let (host, dataFile) = HostOptions.parse(usage: usage, appOptions: parseOptions)
    var notes = examples
    if let dataFile {
      if let folder = FileError.folderInPlaceOfFile(at: dataFile.path, operation: .read) {
        fail("\(folder)", status: 1)
      }
      do {
        notes = try NotesFile.load(from: dataFile)
      } catch {
        fail("\(error)", status: 1)
      }
    }
    var save: (@MainActor ([Note]) throws -> Void)?
    if let dataFile {
      save = { notes in try NotesFile.save(notes, to: dataFile) }
    }
    let (app, list) = makeApplication(notes: notes, save: save)
    var configuration = TerminalHost.Configuration()
    let session: RecordingSession
    do {
      session = try RecordingSession(options: host, application: app, configuration: &configuration)
    } catch {
      fail("\(error)", status: 1)
    }
    withExtendedLifetime((list, session)) {
      TerminalHost.run(app, configuration: configuration)
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

  /// The notes shown when no data file is given.
  static let examples = [
    Note(title: "Groceries", body: "milk, eggs, bread\ncoffee beans"),
    Note(title: "Ideas", body: "A terminal app with a responder chain\nthat feels like Cocoa"),
    Note(title: "Meeting", body: "Thursday 10:00 with the design team"),
  ]

  static func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("Notes: \(message)\n".utf8))
    exit(status)
  }
}
