import Foundation
import Glibc

/// Reads and writes the checklists as JSON in one file.
///
/// Writing is atomic: the data goes to a temporary file in the same directory, which is
/// flushed to disk, renamed over the old file, and then the directory is flushed so the
/// rename itself survives a crash. A reader therefore sees the old file or the new one, never
/// half of one. A file that cannot be decoded is never overwritten: ``load()`` moves it aside
/// (`checklists.json.damaged-<timestamp>`) and says so.
struct ChecklistsStore: Sendable {
  /// What loading found.
  enum LoadResult: Equatable, Sendable {
    /// The file was read.
    case loaded([Checklist])
    /// There is no file yet (first launch).
    case missing
    /// The file could not be decoded; it was moved to `movedTo`. `reason` says what was wrong.
    case damaged(movedTo: URL, reason: String)
  }

  /// The data file.
  let url: URL

  init(url: URL) {
    self.url = url
  }

  /// The default file: `$XDG_DATA_HOME/ResponderKit-Checklists/checklists.json`, with
  /// `~/.local/share` when `XDG_DATA_HOME` is unset, empty or relative (as the XDG base
  /// directory specification says to ignore relative paths).
  static func defaultURL(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
    let base: URL
    if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
      base = URL(fileURLWithPath: xdg, isDirectory: true)
    } else {
      let home = environment["HOME"] ?? NSHomeDirectory()
      base = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".local/share")
    }
    return base.appendingPathComponent("ResponderKit-Checklists").appendingPathComponent("checklists.json")
  }

  // MARK: Loading

  /// Reads the file. A damaged file is moved aside first; a file that exists but cannot be
  /// read (permissions, I/O) is an error, so the caller does not save over it.
  func load(now: Date = Date()) throws(ChecklistsStoreError) -> LoadResult {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      if !FileManager.default.fileExists(atPath: url.path) { return .missing }
      throw ChecklistsStoreError(path: url.path, operation: "reading", reason: describe(error))
    }
    do {
      let file = try JSONDecoder().decode(ChecklistsFile.self, from: data)
      guard file.version <= ChecklistsFile.currentVersion else {
        throw ChecklistsStoreError(
          path: url.path, operation: "reading",
          reason:
            "format version \(file.version) is newer than this app understands (\(ChecklistsFile.currentVersion))"
        )
      }
      return .loaded(file.checklists)
    } catch let error as ChecklistsStoreError {
      throw error
    } catch {
      let aside = try moveAside(now: now)
      return .damaged(movedTo: aside, reason: describe(error))
    }
  }

  /// Renames the file to `<name>.damaged-<UTC timestamp>`, adding a counter if that exists.
  private func moveAside(now: Date) throws(ChecklistsStoreError) -> URL {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
    let stamp = formatter.string(from: now)
    var target = url.deletingLastPathComponent().appendingPathComponent(
      "\(url.lastPathComponent).damaged-\(stamp)")
    var counter = 1
    while FileManager.default.fileExists(atPath: target.path) {
      counter += 1
      target = url.deletingLastPathComponent().appendingPathComponent(
        "\(url.lastPathComponent).damaged-\(stamp)-\(counter)")
    }
    guard rename(url.path, target.path) == 0 else {
      throw ChecklistsStoreError(path: url.path, operation: "moving the damaged file aside", errno: errno)
    }
    return target
  }

  /// A decoding error as a person can read it: what was wrong and where in the JSON.
  private func describe(_ error: any Error) -> String {
    switch error {
    case DecodingError.dataCorrupted(let context):
      // Foundation's message here is only "The given data was not valid JSON."
      if let underlying = context.underlyingError { return "not valid JSON (\(underlying))" }
      return context.codingPath.isEmpty ? "not valid JSON" : "\(context.debugDescription) at \(path(context))"
    case DecodingError.keyNotFound(let key, let context):
      return "missing \"\(key.stringValue)\" at \(path(context))"
    case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
      return "\(context.debugDescription) at \(path(context))"
    default:
      return "\(error)"
    }
  }

  private func path(_ context: DecodingError.Context) -> String {
    let parts = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }
    return parts.isEmpty ? "the top level" : parts.joined()
  }

  // MARK: Saving

  /// Encodes the lists and writes them atomically (see the type's documentation).
  func save(_ checklists: [Checklist]) throws(ChecklistsStoreError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let data: Data
    do {
      data = try encoder.encode(ChecklistsFile(checklists: checklists))
    } catch {
      throw ChecklistsStoreError(path: url.path, operation: "encoding", reason: "\(error)")
    }
    try writeAtomically(data + Data("\n".utf8))
  }

  private func writeAtomically(_ data: Data) throws(ChecklistsStoreError) {
    let directory = url.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw ChecklistsStoreError(
        path: directory.path, operation: "creating the directory", reason: "\(error)")
    }
    let temporary = directory.appendingPathComponent(
      ".\(url.lastPathComponent).tmp-\(getpid())"
    ).path
    let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else {
      throw ChecklistsStoreError(path: temporary, operation: "creating the temporary file", errno: errno)
    }
    var failure: ChecklistsStoreError?
    data.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failure = ChecklistsStoreError(path: temporary, operation: "writing", errno: errno)
          return
        }
        offset += written
      }
    }
    if failure == nil, fsync(fd) != 0 {
      failure = ChecklistsStoreError(path: temporary, operation: "flushing", errno: errno)
    }
    if close(fd) != 0, failure == nil {
      failure = ChecklistsStoreError(path: temporary, operation: "closing", errno: errno)
    }
    if failure == nil, rename(temporary, url.path) != 0 {
      failure = ChecklistsStoreError(path: url.path, operation: "renaming the temporary file", errno: errno)
    }
    if let failure {
      unlink(temporary)
      throw failure
    }
    // Flush the directory so the rename is on disk too.
    let directoryFD = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard directoryFD >= 0 else {
      throw ChecklistsStoreError(path: directory.path, operation: "opening the directory", errno: errno)
    }
    defer { close(directoryFD) }
    guard fsync(directoryFD) == 0 else {
      throw ChecklistsStoreError(path: directory.path, operation: "flushing the directory", errno: errno)
    }
  }
}
