import CXKBCommon

/// Collects the lines xkbcommon logs through one context, so errors can carry them and nothing
/// reaches stderr behind the caller's back.
final class XKBLog {
  /// The lines logged since the last ``drain()``.
  private(set) var lines: [String] = []

  /// Appends one formatted line, prefixed with its level as xkbcommon's default logger does.
  func append(level: Int32, line: String) {
    let name: String
    switch level {
    case Int32(XKB_LOG_LEVEL_CRITICAL.rawValue): name = "critical"
    case Int32(XKB_LOG_LEVEL_ERROR.rawValue): name = "error"
    case Int32(XKB_LOG_LEVEL_WARNING.rawValue): name = "warning"
    case Int32(XKB_LOG_LEVEL_INFO.rawValue): name = "info"
    default: name = "debug"
    }
    lines.append("\(name): \(line)")
  }

  /// Returns the collected lines and starts afresh.
  func drain() -> [String] {
    defer { lines.removeAll() }
    return lines
  }
}
