import Foundation
import Testing

@testable import ResponderKit

/// The document's file and the save panel, as AppKit has them: `NSDocument.fileURL` is
/// settable ("for recording the document's location during its initial opening or saving"),
/// the display name is "the last component of the directory location of the saved file", and
/// a save panel is run for an `NSDocument.SaveOperationType`: `saveOperation`,
/// `saveAsOperation` ("updates the document to point to that location") or `saveToOperation`
/// ("writes a copy … without changing the original document's location").
@MainActor
struct DocumentFileURLTests {
  @Test func settingTheFileURLNamesTheDocumentAndSaveWritesThereWithoutAsking() throws {
    let harness = DocumentHarness()
    var asked = 0
    harness.controller.savePanelHandler = { _, _, completion in
      asked += 1
      completion(nil)
    }
    let document = try #require(harness.controller.openUntitledDocumentAndDisplay() as? TextDocument)
    let url = URL(fileURLWithPath: "/docs/new.txt")
    document.fileURL = url
    #expect(document.displayName == "new.txt" && harness.app.keyWindow?.title == "new.txt")
    #expect(!document.isDocumentEdited, "naming the file is not a change")
    harness.edit(document, "hello")
    harness.app.sendAction(.saveDocument, to: nil, from: nil)
    #expect(asked == 0 && harness.alert == nil)
    #expect(harness.files.text(at: url) == "hello" && !document.isDocumentEdited)
    #expect(harness.controller.document(for: url) === document)
  }

  @Test func aFileAlreadyAtTheNewLocationIsNotReplacedWithoutAsking() throws {
    let harness = DocumentHarness()
    let url = URL(fileURLWithPath: "/docs/taken.txt")
    harness.files.put("another program's", at: url)
    let document = try #require(harness.controller.openUntitledDocumentAndDisplay() as? TextDocument)
    document.fileURL = url
    harness.edit(document, "mine")
    harness.app.sendAction(.saveDocument, to: nil, from: nil)
    #expect(harness.alert?.title == "“taken.txt” was changed by another program.")
    try harness.press("Cancel")
    #expect(harness.files.text(at: url) == "another program's")
    harness.app.sendAction(.saveDocument, to: nil, from: nil)
    try harness.press("Keep Mine")
    #expect(harness.files.text(at: url) == "mine")
  }

  @Test func renamingForgetsTheOldFilesAutosavedCopy() throws {
    let harness = DocumentHarness()
    let document = try harness.open("a.txt", "one")
    harness.edit(document, " two")
    harness.advance(3)
    let copy = try #require(document.autosavedContentsFileURL)
    #expect(harness.files.text(at: copy) == "one two")
    document.fileURL = URL(fileURLWithPath: "/docs/b.txt")
    #expect(harness.files.text(at: copy) == nil, "the copy would restore a.txt's edits into a.txt")
    #expect(harness.app.keyWindow?.title == "b.txt — Edited")
  }

  @Test func theSavePanelIsToldWhichSaveAsks() throws {
    let harness = DocumentHarness()
    var operations: [Document.SaveOperation] = []
    var next = ["/docs/first.txt", "/docs/renamed.txt", "/docs/copy.txt"]
    harness.controller.savePanelHandler = { _, operation, completion in
      operations.append(operation)
      completion(URL(fileURLWithPath: next.removeFirst()))
    }
    let document = try #require(harness.controller.openUntitledDocumentAndDisplay() as? TextDocument)
    harness.edit(document, "text")
    harness.app.sendAction(.saveDocument, to: nil, from: nil)
    harness.app.sendAction(.saveDocumentAs, to: nil, from: nil)
    harness.edit(document, " more")
    harness.app.sendAction(.saveDocumentTo, to: nil, from: nil)
    #expect(operations == [.save, .saveAs, .saveTo])
    #expect(harness.files.text(at: URL(fileURLWithPath: "/docs/copy.txt")) == "text more")
    // Save To writes a copy: the document is still renamed.txt, and still edited.
    #expect(document.fileURL?.lastPathComponent == "renamed.txt" && document.isDocumentEdited)
    #expect(harness.files.text(at: URL(fileURLWithPath: "/docs/renamed.txt")) == "text")
  }

  @Test func aRunOfTypingIsOneChangeAndASaveEndsIt() throws {
    let harness = DocumentHarness()
    let document = try harness.open("a.txt", "")
    let window = try #require(harness.app.keyWindow)
    let view = TextView(frame: Rect(x: 0, y: 0, width: 40, height: 5))
    window.rootView = view
    window.makeFirstResponder(view)
    func type(_ text: String) {
      for character in text { harness.app.handle(.key(.character(character, timestamp: 0))) }
    }
    type("abc")
    #expect(document.isDocumentEdited)
    document.undoManager.undo()
    #expect(view.text == "" && !document.isDocumentEdited, "one run of typing, one change")
    document.undoManager.redo()
    type("def")
    harness.app.sendAction(.saveDocument, to: nil, from: nil)
    #expect(view.text == "abcdef" && !document.isDocumentEdited)
    type("ghi")
    #expect(document.isDocumentEdited)
    document.undoManager.undo()
    #expect(view.text == "abcdef" && !document.isDocumentEdited, "the save is a step boundary")
  }
}
