import Foundation
import TerminalHost

/// Reads and writes the checklists as JSON in one file, through the library's ``DataFile``:
/// atomic writes, a damaged file moved aside (`checklists.json.damaged-<timestamp>`) and never
/// overwritten, stale temporary files removed at the next load.
struct ChecklistsStore: Sendable {
  /// What loading found.
  enum LoadResult: Equatable, Sendable {
    /// The file was read.
    case loaded([Checklist])
    /// There is no file yet (first launch).
    case missing
    /// The file exists but is empty: nothing to lose, so it is not moved aside.
    case empty
    /// The file could not be decoded; it was moved to `movedTo`. `reason` says what was wrong.
    case damaged(movedTo: URL, reason: String)
  }

  /// The file and how it is written.
  let file: DataFile
  /// The data file.
  var url: URL { file.url }

  init(url: URL, calls: DataFileCalls = .system) {
    file = DataFile(url: url, calls: calls)
  }

  /// The default file: `$XDG_DATA_HOME/ResponderKit-Checklists/checklists.json` (see
  /// ``DataFile/defaultURL(folder:fileName:environment:)``).
  static func defaultURL(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
    DataFile.defaultURL(
      folder: "ResponderKit-Checklists", fileName: "checklists.json", environment: environment)
  }

  /// Reads the file. A damaged file is moved aside first; a file that exists but cannot be
  /// read (permissions, I/O) is an error, so the caller does not save over it.
  func load(now: Date = Date()) throws(ChecklistsStoreError) -> LoadResult {
    let data: Data
    do {
      switch try file.read() {
      case .missing: return .missing
      case .empty: return .empty
      case .data(let bytes): data = bytes
      }
    } catch {
      throw .file(error)
    }
    do {
      let decoded = try JSONDecoder().decode(ChecklistsFile.self, from: data)
      guard decoded.version <= ChecklistsFile.currentVersion else {
        throw ChecklistsStoreError.newerVersion(path: url.path, version: decoded.version)
      }
      return .loaded(decoded.checklists)
    } catch let error as ChecklistsStoreError {
      throw error
    } catch {
      let reason = FileError(error, operation: .read, path: url.path).reason
      do {
        return .damaged(movedTo: try file.moveAside(now: now), reason: reason)
      } catch {
        throw .file(error)
      }
    }
  }

  /// Deletes temporary copies left by killed writers (see ``DataFile/removeStaleTemporaryFiles()``).
  @discardableResult
  func removeStaleTemporaryFiles() -> [String] { file.removeStaleTemporaryFiles() }

  /// Encodes the lists and writes them atomically to the data file, or to `destination`
  /// (Save As).
  func save(_ checklists: [Checklist], to destination: URL? = nil) throws(ChecklistsStoreError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let target = destination ?? url
    let data: Data
    do {
      data = try encoder.encode(ChecklistsFile(checklists: checklists))
    } catch {
      // Plain strings, booleans and UUIDs always encode; this is here for the typed throw.
      throw .file(FileError(error, operation: .save, path: target.path))
    }
    do {
      try file.write(data + Data("\n".utf8), to: destination)
    } catch {
      throw .file(error)
    }
  }

  /// A file beside the data file that does not exist yet: `checklists-recovered.json`, ….
  func recoveryURL() -> URL { file.recoveryURL() }
}
