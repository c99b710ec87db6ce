import Foundation
import Glibc
import Testing

/// Checklists in a real terminal (tmux): add an item by typing, quit, and check the data file
/// and that the terminal is as it was.
@Suite("Checklists end to end (tmux)", .serialized)
struct ChecklistsEndToEndTests {
  let binary = TmuxSession.productPath("Checklists")

  @Test func addingAnItemByTypingIsSavedAndQuittingRestoresTheTerminal() throws {
    let session = try TmuxSession(width: 80, height: 20)
    let data = session.file("data/checklists.json")
    let before = session.file("before").path
    let after = session.file("after").path
    try session.run(
      "stty -g > \(before); \(binary) --data \(data.path); echo \"EXIT=$?\"; stty -g > \(after)")
    #expect(try session.waitFor("Return open"), "the app did not draw its first frame")
    #expect(try session.format("#{alternate_on}") == "1")
    try session.send("Down")
    try session.send("Enter")
    #expect(try session.waitFor("Coffee beans"))
    try session.send("n")
    #expect(try session.waitFor("Name of the item"))
    try session.sendLiteral("Tea")
    #expect(try session.waitFor("  Tea"))
    try session.send("Enter")
    #expect(try session.waitFor { $0.contains(" Tea") && $0.contains("Space check") })
    try session.send("C-q")
    #expect(try session.waitFor("EXIT=0"))
    // Wait for the content, not the file: the shell creates it before stty has written to it.
    #expect(
      try session.waitFor { _ in (try? String(contentsOfFile: after, encoding: .utf8))?.isEmpty == false })
    #expect(
      try String(contentsOfFile: before, encoding: .utf8) == String(contentsOfFile: after, encoding: .utf8))
    #expect(try session.format("#{alternate_on}") == "0")
    #expect(try session.format("#{cursor_flag}") == "1", "cursor left hidden")

    let json = try String(contentsOf: data, encoding: .utf8)
    #expect(json.contains("\"text\" : \"Tea\""))
    let names = try FileManager.default.contentsOfDirectory(atPath: data.deletingLastPathComponent().path)
    #expect(names == ["checklists.json"], "no temporary file left behind")
  }

  /// A one-row terminal squeezes the status line away; it must come back when the terminal
  /// grows again (it did not: its natural size was the zero height it had been squeezed to).
  @Test func theStatusLineComesBackAfterTheTerminalWasOneRowHigh() throws {
    let session = try TmuxSession(width: 80, height: 20)
    let data = session.file("checklists.json")
    try session.run("\(binary) --data \(data.path); echo \"EXIT=$?\"")
    #expect(try session.waitFor("Return open"))
    try session.resize(width: 80, height: 1)
    #expect(try session.waitFor { !$0.contains("Return open") })
    try session.resize(width: 80, height: 20)
    #expect(try session.waitFor("Return open"), "the status line did not come back")
    try session.send("C-q")
    #expect(try session.waitFor("EXIT=0"))
  }

  @Test func anInterruptWithAnUnsavedEditAsksFirst() throws {
    let session = try TmuxSession(width: 80, height: 20)
    let data = session.file("checklists.json")
    try session.run("\(binary) --data \(data.path); echo \"EXIT=$?\"")
    #expect(try session.waitFor("Return open"))
    try session.send("n")
    #expect(try session.waitFor("Name of the checklist"))
    try session.sendLiteral("Trip")
    #expect(try session.waitFor("  Trip"))
    let pid = try #require(try session.foregroundPID())
    kill(pid, SIGINT)
    #expect(try session.waitFor("Save your changes before quitting?"))
    try session.send("Enter")  // Save
    #expect(try session.waitFor("EXIT=0"))
    #expect(try String(contentsOf: data, encoding: .utf8).contains("\"name\" : \"Trip\""))
  }
}
