import Foundation

/// One document: its data, the file it came from, its windows (through
/// ``WindowController``s), its own ``UndoManager`` and whether it has unsaved changes — AppKit's
/// `NSDocument`.
///
/// Subclass it, keep the model in it and override the two data methods; the
/// ``DocumentController`` makes, opens and tracks documents, and the file work goes through its
/// ``DocumentController/fileSystem``:
///
/// ```swift
/// final class TextDocument: Document {
///   var text = ""
///
///   override func read(from data: Data, ofType typeName: String) throws {
///     guard let text = String(data: data, encoding: .utf8) else {
///       throw DocumentError.notText(path: fileURL?.path ?? displayName)
///     }
///     self.text = text
///   }
///
///   override func data(ofType typeName: String) throws -> Data { Data(text.utf8) }
///
///   override func makeWindowControllers() {
///     addWindowController(WindowController(window: EditorWindow(document: self)))
///   }
/// }
/// ```
///
/// A document answers ``Action/saveDocument``, ``Action/saveDocumentAs``,
/// ``Action/revertDocumentToSaved`` and ``Action/closeDocument`` sent with no target: the
/// search asks it after its window, the window controller and the window's delegate, as
/// AppKit does. Changes are counted from its undo manager (a closed group is a change done, an
/// undo one undone, a redo one redone), so a document whose edits were undone back to the
/// saved text is no longer edited; ``updateChangeCount(_:)`` counts changes made without undo.
@MainActor
open class Document: ActionTarget {
  /// Creates an empty, untitled document. The document controller calls it, then
  /// ``read(from:ofType:)`` for a file.
  public required init() {
    observeUndoManager()
  }

  // MARK: Identity

  /// The file the document was read from or last saved to; nil while untitled.
  ///
  /// Settable, as AppKit's `NSDocument.fileURL` is: an app names the file a new document is
  /// for (`edit new.txt`), and Save then writes there without asking. Setting it renames the
  /// document (``displayName`` and its windows' titles follow), and forgets what was known of
  /// the old file: its version on disk (so a file already at the new place counts as changed
  /// by another program, and Save asks before replacing it) and its autosaved copy.
  public var fileURL: URL? {
    didSet {
      guard fileURL != oldValue else { return }
      fileVersion = nil
      acknowledgedVersion = nil
      if let old = oldValue.map(Document.autosavedContentsFileURL(for:)) {
        try? fileSystem?.removeItem(at: old)
      }
      documentStateDidChange()
    }
  }

  /// The document's type, given to ``read(from:ofType:)`` and ``data(ofType:)`` (the document
  /// controller's ``DocumentController/defaultType`` unless the app says otherwise).
  public var fileType = DocumentController.plainTextType

  /// The name shown in titles and alerts: the file's name, else "Untitled" (numbered from the
  /// second untitled document on, as AppKit does).
  open var displayName: String {
    if let fileURL { return fileURL.lastPathComponent }
    return untitledNumber > 1 ? "Untitled \(untitledNumber)" : "Untitled"
  }

  /// The untitled document's number, given by the document controller.
  var untitledNumber = 1

  /// Whether autosaving writes the document's own file (AppKit's `autosavesInPlace`); false
  /// by default: autosaves go to a hidden copy beside the file
  /// (``autosavedContentsFileURL``), so Don't Save still leaves the file as it was, and an
  /// edited document whose app was killed is restored from the copy when it is next opened.
  /// A subclass that says true is saved in place after each quiet period, and so is hardly
  /// ever edited for long.
  open class var autosavesInPlace: Bool { false }

  /// The file version (``DocumentFileSystem/version(of:)``) as the document last read or
  /// wrote it: another one on disk means another program changed the file.
  var fileVersion: String?
  /// A version on disk the user chose to keep their own changes over (Keep Mine).
  var acknowledgedVersion: String?
  /// Whether an alert about the file changing on disk is showing.
  var isAskingAboutExternalChange = false

  /// The controller that opened or made the document, once it was added there.
  public internal(set) weak var documentController: DocumentController?

  /// The document's undo manager: every one of its windows uses it (``Window/undoManager``), so
  /// its changes are undone in whichever window, and undo moves the change count.
  public let undoManager = UndoManager()

  // MARK: Reading and writing

  /// Reads the document's contents from the file's bytes. Override it; throw an error that
  /// reads as a sentence (``DocumentError/notText(path:)`` for bytes that are not text) and
  /// the open fails with it, nothing else changed. The default throws
  /// ``DocumentError/unsupportedType(_:)``.
  open func read(from data: Data, ofType typeName: String) throws {
    throw DocumentError.unsupportedType(typeName)
  }

  /// The bytes to write for the document's contents. Override it. The default throws
  /// ``DocumentError/unsupportedType(_:)``.
  open func data(ofType typeName: String) throws -> Data {
    throw DocumentError.unsupportedType(typeName)
  }

  // MARK: Edited state

  /// What ``updateChangeCount(_:)`` records: AppKit's `NSDocument.ChangeType`.
  public enum ChangeType: Sendable {
    /// A change was made.
    case changeDone
    /// A change was undone.
    case changeUndone
    /// An undone change was redone.
    case changeRedone
    /// The document now matches its file (saved or reverted): it is no longer edited.
    case changeCleared
  }

