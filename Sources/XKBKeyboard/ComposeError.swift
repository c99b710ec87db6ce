import Foundation

/// Why a compose table could not be loaded, with the lines xkbcommon logged while trying.
public struct ComposeError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What was wrong.
  public enum Reason: Hashable, Sendable {
    /// xkbcommon could not create a context.
    case contextUnavailable
    /// The locale name is empty or contains NUL.
    case invalidLocale(String)
    /// No compose table was found for the locale (libx11-data provides the system tables).
    case noTableForLocale(String)
    /// No file exists at this path.
    case fileNotFound(path: String)
    /// The file exists but could not be read; `errno` says why.
    case unreadableFile(path: String, errno: Int32)
    /// The path is a directory, device, FIFO or socket (`fileType` says which).
    case notRegularFile(path: String, fileType: String)
    /// The file is larger than `limit` bytes (16 MiB).
    case fileTooLarge(path: String, size: Int, limit: Int)
    /// The compose text could not be used; the string says why.
    case invalidComposeText(String)
  }

  /// What was wrong.
  public var reason: Reason
  /// The lines xkbcommon logged about the failure, level first; lines about other files are
  /// left out.
  public var log: [String]

  /// Creates an error.
  public init(_ reason: Reason, log: [String] = []) {
    self.reason = reason
    self.log = log
  }

  /// One sentence naming the bad part, then xkbcommon's log lines.
  public var description: String {
    let message: String
    switch reason {
    case .contextUnavailable: message = "xkbcommon could not create a context"
    case .invalidLocale(let locale): message = "invalid locale name \"\(locale)\""
    case .noTableForLocale(let locale): message = "no compose table for locale \"\(locale)\""
    case .fileNotFound(let path): message = "no compose file at \"\(path)\""
    case .unreadableFile(let path, let code):
      message = "cannot read \"\(path)\": \(String(cString: strerror(code))) (errno \(code))"
    case .notRegularFile(let path, let type): message = "\"\(path)\" is a \(type), not a regular file"
    case .fileTooLarge(let path, let size, let limit):
      message = "\"\(path)\" is \(size) bytes, more than the \(limit) a compose file may have"
    case .invalidComposeText(let why): message = "invalid compose text: \(why)"
    }
    return log.isEmpty ? message : message + "\n" + log.joined(separator: "\n")
  }
}
