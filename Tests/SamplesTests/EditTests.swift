import EventReplay
import Foundation
import Glibc
import ResponderKit
import TerminalHost
import TestSupport
import Testing

@testable import Edit

/// A file system whose writes into one folder fail as a read-only folder's do (`EROFS` when a
/// file is created there): the tests run as root, for whom a folder's mode bits refuse nothing.
final class ReadOnlyFolder: @unchecked Sendable {
  private let lock = NSLock()
  private var storedPath: String?

  /// The folder writes fail in, while set.
  var path: String? {
    get { lock.withLock { storedPath } }
    set { lock.withLock { storedPath = newValue } }
  }

  var fileSystem: LocalDocumentFileSystem {
    var calls = DataFileCalls.system
    calls.open = { [self] file, flags, mode in
      let writes = flags & (O_WRONLY | O_RDWR | O_CREAT) != 0
      if writes, let path, file.hasPrefix(path + "/") {
        errno = EROFS
        return -1
      }
      return Glibc.open(file, flags, mode)
    }
    return LocalDocumentFileSystem(calls: calls)
  }
}

/// What a test launched, alive until the test ends.
@MainActor
final class Launched {
  var controllers: [EditAppController] = []
}

/// Edit driven as a person would, through `HeadlessDriver` (the same `Application.handle`
/// path as live input), on real files in a scratch folder: two documents edited, then quitting
/// reviews each (Save one, Don't Save the other) and the files on disk are checked.
@Suite("Edit")
@MainActor
struct EditTests {
  private let scratch: ScratchDirectory
  /// The controllers launched, kept for the test's length: the application holds its
  /// delegate weakly, and the Window menu's items target the controller.
  private let launched = Launched()
  let folder: URL
  var alpha: URL { folder.appendingPathComponent("alpha.txt") }
  var beta: URL { folder.appendingPathComponent("beta.txt") }

  init() throws {
    scratch = try ScratchDirectory("edit-test")
    folder = scratch.url
    try "alpha\n".write(to: alpha, atomically: false, encoding: .utf8)
    try "beta\n".write(to: beta, atomically: false, encoding: .utf8)
  }

  func launch(
    _ files: [URL], fileSystem: any DocumentFileSystem = LocalDocumentFileSystem(), width: Int = 80,
    height: Int = 20
  ) -> (EditAppController, HeadlessDriver) {
    let controller = EditAppController(files: files, fileSystem: fileSystem, startDirectory: folder)
    launched.controllers.append(controller)
    let driver = HeadlessDriver(application: controller.application, size: Size(width: width, height: height))
    return (controller, driver)
  }

  func contents(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

  /// The alert in front (a review sheet, an error), if one is.
  func alert(_ controller: EditAppController) -> Alert? { controller.application.modalWindow as? Alert }

  func document(_ controller: EditAppController, _ url: URL) throws -> TextDocument {
    try #require(controller.documents.document(for: url) as? TextDocument)
  }

  /// The folder's file names, hidden ones (temporary files, autosaved copies) included.
  func names() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
  }

  /// Types "A1 " at the top of alpha, then switches (Alt+2) and types "B2 " at the top of beta.
  func editBoth(_ driver: HeadlessDriver) {
    driver.type("A1 ")
    driver.press("Alt+2")
    driver.type("B2 ")
  }

  // MARK: Quitting

