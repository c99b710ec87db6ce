import EventReplay
import Foundation
import Glibc
import ResponderKit
import TerminalHost
import TestSupport
import Testing

@testable import Checklists

/// A save that fails on demand: the store's `write` call fails with `code` while it is set.
final class WriteFault: @unchecked Sendable {
  private let lock = NSLock()
  private var storedCode: Int32?

  var code: Int32? {
    get { lock.withLock { storedCode } }
    set { lock.withLock { storedCode = newValue } }
  }

  var calls: DataFileCalls {
    var calls = DataFileCalls.system
    calls.write = { [self] fd, bytes, count in
      if let code { errno = code; return -1 }
      return Glibc.write(fd, bytes, count)
    }
    return calls
  }
}

/// Checklists never loses work silently: a failed save is shown, quitting asks naming the
/// file and the reason, Save retries, and a file that could not be read is never overwritten
/// but its changes can be saved beside it.
@Suite("Checklists saving")
@MainActor
struct ChecklistsSavingTests {
  let directory: URL
  /// Removes the directory when the test ends, passed, failed or thrown.
  private let scratchDirectory: ScratchDirectory
  var dataURL: URL { directory.appendingPathComponent("checklists.json") }

  init() throws {
    scratchDirectory = try ScratchDirectory("checklists-saving")
    directory = scratchDirectory.url
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  func launch(_ calls: DataFileCalls = .system) -> (ChecklistsAppController, HeadlessDriver) {
    let controller = ChecklistsAppController(dataURL: dataURL, fileCalls: calls)
    return (
      controller, HeadlessDriver(application: controller.application, size: Size(width: 90, height: 24))
    )
  }

  func savedLists() throws -> [Checklist] {
    try JSONDecoder().decode(ChecklistsFile.self, from: Data(contentsOf: dataURL)).checklists
  }

  /// Each injected errno gives its sentence, in the status line and in the quit alert.
  @Test(arguments: [
    (EACCES, "permission was denied"), (ENOSPC, "the disk is full"), (EROFS, "the folder is read-only"),
  ])
  func aFailedSaveIsShownAndQuittingAsksNamingTheFileAndTheReason(code: Int32, reason: String) throws {
    let fault = WriteFault()
    fault.code = code
    let (controller, driver) = launch(fault.calls)
    driver.press("Down")
    driver.press("Return")
    driver.press("Space")
    let sentence = "Cannot save to \(dataURL.path): \(reason)"
    #expect(driver.screenText.contains("Not saved."))
    #expect(controller.lastSaveError?.description == sentence)
    driver.press("Control+q")
    #expect(!controller.application.isTerminated)
    let alert = try #require(controller.currentAlert)
    #expect(alert.title == "Your changes are not saved")
    #expect(alert.message.contains(sentence))
    #expect(alert.buttonTitles == ["Save", "Discard", "Cancel"])
    #expect(!alert.message.contains("Error Domain"))
  }

  @Test func saveRetriesReportsAgainAndQuitsOnceItWorks() throws {
    let fault = WriteFault()
    fault.code = ENOSPC
    let (controller, driver) = launch(fault.calls)
    driver.press("Down")
    driver.press("Return")
    driver.press("Space")
    driver.press("Control+q")
    fault.code = EACCES
    driver.press("Return")  // Save: fails again, for a new reason
    #expect(!controller.application.isTerminated)
    #expect(controller.currentAlert?.message.contains("permission was denied") == true)
    fault.code = nil
    driver.press("Return")  // Save: works
    #expect(controller.application.isTerminated)
    #expect(try savedLists()[1].items[0].checked)
  }

  @Test func cancelKeepsTheAppAndDiscardQuitsWithoutWriting() throws {
    let fault = WriteFault()
    fault.code = ENOSPC
    let (controller, driver) = launch(fault.calls)
    driver.press("n")
    driver.type("Trip")
    driver.press("Return")
    driver.press("Control+q")
    driver.press("Escape")
    #expect(!controller.application.isTerminated && !controller.application.isTerminationPending)
    fault.code = nil
    driver.press("Control+q")
    driver.press("Right")
    driver.press("Return")  // Discard
    #expect(controller.application.isTerminated)
    #expect(!FileManager.default.fileExists(atPath: dataURL.path), "Discard wrote nothing")
  }

  @Test func anEditSavedOnQuitThatFailsToSaveAsksAgain() throws {
    let fault = WriteFault()
    fault.code = EROFS
    let (controller, driver) = launch(fault.calls)
    driver.press("Down")
    driver.press("Return")
    driver.press("n")
    driver.type("Tea")
    driver.press("Control+q")
    driver.press("Return")  // Save the edit: the item is added, but writing fails
    #expect(!controller.application.isTerminated)
    #expect(controller.currentAlert?.title == "Your changes are not saved")
    fault.code = nil
    driver.press("Return")
    #expect(controller.application.isTerminated)
    #expect(try savedLists()[1].items.last?.text == "Tea")
  }

  @Test func afterAnUnreadableFileQuittingOffersSaveAsBesideIt() throws {
    let newer = Data(#"{"version": 99, "checklists": []}"#.utf8)
    try newer.write(to: dataURL)
    let (controller, driver) = launch()
    #expect(controller.currentAlert?.message.contains("format version 99") == true)
    driver.press("Return")  // dismiss the launch alert
    driver.press("n")
    driver.type("Trip")
    driver.press("Return")
    driver.press("Control+q")
    let alert = try #require(controller.currentAlert)
    #expect(alert.buttonTitles == ["Save As", "Discard", "Cancel"])
    #expect(alert.message.contains("checklists-recovered.json"))
    driver.press("Return")
    #expect(controller.application.isTerminated)
    #expect(try Data(contentsOf: dataURL) == newer, "the unreadable file is left as it was")
    let recovered = directory.appendingPathComponent("checklists-recovered.json")
    let file = try JSONDecoder().decode(ChecklistsFile.self, from: Data(contentsOf: recovered))
    #expect(file.checklists.map(\.name) == ["Trip"])
  }

  @Test func aDataFileThatTurnedIntoAFolderIsNamedInTheSentence() throws {
    let (controller, driver) = launch()
    try FileManager.default.createDirectory(at: dataURL, withIntermediateDirectories: true)
    driver.press("n")
    driver.type("Trip")
    driver.press("Return")
    #expect(
      controller.lastSaveError?.description == "Cannot save to \(dataURL.path): it is a folder, not a file")
  }

  @Test func aDataPathThatIsAFolderIsRefusedUpFront() throws {
    var options = ChecklistsOptions()
    options.dataPath = directory.path
    #expect(
      options.dataFileProblem?.description == "Cannot read \(directory.path): it is a folder, not a file")
    options.dataPath = dataURL.path
    #expect(options.dataFileProblem == nil)
  }

