import EventReplay
import Foundation
import Glibc
import Testing

@testable import Checklists

/// Every sample behaves like a command-line program: `--help` exits 0, a bad option exits 2
/// with a usage line, the host's options are accepted by all, and what they name is opened
/// before the app starts.
@Suite("Samples on the command line", .serialized)
struct SamplesCommandLineTests {
  static let samples = ["Checklists", "Notes", "TouchLab", "KeyViewer", "Pick", "Edit"]

  /// Runs a sample with `arguments` (no terminal) and returns its output and exit status.
  func run(_ sample: String, _ arguments: String) throws -> (output: String, status: Int) {
    let output = try TmuxSession.spawn([
      "sh", "-c", "\(TmuxSession.productPath(sample)) \(arguments) </dev/null 2>&1; echo \"EXIT=$?\"",
    ])
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
    let status = lines.last { $0.hasPrefix("EXIT=") }.flatMap { Int($0.dropFirst(5)) } ?? -1
    return (output, status)
  }

  @Test(arguments: samples)
  func helpPrintsUsageAndExitsZero(sample: String) throws {
    let (output, status) = try run(sample, "--help")
    #expect(status == 0)
    #expect(output.hasPrefix("usage: \(sample)"))
    #expect(output.contains("--record FILE"))
  }

  @Test(arguments: samples)
  func anUnknownOptionExitsTwoWithAUsageLine(sample: String) throws {
    let (output, status) = try run(sample, "--bogus")
    #expect(status == 2)
    #expect(output.hasPrefix("\(sample): --bogus: unknown option\nusage: \(sample)"))
  }

  /// The host's options are never rejected, and a record file that cannot be created fails
  /// at launch with a sentence, before the app starts.
  @Test(arguments: samples)
  func aRecordFileThatCannotBeCreatedFailsAtLaunch(sample: String) throws {
    let (output, status) = try run(sample, "--record /nonexistent/folder/s.rkrec")
    #expect(status == 1)
    #expect(
      output.hasPrefix("\(sample): Cannot create /nonexistent/folder/s.rkrec: the folder does not exist"))
  }

  @Test(arguments: ["Checklists", "Notes"])
  func aDataPathThatIsAFolderIsRefusedUpFront(sample: String) throws {
    let (output, status) = try run(sample, "--data /tmp")
    #expect(status == 1)
    #expect(output.hasPrefix("\(sample): Cannot read /tmp: it is a folder, not a file"))
  }

  @Test(arguments: samples)
  func aReplayThatCannotBeReadFailsAtLaunch(sample: String) throws {
    let (output, status) = try run(sample, "--replay /nonexistent.rkrec")
    #expect(status == 1)
    #expect(output.hasPrefix("\(sample): Cannot read /nonexistent.rkrec: there is no such file"))
  }
}

