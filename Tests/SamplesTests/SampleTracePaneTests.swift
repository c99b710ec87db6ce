import EventReplay
import Foundation
import ResponderKit
import TerminalHost
import TestSupport
import Testing
import XKBKeyboard

@testable import KeyViewer
@testable import TouchLab

/// KeyViewer and TouchLab show each event's `ActionTrace` entry beside what they log: the
/// panes are compared, as drawn, with readable golden files in `Snapshots/`.
@Suite("Sample trace panes")
@MainActor
struct SampleTracePaneTests {
  static let snapshots = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Snapshots")

  /// The screen rows from the one starting with `title` up to (not including) the first row
  /// after it starting with `end`, or to the bottom.
  func pane(_ screen: String, from title: String, upTo end: String? = nil) -> [String] {
    let rows = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let start = rows.firstIndex(where: { $0.hasPrefix(title) }) else { return [] }
    let stop = end.flatMap { end in rows[(start + 1)...].firstIndex { $0.hasPrefix(end) } } ?? rows.endIndex
    return rows[start..<stop].map {
      $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
    }
  }

  func expectSnapshot(_ text: String, _ name: String) {
    if let mismatch = Snapshot.compare(text, toFileAt: Self.snapshots.appendingPathComponent(name)) {
      Issue.record("\(mismatch)")
    }
  }

  @Test func keyViewerShowsWhereEachKeyWentUnderTheLog() throws {
    var options = KeyViewerOptions()
    options.names = RuleNames(layout: "us")
    let (app, _) = try KeyViewer.makeApplication(options, decodesDevice: false)
    let driver = HeadlessDriver(application: app, size: Size(width: 100, height: 24))
    let view = try #require(app.keyWindow?.rootView as? KeyLogView)
    var panes: [String] = []
    for key in ["a", "Control+x", "F1", "Shift+Tab"] {
      driver.press(key)
      panes.append("# after pressing \(key) (and releasing it)")
      panes += pane(driver.screenText, from: "where it went", upTo: "last key")
    }
    // The pane shows the press, not the release that came after it.
    #expect(view.route.first == "key down Shift+Tab")
    #expect(view.entries.last?.phase == "up")
    expectSnapshot(panes.joined(separator: "\n"), "KeyViewer-trace.txt")
  }

  @Test func keyViewerLeavesTheTracePaneOutWhenTheScreenIsTooShort() throws {
    let (app, _) = try KeyViewer.makeApplication(KeyViewerOptions(), decodesDevice: false)
    let driver = HeadlessDriver(application: app, size: Size(width: 100, height: 12))
    driver.press("a")
    #expect(!driver.screenText.contains("where it went"))
    #expect(driver.screenText.contains("last key"))
  }

  @Test func touchLabShowsEachTouchsTraceUnderTheLog() {
    let (app, lab) = TouchLab.makeApplication()
    let driver = HeadlessDriver(application: app, size: Size(width: 90, height: 48))
    var panes: [String] = []
    // The button (nil target, found up the chain), the switch (explicit target), the Ghost
    // button (its target is gone), a label (no control: the touch lands on the root view).
    for (name, x, y) in [
      ("Button", 15.0, 2.0), ("Switch", 13.0, 3.0), ("Ghost", 14.0, 9.0), ("a label", 3.0, 4.0),
    ] {
      lab.traceView.clear()
      driver.tap(x: x, y: y)
      panes.append("# after tapping \(name)")
      panes += pane(driver.screenText, from: "─ Action trace").dropFirst()
        .filter { !$0.isEmpty }
    }
    expectSnapshot(panes.joined(separator: "\n"), "TouchLab-trace.txt")
  }

  @Test func controlLClearsTheTraceWithTheLog() {
    let (app, lab) = TouchLab.makeApplication()
    let driver = HeadlessDriver(application: app, size: Size(width: 80, height: 24))
    driver.tap(x: 15, y: 2)
    #expect(lab.traceView.lines.contains { $0.hasPrefix("touches 0 began") })
    driver.press("Control+l")
    // What is left is the trace of the key that cleared it, recorded once it finished.
    #expect(lab.log.entries.isEmpty)
    #expect(lab.traceView.lines.first == "key down Control+l")
    #expect(!lab.traceView.lines.contains { $0.hasPrefix("touches") })
  }

  @Test func theWheelScrollsTheTraceBackToATouchsHitTest() {
    let (app, lab) = TouchLab.makeApplication()
    let driver = HeadlessDriver(application: app, size: Size(width: 80, height: 24))
    driver.tap(x: 15, y: 2)
    // Six rows show the end of the tap: the action, not where the touch landed.
    #expect(!driver.screenText.contains("hit-test"))
    let traceTop = 11 + (24 - 11) / 2
    driver.scroll(x: 10, y: Double(traceTop + 2), dy: -20)
    #expect(driver.screenText.contains("(9 back; wheel scrolls)"))
    #expect(driver.screenText.contains("  touch 0 hit-test: View \"lab\" > Button \"Press me\""))
    #expect(lab.traceView.scrollBack == 9, "no further than the oldest line")
    driver.tap(x: 15, y: 2)
    #expect(lab.traceView.scrollBack == 0, "a new entry shows the newest lines again")
  }

  @Test func aTraceFileAddsToTheSamplesTraceAndThePaneStillShowsEachKey() throws {
    let (app, _) = try KeyViewer.makeApplication(KeyViewerOptions(), decodesDevice: false)
    let scratch = try ScratchDirectory("keyviewer")
    let url = scratch.appending("keyviewer.trace")
    let trace = try ActionTraceFile(url: url).attach(to: app)
    #expect(trace === app.actionTrace, "the file writes the app's own trace")
    let driver = HeadlessDriver(application: app, size: Size(width: 100, height: 24))
    driver.press("b")
    let view = try #require(app.keyWindow?.rootView as? KeyLogView)
    #expect(view.route.first == "key down b")
    let written = try String(contentsOf: url, encoding: .utf8)
    #expect(written.hasPrefix(view.route.map { $0 + "\n" }.joined()))
    #expect(written.contains("key up b\n"))
  }
}