  @Test func quittingAfterEditingTwoFilesSavesOneAndDiscardsTheOther() throws {
    let (controller, driver) = launch([alpha, beta])
    #expect(driver.screenText.contains("alpha.txt"), "the first file is in front")
    editBoth(driver)
    #expect(controller.application.keyWindow?.title.hasPrefix("beta.txt") == true)
    #expect(try document(controller, alpha).isDocumentEdited && document(controller, beta).isDocumentEdited)
    driver.press("Control+q")
    #expect(!controller.application.isTerminated)
    let first = try #require(alert(controller))
    #expect(first.title == "Do you want to save the changes made to “alpha.txt”?")
    #expect(first.buttonTitles == ["Save", "Don't Save", "Cancel"])
    // The sheet wraps its title: the document's name is on the screen whole.
    #expect(driver.screenText.contains("“alpha.txt”?") && !driver.screenText.contains("…"))
    #expect(
      controller.application.mainWindow?.title.hasPrefix("alpha.txt") == true, "the sheet is on its window")
    driver.press("Return")  // Save
    let second = try #require(alert(controller))
    #expect(second.title == "Do you want to save the changes made to “beta.txt”?")
    driver.press("Right")
    driver.press("Return")  // Don't Save
    #expect(controller.application.isTerminated)
    #expect(try contents(alpha) == "A1 alpha\n")
    #expect(try contents(beta) == "beta\n")
    #expect(try names() == ["alpha.txt", "beta.txt"], "no temporary file or autosaved copy left")
  }

  @Test func cancelDuringTheQuitReviewKeepsEveryDocumentAndWindow() throws {
    let (controller, driver) = launch([alpha, beta])
    editBoth(driver)
    driver.press("Control+q")
    driver.press("Escape")  // Cancel on alpha's sheet
    #expect(!controller.application.isTerminated && !controller.application.isTerminationPending)
    #expect(controller.documents.documents.count == 2)
    #expect(try document(controller, alpha).text == "A1 alpha\n")
    #expect(try contents(alpha) == "alpha\n" && contents(beta) == "beta\n", "nothing written")

    // Save the first, then Cancel on the second: the save stays, the quit does not happen.
    driver.press("Control+q")
    driver.press("Return")
    driver.press("Escape")
    #expect(!controller.application.isTerminated && !controller.application.isTerminationPending)
    #expect(try contents(alpha) == "A1 alpha\n")
    #expect(try !document(controller, alpha).isDocumentEdited && document(controller, beta).isDocumentEdited)
    #expect(controller.documentWindows.count == 2)
    #expect(driver.screenText.contains("B2 beta"))
  }

  @Test func quittingWithNothingEditedQuitsAtOnce() throws {
    let (controller, driver) = launch([alpha, beta])
    driver.press("Control+q")
    #expect(controller.application.isTerminated)
  }

  // MARK: Saving

  @Test func aFailedSaveSaysWhyAndKeepsTheWindowAndTheChanges() throws {
    let readOnly = ReadOnlyFolder()
    let (controller, driver) = launch([alpha], fileSystem: readOnly.fileSystem)
    readOnly.path = folder.path
    driver.type("mine ")
    driver.press("Control+s")
    let sentence = "Cannot save to \(alpha.path): the folder is read-only"
    let failure = try #require(alert(controller))
    #expect(failure.message.contains(sentence))
    #expect(!failure.message.contains("Error Domain"))
    driver.press("Return")  // OK
    #expect(driver.screenText.contains("the folder is read-only"), "the status line keeps the reason")
    #expect(try document(controller, alpha).isDocumentEdited)

    // Closing asks; Save fails again and the window stays, the text as typed.
    driver.press("Control+w")
    #expect(alert(controller)?.title == "Do you want to save the changes made to “alpha.txt”?")
    driver.press("Return")  // Save: fails
    #expect(alert(controller)?.message.contains(sentence) == true)
    driver.press("Return")  // OK
    #expect(controller.documentWindows.count == 1)
    #expect(try document(controller, alpha).text == "mine alpha\n")
    #expect(!controller.application.isTerminated)

    // Once the folder is writable again, Save works.
    readOnly.path = nil
    driver.press("Control+s")
    #expect(try contents(alpha) == "mine alpha\n")
    #expect(try !document(controller, alpha).isDocumentEdited)
    #expect(!driver.screenText.contains("read-only"), "the reason goes once a save worked")
  }

  /// Another program rewrote the file: Save asks first (Keep Mine writes over it, Revert reads
  /// theirs).
  @Test func aFileChangedByAnotherProgramIsNoticedOnSave() throws {
    let (controller, driver) = launch([alpha, beta])
    driver.type("mine ")
    try "theirs, longer\n".write(to: alpha, atomically: true, encoding: .utf8)
    driver.press("Control+s")
    let question = try #require(alert(controller))
    #expect(question.title == "“alpha.txt” was changed by another program.")
    #expect(question.buttonTitles == ["Keep Mine", "Revert", "Cancel"])
    driver.press("Return")  // Keep Mine
    #expect(try contents(alpha) == "mine alpha\n")

    driver.press("Alt+2")
    driver.type("mine ")
    try "theirs, longer\n".write(to: beta, atomically: true, encoding: .utf8)
    driver.press("Control+s")
    driver.press("Right")
    driver.press("Return")  // Revert
    #expect(try document(controller, beta).text == "theirs, longer\n")
    #expect(try contents(beta) == "theirs, longer\n")
    #expect(try !document(controller, beta).isDocumentEdited)
  }

  @Test func saveKeepsTheFilesPermissions() throws {
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: alpha.path)
    let (_, driver) = launch([alpha])
    driver.type("x")
    driver.press("Control+s")
    #expect(try contents(alpha) == "xalpha\n")
    let mode = try FileManager.default.attributesOfItem(atPath: alpha.path)[.posixPermissions] as? Int
    #expect(mode == 0o640)
  }

  @Test func revertToSavedAsksThenReadsTheFileAgain() throws {
    let (controller, driver) = launch([alpha])
    let menu = try #require(controller.application.mainMenu?.item(withTitle: "File")?.submenu)
    let revert = try #require(menu.item(withTitle: "Revert to Saved"))
    #expect(!menu.isItemEnabled(revert), "nothing to revert to")
    driver.type("gone ")
    #expect(menu.isItemEnabled(revert))
    #expect(menu.performItem(revert))
    #expect(alert(controller)?.title == "Revert “alpha.txt” to the saved version?")
    driver.press("Return")  // Revert
    let document = try document(controller, alpha)
    #expect(document.text == "alpha\n")
    #expect(!document.isDocumentEdited)
    #expect(!document.undoManager.canUndo, "the dropped changes cannot come back by undo")
    #expect(driver.screenText.contains("alpha") && !driver.screenText.contains("gone"))
  }

  @Test func aNewDocumentIsSavedThroughTheSavePanel() throws {
    let (controller, driver) = launch([alpha])
    driver.press("Control+n")
    #expect(controller.application.keyWindow?.title == "Untitled")
    #expect(controller.documentWindows.map(\.title) == ["alpha.txt", "Untitled"])
    driver.type("fresh")
    driver.press("Control+s")
    let panel = try #require(FilePanel.current)
    #expect(panel.mode == .save(.save) && panel.title == "Save" && panel.field.text == "Untitled.txt")
    driver.type("fresh.txt")  // replaces the selected name
    driver.press("Return")
    let fresh = folder.appendingPathComponent("fresh.txt")
    #expect(try contents(fresh) == "fresh")
    #expect(controller.application.keyWindow?.title == "fresh.txt")
  }

  @Test func aFileThatDoesNotExistYetIsSavedUnderItsNameWithoutAsking() throws {
    let new = folder.appendingPathComponent("new.txt")
    let (controller, driver) = launch([new])
    #expect(driver.screenText.contains("new.txt"))
    driver.type("hello")
    driver.press("Control+s")
    #expect(FilePanel.current?.isVisible != true)
    #expect(try contents(new) == "hello")
    #expect(controller.documents.document(for: new) != nil)
  }

  @Test func saveAsAsksEvenForADocumentWithANameToSaveUnder() throws {
    let new = folder.appendingPathComponent("new.txt")
    let (controller, driver) = launch([new])
    driver.type("draft")
    let file = try #require(controller.application.mainMenu?.item(withTitle: "File")?.submenu)
    #expect(file.performItem(try #require(file.item(withTitle: "Save As…"))))
    let panel = try #require(FilePanel.current)
    #expect(panel.mode == .save(.saveAs) && panel.title == "Save As" && panel.field.text == "new.txt")
    #expect(panel.directory.path == folder.path)
    driver.press("Escape")
    #expect(!FileManager.default.fileExists(atPath: new.path), "cancelled: nothing written")
    #expect(controller.documents.documents.first?.isDocumentEdited == true)
  }

  // MARK: Opening

  @Test func theOpenPanelListsTheFolderAndOpensTheFileChosen() throws {
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("notes"), withIntermediateDirectories: false)
    try "inner\n".write(
      to: folder.appendingPathComponent("notes/inner.txt"), atomically: false, encoding: .utf8)
    let (controller, driver) = launch([alpha])
    driver.press("Control+o")
    let panel = try #require(FilePanel.current)
    #expect(panel.entries.map(\.name) == ["..", "notes", "alpha.txt", "beta.txt"])
    #expect(driver.screenText.contains("notes/"))
    driver.type("nothere.txt")
    driver.press("Return")
    #expect(panel.message == "There is no file \(folder.appendingPathComponent("nothere.txt").path).")
    driver.press("Tab")  // to the list, the folder's first entry selected: notes
    driver.press("Return")
    #expect(panel.directory.lastPathComponent == "notes")
    #expect(panel.entries.map(\.name) == ["..", "inner.txt"])
    driver.press("Return")  // inner.txt
    #expect(controller.application.keyWindow?.title == "inner.txt")
    #expect(driver.screenText.contains("inner"))
    #expect(controller.documentWindows.map(\.title) == ["alpha.txt", "inner.txt"])
  }

  @Test func escapeClosesTheOpenPanelAndOpensNothing() throws {
    let (controller, driver) = launch([alpha])
    driver.press("Control+o")
    #expect(FilePanel.current?.isVisible == true)
    driver.press("Escape")
    #expect(FilePanel.current?.isVisible != true)
    #expect(controller.documents.documents.count == 1)
    #expect(controller.application.keyWindow?.title == "alpha.txt")
  }

  @Test func aFileThatIsNotTextIsRefusedWithASentence() throws {
    let binary = folder.appendingPathComponent("image.bin")
    try Data([0xFF, 0xFE, 0x00, 0xC3, 0x28]).write(to: binary)
    let (controller, driver) = launch([binary, alpha])
    let alert = try #require(controller.launchAlert)
    #expect(alert.message == "Cannot open \(binary.path): it is not a text file.")
    #expect(controller.documents.documents.count == 1, "the good file still opens")
    driver.press("Return")
    #expect(controller.application.keyWindow?.title == "alpha.txt")
  }

  // MARK: Editing

  @Test func undoBelongsToEachDocument() throws {
    let (controller, driver) = launch([alpha, beta])
    driver.type("1")
    driver.press("Alt+2")
    driver.type("2")
    driver.press("Alt+1")
    driver.press("Control+z")
    let (first, second) = (try document(controller, alpha), try document(controller, beta))
    #expect(first.text == "alpha\n")
    #expect(second.text == "2beta\n", "beta's typing is not undone from alpha")
    #expect(!first.isDocumentEdited, "undone back to the file: not edited")
    driver.press("Alt+2")
    driver.press("Control+z")
    #expect(second.text == "beta\n")
  }

  @Test func theStatusLineShowsTheLineTheColumnAndTheEditedState() throws {
    try "first\nsecond line\n".write(to: alpha, atomically: false, encoding: .utf8)
    let (_, driver) = launch([alpha])
    #expect(driver.screenText.contains("Ln 1, Col 1"))
    driver.press("Down")
    driver.press("Right")
    driver.press("Right")
    #expect(driver.screenText.contains("Ln 2, Col 3"))
    #expect(!driver.screenText.contains("Edited"))
    driver.type("X")
    #expect(driver.screenText.contains("Ln 2, Col 4 · Edited"))
    #expect(driver.screenText.contains("alpha.txt — Edited"), "the title says so too")
  }

  @Test func longLinesWrapOnScreenButNotInTheFile() throws {
    let line = (1...12).map { "word\($0)" }.joined(separator: " ")
    try line.write(to: alpha, atomically: false, encoding: .utf8)
    let (_, driver) = launch([alpha], width: 30, height: 10)
    let rows = driver.screenText.split(separator: "\n")
    #expect(rows[1] == "word1 word2 word3 word4 word5")
    #expect(rows[2].hasPrefix("word6"), "the rest of the line continues below")
    driver.press("Control+End")
    driver.type("!")
    driver.press("Control+s")
    #expect(try contents(alpha) == line + "!", "no newline was added where the line wrapped")
  }

  @Test func findAndCopyPasteWorkInTheEditor() throws {
    try "one two three two\n".write(to: alpha, atomically: false, encoding: .utf8)
    let (controller, driver) = launch([alpha, beta])
    driver.press("Control+f")
    #expect(FindPanel.current != nil)
    driver.type("two")
    driver.press("Return")
    driver.press("Escape")
    let textView = try #require(try document(controller, alpha).windowController?.editor.textView)
    #expect(textView.selectedText == "two")
    driver.press("Control+c")
    #expect(driver.pasteboard.string == "two")
    driver.press("Alt+2")
    driver.press("Control+v")
    #expect(try document(controller, beta).text == "twobeta\n")
  }

  @Test func theWindowMenuListsTheDocumentsAndChecksTheFrontOne() throws {
    let (controller, driver) = launch([alpha, beta])
    let menu = try #require(controller.application.mainMenu?.item(withTitle: "Window")?.submenu)
    #expect(menu.items.map(\.title) == ["alpha.txt", "beta.txt"])
    #expect(menu.items.map(\.state) == [.on, .off])
    driver.press("Alt+2")
    #expect(menu.items.map(\.state) == [.off, .on])
    driver.type("b")
    #expect(menu.items.map(\.title) == ["alpha.txt", "beta.txt — Edited"])
    driver.press("Alt+1")
    driver.press("Control+w")
    #expect(menu.items.map(\.title) == ["beta.txt — Edited"])
  }

  @Test func closingTheLastWindowQuits() throws {
    let (controller, driver) = launch([alpha])
    driver.press("Control+w")
    driver.advance(by: 0.1)
    #expect(controller.application.isTerminated)
  }

  @Test func f1ListsTheDocumentKeys() throws {
    let (_, driver) = launch([alpha])
    driver.press("F1")
    let screen = driver.screenText
    for entry in ["New", "Open…", "Save", "Save As…", "Close", "Quit", "Find…", "Alt+1  alpha.txt"] {
      #expect(screen.contains(entry), "F1 lists \(entry)")
    }
  }

  // MARK: Recording and replay

  /// What a person typed, recorded, replays onto fresh copies of the files with the same
  /// result on disk (what `--record` and `--replay` do in a terminal).
  @Test func aRecordedSessionReplaysToTheSameFiles() throws {
    let (controller, driver) = launch([alpha, beta])
    editBoth(driver)
    driver.press("Control+q")
    driver.press("Return")
    driver.press("Right")
    driver.press("Return")
    let recorded = folder.appendingPathComponent("session.rkrec")
    try driver.recording.write(to: recorded)
    #expect(controller.application.isTerminated)
    let savedAlpha = try contents(alpha)
    try "alpha\n".write(to: alpha, atomically: false, encoding: .utf8)

    let (replayed, replayer) = launch([alpha, beta])
    replayer.replay(try Recording(contentsOf: recorded))
    #expect(replayed.application.isTerminated)
    let (replayedAlpha, replayedBeta) = (try contents(alpha), try contents(beta))
    #expect(savedAlpha == "A1 alpha\n")
    #expect(replayedAlpha == savedAlpha)
    #expect(replayedBeta == "beta\n")
  }

  @Test func optionsTakeFilesAndNameABadOption() throws {
    #expect(
      try EditOptions(arguments: ["a.txt", "--", "-b.txt"]).files.map(\.lastPathComponent) == [
        "a.txt", "-b.txt",
      ])
    #expect(throws: CommandLineError(argument: "--wrap", reason: "unknown option")) {
      try EditOptions(arguments: ["--wrap"])
    }
  }
}

