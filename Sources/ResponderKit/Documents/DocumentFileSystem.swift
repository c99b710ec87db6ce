import Foundation

/// The file operations a ``Document`` is read and saved with, given to its
/// ``DocumentController``.
///
/// ResponderKit does no I/O itself (so a replayed session is deterministic and its tests touch
/// no disk): the terminal host's `LocalDocumentFileSystem` is the real one — atomic saves
/// through a temporary file in the same folder, `fsync`, `rename`, the file's permissions
/// kept — and tests may give an in-memory one. Every method may be called from a background
/// queue (autosaves write off the main thread), so implementations are `Sendable`. Errors
/// thrown should read as a sentence (`FileError` does).
public protocol DocumentFileSystem: Sendable {
  /// The file's bytes; throws when it is missing, unreadable or not a regular file.
  func contents(of url: URL) throws -> Data
  /// Replaces the file with `data` atomically: a reader sees the old file or the new one,
  /// never a mix, and the file's permissions stay.
  func write(_ data: Data, to url: URL) throws
  /// A token that changes whenever another program replaces or modifies the file (say its
  /// inode, size and modification time); nil when there is no file.
  func version(of url: URL) -> String?
  /// Deletes the file; a missing one is no error.
  func removeItem(at url: URL) throws
  /// Removes what writers killed mid-write left beside `url` (their temporary copies); the
  /// document controller calls it when it opens a document, for the file and its autosaved
  /// copy.
  func removeStaleTemporaryFiles(besides url: URL)
}

extension DocumentFileSystem {
  /// Removes what writers killed mid-write left beside `url` (their temporary copies); the
  /// document controller calls it when it opens a document. By default nothing is left.
  public func removeStaleTemporaryFiles(besides url: URL) {}
}
