import EventReplay
import Foundation
import Testing

/// Edit in a real terminal (tmux), as a person uses it: two files on the command line, typing
/// in each, quitting with Save for one and Don't Save for the other; then a session recorded
/// with `--record` replayed with `--replay` onto the files as they were gives the same files.
@Suite("Edit end to end (tmux)", .serialized)
struct EditEndToEndTests {
  let binary = TmuxSession.productPath("Edit")

  /// The review sheet of `name`'s document (the alert cuts its title at its width; the
  /// window's title at the top right names the document in full).
  func sheetShows(_ session: TmuxSession, for name: String) throws -> Bool {
    try session.waitFor {
      $0.contains("Do you want to save the changes made to") && $0.contains("\(name) — Edited")
    }
  }

  func write(_ text: String, to url: URL) throws {
    try text.write(to: url, atomically: false, encoding: .utf8)
  }

  @Test func twoFilesEditedThenQuitSavingOneAndDiscardingTheOther() throws {
    let session = try TmuxSession(width: 80, height: 20)
    let alpha = session.file("alpha.txt")
    let beta = session.file("beta.txt")
    try write("alpha\n", to: alpha)
    try write("beta\n", to: beta)
    let record = session.file("session.rkrec")
    try session.launch("\(binary) --record \(record.path) \(alpha.path) \(beta.path)")
    #expect(try session.waitFor { $0.contains("alpha.txt") && $0.contains("Ln 1, Col 1") })
    try session.sendLiteral("A1 ")
    #expect(try session.waitFor("alpha.txt — Edited"))
    try session.send("M-2")
    #expect(
      try session.waitFor { $0.contains("beta.txt") && $0.contains("beta") && !$0.contains("A1 alpha") })
    try session.sendLiteral("B2 ")
    #expect(try session.waitFor("B2 beta"))
    try session.send("C-q")
    #expect(try sheetShows(session, for: "alpha.txt"))
    try session.send("Enter")  // Save
    #expect(try sheetShows(session, for: "beta.txt"))
    try session.send("Right")
    try session.send("Enter")  // Don't Save
    try session.expectRestored(status: 0)
    #expect(try String(contentsOf: alpha, encoding: .utf8) == "A1 alpha\n")
    #expect(try String(contentsOf: beta, encoding: .utf8) == "beta\n")

    // The recording, replayed on the files as they were, does the same. The key that quit is
    // not recorded, so the replay ends on beta's sheet with Don't Save chosen.
    let recording = try Recording(contentsOf: record)
    #expect(recording.text.contains("Control+q"))
    try write("alpha\n", to: alpha)
    try session.launch("clear; \(binary) --replay \(record.path) \(alpha.path) \(beta.path)")
    #expect(try sheetShows(session, for: "beta.txt"))
    #expect(try String(contentsOf: alpha, encoding: .utf8) == "A1 alpha\n", "the replay saved alpha")
    Thread.sleep(forTimeInterval: 1)  // the replayed Right, recorded just after the sheet opened
    try session.send("Enter")  // Don't Save, focused by the replayed Right
    try session.expectRestored(status: 0)
    #expect(try String(contentsOf: alpha, encoding: .utf8) == "A1 alpha\n")
    #expect(try String(contentsOf: beta, encoding: .utf8) == "beta\n")
  }
}
