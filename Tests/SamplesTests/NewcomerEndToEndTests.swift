import Foundation
import Testing

/// What a newcomer meets in the first hour with the samples (issue 27), run for real in tmux.
@Suite("Newcomer's first hour (tmux)", .serialized)
struct NewcomerEndToEndTests {
  let notes = TmuxSession.productPath("Notes")

  /// The apps with a screen of their own, each with text of its first frame.
  static let samples = [
    ("Notes", "3 notes"), ("Checklists", "Birthdays"), ("TouchLab", "TouchLab — controls"),
  ]

  /// Starts each of `samples` in a terminal of `width` columns, runs `body` once its first frame
  /// is up, then quits with Control+Q and checks the terminal is as before.
  func forEach(
    _ samples: [(String, String)] = Self.samples, width: Int = 100,
    _ body: (TmuxSession, _ name: String, _ firstFrame: String) throws -> Void
  ) throws {
    for (name, firstFrame) in samples {
      let session = try TmuxSession(width: width, height: 24)
      try session.launch(TmuxSession.productPath(name))
      #expect(try session.waitFor(firstFrame), "\(name) did not start")
      try body(session, name, firstFrame)
      try session.send("C-q")
      try session.expectRestored(status: 0)
    }
  }

  @Test func notesSavesToItsXDGFileUndoesADeleteAndAsksBeforeLosingTyping() throws {
    let session = try TmuxSession(width: 80, height: 20)
    let file = session.dataHome.appendingPathComponent("ResponderKit-Notes/notes.json")
    try session.launch(notes)
    #expect(try session.waitFor("3 notes"))
    try session.send("C-n")
    #expect(try session.waitFor("New Note"))
    try session.sendLiteral("Typed")
    try session.send("C-s")
    #expect(try session.waitFor("4 notes"))
    // Typing in an open editor is not lost on quitting: Save is the default answer.
    try session.send("C-n")
    #expect(try session.waitFor("New Note"))
    try session.sendLiteral("Draft")
    try session.send("C-q")
    #expect(try session.waitFor("Save your changes before quitting?"))
    try session.send("Enter")
    try session.expectRestored(status: 0)
    let saved = try String(contentsOf: file, encoding: .utf8)
    #expect(saved.contains("\"title\" : \"Typed\"") && saved.contains("\"title\" : \"Draft\""))

    // Started again, the notes are there; a delete is undone with Control+Z (not suspend),
    // and the note put back is selected: Return opens it.
    try session.run("clear")
    try session.launch(notes)
    #expect(try session.waitFor { $0.contains("5 notes") && $0.contains("Draft") && $0.contains("Typed") })
    try session.send("DC")
    #expect(try session.waitFor { $0.contains("4 notes") && !$0.contains("Draft") })
    try session.send("Down")
    try session.send("C-z")
    #expect(try session.waitFor { $0.contains("5 notes") && $0.contains("Draft") })
    try session.send("Enter")
    #expect(try session.waitFor { $0.contains("Edit Note") && $0.contains("Draft") })
    try session.send("Escape")
    #expect(try session.waitFor("5 notes"))
    try session.send("C-q")
    try session.expectRestored(status: 0)
  }

  @Test func notesStartsOnAnEmptyOrDamagedFileAndSaysSo() throws {
    let session = try TmuxSession(width: 100, height: 20)
    let data = session.file("notes.json")
    try Data().write(to: data)
    try session.launch("\(notes) --data \(data.path)")
    #expect(try session.waitFor("notes.json was empty: starting with no notes."))
    try session.send("C-q")
    try session.expectRestored(status: 0)

    try Data("{not json".utf8).write(to: data)
    try session.run("clear")
    try session.launch("\(notes) --data \(data.path)")
    #expect(try session.waitFor("notes.json was damaged"))
    let names = try FileManager.default.contentsOfDirectory(atPath: session.workDirectory.path)
    let aside = try #require(names.first { $0.hasPrefix("notes.json.damaged-") })
    #expect(try Data(contentsOf: session.file(aside)) == Data("{not json".utf8))
    try session.send("C-q")
    try session.expectRestored(status: 0)
  }

  @Test func withoutATerminalTheErrorIsPlainLanguage() throws {
    let session = try TmuxSession(width: 120, height: 10)
    try session.run("\(notes) < /dev/null; echo EXIT=$?")
    #expect(try session.waitFor("EXIT=1"))
    let screen = try session.history()
    #expect(screen.contains("its input is not a terminal; run it in a terminal window"))
    #expect(!screen.contains("errno"))
  }

  @Test func everySamplesHintLineNamesF1() throws {
    try forEach(width: 80) { session, name, _ throws in
      #expect(try session.waitFor("F1 keys"), "\(name)'s hint line does not name F1")
    }
  }

  @Test func controlCSaysHowToQuitInEverySample() throws {
    try forEach(width: 80) { session, name, _ in
      try session.send("C-c")
      #expect(try session.waitFor("Press Ctrl+Q to quit"), "\(name) gave no hint on Control+C")
    }
  }

  @Test func checklistsSelectsTheListAnUndoneDeleteBringsBack() throws {
    let session = try TmuxSession(width: 100, height: 24)
    try session.launch("\(TmuxSession.productPath("Checklists")) --data \(session.file("lists.json").path)")
    #expect(try session.waitFor("Birthdays"))
    try session.send("Down")  // Groceries
    try session.send("DC")
    #expect(try session.waitFor { !$0.contains("Groceries") })
    try session.send("Down")
    try session.send("C-z")
    #expect(try session.waitFor("Groceries"))
    try session.send("e")
    #expect(try session.waitFor { $0.contains("Rename") || $0.contains("Edit Checklist") })
    let form = try session.screen()
    #expect(form.contains("Groceries"), "e renames the list put back:\n\(form)")
    try session.send("Escape")
    #expect(try session.waitFor("e rename"))
    try session.send("C-q")
    try session.expectRestored(status: 0)
  }

  @Test func keyViewerEndsACutColumnInAnEllipsisAt80Columns() throws {
    let session = try TmuxSession(width: 80, height: 20)
    try session.launch("clear; \(TmuxSession.productPath("KeyViewer")) --layout de")
    #expect(try session.waitFor("Press keys."))
    let header = try session.screen().split(separator: "\n").first { $0.hasPrefix("event") } ?? ""
    #expect(header.hasSuffix("on th…"), "\(header)")
    try session.send("C-q")
    try session.expectRestored(status: 0)
  }

  @Test func atTwentyByFiveEverySampleSaysTheTerminalIsTooSmall() throws {
    try forEach { session, name, firstFrame in
      try session.resize(width: 20, height: 5)
      #expect(try session.waitFor("too small"), "\(name) clipped with no notice")
      #expect(try session.screen().contains("20×5, needs"))
      try session.resize(width: 100, height: 24)
      #expect(try session.waitFor(firstFrame), "\(name) did not come back")
    }
  }
}
