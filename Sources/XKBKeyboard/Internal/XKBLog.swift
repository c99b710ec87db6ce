import CXKBCommon
import CXKBCommonShims

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

  /// Moves the lines the C shim collected for `context` here (CXKBCommonShims_takeLog: each a
  /// level byte, the text, a NUL), and says how many it did not keep.
  func take(from context: OpaquePointer) {
    var length = 0
    var dropped = 0
    let bytes = CXKBCommonShims_takeLog(context, &length, &dropped)
    defer {
      if dropped > 0 {
        lines.append(
          "warning: xkbcommon logged \(dropped) more lines, not kept (at most 1000 of each level are)")
      }
    }
    guard let bytes, length > 0 else { return }
    let buffer = UnsafeRawBufferPointer(start: bytes, count: length)
    var start = 0
    while start < length {
      let end = buffer[start...].firstIndex(of: 0) ?? length
      let level = Int32(buffer[start]) - 0x30
      append(level: level * 10, line: String(decoding: buffer[(start + 1)..<end], as: UTF8.self))
      start = end + 1
    }
  }

  /// Returns the collected lines and starts afresh.
  func drain() -> [String] {
    defer { lines.removeAll() }
    return lines
  }
}