/// The screen's text as one line, without the alert's frame: what a person reads across the
/// wrapped lines.
private func flowing(_ screen: String) -> String {
  screen.replacingOccurrences(of: "│", with: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
}

/// The same in a real terminal (tmux), as a person uses them.
@Suite("Samples in tmux: recording, key bindings, failed saves", .serialized)
struct SamplesTerminalBehaviourTests {
  func click(_ session: TmuxSession, column: Int, row: Int) throws {
    try session.sendLiteral("\u{1b}[<0;\(column);\(row)M")
    try session.sendLiteral("\u{1b}[<0;\(column);\(row)m")
  }

  @Test func touchLabRecordsTheRealSizeAndItsReplayEndsOnTheLastFrame() throws {
    let session = try TmuxSession(width: 90, height: 26)
    let binary = TmuxSession.productPath("TouchLab")
    let record = session.file("s.rkrec")
    try session.run("\(binary) --record \(record.path); echo EXIT=$?")
    #expect(try session.waitFor("TouchLab — controls and the events"))
    try click(session, column: 15, row: 10)  // Ghost
    #expect(try session.waitFor("ghostTapped dropped"))
    try session.send("C-q")
    #expect(try session.waitFor("EXIT=0"))
    let recording = try Recording(contentsOf: record)
    #expect(recording.text.contains("size 90 26\n"))
    #expect(
      !recording.text.contains("Control+q"), "the quitting Control+Q is not recorded: \(recording.text)")

    try session.run("clear; \(binary) --replay \(record.path); echo EXIT=$?")
    #expect(try session.waitFor("ghostTapped dropped"))
    Thread.sleep(forTimeInterval: 1.5)
    #expect(try session.format("#{alternate_on}") == "1", "the replay ended the app")
    #expect(try session.screen().contains("ghostTapped dropped"))
    try session.send("C-q")
    #expect(try session.waitFor("EXIT=0"))
  }

  @Test func aBadKeysFileIsShownAndAGoodOneBindsARegisteredAction() throws {
    let session = try TmuxSession(width: 90, height: 22)
    let binary = TmuxSession.productPath("Checklists")
    let config = session.file("config")
    let keys = config.appendingPathComponent("Checklists/keys")
    try FileManager.default.createDirectory(
      at: keys.deletingLastPathComponent(), withIntermediateDirectories: true)
    try "# mine\nControl+t = toggleChecked\nControl+Shift+z = redoo\n".write(
      to: keys, atomically: true, encoding: .utf8)
    let data = session.file("checklists.json")
    try session.run("XDG_CONFIG_HOME=\(config.path) \(binary) --data \(data.path); echo EXIT=$?")
    #expect(try session.waitFor("Your key bindings were not loaded"))
    #expect(try session.waitFor { flowing($0).contains("keys:3: unknown action \"redoo\"") })
    try session.send("Enter")
    try session.send("Down", "Enter")
    #expect(try session.waitFor("Coffee beans"))
    try session.send("C-t")  // not bound: the file was not applied
    try session.send("C-q")
    #expect(try session.waitFor("EXIT=0"))
    #expect(!FileManager.default.fileExists(atPath: data.path), "Control+T changed nothing")

    try "Control+t = toggleChecked\n".write(to: keys, atomically: true, encoding: .utf8)
    try session.run("clear; XDG_CONFIG_HOME=\(config.path) \(binary) --data \(data.path); echo EXIT=$?")
    #expect(try session.waitFor("Return open"))
    try session.send("Down", "Enter")
    #expect(try session.waitFor("Coffee beans"))
    try session.send("C-t")
    try session.send("C-q")
    #expect(try session.waitFor("EXIT=0"))
    let file = try JSONDecoder().decode(ChecklistsFile.self, from: Data(contentsOf: data))
    #expect(file.checklists[1].items[0].checked, "Control+T checked Milk")
  }

  @Test func checklistsAsksOnQuitAfterAFailedSaveAndSaveRetries() throws {
    let session = try TmuxSession(width: 100, height: 22)
    let binary = TmuxSession.productPath("Checklists")
    let data = session.file("checklists.json")
    try session.run("\(binary) --data \(data.path); echo EXIT=$?")
    #expect(try session.waitFor("Return open"))
    try session.send("Down", "Enter")
    #expect(try session.waitFor("Coffee beans"))
    // The data file turns into a folder while the app runs.
    try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
    try session.send("Space")
    #expect(try session.waitFor("it is a folder, not a file"), "the status line gives the reason")
    try session.send("C-q")
    #expect(
      try session.waitFor {
        flowing($0).contains("\(data.path): it is a folder, not a file. Save tries again.")
      })
    try session.send("Enter")  // Save: still a folder
    #expect(try session.waitFor("Your changes are not saved"))
    #expect(try session.foregroundPID() != nil)
    try FileManager.default.removeItem(at: data)
    try session.send("Enter")  // Save: works
    #expect(try session.waitFor("EXIT=0"))
    let file = try JSONDecoder().decode(ChecklistsFile.self, from: Data(contentsOf: data))
    #expect(file.checklists[1].items[0].checked)
  }
}

/// Checklists in tmux: undo per checklist, and Save As after a file it could not read.
@Suite("Checklists in tmux: documents and recovery", .serialized)
struct ChecklistsTerminalBehaviourTests {
  let binary = TmuxSession.productPath("Checklists")

  func lists(_ url: URL) throws -> [Checklist] {
    try JSONDecoder().decode(ChecklistsFile.self, from: Data(contentsOf: url)).checklists
  }

