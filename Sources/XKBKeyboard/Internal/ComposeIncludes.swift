import Foundation

/// Checks the files a compose text includes before xkbcommon opens them. xkbcommon opens an
/// `include` with a plain blocking `fopen`, so an include naming a FIFO would wait for a writer
/// for ever and one naming `/dev/zero` would never end; the top file is already read through
/// ``BoundedFile``, and its includes now get the same rule: a regular file within the limit.
enum ComposeIncludes {
  /// How deep includes are followed, as xkbcommon does (its `MAX_INCLUDE_DEPTH`).
  static let maximumDepth = 5

  /// Throws for the first include of `bytes` (or of a file it includes) that names something
  /// other than a regular file, or a file over the limit. Includes that do not exist are left
  /// to xkbcommon, which reports them in its log.
  static func check(_ bytes: [UInt8], depth: Int = 0) throws(ComposeError) {
    guard depth < maximumDepth, bytes.contains(UInt8(ascii: "\"")) else { return }
    for line in bytes.split(separator: UInt8(ascii: "\n")) {
      guard let path = includePath(line) else { continue }
      let included: [UInt8]
      do {
        included = try BoundedFile.read(path)
      } catch {
        switch error {
        case .notRegular(let fileType): throw ComposeError(.notRegularFile(path: path, fileType: fileType))
        case .tooLarge(let size):
          throw ComposeError(.fileTooLarge(path: path, size: size, limit: BoundedFile.limit))
        case .notFound, .unreadable: continue
        }
      }
      try check(included, depth: depth + 1)
    }
  }

  /// The path of an `include "…"` line with xkbcommon's expansions (`%%`, `%H` for the home
  /// folder, `%S` for the system locale folder); nil for other lines and for `%L`, the
  /// locale's own system table, which the system provides.
  static func includePath(_ line: ArraySlice<UInt8>) -> String? {
    let text = String(decoding: line, as: UTF8.self).drop { $0 == " " || $0 == "\t" }
    guard text.hasPrefix("include") else { return nil }
    let rest = text.dropFirst("include".count).drop { $0 == " " || $0 == "\t" }
    guard rest.first == "\"", let end = rest.dropFirst().firstIndex(of: "\"") else { return nil }
    let raw = rest[rest.index(after: rest.startIndex)..<end]
    var path = ""
    var iterator = raw.makeIterator()
    while let character = iterator.next() {
      guard character == "%" else {
        path.append(character)
        continue
      }
      switch iterator.next() {
      case "%": path.append("%")
      case "H": path += ProcessInfo.processInfo.environment["HOME"] ?? ""
      case "S": path += ProcessInfo.processInfo.environment["XLOCALEDIR"] ?? "/usr/share/X11/locale"
      default: return nil  // %L, or a form xkbcommon refuses itself
      }
    }
    return path.isEmpty ? nil : path
  }
}
