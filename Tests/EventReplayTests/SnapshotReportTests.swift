import Foundation
import ResponderKit
import TestSupport
import Testing

@testable import EventReplay

/// A failing snapshot comparison adds itself to one HTML page per run: expected and actual
/// side by side, what differs highlighted, the actual screen drawn; the failure names the page.
@Suite struct SnapshotReportTests {
  @Test func aFailingComparisonWritesThePageWithBothSidesAndTheDifferenceMarked() throws {
    let scratch = try ScratchDirectory("snapshot-report")
    let directory = scratch.appending("artifacts")
    let file = scratch.appending("list.txt")
    try Data("milk\nbread & <jam>\neggs\n".utf8).write(to: file)

    let mismatch = try #require(
      Snapshot.compare("milk\nbread & <ham>\neggs\ntea", toFileAt: file, artifacts: directory))
    let page = directory.appendingPathComponent(Snapshot.reportPageName)
    #expect(mismatch.report?.path == page.path)
    #expect(mismatch.description.contains(page.path + "#failure-1"))
    let html = try String(contentsOf: page, encoding: .utf8)
    #expect(html.contains("<h1>1 snapshot failure</h1>"))
    #expect(html.contains("<pre class=\"expected\">milk\nbread &amp; &lt;<mark>j</mark>am&gt;\neggs</pre>"))
    #expect(
      html.contains(
        "<pre class=\"actual\">milk\nbread &amp; &lt;<mark>h</mark>am&gt;\neggs\n<mark class=\"missing\">tea</mark></pre>"
      ))
    #expect(
      html.contains("row 1:\n  expected |bread &amp; &lt;jam&gt;|\n  actual   |bread &amp; &lt;ham&gt;|"))
    #expect(html.contains(file.path))
  }

  @Test func everyFailureOfTheRunIsOnOnePageAndAScreenIsDrawnOnIt() throws {
    let scratch = try ScratchDirectory("snapshot-report-many")
    let directory = scratch.appending("artifacts")
    var screen = CellBuffer(columns: 6, rows: 1)
    screen[0, 0] = Cell("O", style: TextStyle(foreground: .green, attributes: .bold))
    let first = try #require(
      Snapshot.compare(screen, toFileAt: scratch.appending("a.txt"), artifacts: directory))
    let second = try #require(
      Snapshot.compare("x", toFileAt: scratch.appending("b.txt"), artifacts: directory))
    #expect(first.report?.fragment == "failure-1" && second.report?.fragment == "failure-2")
    let html = try String(contentsOf: directory.appendingPathComponent("index.html"), encoding: .utf8)
    #expect(html.contains("<h1>2 snapshot failures</h1>"))
    #expect(html.contains("<section id=\"failure-1\">") && html.contains("<section id=\"failure-2\">"))
    #expect(html.contains("<figcaption>actual screen</figcaption>" + Snapshot.svg(of: screen)))
    #expect(html.contains("a.txt") && html.contains("b.txt"))
  }

  @Test func aMatchingComparisonWritesNoPage() throws {
    let scratch = try ScratchDirectory("snapshot-report-none")
    let directory = scratch.appending("artifacts")
    let file = scratch.appending("same.txt")
    try Data("same\n".utf8).write(to: file)
    #expect(Snapshot.compare("same", toFileAt: file, artifacts: directory) == nil)
    #expect(!FileManager.default.fileExists(atPath: directory.path))
  }
}