  @Test func undoInOneChecklistNeverUndoesAnothers() throws {
    let session = try TmuxSession(width: 90, height: 20)
    let data = session.file("checklists.json")
    try session.run("\(binary) --data \(data.path); echo EXIT=$?")
    #expect(try session.waitFor("Return open"))
    try session.send("Down", "Enter")
    #expect(try session.waitFor("Coffee beans"))
    try session.send("Space")  // Milk checked in Groceries
    // Escape alone, or the terminal reads it with the next arrow as Alt+arrow.
    try session.send("Escape")
    #expect(try session.waitFor("Return open"))
    try session.send("Down", "Down", "Enter")
    #expect(try session.waitFor("Walk the dog"))
    try session.send("C-z")  // To Do has nothing to undo
    try session.send("Escape")
    #expect(try session.waitFor("Return open"))
    try session.send("Up", "Up", "Enter")
    #expect(try session.waitFor("Coffee beans"))
    #expect(try lists(data)[1].items[0].checked, "undo in To Do reached Groceries")
    try session.send("C-z")
    #expect(try session.waitFor { _ in (try? lists(data))?[1].items[0].checked == false })
    try session.send("C-q")
    #expect(try session.waitFor("EXIT=0"))
  }

  @Test func changesAfterAnUnreadableFileAreSavedBesideIt() throws {
    let session = try TmuxSession(width: 90, height: 20)
    let data = session.file("checklists.json")
    let newer = Data(#"{"version": 9, "checklists": []}"#.utf8)
    try newer.write(to: data)
    try session.run("\(binary) --data \(data.path); echo EXIT=$?")
    #expect(try session.waitFor("Your checklists could not be read"))
    try session.send("Enter", "n")
    #expect(try session.waitFor("Name of the checklist"))
    try session.sendLiteral("Trip")
    try session.send("Enter")
    try session.send("C-q")
    #expect(
      try session.waitFor { flowing($0).contains("Save As writes your changes to checklists-recovered.json") }
    )
    try session.send("Enter")
    #expect(try session.waitFor("EXIT=0"))
    #expect(try Data(contentsOf: data) == newer)
    #expect(try lists(session.file("checklists-recovered.json")).map(\.name) == ["Trip"])
  }
}

/// Notes in tmux: the selection comes back after a cancelled New Note.
@Suite("Notes in tmux: selection", .serialized)
struct NotesSelectionTerminalTests {
  @Test func theSelectionComesBackAfterACancelledNewNote() throws {
    let session = try TmuxSession(width: 90, height: 16)
    let data = session.file("notes.json")
    try #"[{"title": "One", "body": ""}, {"title": "Two", "body": ""}, {"title": "Three", "body": ""}]"#
      .write(to: data, atomically: true, encoding: .utf8)
    try session.run("\(TmuxSession.productPath("Notes")) --data \(data.path); echo EXIT=$?")
    #expect(try session.waitFor("3 notes"))
    try session.send("Down", "Down")
    #expect(try session.waitFor("▸ Three"))
    try session.send("C-n")
    #expect(try session.waitFor("New Note"))
    try session.send("Escape")
    #expect(try session.waitFor { $0.contains("▸ Three") && $0.contains("3 notes") })
    try session.send("C-q")
    #expect(try session.waitFor("EXIT=0"))
  }
}

/// Notes in tmux: a save that fails is shown in the app, and quitting asks until it works.
@Suite("Notes in tmux: failed saves", .serialized)
struct NotesTerminalBehaviourTests {
  @Test func aFailedSaveIsShownAndQuittingAsksUntilSaveWorks() throws {
    let session = try TmuxSession(width: 100, height: 20)
    let data = session.file("notes.json")
    try session.run("\(TmuxSession.productPath("Notes")) --data \(data.path); echo EXIT=$?")
    #expect(try session.waitFor("3 notes"))
    // The data file turns into a folder while the app runs.
    try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
    try session.send("C-n")
    try session.sendLiteral("Kept")
    try session.send("C-s")
    #expect(try session.waitFor("Not saved. Cannot save to \(data.path)"))
    try session.send("C-q")
    #expect(
      try session.waitFor {
        flowing($0).contains("\(data.path): it is a folder, not a file. Save tries again.")
      })
    try FileManager.default.removeItem(at: data)
    try session.send("Enter")  // Save: works now
    #expect(try session.waitFor("EXIT=0"))
    #expect(try String(contentsOf: data, encoding: .utf8).contains("\"title\" : \"Kept\""))
  }
}