  /// Changes since the document matched its file: up for changes done and redone, down for
  /// changes undone, so undoing back to the saved state clears the edited state.
  private var changeCount = 0
  /// False once a change was made after undoing past the saved state: its redo is gone, so no
  /// count of undos and redos leads back to the file's contents.
  private var savedStateReachable = true
  /// Counts every change, for autosave to know what it has written.
  private(set) var changeGeneration = 0
  /// ``changeGeneration`` as of the last autosave (or save).
  var autosavedGeneration = 0

  /// Whether the document has changes its file does not (AppKit's `isDocumentEdited`); shown
  /// in its windows' titles.
  public var isDocumentEdited: Bool { changeCount != 0 || !savedStateReachable }

  /// Whether some change has not yet been autosaved or saved.
  public var hasUnautosavedChanges: Bool { isDocumentEdited && autosavedGeneration != changeGeneration }

  /// Records a change (AppKit's `updateChangeCount(_:)`): call it for changes the undo manager
  /// does not see; its own groups, undos and redos are counted already.
  open func updateChangeCount(_ change: ChangeType) {
    let wasEdited = isDocumentEdited
    switch change {
    case .changeDone:
      if changeCount < 0 { savedStateReachable = false }
      changeCount &+= 1
    case .changeUndone: changeCount &-= 1
    case .changeRedone: changeCount &+= 1
    case .changeCleared:
      changeCount = 0
      savedStateReachable = true
    }
    if change == .changeCleared {
      autosavedGeneration = changeGeneration
      // The saved state must be a step boundary: typing after it is a new change.
      undoManager.breakCoalescing()
    } else {
      changeGeneration &+= 1
      changesDiscarded = false
      documentController?.documentDidChange(self)
    }
    if wasEdited != isDocumentEdited { documentStateDidChange() }
  }

  private var undoObservations: [NotificationObservation] = []
  private var seenUndoGroups = 0

  private func observeUndoManager() {
    let center = NotificationCenter.default
    undoObservations = [
      center.addMainActorObserver(forName: UndoManager.didCloseUndoGroupNotification, object: undoManager) {
        [unowned self] _ in
        // A new group of changes closed (not an undo's or a redo's): one change done.
        guard self.undoManager.registeredGroupCount != self.seenUndoGroups else { return }
        self.seenUndoGroups = self.undoManager.registeredGroupCount
        self.updateChangeCount(.changeDone)
      },
      center.addMainActorObserver(forName: UndoManager.didUndoChangeNotification, object: undoManager) {
        [unowned self] _ in self.updateChangeCount(.changeUndone)
      },
      center.addMainActorObserver(forName: UndoManager.didRedoChangeNotification, object: undoManager) {
        [unowned self] _ in self.updateChangeCount(.changeRedone)
      },
    ]
  }

  /// The title or edited state changed: the windows show it.
  func documentStateDidChange() {
    for controller in windowControllers { controller.synchronizeWindowTitleWithDocumentName() }
  }

  // MARK: Windows

  /// The window controllers showing the document, in the order they were added.
  public private(set) var windowControllers: [WindowController] = []

  /// Makes the document's window controllers; the document controller calls it when it shows
  /// a new or opened document. Override it to ``addWindowController(_:)`` yours.
  open func makeWindowControllers() {}

  /// Adds a window controller; the document owns it, and it shows the document's title.
  public func addWindowController(_ controller: WindowController) {
    guard !windowControllers.contains(where: { $0 === controller }) else { return }
    controller.document?.removeWindowController(controller)
    windowControllers.append(controller)
    controller.document = self
  }

  /// Removes a window controller (its window stays open).
  public func removeWindowController(_ controller: WindowController) {
    windowControllers.removeAll { $0 === controller }
    if controller.document === self { controller.document = nil }
  }

  /// Shows every window of the document, the last one in front.
  open func showWindows() {
    for controller in windowControllers { controller.showWindow(self) }
  }

  /// The window alerts about the document are shown on: the key window if it is one of the
  /// document's, else its first window.
  public var windowForSheet: Window? {
    let windows = windowControllers.compactMap(\.window)
    return windows.first { $0.isKeyWindow } ?? windows.first { $0.isMainWindow } ?? windows.first
  }

  /// The application the document's windows, or its controller, belong to.
  var application: Application? {
    windowControllers.lazy.compactMap(\.window?.application).first ?? documentController?.application
      ?? Application.shared
  }

  /// A window controller's window closed: the document closes with its last window (or with
  /// a controller that ``WindowController/shouldCloseDocument``).
  func windowControllerDidClose(_ controller: WindowController) {
    let closesDocument =
      controller.shouldCloseDocument
      || !windowControllers.contains { $0 !== controller && $0.window?.isVisible == true }
    removeWindowController(controller)
    if closesDocument { close() }
  }

