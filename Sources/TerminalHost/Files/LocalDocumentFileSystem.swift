import Foundation
import Glibc
import ResponderKit

/// The file system documents are read from and saved to: the local disk, through
/// ``DataFile``'s atomic write, so a saved document is always the old text or the new one,
/// complete, whatever happens to the process or the machine.
///
/// It lives here, not in ResponderKit, because ResponderKit does no I/O (see
/// `DocumentFileSystem`); give it to the app's `DocumentController`:
///
///     app.documentController = DocumentController(
///       documentType: TextDocument.self, fileSystem: LocalDocumentFileSystem())
///
/// A save writes a temporary file in the document's folder, gives it the permissions (and,
/// for root, the owner) of the file it replaces, flushes it to disk, renames it over the
/// file and flushes the folder. A symbolic link is followed: the file it points to is
/// replaced, the link stays. Failures are ``FileError``s ("Cannot save to /x/a.txt: the
/// folder is read-only"); the file is then untouched and no temporary copy is left.
public struct LocalDocumentFileSystem: DocumentFileSystem {
  /// The system calls writing goes through (a seam to provoke a full disk in tests).
  public let calls: DataFileCalls

  /// The local disk, written through `calls`.
  public init(calls: DataFileCalls = .system) {
    self.calls = calls
  }

  /// The largest document read: 1 GiB, far above any text a person edits, so a device or a
  /// runaway file is refused with a sentence instead of filling memory.
  static let readLimit = 1 << 30

  /// The regular file's bytes (a folder, a FIFO or a device is refused, naming what it is).
  public func contents(of url: URL) throws -> Data {
    try RegularFile.read(atPath: url.path, limit: Self.readLimit)
  }

  /// Replaces the file (the one a link points to) atomically, keeping its permissions.
  public func write(_ data: Data, to url: URL) throws {
    let target = url.resolvingSymlinksInPath()
    if let error = FileError.folderInPlaceOfFile(at: target.path, operation: .save) { throw error }
    try DataFile(url: target, calls: calls).write(data)
  }

  /// The file's inode, size and modification time (to the nanosecond): any write by another
  /// program, and any replacement of the file, changes it.
  public func version(of url: URL) -> String? {
    var info = stat()
    guard stat(url.path, &info) == 0 else { return nil }
    return "\(info.st_dev):\(info.st_ino):\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
  }

  /// Deletes the file; a missing one is no error.
  public func removeItem(at url: URL) throws {
    guard unlink(url.path) == 0 || errno == ENOENT else {
      throw FileError(errno: errno, operation: .save, path: url.path)
    }
  }

  /// Deletes the temporary copies that writers killed mid-save left beside `url`.
  public func removeStaleTemporaryFiles(besides url: URL) {
    DataFile(url: url.resolvingSymlinksInPath()).removeStaleTemporaryFiles()
  }
}
