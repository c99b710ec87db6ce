import Foundation
import Testing

@testable import ResponderKit

// Closing and quitting a document-based app, as AppKit does it: closing the last window of an
// edited document asks Save / Don't Save / Cancel in a sheet on that window (NSDocument's
// canClose(withDelegate:shouldClose:contextInfo:), asked before the window's delegate:
// "When a window is closing, the document is asked before the window delegate to approve the
// closing", NSDocument class reference); quitting reviews each edited document in turn before
// the application's delegate is asked (NSApplication.terminate(_:), with
// applicationShouldTerminate's `.terminateLater` answered by reply(toApplicationShouldTerminate:)).

@MainActor
private final class VetoingDelegate: WindowDelegate {
  var allows = true
  var asked = 0
  func windowShouldClose(_ window: Window) -> Bool {
    asked += 1
    return allows
  }
}

@MainActor
private final class LaterDelegate: ApplicationDelegate {
  var asked = 0
  func applicationShouldTerminate(_ application: Application) -> Application.TerminateReply {
    asked += 1
    return .later
  }
}

@MainActor
struct DocumentClosingTests {
  private let a = URL(fileURLWithPath: "/docs/a.txt")
  private let b = URL(fileURLWithPath: "/docs/b.txt")

  @Test func closingAnEditedDocumentsLastWindowAsksSaveDontSaveCancelOnThatWindow() throws {
    let harness = DocumentHarness()
    let document = try harness.open("a.txt", "one")
    harness.edit(document, " two")
    let window = try #require(harness.app.keyWindow)
    #expect(window.title == "a.txt — Edited")
    #expect(!window.performClose(nil))
    let alert = try #require(harness.alert)
    #expect(alert.buttonTitles == ["Save", "Don't Save", "Cancel"])
    #expect(alert.title == "Do you want to save the changes made to “a.txt”?")
    try harness.press("Cancel")
    #expect(window.isVisible && !document.isClosed && document.isDocumentEdited)

    window.performClose(nil)
    try harness.press("Save")
    #expect(harness.files.text(at: a) == "one two")
    #expect(!window.isVisible && document.isClosed)
    #expect(harness.controller.documents.isEmpty)
  }

  @Test func dontSaveClosesAndLeavesTheFileAsItWas() throws {
    let harness = DocumentHarness()
    let document = try harness.open("a.txt", "one")
    harness.edit(document, " two")
    harness.app.keyWindow?.performClose(nil)
    try harness.press("Don't Save")
    #expect(document.isClosed)
    #expect(harness.files.text(at: a) == "one")
  }

  @Test func aFailedSaveKeepsTheWindowAndSaysWhyInASentence() throws {
    let harness = DocumentHarness()
    let document = try harness.open("a.txt", "one")
    harness.edit(document, " two")
    harness.files.fail(a, with: "Cannot save to /docs/a.txt: the disk is full")
    let window = try #require(harness.app.keyWindow)
    window.performClose(nil)
    try harness.press("Save")
    let error = try #require(harness.alert)
    #expect(error.message == "Cannot save to /docs/a.txt: the disk is full")
    #expect(document.lastError == "Cannot save to /docs/a.txt: the disk is full")
    try harness.press("OK")
    #expect(window.isVisible && document.isDocumentEdited && !document.isClosed)
    #expect(document.text == "one two" && harness.files.text(at: a) == "one")
    // Once the disk has room the same Save succeeds.
    harness.files.fail(a, with: nil)
    window.performClose(nil)
    try harness.press("Save")
    #expect(document.isClosed && harness.files.text(at: a) == "one two")
  }

  @Test func closingAWindowThatIsNotTheDocumentsLastJustClosesIt() throws {
    let harness = DocumentHarness()
    let document = try harness.open("a.txt", "one")
    let second = harness.showSecondWindow(of: document)
    harness.edit(document, " two")
    #expect(second.window?.title == "a.txt — Edited")
    #expect(second.window?.performClose(nil) == true)
    #expect(harness.alert == nil && !document.isClosed && document.windowControllers.count == 1)
    // The last one asks.
    #expect(harness.app.keyWindow?.performClose(nil) == false)
    #expect(harness.alert != nil)
  }

  @Test func theWindowsDelegateIsAskedAfterTheDocumentAndCanStillVeto() throws {
    let harness = DocumentHarness()
    let document = try harness.open("a.txt", "one")
    harness.edit(document, " two")
    let window = try #require(harness.app.keyWindow)
    let delegate = VetoingDelegate()
    delegate.allows = false
    window.delegate = delegate
    window.performClose(nil)
    #expect(delegate.asked == 0, "the document is asked first")
    try harness.press("Don't Save")
    #expect(delegate.asked == 1 && window.isVisible)
    delegate.allows = true
    window.performClose(nil)
    #expect(delegate.asked == 2 && !window.isVisible && harness.alert == nil)
  }

