import Foundation
import Glibc

/// A failed file operation as a person reads it: "Cannot save to /x/list.json: the folder is
/// read-only", never a Foundation `Error Domain=… UserInfo={…}` dump.
///
/// Make one from whatever a file call threw — a `CocoaError` from `Data(contentsOf:)` or
/// `write(to:)`, a `POSIXError`, an `NSError` in the POSIX domain — or from `errno` after a
/// C call fails. The POSIX code is kept so an app can decide what to offer (another place
/// when the disk is full, a retry after a permission change):
///
///     do {
///       try data.write(to: url, options: .atomic)
///     } catch {
///       statusLine.text = FileError(error, operation: .save, path: url.path).description
///     }
public struct FileError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What the app was doing to the file.
  public enum Operation: Equatable, Sendable {
    /// Reading or opening for reading.
    case read
    /// Writing the file, including its temporary copy and the final rename.
    case save
    /// Creating a file or a folder.
    case create
    /// Moving or renaming.
    case move
  }

  /// What the app was doing.
  public var operation: Operation
  /// The file or folder concerned.
  public var path: String
  /// The POSIX error code behind the failure, when one is known.
  public var code: POSIXErrorCode?
  /// Why, in words, without the path: "the folder is read-only".
  public var reason: String

  /// Describes `error`, a failure of `operation` on `path`.
  public init(_ error: any Error, operation: Operation, path: String) {
    if let fileError = error as? FileError {
      self = fileError
      return
    }
    self.operation = operation
    self.path = path
    code = Self.posixCode(of: error)
    reason = code.map { Self.reason(for: $0, operation: operation) } ?? Self.reason(forOther: error)
  }

  /// Describes a C call's failure from its `errno` value.
  public init(errno number: Int32, operation: Operation, path: String) {
    self.operation = operation
    self.path = path
    code = POSIXErrorCode(rawValue: number)
    reason =
      code.map { Self.reason(for: $0, operation: operation) } ?? String(cString: strerror(number))
  }

  /// The error for `path` if it names a folder where a file is expected, else nil: the check
  /// an app makes up front, so a `--data` option naming a folder is refused before it starts.
  public static func folderInPlaceOfFile(at path: String, operation: Operation) -> FileError? {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue
    else { return nil }
    return FileError(errno: EISDIR, operation: operation, path: path)
  }

  /// "Cannot save to PATH: REASON".
  public var description: String {
    let verb: String
    switch operation {
    case .read: verb = "Cannot read"
    case .save: verb = "Cannot save to"
    case .create: verb = "Cannot create"
    case .move: verb = "Cannot move"
    }
    return "\(verb) \(path): \(reason)"
  }

  /// The POSIX code inside `error`: its own, or that of its underlying error (Foundation
  /// wraps the `errno` of the failing call in `NSUnderlyingErrorKey`), or the one matching a
  /// `CocoaError` code.
  static func posixCode(of error: any Error) -> POSIXErrorCode? {
    if let posix = error as? POSIXError { return posix.code }
    let nsError = error as NSError
    if nsError.domain == NSPOSIXErrorDomain { return POSIXErrorCode(rawValue: Int32(nsError.code)) }
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? any Error,
      let code = posixCode(of: underlying)
    {
      return code
    }
    guard nsError.domain == NSCocoaErrorDomain else { return nil }
    switch CocoaError.Code(rawValue: nsError.code) {
    case .fileNoSuchFile, .fileReadNoSuchFile: return .ENOENT
    case .fileReadNoPermission, .fileWriteNoPermission: return .EACCES
    case .fileWriteOutOfSpace: return .ENOSPC
    case .fileWriteVolumeReadOnly: return .EROFS
    case .fileWriteFileExists: return .EEXIST
    case .fileReadInvalidFileName, .fileWriteInvalidFileName: return .ENAMETOOLONG
    case .fileReadTooLarge: return .EFBIG
    case .fileLocking: return .EBUSY
    default: return nil
    }
  }

  /// Why, for the codes file operations meet; other codes use the C library's message.
  static func reason(for code: POSIXErrorCode, operation: Operation) -> String {
    switch code {
    case .EACCES: return "permission was denied"
    case .EPERM: return "the operation is not permitted (the file may be locked or immutable)"
    case .EROFS: return operation == .read ? "the disk is read-only" : "the folder is read-only"
    case .ENOSPC: return "the disk is full"
    case .EDQUOT: return "the disk quota is used up"
    case .ENOENT:
      return operation == .read ? "there is no such file" : "the folder does not exist"
    case .EISDIR: return "it is a folder, not a file"
    case .ENOTDIR: return "part of the path is a file, not a folder"
    case .EEXIST: return "something with that name already exists"
    case .ENAMETOOLONG: return "the name is too long"
    case .ELOOP: return "the path has too many symbolic links"
    case .EIO: return "the disk reported an input/output error"
    case .EFBIG: return "the file is too large"
    case .EBUSY, .ETXTBSY: return "the file is in use"
    case .EMFILE, .ENFILE: return "too many files are open"
    case .EXDEV: return "it is on another disk"
    default:
      let message = String(cString: strerror(code.rawValue))
      return message.prefix(1).lowercased() + message.dropFirst()
    }
  }

  /// Errors with no POSIX code: for a file that does not decode, what was wrong and where
  /// ("missing \"checked\" at .checklists[0].items[0]"); otherwise Foundation's own sentence,
  /// which is readable for these (an undecodable text file, say), rather than the domain and
  /// user-info dump.
  static func reason(forOther error: any Error) -> String {
    if let decoding = error as? DecodingError { return reason(for: decoding) }
    let nsError = error as NSError
    if let reason = nsError.userInfo[NSLocalizedFailureReasonErrorKey] as? String { return reason }
    if let description = nsError.userInfo[NSLocalizedDescriptionKey] as? String { return description }
    if nsError.domain == NSCocoaErrorDomain { return "the file could not be used (error \(nsError.code))" }
    return String(describing: error)
  }

  /// A decoding error in words, with the path of the value in the file.
  static func reason(for error: DecodingError) -> String {
    func path(_ context: DecodingError.Context) -> String {
      let parts = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }
      return parts.isEmpty ? "the top level" : parts.joined()
    }
    switch error {
    case .dataCorrupted(let context):
      // Foundation's message here is only "The given data was not valid JSON."
      return context.codingPath.isEmpty ? "not valid JSON" : "\(context.debugDescription) at \(path(context))"
    case .keyNotFound(let key, let context):
      return "missing \"\(key.stringValue)\" at \(path(context))"
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      return "\(context.debugDescription) at \(path(context))"
    @unknown default:
      return String(describing: error)
    }
  }
}
