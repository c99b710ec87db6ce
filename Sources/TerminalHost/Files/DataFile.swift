import Foundation
import Glibc

/// An app's document file, read and written so that nothing is lost: the store behind the
/// Checklists and Notes samples, for any app that keeps its data in one file.
///
/// Writing is atomic: the data goes to a temporary file in the same directory, given the old
/// file's permissions, which is flushed to disk, renamed over the old file, and then the directory is flushed so the
/// rename itself survives a crash. A reader therefore sees the old file or the new one, never
/// half of one. A file the app cannot decode is never overwritten: ``moveAside(now:)`` keeps
/// it as `<name>.damaged-<timestamp>`. Temporary files left by a process killed mid-write are
/// removed by ``removeStaleTemporaryFiles()``.
///
///     let file = DataFile(url: DataFile.defaultURL(folder: "MyApp", fileName: "data.json"))
///     switch try file.read() {
///     case .missing, .empty: start fresh
///     case .data(let bytes): decode bytes; if that fails, `try file.moveAside()` and say so
///     }
public struct DataFile: Sendable {
  /// What reading found.
  public enum Contents: Equatable, Sendable {
    /// There is no file yet (first launch).
    case missing
    /// The file exists but holds nothing (or only white space): nothing to lose or decode.
    case empty
    /// The file's bytes.
    case data(Data)
  }

  /// The data file.
  public let url: URL
  /// The system calls writing goes through (a seam for tests).
  public let calls: DataFileCalls

  /// A data file at `url`, written through `calls`.
  public init(url: URL, calls: DataFileCalls = .system) {
    self.url = url
    self.calls = calls
  }

  /// The default place of an app's data file: `$XDG_DATA_HOME/<folder>/<fileName>`, with
  /// `~/.local/share` when `XDG_DATA_HOME` is unset, empty or relative (the XDG base
  /// directory specification says to ignore relative paths).
  public static func defaultURL(
    folder: String, fileName: String, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL {
    let base: URL
    if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
      base = URL(fileURLWithPath: xdg, isDirectory: true)
    } else {
      let home = environment["HOME"] ?? NSHomeDirectory()
      base = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".local/share")
    }
    return base.appendingPathComponent(folder).appendingPathComponent(fileName)
  }

  // MARK: Reading

  /// Reads the file after removing stale temporary copies. A file that exists but cannot be
  /// read (permissions, I/O) is an error, so the caller does not save over it.
  public func read() throws(FileError) -> Contents {
    removeStaleTemporaryFiles()
    let data: Data
    do {
      // Bounded and regular files only: a FIFO or /dev/zero is named as such, never read.
      data = try RegularFile.read(atPath: url.path)
    } catch {
      if error.code == .ENOENT { return .missing }
      throw error
    }
    if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return .empty }
    return .data(data)
  }

  /// Renames the file to `<name>.damaged-<UTC timestamp>`, adding a counter if that exists,
  /// and returns where it went.
  public func moveAside(now: Date = Date()) throws(FileError) -> URL {
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
      throw FileError(errno: errno, operation: .move, path: url.path)
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
  public func removeStaleTemporaryFiles() -> [String] {
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

  // MARK: Writing

  /// A file beside the data file that does not exist yet, for saving changes that must not
  /// overwrite it: `notes-recovered.json`, then `notes-recovered-2.json`, ….
  public func recoveryURL() -> URL {
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

  /// Writes `data` atomically (see the type's documentation) to the data file, or to
  /// `destination` (Save As), creating the folder if needed. Failures name the file the user
  /// knows, not the temporary copy.
  public func write(_ data: Data, to destination: URL? = nil) throws(FileError) {
    let url = destination ?? self.url
    let directory = url.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw FileError(error, operation: .create, path: directory.path)
    }
    let temporary = directory.appendingPathComponent("\(temporaryPrefix)\(getpid())").path
    let fd = calls.open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw FileError(errno: errno, operation: .save, path: url.path) }
    var failure: FileError?
    // The file replaced keeps its permissions (a private 0600 file stays private) and, when
    // root saves it, its owner; a new file gets 0644 less the umask.
    var existing = stat()
    if stat(url.path, &existing) == 0, existing.st_mode & S_IFMT == S_IFREG {
      if fchmod(fd, existing.st_mode & 0o7777) != 0 {
        failure = FileError(errno: errno, operation: .save, path: url.path)
      }
      if getuid() == 0, existing.st_uid != 0 || existing.st_gid != 0 {
        _ = fchown(fd, existing.st_uid, existing.st_gid)
      }
    }
    if failure == nil {
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
