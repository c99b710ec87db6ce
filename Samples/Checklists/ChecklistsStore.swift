import Foundation
import Glibc
import TerminalHost

/// Reads and writes the checklists as JSON in one file.
///
/// Writing is atomic: the data goes to a temporary file in the same directory, which is
/// flushed to disk, renamed over the old file, and then the directory is flushed so the
/// rename itself survives a crash. A reader therefore sees the old file or the new one, never
/// half of one. A file that cannot be decoded is never overwritten: ``load()`` moves it aside
/// (`checklists.json.damaged-<timestamp>`) and says so. Temporary files left by a process
/// killed mid-write are removed at the next load.
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
  /// The system calls writing goes through (a seam for tests).
  let calls: ChecklistsFileCalls

  init(url: URL, calls: ChecklistsFileCalls = .system) {
    self.url = url
    self.calls = calls
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
    removeStaleTemporaryFiles()
    let data: Data
    do {
      data = try RegularFile.read(atPath: url.path)
    } catch {
      if error.code == .ENOENT { return .missing }
      throw .file(error)
    }
    do {
      let file = try JSONDecoder().decode(ChecklistsFile.self, from: data)
      guard file.version <= ChecklistsFile.currentVersion else {
        throw ChecklistsStoreError.newerVersion(path: url.path, version: file.version)
      }
      return .loaded(file.checklists)
    } catch let error as ChecklistsStoreError {
      throw error
    } catch {
      let aside = try moveAside(now: now)
      return .damaged(movedTo: aside, reason: FileError(error, operation: .read, path: url.path).reason)
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
    guard calls.rename(url.path, target.path) == 0 else {
      throw .file(FileError(errno: errno, operation: .move, path: url.path))
    }
    return target
  }

  // MARK: Temporary files

  /// The prefix of this file's temporary copies; the writer's process id follows it.
  private var temporaryPrefix: String { ".\(url.lastPathComponent).tmp-" }

  /// Deletes the temporary copies that processes killed mid-write left beside the file. Only
  /// those whose process is gone: another running copy of the app may be writing its own.
  /// Returns the names removed.
  ///
  /// It runs at every start, in a directory that may be large (`--data` in a busy folder), so
  /// names are compared as bytes as `readdir` gives them: a `String` for each of 14,000
  /// entries cost 11 ms of start-up.
  @discardableResult
  func removeStaleTemporaryFiles() -> [String] {
    let directory = url.deletingLastPathComponent()
    guard let stream = opendir(directory.path) else { return [] }
    defer { closedir(stream) }
    let prefix = Array(temporaryPrefix.utf8)
    var removed: [String] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: &entry.pointee.d_name) { bytes -> String? in
        guard prefix.count < bytes.count, bytes.starts(with: prefix) else { return nil }
        return String(cString: bytes.bindMemory(to: CChar.self).baseAddress!)
      }
      guard let name, let pid = pid_t(name.dropFirst(prefix.count)), pid > 0, pid != getpid(),
        kill(pid, 0) != 0, errno == ESRCH
      else { continue }
      if unlink(directory.appendingPathComponent(name).path) == 0 { removed.append(name) }
    }
    return removed
  }

  // MARK: Saving

  /// Encodes the lists and writes them atomically (see the type's documentation) to the data
  /// file, or to `destination` (Save As).
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
      try writeAtomically(data + Data("\n".utf8), to: target)
    } catch {
      throw .file(error)
    }
  }

  /// A file beside the data file that does not exist yet, for saving changes that must not
  /// overwrite it: `checklists-recovered.json`, then `checklists-recovered-2.json`, ….
  func recoveryURL() -> URL {
    let directory = url.deletingLastPathComponent()
    let base = url.deletingPathExtension().lastPathComponent
    let ext = url.pathExtension.isEmpty ? "" : ".\(url.pathExtension)"
    var candidate = directory.appendingPathComponent("\(base)-recovered\(ext)")
    var counter = 1
    while FileManager.default.fileExists(atPath: candidate.path) {
      counter += 1
      candidate = directory.appendingPathComponent("\(base)-recovered-\(counter)\(ext)")
    }
    return candidate
  }

  private func writeAtomically(_ data: Data, to url: URL) throws(FileError) {
    let directory = url.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw FileError(error, operation: .create, path: directory.path)
    }
    let temporary = directory.appendingPathComponent("\(temporaryPrefix)\(getpid())").path
    let fd = calls.open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    // The temporary file's failures name the data file: that is the file the user knows.
    guard fd >= 0 else { throw FileError(errno: errno, operation: .save, path: url.path) }
    var failure: FileError?
    data.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = calls.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failure = FileError(errno: errno, operation: .save, path: url.path)
          return
        }
        offset += written
      }
    }
    if failure == nil, calls.fsync(fd) != 0 {
      failure = FileError(errno: errno, operation: .save, path: url.path)
    }
    if close(fd) != 0, failure == nil {
      failure = FileError(errno: errno, operation: .save, path: url.path)
    }
    if failure == nil, calls.rename(temporary, url.path) != 0 {
      failure = FileError(errno: errno, operation: .save, path: url.path)
    }
    if let failure {
      unlink(temporary)
      throw failure
    }
    // Flush the directory so the rename is on disk too.
    let directoryFD = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard directoryFD >= 0 else { throw FileError(errno: errno, operation: .save, path: url.path) }
    defer { close(directoryFD) }
    guard fsync(directoryFD) == 0 else { throw FileError(errno: errno, operation: .save, path: url.path) }
  }
}
