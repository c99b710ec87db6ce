import Foundation
import TerminalHost

/// Reads and writes the notes as JSON through the library's ``DataFile`` (as Checklists
/// does): atomic writes, and a file that is not a list of notes moved aside, never
/// overwritten and never read as a silent empty list.
enum NotesFile {
  /// What loading found.
  enum LoadResult: Equatable {
    /// The file was read.
    case loaded([Note])
    /// There is no file yet (first launch).
    case missing
    /// The file exists but is empty.
    case empty
    /// The file was not a notes file; it was moved to `movedTo`. `reason` says what was wrong.
    case damaged(movedTo: URL, reason: String)
  }

  /// The default file: `$XDG_DATA_HOME/ResponderKit-Notes/notes.json`.
  static func defaultURL(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
    DataFile.defaultURL(folder: "ResponderKit-Notes", fileName: "notes.json", environment: environment)
  }

  /// The notes in `url`. A file that exists but cannot be read (permissions) is an error.
  static func load(from url: URL, now: Date = Date()) throws(FileError) -> LoadResult {
    let file = DataFile(url: url)
    let data: Data
    switch try file.read() {
    case .missing: return .missing
    case .empty: return .empty
    case .data(let bytes): data = bytes
    }
    do {
      return .loaded(try JSONDecoder().decode([Note].self, from: data))
    } catch {
      let reason = FileError(error, operation: .read, path: url.path).reason
      return .damaged(movedTo: try file.moveAside(now: now), reason: reason)
    }
  }

  /// Writes the notes atomically (a temporary file flushed and renamed over the old one).
  static func save(_ notes: [Note], to url: URL) throws(FileError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let data: Data
    do {
      data = try encoder.encode(notes)
    } catch {
      // Plain strings always encode; this is here for the typed throw.
      throw FileError(error, operation: .save, path: url.path)
    }
    try DataFile(url: url).write(data + Data("\n".utf8))
  }
}
