import Glibc

/// The system calls ``DataFile`` writes with, as values, so a test can make one fail with the
/// `errno` a full disk (ENOSPC), a read-only file system (EROFS) or a permission (EACCES)
/// gives — failures that tests running as root cannot otherwise provoke.
public struct DataFileCalls: Sendable {
  /// A call the data file makes.
  public enum Call: Sendable, Hashable {
    /// `open(2)` of the temporary copy.
    case open
    /// `write(2)` of the contents.
    case write
    /// `fsync(2)` of the temporary copy.
    case fsync
    /// `rename(2)` over the data file, or aside when it is damaged.
    case rename
  }

  /// Opens a file: `open(2)`.
  public var open: @Sendable (_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 = {
    Glibc.open($0, $1, $2)
  }
  /// Writes bytes: `write(2)`.
  public var write: @Sendable (_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int = {
    Glibc.write($0, $1, $2)
  }
  /// Flushes a file to disk: `fsync(2)`.
  public var fsync: @Sendable (_ fd: Int32) -> Int32 = { Glibc.fsync($0) }
  /// Renames a file: `rename(2)`.
  public var rename: @Sendable (_ from: String, _ to: String) -> Int32 = { Glibc.rename($0, $1) }

  /// The real calls.
  public init() {}

  /// The real calls.
  public static let system = DataFileCalls()

  /// The real calls, except that `call` fails with `code` (as the kernel would: -1 and errno).
  public static func failing(_ call: Call, with code: Int32) -> DataFileCalls {
    var calls = DataFileCalls()
    switch call {
    case .open:
      calls.open = { _, _, _ in
        errno = code; return -1
      }
    case .write:
      calls.write = { _, _, _ in
        errno = code; return -1
      }
    case .fsync:
      calls.fsync = { _ in
        errno = code; return -1
      }
    case .rename:
      calls.rename = { _, _ in
        errno = code; return -1
      }
    }
    return calls
  }
}
