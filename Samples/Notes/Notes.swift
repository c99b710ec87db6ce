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
  static let usage = "usage: Notes [--data FILE]"

  static func main() {
    var arguments = Array(CommandLine.arguments.dropFirst())
    var dataFile: URL?
    while !arguments.isEmpty {
      let argument = arguments.removeFirst()
      switch argument {
      case "--data":
        guard !arguments.isEmpty else { fail("--data needs a file path\n\(usage)", status: 2) }
        dataFile = URL(fileURLWithPath: arguments.removeFirst())
      case "-h", "--help":
        print(usage)
        exit(0)
      default:
        fail("unknown argument \"\(argument)\"\n\(usage)", status: 2)
      }
    }
    var notes = examples
    if let dataFile {
      do {
        notes = try NotesFile.load(from: dataFile)
      } catch {
        fail("\(error)", status: 1)
      }
    }
    let (app, list) = makeApplication(notes: notes)
    if let dataFile {
      list.didChangeNotes = { notes in
        do {
          try NotesFile.save(notes, to: dataFile)
        } catch {
          FileHandle.standardError.write(Data("Notes: \(error)\n".utf8))
        }
      }
    }
    TerminalHost.run(app)
  }

  /// Builds the app: a window whose navigation controller starts at the notes list.
  static func makeApplication(notes: [Note]) -> (Application, NotesListViewController) {
    let app = Application()
    let window = Window()
    let list = NotesListViewController(notes: notes)
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
