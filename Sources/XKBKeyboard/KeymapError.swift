import Foundation

/// Why a keymap could not be built, with the lines xkbcommon logged while trying.
public struct KeymapError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What was wrong.
  public enum Reason: Hashable, Sendable {
    /// xkbcommon could not create a context (out of memory or a broken installation).
    case contextUnavailable
    /// No rules file of this name exists in the include paths.
    case unknownRules(String)
    /// The rules' list of models does not have this model (strict mode only).
    case unknownModel(String)
    /// No symbols file exists for this layout.
    case unknownLayout(String)
    /// The layout's symbols file has no section of this name.
    case unknownVariant(variant: String, layout: String)
    /// The rules do not know this option (strict mode only).
    case unknownOption(String)
    /// A layout past the fourth (strict mode only).
    case ignoredLayout(String)
    /// A variant without a layout (strict mode only).
    case ignoredVariant(String)
    /// A name contains NUL, which the C API would cut short.
    case nameContainsNUL(field: String, name: String)
    /// A name contains `/` or `..`, which would make it a path outside the include directories.
    case unsafeName(field: String, name: String)
    /// No file exists at this path.
    case fileNotFound(path: String)
    /// The file exists but could not be read; `errno` says why.
    case unreadableFile(path: String, errno: Int32)
    /// The path is a directory, device, FIFO or socket (`fileType` says which); only regular
    /// files are read, so a FIFO cannot block and `/dev/zero` cannot read forever.
    case notRegularFile(path: String, fileType: String)
    /// The file is larger than `limit` bytes (16 MiB).
    case fileTooLarge(path: String, size: Int, limit: Int)
    /// The keymap text is not usable: empty, not UTF-8, containing NUL, or failing to
    /// compile. The string says which.
    case invalidKeymapText(String)
    /// xkbcommon refused the names for a reason the checks above did not find.
    case compilationFailed(RuleNames)
  }

  /// What was wrong.
  public var reason: Reason
  /// The lines xkbcommon logged about the failure, level first (`error: ...`); warnings about
  /// other files (such as an unrecognized keysym in `inet`) are left out.
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
    case .unknownRules(let rules): message = "unknown rules \"\(rules)\""
    case .unknownModel(let model): message = "unknown model \"\(model)\""
    case .unknownLayout(let layout): message = "unknown layout \"\(layout)\""
    case .unknownVariant(let variant, let layout):
      message = "unknown variant \"\(variant)\" for layout \"\(layout)\""
    case .unknownOption(let option): message = "unknown option \"\(option)\""
    case .ignoredLayout(let layout): message = "layout \"\(layout)\" would be ignored (at most four layouts)"
    case .ignoredVariant(let variant): message = "variant \"\(variant)\" would be ignored (no layout for it)"
    case .nameContainsNUL(let field, let name):
      message = "the \(field) name \(name.debugDescription) contains NUL"
    case .unsafeName(let field, let name):
      message = "the \(field) name \"\(name)\" contains \"/\" or \"..\""
    case .fileNotFound(let path): message = "no keymap file at \"\(path)\""
    case .unreadableFile(let path, let code):
      message = "cannot read \"\(path)\": \(String(cString: strerror(code))) (errno \(code))"
    case .notRegularFile(let path, let type): message = "\"\(path)\" is a \(type), not a regular file"
    case .fileTooLarge(let path, let size, let limit):
      message = "\"\(path)\" is \(size) bytes, more than the \(limit) a keymap file may have"
    case .invalidKeymapText(let why): message = "invalid keymap text: \(why)"
    case .compilationFailed(let names): message = "xkbcommon could not compile \(names)"
    }
    return log.isEmpty ? message : message + "\n" + log.joined(separator: "\n")
  }
}
