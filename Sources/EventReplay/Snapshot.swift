import Foundation
import ResponderKit

/// Compares screens with snapshot files: plain text, one line per row, readable in any
/// editor and in a diff.
///
/// A missing snapshot is a failure (so a new test cannot pass without a file someone read).
/// Set the environment variable `RECORD_SNAPSHOTS=1` to write the actual screen instead.
public enum Snapshot {
  /// Why a screen did not match its file.
  public struct Mismatch: Error, CustomStringConvertible {
    /// The snapshot file.
    public var file: URL
    /// A line-by-line account of the differences, or why the file could not be used.
    public var details: String

    /// The file and the differences.
    public var description: String { "snapshot \(file.lastPathComponent) differs:\n\(details)" }
  }

  /// Compares `actual` (plain text) with the file; nil when they match.
  public static func compare(_ actual: String, toFileAt file: URL) -> Mismatch? {
    let record = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
    if record {
      do {
        try FileManager.default.createDirectory(
          at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data((actual + "\n").utf8).write(to: file, options: .atomic)
        return nil
      } catch {
        return Mismatch(file: file, details: "could not record: \(error)")
      }
    }
    guard let data = FileManager.default.contents(atPath: file.path) else {
      return Mismatch(
        file: file, details: "no snapshot file; run with RECORD_SNAPSHOTS=1 to create it, then read it")
    }
    var expected = String(decoding: data, as: UTF8.self)
    if expected.hasSuffix("\n") { expected.removeLast() }
    guard expected != actual else { return nil }
    return Mismatch(file: file, details: diff(expected: expected, actual: actual))
  }

  /// The rows that differ, numbered, expected then actual.
  public static func diff(expected: String, actual: String) -> String {
    let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let b = actual.split(separator: "\n", omittingEmptySubsequences: false)
    var lines: [String] = []
    for row in 0..<max(a.count, b.count) {
      let x = row < a.count ? String(a[row]) : "<none>"
      let y = row < b.count ? String(b[row]) : "<none>"
      if x != y {
        lines.append("row \(row):")
        lines.append("  expected |\(x)|")
        lines.append("  actual   |\(y)|")
      }
    }
    return lines.joined(separator: "\n")
  }
}
