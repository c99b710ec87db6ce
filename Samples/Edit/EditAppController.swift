import Foundation
import ResponderKit

/// Builds the app around a ``DocumentController``: opens the files of the command line, one
/// window each, gives the controller its open and save panels (``FilePanel``), keeps the
/// Window menu in step with the windows, and reports files that could not be opened.
///
/// Everything about saving, closing and quitting is the document architecture's: Save, Save
/// As, Revert and Close go with a nil target to the window's ``TextDocument``; New and Open to
/// the document controller, after the application's delegate (this object); quitting reviews
/// each edited document in turn, Save / Don't Save / Cancel on its own window, before
/// ``applicationShouldTerminate(_:)`` is asked.
@MainActor
final class EditAppController: ApplicationDelegate, ActionTarget {
  let application = Application()
  let documents: DocumentController
  /// The folder panels start in when the document has no file: the working directory.
  let startDirectory: URL
  /// Files of the command line that could not be opened, each with its sentence, shown in an
  /// alert once the app has launched.
  private(set) var launchProblems: [String] = []
  /// The alert about them, while it shows (for tests).
  private(set) weak var launchAlert: Alert?
  private var observations: [NotificationObservation] = []

  init(
    files: [URL], fileSystem: any DocumentFileSystem,
    startDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
  ) {
    Action.register(.showDocumentWindow)
    self.startDirectory = startDirectory
    documents = DocumentController(documentType: TextDocument.self, fileSystem: fileSystem)
    application.delegate = self
    application.mainMenu = EditMainMenu.make()
    application.documentController = documents
    documents.openPanelHandler = { [weak self] completion in
      guard let self else { return completion(nil) }
      FilePanel.begin(.open, in: self.application, directory: self.panelDirectory, completion: completion)
    }
    documents.savePanelHandler = { [weak self] document, operation, completion in
      guard let self else { return completion(nil) }
      let location = document.fileURL
      let directory = location?.deletingLastPathComponent() ?? self.panelDirectory
      let name = location?.lastPathComponent ?? document.displayName + ".txt"
      FilePanel.begin(
        .save(operation), in: self.application, directory: directory, name: name, completion: completion)
    }
    let center = NotificationCenter.default
    observations = [
      center.addMainActorObserver(forName: Window.didBecomeKeyNotification, object: nil) { [weak self] _ in
        self?.updateWindowMenu()
      },
      center.addMainActorObserver(forName: Window.willCloseNotification, object: nil) { [weak self] note in
        guard (note.object as? Window)?.windowController is EditorWindowController else { return }
        self?.windowWillClose()
      },
    ]
    open(files)
  }

  /// Opens each file in its own window, the first in front; a file that does not exist yet
  /// becomes an empty document saved under its name. With no files: one untitled document.
  private func open(_ files: [URL]) {
    var first: Document?
    for url in files {
      do {
        let document: Document
        if FileManager.default.fileExists(atPath: url.path) {
          document = try documents.openDocument(withContentsOf: url)
        } else {
          // A new file: a document named after it, which Save writes without asking.
          let new = TextDocument()
          new.fileURL = url
          documents.addDocument(new)
          new.makeWindowControllers()
          new.showWindows()
          document = new
        }
        first = first ?? document
        watch(document)
      } catch {
        // The file system's and the document's errors are sentences naming the file.
        launchProblems.append(String(describing: error))
      }
    }
    if first == nil { first = newDocument() }
    first?.showWindows()
    updateWindowMenu()
  }

  /// An untitled document in a new window.
  @discardableResult
  func newDocument() -> Document {
    let document = documents.openUntitledDocumentAndDisplay(true)
    watch(document)
    return document
  }

  /// Follows a document's window titles into the Window menu.
  private func watch(_ document: Document) {
    for controller in document.windowControllers {
      (controller as? EditorWindowController)?.titleDidChange = { [weak self] in self?.updateWindowMenu() }
    }
  }

  /// The folder of the current document's file, else the start directory.
  var panelDirectory: URL {
    documents.currentDocument?.fileURL?.deletingLastPathComponent() ?? startDirectory
  }

  /// The open documents' windows, in the order the documents were opened.
  var documentWindows: [(title: String, window: Window)] {
    documents.documents.flatMap { document in
      document.windowControllers.compactMap { controller in
        controller.window.map { (title: $0.title, window: $0) }
      }
    }
  }

  func updateWindowMenu() {
    // New and opened documents get their window controllers after the action: watch them here.
    for document in documents.documents { watch(document) }
    EditMainMenu.updateWindowMenu(
      of: application.mainMenu, windows: documentWindows, keyWindow: application.mainWindow, target: self)
  }

  // MARK: Actions

  static var actionTable: ActionTable { controllerActions }
  private static let controllerActions = ActionTable(EditAppController.self) {
    $0.add(.showDocumentWindow) { controller, sender in
      ((sender as? MenuItem)?.representedObject as? Window)?.makeKeyAndOrderFront()
      controller.updateWindowMenu()
    }
  }

  // MARK: Application delegate

  /// Says which files of the command line could not be opened.
  func applicationDidFinishLaunching(_ notification: Notification) {
    guard !launchProblems.isEmpty else { return }
    let alert = Alert(
      title: launchProblems.count == 1 ? "A file could not be opened" : "Some files could not be opened",
      message: launchProblems.joined(separator: "\n"))
    alert.maximumTextWidth = 64
    alert.addButton(withTitle: "OK")
    launchAlert = alert
    alert.beginModal(for: application)
  }

  /// A document window is closing: once it is gone the Window menu drops it, and when it
  /// was the last the app quits, as nano does (a terminal with no window shows nothing). Both
  /// wait for the close to finish: the document closes after its window.
  private func windowWillClose() {
    application.scheduleTimer(after: 0) { [weak self] _ in
      guard let self, !self.application.isTerminated, !self.application.isTerminationPending else { return }
      self.updateWindowMenu()
      if self.documents.documents.isEmpty { self.application.terminate(nil) }
    }
  }
}