  @Test func quittingReviewsEachEditedDocumentInTurn() throws {
    let harness = DocumentHarness()
    let first = try harness.open("a.txt", "one")
    let second = try harness.open("b.txt", "uno")
    let clean = try harness.open("c.txt", "clean")
    harness.edit(first, " two")
    harness.edit(second, " dos")
    harness.app.terminate(nil)
    #expect(harness.app.isTerminationPending && !harness.app.isTerminated)
    #expect(harness.alert?.title == "Do you want to save the changes made to “a.txt”?")
    #expect(harness.app.keyWindow === harness.alert)
    try harness.press("Save")
    #expect(harness.alert?.title == "Do you want to save the changes made to “b.txt”?")
    try harness.press("Don't Save")
    #expect(harness.app.isTerminated)
    #expect(harness.files.text(at: a) == "one two" && harness.files.text(at: b) == "uno")
    _ = clean
  }

  @Test func cancelOnAnyDocumentCancelsTheQuit() throws {
    let harness = DocumentHarness()
    let first = try harness.open("a.txt", "one")
    let second = try harness.open("b.txt", "uno")
    harness.edit(first, " two")
    harness.edit(second, " dos")
    harness.app.terminate(nil)
    try harness.press("Don't Save")
    try harness.press("Cancel")
    #expect(!harness.app.isTerminated && !harness.app.isTerminationPending)
    #expect(second.isDocumentEdited && !second.isClosed)
    // Quitting again asks about the one still edited: the first was discarded.
    harness.app.terminate(nil)
    #expect(harness.alert?.title == "Do you want to save the changes made to “b.txt”?")
  }

  @Test func aDelegateAnsweringLaterIsAskedAfterTheReviewAndRepliesLater() throws {
    let harness = DocumentHarness()
    let delegate = LaterDelegate()
    harness.app.delegate = delegate
    let document = try harness.open("a.txt", "one")
    harness.edit(document, " two")
    harness.app.terminate(nil)
    #expect(delegate.asked == 0)
    try harness.press("Save")
    #expect(delegate.asked == 1 && harness.app.isTerminationPending && !harness.app.isTerminated)
    harness.app.reply(toApplicationShouldTerminate: true)
    #expect(harness.app.isTerminated)
  }

  @Test func saveOfAnUntitledDocumentAsksWhereThroughTheSavePanel() throws {
    let harness = DocumentHarness()
    var asked: [String] = []
    harness.controller.savePanelHandler = { document, _, completion in
      asked.append(document.displayName)
      completion(URL(fileURLWithPath: "/docs/new.txt"))
    }
    let document = try #require(harness.controller.openUntitledDocumentAndDisplay() as? TextDocument)
    harness.edit(document, "hello")
    #expect(harness.app.keyWindow?.title == "Untitled — Edited")
    harness.app.sendAction(.saveDocument, to: nil, from: nil)
    #expect(asked == ["Untitled"])
    #expect(harness.files.text(at: URL(fileURLWithPath: "/docs/new.txt")) == "hello")
    #expect(harness.app.keyWindow?.title == "new.txt" && !document.isDocumentEdited)
    #expect(harness.controller.recentDocumentURLs.map(\.lastPathComponent) == ["new.txt"])
  }

  @Test func undoAndRedoMoveTheChangeCountLikeAppKit() throws {
    let harness = DocumentHarness()
    let document = try harness.open("a.txt", "one")
    let window = try #require(harness.app.keyWindow)
    #expect(window.undoManager === document.undoManager)
    harness.edit(document, " two")
    #expect(document.isDocumentEdited)
    document.undoManager.undo()
    #expect(!document.isDocumentEdited && window.title == "a.txt", "undone back to the saved text")
    document.undoManager.redo()
    #expect(document.isDocumentEdited)
    harness.app.sendAction(.saveDocument, to: nil, from: nil)
    #expect(!document.isDocumentEdited)
    // Undone past the save, then a different change: no count leads back to the file.
    document.undoManager.undo()
    #expect(document.isDocumentEdited)
    harness.edit(document, " three")
    document.undoManager.undo()
    #expect(document.isDocumentEdited, "the saved text cannot be reached by undo any more")
  }

  @Test func revertAsksThenReadsTheFileAgain() throws {
    let harness = DocumentHarness()
    let document = try harness.open("a.txt", "one")
    harness.edit(document, " two")
    harness.app.sendAction(.revertDocumentToSaved, to: nil, from: nil)
    try harness.press("Revert")
    #expect(document.text == "one" && !document.isDocumentEdited && !document.undoManager.canUndo)
  }

  @Test func aFileThatIsNotTextIsRefusedInASentence() throws {
    let harness = DocumentHarness()
    let url = URL(fileURLWithPath: "/docs/image.png")
    try harness.files.write(Data([0x89, 0x50, 0xFF, 0xFE, 0xC0]), to: url)
    #expect(throws: DocumentError.notText(path: "/docs/image.png")) {
      try harness.controller.openDocument(withContentsOf: url)
    }
    #expect(
      DocumentError.notText(path: "/docs/image.png").description
        == "Cannot open /docs/image.png: it is not a text file.")
    #expect(harness.controller.documents.isEmpty && harness.app.windows.isEmpty)
  }

  @Test func closeDocumentClosesEveryWindowAfterOneReview() throws {
    let harness = DocumentHarness()
    let document = try harness.open("a.txt", "one")
    harness.showSecondWindow(of: document)
    harness.edit(document, " two")
    harness.app.sendAction(.closeDocument, to: nil, from: nil)
    try harness.press("Save")
    #expect(document.isClosed && harness.app.windows.isEmpty)
  }
}
