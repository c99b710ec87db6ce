import Foundation
import Testing

/// The live inspector in a real terminal (tmux): F12 shows it over the app, the arrows walk
/// the key window's views and highlight the selected one, F12 hides it, and the app saw none
/// of it — TouchLab's log and action trace, which record every event the app handles, are
/// unchanged.
@Suite("Inspector end to end (tmux)", .serialized)
struct InspectorEndToEndTests {
  /// The screen with its attributes as escape sequences (`capture-pane -e`), one string a row.
  func styledRows(_ session: TmuxSession) throws -> [String] {
    try session.tmux(["capture-pane", "-t", "main", "-p", "-e"]).components(separatedBy: "\n")
  }

  /// Whether `text` is drawn in reverse video on row `row` of the styled screen: the SGR
  /// sequences before it, read in order from the top (tmux carries a style over rows), leave
  /// reverse (7) on.
  func isReversed(_ text: String, row: Int, in rows: [String]) -> Bool {
    guard row < rows.count, let range = rows[row].range(of: text) else { return false }
    let before = rows[..<row].joined() + rows[row][..<range.lowerBound]
    var reversed = false
    for sequence in before.components(separatedBy: "\u{1b}[").dropFirst() {
      guard let end = sequence.firstIndex(of: "m") else { continue }
      let parameters = sequence[..<end]
      guard parameters.allSatisfy({ $0.isNumber || $0 == ";" }) else { continue }
      for parameter in parameters.split(separator: ";", omittingEmptySubsequences: false) {
        switch parameter {
        case "", "0", "27": reversed = false
        case "7": reversed = true
        default: break
        }
      }
    }
    return reversed
  }

  @Test func f12ShowsTheInspectorOverTouchLabAndTheAppSeesNothing() throws {
    let session = try TmuxSession(width: 100, height: 40)
    try session.launch(TmuxSession.productPath("TouchLab"))
    #expect(try session.waitFor("TouchLab — controls and the events"), "the app did not draw its first frame")
    // A click, so the log and the trace have something the inspector's keys must not add to.
    try session.sendLiteral("\u{1b}[<0;16;3M\u{1b}[<0;16;3m")
    #expect(try session.waitFor("performed by LabViewController \"TouchLab\""))
    let before = try session.screen()

    try session.send("F12")
    // The whole panel, not its title alone: tmux may show a frame before all of it has arrived.
    let panel = [
      "Inspector — F12 or Escape closes", "key: Window  main: Window  modal: none",
      "    Button \"Press me\" (12, 2) 12×1",
      "touches 0 ended at (15, 2) → ended: delivered to Button \"Press me\"",
    ]
    #expect(try session.waitFor(timeout: 20) { screen in panel.allSatisfy(screen.contains) })
    var screen = try session.screen()
    #expect(screen.contains("key: Window  main: Window  modal: none"))
    #expect(screen.contains("first responder chain: LabViewController \"TouchLab\" → Window → Application"))
    #expect(screen.contains("    Button \"Press me\" (12, 2) 12×1"))
    // The recent dispatches are the app's own trace: the click, down and up.
    #expect(screen.contains("touches 0 ended at (15, 2) → ended: delivered to Button \"Press me\""))

    // Down from the root view: the header label, the "Button" name label, the button.
    for _ in 0..<3 { try session.send("Down") }
    #expect(
      try session.waitFor(timeout: 20) { _ in
        let rows = (try? self.styledRows(session)) ?? []
        let line = rows.firstIndex { $0.contains("Button \"Press me\" (12, 2) 12×1") }
        return line.map { self.isReversed("Button \"Press me\"", row: $0, in: rows) } ?? false
      }, "the panel selects the button")
    let rows = try styledRows(session)
    #expect(isReversed("[ Press me ]", row: 2, in: rows), "the selected button is highlighted on screen")
    #expect(!isReversed(" Button ", row: 2, in: rows), "and nothing else is")
    #expect(rows[3].contains("┌"), "the panel is under the selected view, leaving it in sight")
    // Left goes to the superview, the root view, which covers the screen.
    try session.send("Left")
    #expect(
      try session.waitFor(timeout: 20) { _ in
        let rows = (try? self.styledRows(session)) ?? []
        return self.isReversed("Lights", row: 3, in: rows)
      }, "the root view is highlighted")

    try session.send("F12")
    #expect(
      try session.waitFor(timeout: 20) { $0 == before }, "the app saw no key, no focus change and no dispatch"
    )
    screen = try session.screen()
    #expect(screen == before)
    try session.send("C-q")
    try session.expectRestored(status: 0)
  }

  @Test func theInspectorKeyIsChosenFromTheEnvironmentAndF12ThenReachesTheApp() throws {
    let session = try TmuxSession(width: 100, height: 30)
    try session.launch("RESPONDERKIT_INSPECTOR_KEY=F11 \(TmuxSession.productPath("KeyViewer")) --layout us")
    #expect(try session.waitFor("KeyViewer —"), "the app did not draw its first frame")
    try session.send("F12")
    #expect(try session.waitFor("key down F12"), "F12 is the app's key now")
    try session.send("F11")
    #expect(try session.waitFor("Inspector — F11 or Escape closes"))
    try session.send("F11")
    #expect(try session.waitFor { !$0.contains("Inspector —") })
    #expect(try !session.screen().contains("F11"), "the app never saw F11")
    try session.send("C-q")
    try session.expectRestored(status: 0)
  }

  @Test func aBadInspectorKeyIsRefusedWithTheReason() throws {
    let output = try TmuxSession.spawn([
      "sh", "-c",
      "RESPONDERKIT_INSPECTOR_KEY=Hyper+F99 '\(TmuxSession.productPath("KeyViewer"))' 2>&1; echo EXIT=$?",
    ])
    #expect(output.contains("KeyViewer: RESPONDERKIT_INSPECTOR_KEY=Hyper+F99: unknown key \"F99\""))
    #expect(output.contains("EXIT=2"))
  }
}
