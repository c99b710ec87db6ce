import Foundation
import Glibc
import XKBKeyboard

/// Reads a file an app was pointed at — a recording, key bindings, a `--data` file — the way
/// the framework reads keymaps and compose tables: only a regular file, opened without
/// blocking, and at most a limit of bytes, so `/dev/zero`, a FIFO or a device is refused with
/// its real reason instead of hanging, filling memory or being called "permission denied".
///
///     let data = try RegularFile.read(atPath: url.path)  // throws FileError
public enum RegularFile {
  /// The most bytes read unless a caller asks for another limit: 16 MiB, the limit of keymaps
  /// and compose tables too.
  public static let defaultLimit = BoundedFile.limit

  /// The contents of the regular file at `path`.
  ///
  /// - Throws: ``FileError`` with operation `.read`: `ENOENT` when nothing is there, `EISDIR`
  ///   for a folder, `EFBIG` ("larger than the 16 MiB limit") past `limit`, `EINVAL` with the
  ///   kind of file ("it is a FIFO, not a regular file") for anything else that is not a
  ///   regular file, and the `errno` of a failed open or read.
  public static func read(atPath path: String, limit: Int = defaultLimit) throws(FileError) -> Data {
    do {
      return Data(try BoundedFile.read(path, limit: max(0, limit)))
    } catch {
      throw fileError(error, path: path, limit: limit)
    }
  }

  /// `failure` as a person reads it.
  package static func fileError(_ failure: BoundedFile.Failure, path: String, limit: Int) -> FileError {
    switch failure {
    case .notFound:
      return FileError(errno: ENOENT, operation: .read, path: path)
    case .notRegular("directory"):
      return FileError(errno: EISDIR, operation: .read, path: path)
    case .notRegular(let fileType):
      var error = FileError(errno: EINVAL, operation: .read, path: path)
      error.reason = "it is a \(fileType), not a regular file"
      return error
    case .tooLarge(let size):
      var error = FileError(errno: EFBIG, operation: .read, path: path)
      let limitText = limit % (1 << 20) == 0 ? "\(limit >> 20) MiB" : "\(limit)-byte"
      error.reason = "the file is larger than the \(limitText) limit (\(size) bytes)"
      return error
    case .unreadable(let number):
      return FileError(errno: number, operation: .read, path: path)
    }
  }
}
