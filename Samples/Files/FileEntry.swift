import Foundation
import ResponderKit

/// One row of the entry table: a file or folder in the folder shown.
struct FileEntry: Hashable, Sendable {
  var url: URL
  var name: String
  var isFolder: Bool
  /// Bytes; nil for folders.
  var size: Int64?
  var modified: Date?

  /// "Folder", or the extension's name in capitals ("SWIFT file"), or "File".
  var kind: String {
    if isFolder { return "Folder" }
    let ext = url.pathExtension
    return ext.isEmpty ? "File" : "\(ext.uppercased()) file"
  }

  /// "12 B", "3.4 KB", "120 MB": decimal units, as Finder and GNOME Files show.
  static func formattedSize(_ bytes: Int64) -> String {
    if bytes < 1000 { return "\(bytes) B" }
    let units = ["KB", "MB", "GB", "TB"]
    var value = Double(bytes) / 1000
    var unit = 0
    while value >= 999.95, unit < units.count - 1 {
      value /= 1000
      unit += 1
    }
    return value < 10
      ? String(format: "%.1f %@", value, units[unit]) : "\(Int(value.rounded())) \(units[unit])"
  }

  /// The modification date as `2026-12-07 00:24` in UTC, so a replay shows the same text on
  /// every machine.
  static func formattedDate(_ date: Date?) -> String {
    guard let date else { return "" }
    return dateFormatter.string(from: date)
  }

  private static let dateFormatter: DateFormatter = {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd HH:mm"
    return formatter
  }()
}

/// The orders the entry table sorts in.
enum SortKey: String, CaseIterable, Sendable {
  case name, size, kind, modified

  var title: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
}

extension [FileEntry] {
  /// Sorted by `key`, folders first (as file managers list them), ties by name.
  func sorted(by key: SortKey, ascending: Bool) -> [FileEntry] {
    sorted { a, b in
      if a.isFolder != b.isFolder { return a.isFolder }
      let order: ComparisonResult
      switch key {
      case .name: order = a.name.localizedStandardCompare(b.name)
      case .size:
        order =
          (a.size ?? 0) == (b.size ?? 0)
          ? .orderedSame : ((a.size ?? 0) < (b.size ?? 0) ? .orderedAscending : .orderedDescending)
      case .kind: order = a.kind.localizedStandardCompare(b.kind)
      case .modified:
        let x = a.modified ?? .distantPast
        let y = b.modified ?? .distantPast
        order = x == y ? .orderedSame : (x < y ? .orderedAscending : .orderedDescending)
      }
      if order == .orderedSame { return a.name.localizedStandardCompare(b.name) == .orderedAscending }
      return ascending ? order == .orderedAscending : order == .orderedDescending
    }
  }
}

/// Terminal columns of texts: what the prompt is laid out by.
enum Columns {
  static func width(of text: String) -> Int { text.reduce(0) { $0 + $1.terminalWidth } }
}
