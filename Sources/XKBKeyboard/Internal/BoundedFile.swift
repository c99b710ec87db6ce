import Foundation

/// Reads files whole, refusing what could block or never end: keymaps and compose tables
/// here, and through TerminalHost's `RegularFile` every other file the framework reads.
///
/// The file is opened without blocking (opening a FIFO for reading would wait for a writer)
/// and checked with `fstat` before any byte is read: only regular files of at most
/// ``limit`` bytes are read, so `/dev/zero` or a named pipe give an error, not a hang.
package enum BoundedFile {
  /// Why a file was not read.
  package enum Failure: Error, Equatable {
    /// Nothing exists at the path.
    case notFound
    /// The path names a directory, device, FIFO or socket; the string says which.
    case notRegular(fileType: String)
    /// The file is larger than ``BoundedFile/limit``.
    case tooLarge(size: Int)
    /// `open` or `read` failed with this `errno`.
    case unreadable(errno: Int32)
  }

  /// The largest file read: real keymaps are under 200 KiB and compose tables under 1 MiB.
  package static let limit = 16 * 1024 * 1024

  /// The bytes of the regular file at `path`, at most `limit` of them.
  package static func read(_ path: String, limit: Int = BoundedFile.limit) throws(Failure) -> [UInt8] {
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
    guard fd >= 0 else { throw errno == ENOENT ? .notFound : .unreadable(errno: errno) }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw .unreadable(errno: errno) }
    if let type = fileType(info.st_mode) { throw .notRegular(fileType: type) }
    guard Int(info.st_size) <= limit else { throw .tooLarge(size: Int(info.st_size)) }
    var result: [UInt8] = []
    result.reserveCapacity(Int(info.st_size))
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .unreadable(errno: errno)
      }
      if count == 0 { return result }
      result.append(contentsOf: chunk[0..<count])
      // The file may grow after fstat; the limit still holds.
      if result.count > limit { throw .tooLarge(size: result.count) }
    }
  }

  /// What a path is when it is not a regular file, such as `directory` or `FIFO`; nil for a
  /// regular file. Follows symbolic links, as opening does.
  package static func nonRegularType(atPath path: String) -> String? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return fileType(info.st_mode)
  }

  /// The kind of file a mode describes, or nil for a regular file.
  private static func fileType(_ mode: mode_t) -> String? {
    switch mode & S_IFMT {
    case S_IFREG: return nil
    case S_IFDIR: return "directory"
    case S_IFIFO: return "FIFO"
    case S_IFCHR: return "character device"
    case S_IFBLK: return "block device"
    case S_IFSOCK: return "socket"
    default: return "special file"
    }
  }
}
