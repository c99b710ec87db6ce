import Foundation
import ResponderKit

/// Compares screens with snapshot files: plain text, one line per row, readable in any
/// editor and in a diff.
///
/// A missing snapshot is a failure (so a new test cannot pass without a file someone read).
/// Set the environment variable `RECORD_SNAPSHOTS=1` to write the actual screen instead.
///
/// Every failure of a run is also added to one HTML page, `index.html` in the artifacts
/// directory (the `artifacts` argument, else the environment variable `SNAPSHOT_ARTIFACTS`,
/// else `responderkit-snapshots` in the temporary directory): expected and actual side by side
/// with the differing characters highlighted, the rows that differ, and the actual screen drawn.
/// The mismatch's ``Mismatch/report`` and its details give the page's path.
public enum Snapshot {
  /// Why a screen did not match its file.
  public struct Mismatch: Error, CustomStringConvertible {
    /// The snapshot file.
    public var file: URL
    /// A line-by-line account of the differences, or why the file could not be used.
    public var details: String
    /// The HTML report page holding this failure (its anchor included), or `nil` when it could
    /// not be written.
    public var report: URL?

    /// The file and the differences.
    public var description: String { "snapshot \(file.lastPathComponent) differs:\n\(details)" }
  }

  /// Compares `actual` (plain text) with the file; nil when they match. A mismatch is added to
  /// the HTML report in `artifacts` (see ``Snapshot``).
  public static func compare(_ actual: String, toFileAt file: URL, artifacts: URL? = nil) -> Mismatch? {
    compare(actual, toFileAt: file, artifacts: artifacts, picture: nil)
  }

  /// The directory failures are reported in: `artifacts`, else `SNAPSHOT_ARTIFACTS`, else
  /// `responderkit-snapshots` in the temporary directory.
  static func artifactsDirectory(_ artifacts: URL?) -> URL {
    artifacts ?? ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"].map { URL(fileURLWithPath: $0) }
      ?? FileManager.default.temporaryDirectory.appendingPathComponent("responderkit-snapshots")
  }

  /// The comparison, reported with the actual screen's `picture` when there is one.
  private static func compare(_ actual: String, toFileAt file: URL, artifacts: URL?, picture: String?)
    -> Mismatch?
  {
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
    var mismatch: Mismatch
    var expected = ""
    if let data = FileManager.default.contents(atPath: file.path) {
      expected = String(decoding: data, as: UTF8.self)
      if expected.hasSuffix("\n") { expected.removeLast() }
      guard expected != actual else { return nil }
      mismatch = Mismatch(file: file, details: diff(expected: expected, actual: actual))
    } else {
      mismatch = Mismatch(
        file: file, details: "no snapshot file; run with RECORD_SNAPSHOTS=1 to create it, then read it")
    }
    let entry = ReportEntry(file: file, expected: expected, actual: actual, picture: picture)
    do {
      let page = try report(entry, in: artifactsDirectory(artifacts))
      mismatch.report = page
      mismatch.details += "\nreport (expected, actual, difference): \(page.path)#\(page.fragment ?? "")"
    } catch {
      mismatch.details += "\ncould not write the report: \(error)"
    }
    return mismatch
  }

  /// Compares a screen's cells, colours and attributes included (``styledText(of:)``), with the
  /// file; nil when they match.
  ///
  /// On a mismatch the actual screen is also written as an SVG picture (``svg(of:theme:cellWidth:cellHeight:)``)
  /// to `artifacts`, else the directory named by the environment variable `SNAPSHOT_ARTIFACTS`,
  /// else `responderkit-snapshots` in the temporary directory, and drawn on the HTML report
  /// there; the mismatch's details give both paths, so a failing screen can be looked at, not
  /// just read.
  public static func compare(_ actual: CellBuffer, toFileAt file: URL, artifacts: URL? = nil) -> Mismatch? {
    let drawing = svg(of: actual)
    guard
      var mismatch = compare(styledText(of: actual), toFileAt: file, artifacts: artifacts, picture: drawing)
    else { return nil }
    let directory = artifactsDirectory(artifacts)
    let picture = directory.appendingPathComponent(
      file.deletingPathExtension().lastPathComponent + ".actual.svg")
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try Data(drawing.utf8).write(to: picture, options: .atomic)
      mismatch.details += "\nactual screen drawn in \(picture.path)"
    } catch {
      mismatch.details += "\ncould not draw the actual screen: \(error)"
    }
    return mismatch
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
