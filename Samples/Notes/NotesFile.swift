import Foundation
import TerminalHost

/// Reads and writes the notes as JSON. A file that is not a list of notes is an error that
/// names the file, never a silent empty list.
enum NotesFile {
  /// What went wrong with a data file.
  enum Failure: Error, CustomStringConvertible {
    case unreadable(FileError)
    case damaged(URL, String)

    var description: String {
      switch self {
      case .unreadable(let error): return error.description
      case .damaged(let url, let reason): return "Cannot read \(url.path): it is not a notes file (\(reason))"
      }
    }
  }

  /// The notes in `url`; a missing file is an empty list.
  static func load(from url: URL) throws(Failure) -> [Note] {
    guard FileManager.default.fileExists(atPath: url.path) else { return [] }
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw .unreadable(FileError(error, operation: .read, path: url.path))
    }
    do {
      return try JSONDecoder().decode([Note].self, from: data)
    } catch {
      throw .damaged(url, FileError(error, operation: .read, path: url.path).reason)
    }
  }

  /// Writes the notes atomically (a temporary file renamed over the old one).
  static func save(_ notes: [Note], to url: URL) throws(FileError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    do {
      try encoder.encode(notes).write(to: url, options: .atomic)
    } catch {
      throw FileError(error, operation: .save, path: url.path)
    }
  }
}