  // MARK: Temporary files (reliability defect 6)

  /// A process id that is certainly gone: a child that has exited and been reaped.
  func deadProcessID() throws -> pid_t {
    try #require(
      pid_t(TmuxSession.spawn(["sh", "-c", "echo $$"]).trimmingCharacters(in: .whitespacesAndNewlines)))
  }

  @Test func startRemovesTheTemporaryFilesOfDeadProcessesOnly() throws {
    let dead = directory.appendingPathComponent(".checklists.json.tmp-\(try deadProcessID())")
    let living = directory.appendingPathComponent(".checklists.json.tmp-1")  // init never exits
    let other = directory.appendingPathComponent(".other.json.tmp-999999")
    for url in [dead, living, other] { try Data("{".utf8).write(to: url) }
    _ = launch()
    let names = Set(try FileManager.default.contentsOfDirectory(atPath: directory.path))
    #expect(!names.contains(dead.lastPathComponent))
    #expect(names.contains(living.lastPathComponent), "a running process may still be writing it")
    #expect(names.contains(other.lastPathComponent), "not this file's temporary copy")
  }

  @Test func onlyTemporaryCopiesNamedWithADeadProcessIDAreRemovedAmongManyFiles() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let dead = try deadProcessID()
    let kept = [
      ".checklists.json.tmp-", ".checklists.json.tmp-12ab", ".checklists.json.tm-\(dead)",
      "checklists.json.tmp-\(dead)", ".checklists.json.tmp-\(dead)x",
    ]
    for name in kept + (0..<500).map({ "note-\($0).txt" }) {
      try Data().write(to: directory.appendingPathComponent(name))
    }
    // A name that is not UTF-8 (a Latin-1 "é") is still a file to list past.
    let latin1: [UInt8] = Array((directory.path + "/caf").utf8) + [0xE9, 0]
    let fd = latin1.withUnsafeBytes {
      open($0.bindMemory(to: CChar.self).baseAddress!, O_WRONLY | O_CREAT, 0o644)
    }
    #expect(fd >= 0)
    close(fd)
    let stale = ".checklists.json.tmp-\(dead)"
    try Data("{".utf8).write(to: directory.appendingPathComponent(stale))
    #expect(ChecklistsStore(url: dataURL).removeStaleTemporaryFiles() == [stale])
    let names = Set(try FileManager.default.contentsOfDirectory(atPath: directory.path))
    #expect(names.isSuperset(of: kept))
    #expect(!names.contains(stale))
  }
}