  /// Whether closing `controller`'s window must ask about unsaved changes first: the document
  /// is edited and the window is its last (or closes the document).
  func closingNeedsReview(of controller: WindowController) -> Bool {
    guard isDocumentEdited, !changesDiscarded else { return false }
    return controller.shouldCloseDocument
      || !windowControllers.contains { $0 !== controller && $0.window?.isVisible == true }
  }

  // MARK: Actions

  /// Save, Save As, Save To, Revert and Close.
  open class var actionTable: ActionTable { documentActions }

  private static let documentActions = ActionTable(Document.self) {
    $0.add(.saveDocument) { document, sender in document.save(sender) }
    $0.add(.saveDocumentAs) { document, sender in document.saveAs(sender) }
    $0.add(.saveDocumentTo) { document, sender in document.saveTo(sender) }
    $0.add(.revertDocumentToSaved) { document, sender in document.revertToSaved(sender) }
    $0.add(.closeDocument) { document, sender in document.close(sender) }
  }

  /// Revert needs a file and changes; the rest are always enabled.
  open func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
    guard Self.actionTable.contains(action) else { return false }
    if action == .revertDocumentToSaved { return fileURL != nil && isDocumentEdited }
    return true
  }

  /// Whether an item for one of the document's actions is enabled: ``canPerformAction(_:withSender:)``.
  open func validate(_ item: any ValidatedItem) -> Bool { true }

  /// Documents do not answer during another window's modal session.
  open var worksWhenModal: Bool { false }

  // MARK: Errors

  /// The last failure shown (a save, an autosave, a revert), as a sentence; nil after a
  /// success. A status line can show it.
  public internal(set) var lastError: String?

  /// Tells the user why something failed, in a sentence (``lastError``), as an alert sheet on
  /// the document's window with an OK button; `completion` runs when it is dismissed.
  open func presentError(_ error: any Error, completion: (@MainActor () -> Void)? = nil) {
    let sentence = Document.sentence(for: error)
    lastError = sentence
    guard let app = application else {
      completion?()
      return
    }
    let alert = Alert(title: "The document “\(displayName)” could not be used.", message: sentence)
    alert.addButton(withTitle: "OK")
    alert.beginSheetModal(for: windowForSheet, in: app) { _ in completion?() }
  }

  /// An error as the sentence a person reads: its description when it has one (FileError,
  /// DocumentError), else Foundation's localized description.
  static func sentence(for error: any Error) -> String {
    // A type that describes itself (FileError, DocumentError) is a sentence; Foundation's
    // errors describe themselves as a domain-and-user-info dump, their localized text is not.
    if type(of: error as Any) is any CustomStringConvertible.Type, !(type(of: error as Any) is NSError.Type) {
      return String(describing: error)
    }
    return error.localizedDescription
  }

  // MARK: Closing state

  /// Set when the user chose Don't Save: the changes are kept in memory but neither reviewed
  /// again nor autosaved, until the next change.
  var changesDiscarded = false

  /// Whether the document was closed.
  public private(set) var isClosed = false

  /// Closes the document now, without asking: its windows close, the document controller
  /// forgets it, and its autosaved copy is deleted when its changes were saved or discarded.
  open func close() {
    guard !isClosed else { return }
    isClosed = true
    // Edited changes not discarded stay in the autosaved copy (quitting by a signal closes too).
    if !isDocumentEdited || changesDiscarded { removeAutosavedCopy() }
    for controller in windowControllers {
      controller.document = nil
      controller.close()
    }
    windowControllers.removeAll()
    documentController?.removeDocument(self)
  }

  // MARK: The actions (Document+Saving.swift does the work)

  /// Save (``Action/saveDocument``): writes the document's file; an untitled document asks
  /// where, as Save As. A file another program changed since asks Keep Mine / Revert first. A
  /// failure is shown in a sentence and the document stays edited, nothing lost.
  open func save(_ sender: Any?) {
    save(completion: { _ in })
  }

  /// Save As (``Action/saveDocumentAs``): asks for a file through the document controller's
  /// ``DocumentController/savePanelHandler`` and writes there; the document then is that file.
  open func saveAs(_ sender: Any?) {
    runSavePanel(for: .saveAs) { _ in }
  }

  /// Save To (``Action/saveDocumentTo``): asks for a file as Save As does and writes a copy
  /// there; the document stays its own file, edited or not.
  open func saveTo(_ sender: Any?) {
    runSavePanel(for: .saveTo) { _ in }
  }

  /// Revert (``Action/revertDocumentToSaved``): asks, then reads the file again, dropping the
  /// changes and their undo.
  open func revertToSaved(_ sender: Any?) {
    askToRevert()
  }

  /// Asks whether the document may close (AppKit's `canClose(withDelegate:…)`): at once when
  /// it has no unsaved changes; else Save / Don't Save / Cancel as a sheet on its window.
  /// Save that fails keeps the document open and says why; Cancel keeps it; Don't Save lets it
  /// close with its file as it was.
  open func canClose(_ completion: @escaping @MainActor (Bool) -> Void) {
    reviewChanges(completion)
  }

  /// The close action: reviews unsaved changes (``canClose(_:)``), then closes.
  open func close(_ sender: Any?) {
    canClose { [weak self] shouldClose in
      if shouldClose { self?.close() }
    }
  }
}
