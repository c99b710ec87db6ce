import Foundation
import ResponderKit
import Testing

/// Files in memory, for documents in tests that touch no disk: each write bumps the file's
/// version, as a program writing the file would change its modification time. A path can be
/// made to fail with an error, as a full disk or a read-only folder would.
final class MemoryFileSystem: DocumentFileSystem, @unchecked Sendable {
  private let lock = NSLock()
  private var files: [String: (data: Data, version: Int)] = [:]
  private var failures: [String: any Error] = [:]
  private var counter = 0

  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  func contents(of url: URL) throws -> Data {
    try locked {
      guard let file = files[url.path] else {
        throw Failure(description: "Cannot read \(url.path): no such file")
      }
      return file.data
    }
  }

  func write(_ data: Data, to url: URL) throws {
    try locked {
      if let failure = failures[url.path] { throw failure }
      counter += 1
      files[url.path] = (data, counter)
    }
  }

  func version(of url: URL) -> String? {
    locked { files[url.path].map { "v\($0.version)" } }
  }

  func removeItem(at url: URL) throws {
    locked { _ = files.removeValue(forKey: url.path) }
  }

  func removeStaleTemporaryFiles(besides url: URL) {}

  /// The file's text, or nil when there is none.
  func text(at url: URL) -> String? {
    locked { files[url.path].map { String(decoding: $0.data, as: UTF8.self) } }
  }

  /// Writes `text` as another program would.
  func put(_ text: String, at url: URL) {
    locked {
      counter += 1
      files[url.path] = (Data(text.utf8), counter)
    }
  }

  func fail(_ url: URL, with description: String?) {
    locked { failures[url.path] = description.map { Failure(description: $0) } }
  }

  private func locked<T>(_ body: () throws -> T) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }
}

/// A plain-text document whose windows edit `text` with undo.
final class TextDocument: Document {
  var text = ""

  override func read(from data: Data, ofType typeName: String) throws {
    guard let text = String(data: data, encoding: .utf8) else {
      throw DocumentError.notText(path: fileURL?.path ?? displayName)
    }
    self.text = text
  }

  override func data(ofType typeName: String) throws -> Data { Data(text.utf8) }

  override func makeWindowControllers() {
    addWindowController(WindowController(window: Window()))
  }

  /// An edit as a text view makes it: registered with the document's undo manager.
  func type(_ added: String) {
    setText(text + added)
  }

  /// Sets the text, registering the change back (so undo registers its redo).
  func setText(_ new: String) {
    let old = text
    text = new
    undoManager.registerUndo(withTarget: self) { $0.setText(old) }
  }
}

/// An application with a document controller over `files`, on a virtual clock the test moves.
@MainActor
final class DocumentHarness {
  let app = Application()
  let files = MemoryFileSystem()
  let controller: DocumentController
  var now: TimeInterval = 0

  init(delay: TimeInterval = 2, documentType: Document.Type = TextDocument.self) {
    controller = DocumentController(documentType: documentType, fileSystem: files)
    controller.autosavingDelay = delay
    controller.autosavesInBackground = false
    app.screenSize = Size(width: 60, height: 16)
    app.timerClock = { [unowned self] in self.now }
    app.documentController = controller
    app.finishLaunching()
  }

  /// A file in memory, opened and shown.
  func open(_ name: String, _ text: String) throws -> TextDocument {
    let url = URL(fileURLWithPath: "/docs/\(name)")
    files.put(text, at: url)
    return try #require(try controller.openDocument(withContentsOf: url) as? TextDocument)
  }

  /// A second window for `document`, shown.
  @discardableResult
  func showSecondWindow(of document: Document) -> WindowController {
    let second = WindowController(window: Window())
    document.addWindowController(second)
    second.showWindow(nil)
    return second
  }

  /// Types into `document` as one event's edit: its undo group closes when the event ends.
  func edit(_ document: TextDocument, _ text: String) {
    document.type(text)
    document.undoManager.endImplicitGroupingIfNeeded()
  }

  /// Moves the virtual clock and fires the timers due.
  func advance(_ seconds: TimeInterval) {
    now += seconds
    app.fireTimers(dueBy: now)
  }

  /// The alert showing, if any.
  var alert: Alert? { app.modalWindow as? Alert }

  /// Presses the alert's button titled `title`.
  func press(_ title: String) throws {
    let alert = try #require(self.alert, "no alert showing to press \(title)")
    let index = try #require(
      alert.buttonTitles.firstIndex(of: title), "\(alert.buttonTitles) has no \(title)")
    alert.performButton(at: index)
  }
}
