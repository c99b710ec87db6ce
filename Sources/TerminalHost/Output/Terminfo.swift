import Foundation

/// Reads numeric capabilities from compiled terminfo entries (term(5)), as ncurses does, so
/// colour detection needs no ncurses library.
enum Terminfo {
  /// Where ncurses looks, in its order: `$TERMINFO`, `~/.terminfo`, `$TERMINFO_DIRS`, then the
  /// system directories.
  static func searchPath(environment: [String: String]) -> [String] {
    var directories: [String] = []
    if let dir = environment["TERMINFO"], !dir.isEmpty { directories.append(dir) }
    if let home = environment["HOME"], !home.isEmpty { directories.append(home + "/.terminfo") }
    if let dirs = environment["TERMINFO_DIRS"] {
      directories += dirs.split(separator: ":").map(String.init)
    }
    return directories + ["/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo"]
  }

  /// The `colors` number (max_colors, the 14th numeric capability) of `name`'s entry; nil when
  /// no readable entry exists or it has no `colors`.
  static func colors(ofTerminal name: String, searchPath: [String]) -> Int? {
    guard let first = name.utf8.first, !name.contains("/") else { return nil }
    let subdirectories = [String(UnicodeScalar(first)), String(first, radix: 16)]
    for directory in searchPath {
      for subdirectory in subdirectories {
        let path = "\(directory)/\(subdirectory)/\(name)"
        if let data = FileManager.default.contents(atPath: path) {
          return number(13, in: [UInt8](data))
        }
      }
    }
    return nil
  }

  /// Numeric capability `index` of a compiled entry: the legacy format (magic 0o432, 16-bit
  /// numbers) or ncurses' extended one (0o1036, 32-bit numbers). Negative means absent.
  static func number(_ index: Int, in bytes: [UInt8]) -> Int? {
    func short(_ offset: Int) -> Int? {
      guard offset + 1 < bytes.count else { return nil }
      return Int(Int16(bitPattern: UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8))
    }
    guard let magic = short(0), magic == 0o432 || magic == 0o1036,
      let namesSize = short(2), let boolCount = short(4), let numberCount = short(6),
      namesSize >= 0, boolCount >= 0, index < numberCount
    else { return nil }
    var offset = 12 + namesSize + boolCount
    if offset % 2 == 1 { offset += 1 }
    let width = magic == 0o1036 ? 4 : 2
    offset += index * width
    guard offset + width <= bytes.count else { return nil }
    var value = 0
    for i in (0..<width).reversed() { value = value << 8 | Int(bytes[offset + i]) }
    let signed = width == 2 ? Int(Int16(truncatingIfNeeded: value)) : Int(Int32(truncatingIfNeeded: value))
    return signed >= 0 ? signed : nil
  }
}
