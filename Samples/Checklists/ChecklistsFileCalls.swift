import Glibc

/// The system calls the store writes with, as values, so a test can make one fail with the
/// `errno` a full disk (ENOSPC), a read-only file system (EROFS) or a permission (EACCES)
/// gives — failures that tests running as root cannot otherwise provoke.
struct ChecklistsFileCalls: Sendable {
  /// A call the store makes.
  enum Call: Sendable, Hashable {
    case open, write, fsync, rename
  }

  var open: @Sendable (_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 = { Glibc.open($0, $1, $2) }
  var write: @Sendable (_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int = {
    Glibc.write($0, $1, $2)
  }
  var fsync: @Sendable (_ fd: Int32) -> Int32 = { Glibc.fsync($0) }
  var rename: @Sendable (_ from: String, _ to: String) -> Int32 = { Glibc.rename($0, $1) }

  /// The real calls.
  static let system = ChecklistsFileCalls()

  /// The real calls, except that `call` fails with `code` (as the kernel would: -1 and errno).
  static func failing(_ call: Call, with code: Int32) -> ChecklistsFileCalls {
    var calls = ChecklistsFileCalls()
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
