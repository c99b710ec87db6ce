import Foundation
import Testing

/// The built `Pick` run as a person runs it in tmux: lines piped in (or a file), the choice
/// piped on, keys and clicks from the terminal, scrollback above it.
@Suite("Pick end to end (tmux)")
struct PickEndToEndTests {
  let pick = TmuxSession.productPath("Pick")

  /// Runs `pipeline` (Pick's output to the file `out`), waiting for Pick's first frame.
  func start(_ session: TmuxSession, _ pipeline: String, waitFor text: String) throws -> URL {
    let out = session.file("out")
    try session.launch("\(pipeline) > \(out.path)")
    #expect(try session.waitFor(text), "Pick did not show \(text): \((try? session.screen()) ?? "")")
    return out
  }

  func contents(_ url: URL) -> String { (try? String(contentsOf: url, encoding: .utf8)) ?? "" }

  @Test func aPipeInAndAPipeOutReturnsTheChoiceAndStatusZero() throws {
    let session = try TmuxSession(width: 80, height: 24)
    let out = try start(session, "seq 20; seq 1000 | \(pick) --height 10 | cat", waitFor: "1000/1000")
    try session.sendLiteral("999")
    #expect(try session.waitFor("1/1000"))
    try session.send("Enter")
    try session.expectRestored(status: 0)
    #expect(contents(out) == "999\n")
    // The region was cleared, the scrollback above kept.
    #expect(!(try session.screen().contains("1/1000")))
    #expect(try session.history().contains("\n20\n"))
  }

  @Test func escapePrintsNothingAndExitsOne() throws {
    let session = try TmuxSession(width: 80, height: 24)
    let out = try start(session, "seq 100 | \(pick)", waitFor: "100/100")
    try session.send("Escape")
    try session.expectRestored(status: 1)
    #expect(contents(out) == "")
  }

  @Test func multiMarksWithTabAndPrintsEveryMarkedLine() throws {
    let session = try TmuxSession(width: 80, height: 24)
    let file = session.file("fruit")
    try "apple\nbanana\ncherry\ndate\n".write(to: file, atomically: true, encoding: .utf8)
    let out = try start(session, "\(pick) --multi --query a < \(file.path)", waitFor: "(0 marked)")
    try session.send("Tab")
    try session.send("Tab")
    #expect(try session.waitFor("(2 marked)"))
    try session.send("Enter")
    try session.expectRestored(status: 0)
    #expect(contents(out).split(separator: "\n").count == 2)
  }

  /// The wheel and a click arrive in screen coordinates; the host makes them relative to the
  /// region, so a click on a row picks that row's line.
  @Test func aDoubleClickOnARowPicksItsLine() throws {
    let session = try TmuxSession(width: 80, height: 24)
    let out = try start(session, "seq 40; seq 5 | \(pick) --height 8", waitFor: "5/5")
    let screen = try session.screen().split(separator: "\n", omittingEmptySubsequences: false)
    let row = try #require(screen.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "3" })
    let click = "\u{1b}[<0;4;\(row + 1)M\u{1b}[<0;4;\(row + 1)m"
    try session.sendLiteral(click + click)
    try session.expectRestored(status: 0)
    #expect(contents(out) == "3\n")
  }

  @Test func linesStillArrivingAreAddedWhileTheUserTypes() throws {
    let session = try TmuxSession(width: 80, height: 24)
    let out = try start(session, "(seq 3; sleep 1.5; seq 10 12) | \(pick)", waitFor: "3/3 …")
    try session.sendLiteral("1")
    #expect(try session.waitFor("1/3 …"))
    #expect(try session.waitFor("4/6"), "the late lines were not added: \((try? session.screen()) ?? "")")
    try session.sendLiteral("2")
    #expect(try session.waitFor("1/6"))
    try session.send("Enter")
    try session.expectRestored(status: 0)
    #expect(contents(out) == "12\n")
  }

  @Test func withNothingPipedInItSaysWhatToDoAndExitsTwo() throws {
    let session = try TmuxSession(width: 100, height: 10)
    try session.run("\(pick); echo EXIT=$?")
    #expect(try session.waitFor("EXIT=2"))
    #expect(try session.screen().contains("Pick: nothing to pick from"))
  }
}
