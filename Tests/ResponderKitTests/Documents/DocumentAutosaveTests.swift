import Foundation
import Testing

@testable import ResponderKit

/// Saves in place after each quiet period (AppKit's `autosavesInPlace`).
private final class InPlaceDocument: Document {
  override class var autosavesInPlace: Bool { true }
  var text = ""
  override func read(from data: Data, ofType typeName: String) throws {
    text = String(decoding: data, as: UTF8.self)
  }
  override func data(ofType typeName: String) throws -> Data { Data(text.utf8) }
  override func makeWindowControllers() { addWindowController(WindowController(window: Window())) }
}

@MainActor
struct DocumentAutosaveTests {
  private let a = URL(fileURLWithPath: "/docs/a.txt")
  private let copy = URL(fileURLWithPath: "/docs/.a.txt.autosave")

  @Test func anEditedDocumentIsAutosavedBesideItsFileAfterAQuietPeriod() throws {
    let harness = DocumentHarness(delay: 2)
    let document = try harness.open("a.txt", "one")
    harness.edit(document, " two")
    harness.advance(1.5)
    harness.edit(document, " three")
    harness.advance(1.5)
    #expect(harness.files.text(at: copy) == nil, "typing again restarts the quiet period")
    harness.advance(0.6)
    #expect(harness.files.text(at: copy) == "one two three")
    #expect(harness.files.text(at: a) == "one", "autosave elsewhere leaves the file for Save")
    #expect(document.isDocumentEdited && !document.hasUnautosavedChanges)
    // Saving removes the copy.
    harness.app.sendAction(.saveDocument, to: nil, from: nil)
    #expect(harness.files.text(at: copy) == nil && harness.files.text(at: a) == "one two three")
  }

  @Test func aKilledAppsChangesComeBackFromTheAutosavedCopy() throws {
    let files: MemoryFileSystem
    do {
      let harness = DocumentHarness()
      files = harness.files
      let document = try harness.open("a.txt", "one")
      harness.edit(document, " two")
      harness.advance(3)
      // The process dies here: nothing closes, nothing is saved.
    }
    let next = DocumentHarness()
    next.controller.fileSystem = files
    let reopened = try #require(try next.controller.openDocument(withContentsOf: a) as? TextDocument)
    #expect(reopened.text == "one two" && reopened.isDocumentEdited)
    #expect(next.app.keyWindow?.title == "a.txt — Edited")
    // Don't Save throws the recovered changes away for good.
    next.app.keyWindow?.performClose(nil)
    try next.press("Don't Save")
    #expect(files.text(at: copy) == nil && files.text(at: a) == "one")
  }

  @Test func suspendHangUpAndTerminationAutosaveEveryEditedDocumentAtOnce() throws {
    let harness = DocumentHarness(delay: 60)
    let document = try harness.open("a.txt", "one")
    harness.edit(document, " two")
    harness.app.prepareForSuspend()
    #expect(harness.files.text(at: copy) == "one two")
    harness.edit(document, " three")
    harness.app.terminateNow()  // SIGTERM or SIGHUP
    #expect(harness.files.text(at: copy) == "one two three")
    #expect(harness.files.text(at: a) == "one")
  }

  @Test func aFailedAutosaveKeepsTheDocumentEditedAndSaysWhy() throws {
    let harness = DocumentHarness()
    let document = try harness.open("a.txt", "one")
    harness.files.fail(copy, with: "Cannot save to /docs/.a.txt.autosave: the folder is read-only")
    harness.edit(document, " two")
    harness.advance(3)
    #expect(harness.alert == nil, "an autosave nobody asked for shows no alert")
    #expect(document.lastError == "Cannot save to /docs/.a.txt.autosave: the folder is read-only")
    #expect(document.isDocumentEdited && document.hasUnautosavedChanges && document.text == "one two")
  }

