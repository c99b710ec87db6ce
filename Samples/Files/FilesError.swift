import Foundation

/// Why a file operation failed, naming the file and the step.
struct FilesError: Error, LocalizedError, Equatable {
  enum Operation: String, Sendable {
    case read = "read"
    case trash = "move to the trash"
    case restore = "put back"
    case rename = "rename"
    case createFolder = "create"
  }

  var operation: Operation
  var path: String
  var reason: String

  var errorDescription: String? { "Could not \(operation.rawValue) \((path as NSString).lastPathComponent)" }
  var recoverySuggestion: String? { reason }

  /// The system's reason, without Foundation's long preamble where it has a POSIX one.
  static func reason(of error: any Error) -> String {
    let error = error as NSError
    if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain
    {
      return String(cString: strerror(Int32(underlying.code)))
    }
    if error.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(error.code))) }
    guard error.domain == NSCocoaErrorDomain else { return error.localizedDescription }
    switch CocoaError.Code(rawValue: error.code) {
    case .fileNoSuchFile, .fileReadNoSuchFile: return "No such file or folder"
    case .fileReadNoPermission, .fileWriteNoPermission: return "Permission denied"
    case .fileWriteFileExists: return "Something else has that name"
    case .fileWriteOutOfSpace: return "The disk is full"
    default: break
    }
    return error.localizedDescription
  }
}
