import Foundation

/// Reads numeric and string capabilities from compiled terminfo entries (term(5)), as ncurses
/// does, so colour detection and the keypad mode need no ncurses library.
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
    entry(ofTerminal: name, searchPath: searchPath).flatMap { number(13, in: $0) }
  }

  /// The compiled entry of `name`, from the first directory of `searchPath` that has one (in
  /// the letter or the hexadecimal subdirectory, as ncurses writes them); nil when none does.
  static func entry(ofTerminal name: String, searchPath: [String]) -> [UInt8]? {
    guard let first = name.utf8.first, !name.contains("/") else { return nil }
    let subdirectories = [String(UnicodeScalar(first)), String(first, radix: 16)]
    for directory in searchPath {
      for subdirectory in subdirectories {
        if let data = FileManager.default.contents(atPath: "\(directory)/\(subdirectory)/\(name)") {
          return [UInt8](data)
        }
      }
    }
    return nil
  }

  /// `keypad_local` (`rmkx`), the 89th string capability (term(5)'s order, ncurses' `Caps`).
  static let keypadLocal = 88
  /// `keypad_xmit` (`smkx`), the 90th string capability.
  static let keypadTransmit = 89

  /// String capability `index` of a compiled entry, its padding (`$<5>`, which only a
  /// terminal that needs delays uses) taken out as ncurses' `tputs` does; nil when absent or
  /// cancelled, or when the entry is cut short.
  static func string(_ index: Int, in bytes: [UInt8]) -> [UInt8]? {
    func short(_ offset: Int) -> Int? {
      guard offset >= 0, offset + 1 < bytes.count else { return nil }
      return Int(Int16(bitPattern: UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8))
    }
    guard let magic = short(0), magic == 0o432 || magic == 0o1036,
      let namesSize = short(2), let boolCount = short(4), let numberCount = short(6),
      let stringCount = short(8), namesSize >= 0, boolCount >= 0, numberCount >= 0, index >= 0,
      index < stringCount
    else { return nil }
    var offset = 12 + namesSize + boolCount
    if offset % 2 == 1 { offset += 1 }
    offset += numberCount * (magic == 0o1036 ? 4 : 2)
    let table = offset + stringCount * 2
    guard let start = short(offset + index * 2), start >= 0, table + start < bytes.count else { return nil }
    guard let end = bytes[(table + start)...].firstIndex(of: 0) else { return nil }
    return withoutPadding(Array(bytes[(table + start)..<end]))
  }

  /// `text` without its `$<…>` delays.
  static func withoutPadding(_ text: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    var i = 0
    while i < text.count {
      if text[i] == 0x24, i + 1 < text.count, text[i + 1] == 0x3c,
        let close = text[(i + 2)...].firstIndex(of: 0x3e),
        text[(i + 2)..<close].allSatisfy({
          $0 == 0x2e || $0 == 0x2a || $0 == 0x2f || (0x30...0x39).contains($0)
        })
      {
        i = close + 1
        continue
      }
      result.append(text[i])
      i += 1
    }
    return result
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