  @Test func aDocumentThatAutosavesInPlaceWritesItsFileAndIsNoLongerEdited() throws {
    let harness = DocumentHarness(documentType: InPlaceDocument.self)
    let files = harness.files
    files.put("one", at: a)
    let document = try #require(try harness.controller.openDocument(withContentsOf: a) as? InPlaceDocument)
    document.text = "one two"
    document.updateChangeCount(.changeDone)
    harness.advance(5)
    #expect(files.text(at: a) == "one two" && !document.isDocumentEdited)
  }

  @Test func backgroundAutosavesWriteOffTheMainActorAndFinishBeforeASave() async throws {
    let harness = DocumentHarness()
    harness.controller.autosavesInBackground = true
    let document = try harness.open("a.txt", "one")
    harness.edit(document, " two")
    harness.advance(3)
    await harness.controller.waitForBackgroundWrites()
    #expect(!harness.controller.hasBackgroundWrites)
    #expect(harness.files.text(at: copy) == "one two" && !document.hasUnautosavedChanges)
  }

  // MARK: Changes made by another program

  @Test func anUneditedDocumentWhoseFileChangedIsReadAgainOnFocus() throws {
    let harness = DocumentHarness()
    let document = try harness.open("a.txt", "one")
    harness.files.put("changed elsewhere", at: a)
    harness.app.setActive(false)
    harness.app.setActive(true)
    #expect(document.text == "changed elsewhere" && harness.alert == nil)
  }

  @Test func anEditedDocumentWhoseFileChangedAsksKeepMineOrRevertOnFocus() throws {
    let harness = DocumentHarness()
    let document = try harness.open("a.txt", "one")
    harness.edit(document, " two")
    harness.files.put("theirs", at: a)
    harness.app.setActive(false)
    harness.app.setActive(true)
    #expect(harness.alert?.buttonTitles == ["Keep Mine", "Revert"])
    try harness.press("Keep Mine")
    // Saving now replaces their version without asking again.
    harness.app.sendAction(.saveDocument, to: nil, from: nil)
    #expect(harness.alert == nil && harness.files.text(at: a) == "one two")

    harness.edit(document, " three")
    harness.files.put("theirs again", at: a)
    harness.app.setActive(false)
    harness.app.setActive(true)
    try harness.press("Revert")
    #expect(document.text == "theirs again" && !document.isDocumentEdited)
  }

  @Test func savingOverAFileAnotherProgramChangedAsksFirst() throws {
    let harness = DocumentHarness()
    let document = try harness.open("a.txt", "one")
    harness.edit(document, " two")
    harness.files.put("theirs", at: a)
    harness.app.sendAction(.saveDocument, to: nil, from: nil)
    #expect(harness.alert?.buttonTitles == ["Keep Mine", "Revert", "Cancel"])
    try harness.press("Cancel")
    #expect(harness.files.text(at: a) == "theirs" && document.isDocumentEdited)
    harness.app.sendAction(.saveDocument, to: nil, from: nil)
    try harness.press("Keep Mine")
    #expect(harness.files.text(at: a) == "one two" && !document.isDocumentEdited)
  }

  @Test func anAutosaveNeverOverwritesAFileAnotherProgramChanged() throws {
    let harness = DocumentHarness(documentType: InPlaceDocument.self)
    let files = harness.files
    files.put("one", at: a)
    let document = try #require(try harness.controller.openDocument(withContentsOf: a) as? InPlaceDocument)
    document.text = "mine"
    document.updateChangeCount(.changeDone)
    files.put("theirs", at: a)
    harness.advance(5)
    #expect(files.text(at: a) == "theirs" && document.isDocumentEdited)
  }

  @Test func theAutosavingDelayFollowsTheReliabilityRules() {
    let controller = DocumentController(documentType: TextDocument.self)
    controller.autosavingDelay = .nan
    #expect(controller.autosavingDelay == 0)
    controller.autosavingDelay = -3
    #expect(controller.autosavingDelay == 0)
    controller.autosavingDelay = .infinity
    #expect(controller.autosavingDelay == 1_073_741_824)
    controller.autosavingDelay = 1e12
    #expect(controller.autosavingDelay == 1_073_741_824)
  }
}