/// The status line's line and column, found eight ASCII bytes at a time, against `String`'s
/// own count of characters over random texts of ASCII, CR LF, accents that combine with the
/// letter before them, emoji and tabs, at every index.
@Suite("Edit text positions")
struct EditTextPositionTests {
  /// The reference: `String`'s characters, walked one by one.
  static func walked(_ index: Int, in text: String) -> TextPosition {
    var position = TextPosition(line: 1, column: 1)
    for character in text.prefix(index) {
      if character.isNewline {
        position = TextPosition(line: position.line + 1, column: 1)
      } else {
        position.column += 1
      }
    }
    return position
  }

  @Test func theFastCountAgreesWithStringsCharactersAtEveryIndex() {
    var generator = SystemRandomNumberGenerator()
    let pieces = ["a", "bc", "\n", "\r\n", "e\u{301}", "\u{301}", "😀", "\t", "long line of words ", "ü"]
    for _ in 0..<200 {
      let count = Int.random(in: 0..<40, using: &generator)
      let text = (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined()
      for index in 0...(text.count + 1) {
        #expect(
          TextPosition(of: index, in: text) == Self.walked(index, in: text),
          "\(index) in \(text.debugDescription)")
      }
    }
  }

  @Test func aLongASCIITextIsCountedByLines() {
    let text = String(repeating: "0123456789 abcdefghij\n", count: 10_000) + "tail"
    #expect(TextPosition(of: text.count, in: text) == TextPosition(line: 10_001, column: 5))
    #expect(TextPosition(of: 22 * 500 + 3, in: text) == TextPosition(line: 501, column: 4))
  }
}
