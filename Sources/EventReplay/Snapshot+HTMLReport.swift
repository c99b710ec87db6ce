import Foundation
import ResponderKit
import Synchronization

extension Snapshot {
  /// One failed comparison on the HTML report page.
  struct ReportEntry: Sendable {
    var file: URL
    var expected: String
    var actual: String
    /// The actual screen as SVG, for a comparison of cells.
    var picture: String?
  }

  /// The failures of this process so far, by report directory: each failure rewrites its
  /// directory's page with all of them, so the page of a run lists every failure of the run.
  private static let reported = Mutex<[String: [ReportEntry]]>([:])

  /// The name of the report page in the artifacts directory.
  public static let reportPageName = "index.html"

  /// Adds a failure to the report page in `directory` (`index.html`), written anew with every
  /// failure of the run; returns the page and the failure's anchor on it.
  static func report(_ entry: ReportEntry, in directory: URL) throws -> URL {
    let entries = reported.withLock { pages in
      pages[directory.path, default: []].append(entry)
      return pages[directory.path]!
    }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let page = directory.appendingPathComponent(reportPageName)
    try Data(htmlReport(entries).utf8).write(to: page, options: .atomic)
    return URL(string: page.absoluteString + "#failure-\(entries.count)") ?? page
  }

  /// The page: for each failure the expected and the actual file side by side with the
  /// characters that differ highlighted, the rows that differ, and the actual screen drawn.
  static func htmlReport(_ entries: [ReportEntry]) -> String {
    var html = [
      "<!doctype html>", "<html lang=\"en\"><head><meta charset=\"utf-8\">",
      "<title>Snapshot failures (\(entries.count))</title>",
      "<style>",
      "body { font-family: sans-serif; margin: 1em 2em; }",
      ".sides { display: flex; gap: 1em; flex-wrap: wrap; align-items: flex-start; }",
      "figure { margin: 0; } figcaption { font-weight: bold; margin-bottom: .3em; }",
      "pre { font-family: 'DejaVu Sans Mono', monospace; background: #f4f4f4; padding: .5em;"
        + " border: 1px solid #ccc; line-height: 1.2; }",
      "mark { background: #ff9c9c; color: #000; } .missing { background: #ffd48a; }",
      "</style></head><body>",
      "<h1>\(entries.count) snapshot failure\(entries.count == 1 ? "" : "s")</h1>",
      "<ol>",
    ]
    for (index, entry) in entries.enumerated() {
      html.append(
        "<li><a href=\"#failure-\(index + 1)\">\(escaped(entry.file.lastPathComponent))</a></li>")
    }
    html.append("</ol>")
    for (index, entry) in entries.enumerated() {
      let (expected, actual) = highlighted(expected: entry.expected, actual: entry.actual)
      html += [
        "<section id=\"failure-\(index + 1)\">",
        "<h2>\(index + 1). \(escaped(entry.file.lastPathComponent))</h2>",
        "<p><code>\(escaped(entry.file.path))</code></p>",
        "<div class=\"sides\">",
        "<figure><figcaption>expected</figcaption><pre class=\"expected\">\(expected)</pre></figure>",
        "<figure><figcaption>actual</figcaption><pre class=\"actual\">\(actual)</pre></figure>",
        "<figure><figcaption>difference</figcaption><pre class=\"difference\">"
          + escaped(diff(expected: entry.expected, actual: entry.actual)) + "</pre></figure>",
        "</div>",
      ]
      if let picture = entry.picture {
        html.append("<figure><figcaption>actual screen</figcaption>\(picture)</figure>")
      }
      html.append("</section>")
    }
    html.append("</body></html>")
    return html.joined(separator: "\n") + "\n"
  }

  /// Both texts escaped for HTML, each character that differs from the other's at the same
  /// row and column in `<mark>`, and rows only one of them has in `<mark class="missing">`.
  static func highlighted(expected: String, actual: String) -> (String, String) {
    let a = expected.split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)
    let b = actual.split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)
    func side(_ rows: [[Character]], against other: [[Character]]) -> String {
      rows.indices.map { y in
        guard y < other.count else {
          return "<mark class=\"missing\">\(escaped(String(rows[y])))</mark>"
        }
        var line = ""
        var run: [Character] = []
        var marking = false
        func flush() {
          guard !run.isEmpty else { return }
          line += marking ? "<mark>\(escaped(String(run)))</mark>" : escaped(String(run))
          run.removeAll()
        }
        for (x, character) in rows[y].enumerated() {
          let differs = x >= other[y].count || other[y][x] != character
          if differs != marking {
            flush()
            marking = differs
          }
          run.append(character)
        }
        flush()
        return line
      }.joined(separator: "\n")
    }
    return (side(a, against: b), side(b, against: a))
  }
}
