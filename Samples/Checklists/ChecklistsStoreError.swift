import Foundation
import Glibc

/// A failure reading or writing the data file: which file, what the app was doing, and why.
struct ChecklistsStoreError: Error, Equatable, CustomStringConvertible {
  var path: String
  var operation: String
  var reason: String

  init(path: String, operation: String, reason: String) {
    self.path = path
    self.operation = operation
    self.reason = reason
  }

  /// An error from a failed system call, with the C library's message for `errno`.
  init(path: String, operation: String, errno code: Int32) {
    self.init(path: path, operation: operation, reason: String(cString: strerror(code)))
  }

  var description: String { "\(path): \(operation) failed: \(reason)" }
}
