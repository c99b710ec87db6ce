import Foundation

/// Makes, opens and keeps an application's documents — AppKit's `NSDocumentController`. Give
/// one to the application (``Application/documentController``); it is then the last stop of
/// the nil-target search (after the application's delegate, as in AppKit), answering
/// ``Action/newDocument`` and ``Action/openDocument``, and it:
///
/// - keeps the open ``documents`` and the ``recentDocumentURLs``;
/// - has quitting review every edited document in turn (``reviewUnsavedDocuments(_:)``);
/// - autosaves each edited document after ``autosavingDelay`` seconds without a change, on the
///   application's timers (a replay's virtual clock in tests), and every edited document when
///   the process is suspended, hung up or terminated;
/// - checks, when the terminal regains focus, whether another program changed a document's
///   file (``Document/checkForChangesOnDisk()``).
///
/// ```swift
/// let documents = DocumentController(documentType: TextDocument.self, fileSystem: LocalDocumentFileSystem())
/// app.documentController = documents
/// try documents.openDocument(withContentsOf: URL(fileURLWithPath: "notes.txt"))
/// ```
@MainActor
open class DocumentController: ActionTarget {
  /// The type given to documents when the app names none: plain text.
  public static let plainTextType = "public.plain-text"

  /// Creates a controller making documents of `documentType`, reading and writing through
  /// `fileSystem` (nil: documents cannot use files until one is set).
  public init(
    documentType: Document.Type, defaultType: String = DocumentController.plainTextType,
    fileSystem: (any DocumentFileSystem)? = nil
  ) {
    self.documentType = documentType
    self.defaultType = defaultType
    self.fileSystem = fileSystem
  }

  /// The running application's document controller (AppKit's `shared`).
  public static var shared: DocumentController? { Application.shared?.documentController }

  /// The class new and opened documents are made of.
  public let documentType: Document.Type
  /// The type new documents get and opened files are read as.
  public var defaultType: String
  /// Where documents are read from and saved to; the terminal host's
  /// `LocalDocumentFileSystem` is the real one.
  public var fileSystem: (any DocumentFileSystem)?

  /// The application this controller belongs to.
  public private(set) weak var application: Application?

  /// The open documents, in the order they were opened or made.
  public private(set) var documents: [Document] = []

  /// The files opened or saved lately, most recent first (at most ten, as AppKit keeps by
  /// default).
  public private(set) var recentDocumentURLs: [URL] = []

  /// Seconds without a change after which an edited document is autosaved (AppKit's
  /// `autosavingDelay`); 0 turns the timed autosave off (suspend, hang-up and termination
  /// still autosave). A duration under the reliability rule: NaN and negatives are 0, ±∞ and
  /// anything past 2³⁰ s is 2³⁰ s.
  public var autosavingDelay: TimeInterval {
    get { autosavingDelayStorage }
    set { autosavingDelayStorage = newValue.normalizedDuration }
  }
  private var autosavingDelayStorage: TimeInterval = 2

  /// Whether timed autosaves write on a background queue, so a large document's write never
  /// delays a key (true by default). Saves the user asks for, and the autosaves made when the
  /// process stops, write at once; all writes go through one serial queue, in order.
  public var autosavesInBackground = true

  /// Shows the app's open panel and calls back with the chosen file, or nil when cancelled;
  /// ``Action/openDocument`` uses it. Without one, Open does nothing.
  public var openPanelHandler: (@MainActor (_ completion: @escaping @MainActor (URL?) -> Void) -> Void)?

  /// Shows the app's save panel for `document` and calls back with the chosen file, or nil
  /// when cancelled. `operation` says what asks, as AppKit's save panel is run for an
  /// `NSDocument.SaveOperationType`: ``Document/SaveOperation/save`` (an untitled document's
  /// Save), ``Document/SaveOperation/saveAs`` or ``Document/SaveOperation/saveTo``.
  public var savePanelHandler:
    (
      @MainActor (
        _ document: Document, _ operation: Document.SaveOperation,
        _ completion: @escaping @MainActor (URL?) -> Void
      ) -> Void
    )?

  // MARK: Documents

  /// The document of the main window (else the key window), AppKit's `currentDocument`.
  public var currentDocument: Document? {
    guard let app = application else { return nil }
    return (app.mainWindow ?? app.keyWindow).flatMap { document(for: $0) }
  }

  /// The document `window` shows, through its window controller.
  public func document(for window: Window) -> Document? {
    guard let document = window.windowController?.document, documents.contains(where: { $0 === document })
    else { return nil }
    return document
  }

  /// The open document of the file at `url`.
  public func document(for url: URL) -> Document? {
    let path = url.standardizedFileURL.path
    return documents.first { $0.fileURL?.standardizedFileURL.path == path }
  }

  /// Whether some open document has unsaved changes.
  public var hasEditedDocuments: Bool { documents.contains { $0.isDocumentEdited && !$0.changesDiscarded } }

  /// Starts keeping `document` (a new or opened one does this itself).
  public func addDocument(_ document: Document) {
    guard !documents.contains(where: { $0 === document }) else { return }
    documents.append(document)
    document.documentController = self
    if document.fileURL == nil {
      let used = Set(documents.filter { $0.fileURL == nil && $0 !== document }.map(\.untitledNumber))
      document.untitledNumber = (1...).first { !used.contains($0) } ?? 1
    }
  }

  /// Stops keeping `document` (closing it does this).
  public func removeDocument(_ document: Document) {
    documents.removeAll { $0 === document }
    autosaveQueue.removeAll { $0 === document }
  }

  /// Makes an untitled document of ``documentType``, keeps it, and shows its windows when
  /// `display` is true (AppKit's `openUntitledDocumentAndDisplay(_:)`).
  @discardableResult
  public func openUntitledDocumentAndDisplay(_ display: Bool = true) -> Document {
    let document = documentType.init()
    document.fileType = defaultType
    addDocument(document)
    if display { show(document) }
    return document
  }

  /// Opens the file at `url` and shows it, or shows the document already open for it (AppKit's
  /// `openDocument(withContentsOf:display:)`). An autosaved copy left by a process that was
  /// killed is read instead, and the document is then edited (the changes are the user's, not
  /// yet saved). Throws the file system's error or the document's reading error, as a
  /// sentence; nothing is opened then.
  @discardableResult
  public func openDocument(withContentsOf url: URL, display: Bool = true) throws -> Document {
    if let open = document(for: url) {
      if display { open.showWindows() }
      return open
    }
    guard let fileSystem else { throw DocumentError.noFileSystem }
    let document = documentType.init()
    document.fileType = defaultType
    fileSystem.removeStaleTemporaryFiles(besides: url)
    let version = fileSystem.version(of: url)
    document.fileURL = url  // errors in reading name the file
    try document.read(from: try fileSystem.contents(of: url), ofType: defaultType)
    document.fileVersion = version
    restoreAutosavedChanges(of: document, with: fileSystem)
    addDocument(document)
    noteNewRecentDocumentURL(url)
    if display { show(document) }
    return document
  }

  /// Reads an autosaved copy newer than the file into `document`, marked edited; a copy that
  /// cannot be read is left alone (the file opens as it is).
  private func restoreAutosavedChanges(of document: Document, with fileSystem: any DocumentFileSystem) {
    guard !type(of: document).autosavesInPlace, let copy = document.autosavedContentsFileURL else { return }
    fileSystem.removeStaleTemporaryFiles(besides: copy)
    guard fileSystem.version(of: copy) != nil, let data = try? fileSystem.contents(of: copy),
      (try? document.read(from: data, ofType: document.fileType)) != nil
    else { return }
    document.updateChangeCount(.changeDone)
    document.autosavedGeneration = document.changeGeneration
  }

  private func show(_ document: Document) {
    if document.windowControllers.isEmpty { document.makeWindowControllers() }
    document.showWindows()
  }

  /// Notes a file opened or saved for ``recentDocumentURLs``.
  public func noteNewRecentDocumentURL(_ url: URL) {
    let path = url.standardizedFileURL.path
    recentDocumentURLs.removeAll { $0.standardizedFileURL.path == path }
    recentDocumentURLs.insert(url, at: 0)
    if recentDocumentURLs.count > 10 { recentDocumentURLs.removeLast(recentDocumentURLs.count - 10) }
  }

  /// Forgets the recent files.
  public func clearRecentDocuments(_ sender: Any?) {
    recentDocumentURLs.removeAll()
  }

  // MARK: Actions

  /// New and Open.
  open class var actionTable: ActionTable { controllerActions }

  private static let controllerActions = ActionTable(DocumentController.self) {
    $0.add(.newDocument) { controller, sender in controller.newDocument(sender) }
    $0.add(.openDocument) { controller, sender in controller.openDocument(sender) }
  }

  /// Whether the controller performs `action` now: its table has it. Open, so a subclass's
  /// answer is the one the search hears.
  open func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
    Self.actionTable.contains(action)
  }

  /// Whether an item for New or Open is enabled: always.
  open func validate(_ item: any ValidatedItem) -> Bool { true }

  /// The document controller does not answer during another window's modal session.
  open var worksWhenModal: Bool { false }

  /// New: an untitled document, shown.
  open func newDocument(_ sender: Any?) {
    openUntitledDocumentAndDisplay(true)
  }

  /// Open: asks for a file (``openPanelHandler``) and opens it; a failure is told in a
  /// sentence (``presentError(_:)``).
  open func openDocument(_ sender: Any?) {
    openPanelHandler? { [weak self] url in
      guard let self, let url else { return }
      do {
        try self.openDocument(withContentsOf: url)
      } catch {
        self.presentError(error)
      }
    }
  }

  /// The last failure to open a document, as a sentence; nil after a success.
  public private(set) var lastError: String?

  /// Tells the user why opening failed, in an alert (``lastError`` keeps the sentence).
  open func presentError(_ error: any Error) {
    let sentence = Document.sentence(for: error)
    lastError = sentence
    guard let app = application else { return }
    let alert = Alert(title: "The document could not be opened.", message: sentence)
    alert.addButton(withTitle: "OK")
    alert.beginModal(for: app)
  }

  // MARK: Reviewing and closing

  /// Reviews every edited document in turn, each on its own window (Save / Don't Save /
  /// Cancel, ``Document/canClose(_:)``): `completion` gets false as soon as one is cancelled
  /// or fails to save, true once each was saved or discarded. Quitting calls it
  /// (``Application/terminate(_:)``) before asking the application's delegate.
  public func reviewUnsavedDocuments(_ completion: @escaping @MainActor (Bool) -> Void) {
    let edited = documents.filter { $0.isDocumentEdited && !$0.changesDiscarded }
    review(edited[...], completion)
  }

  private func review(_ pending: ArraySlice<Document>, _ completion: @escaping @MainActor (Bool) -> Void) {
    guard let document = pending.first else { return completion(true) }
    document.windowForSheet?.makeKeyAndOrderFront()
    document.canClose { [weak self] shouldClose in
      guard shouldClose, let self else { return completion(false) }
      self.review(pending.dropFirst(), completion)
    }
  }

  /// Closes every document, reviewing the edited ones in turn first; `completion` gets
  /// whether all closed (false: one was cancelled, and it and the rest stay open).
  public func closeAllDocuments(_ completion: @escaping @MainActor (Bool) -> Void) {
    reviewUnsavedDocuments { [weak self] reviewed in
      if reviewed, let self { for document in self.documents { document.close() } }
      completion(reviewed)
    }
  }

  // MARK: Autosave

  /// Documents changed since their last autosave, oldest change first, and when each last
  /// changed on the application's clock.
  private var autosaveQueue: [Document] = []
  private var lastChange: [ObjectIdentifier: TimeInterval] = [:]
  private var autosaveTimer: ApplicationTimer?

  /// A document changed: it is autosaved once ``autosavingDelay`` passes without another
  /// change. One timer serves every document, re-armed only when it fires, so a key costs a
  /// dictionary write, not a timer.
  func documentDidChange(_ document: Document) {
    guard autosavingDelay > 0, let app = application else { return }
    lastChange[ObjectIdentifier(document)] = app.timerSchedule.clock()
    if !autosaveQueue.contains(where: { $0 === document }) { autosaveQueue.append(document) }
    if autosaveTimer?.isValid != true { armAutosaveTimer(after: autosavingDelay) }
  }

  private func armAutosaveTimer(after delay: TimeInterval) {
    autosaveTimer = application?.scheduleTimer(after: delay) { [weak self] _ in self?.autosaveQuietDocuments()
    }
  }

  /// Autosaves the documents quiet for ``autosavingDelay``, and waits for the others.
  private func autosaveQuietDocuments() {
    guard let app = application else { return }
    let now = app.timerSchedule.clock()
    var soonest: TimeInterval?
    for document in autosaveQueue {
      let changed = lastChange[ObjectIdentifier(document)] ?? now
      let due = changed + autosavingDelay
      if due <= now {
        autosaveQueue.removeAll { $0 === document }
        lastChange[ObjectIdentifier(document)] = nil
        document.autosave()
      } else {
        soonest = min(soonest ?? due, due)
      }
    }
    if let soonest { armAutosaveTimer(after: soonest - now) }
  }

  /// Autosaves every edited document now, on the main thread, waiting for writes in the
  /// background to finish first: the host's last act on `SIGTERM`, `SIGHUP` and Control-Z, so
  /// a closed terminal loses at most the typing of the last moment.
  public func autosaveAllDocuments() {
    for document in documents where document.hasUnautosavedChanges {
      document.autosave(inBackground: false)
    }
    autosaveQueue.removeAll()
    lastChange.removeAll()
  }

  // MARK: Writing

  /// Every write, in order: background autosaves and the saves made at once share it.
  private let writeQueue = DispatchQueue(label: "ResponderKit.DocumentController.writes")

  /// Writes now, after any background write still under way.
  func writeNow(_ data: Data, to url: URL, with fileSystem: any DocumentFileSystem) throws {
    try writeQueue.sync { try fileSystem.write(data, to: url) }
  }

  /// Writes at once, or on the write queue with `completion` back on the main actor.
  func write(
    _ data: Data, to url: URL, with fileSystem: any DocumentFileSystem, inBackground: Bool,
    completion: @escaping @MainActor ((any Error)?) -> Void
  ) {
    guard inBackground else {
      do {
        try writeNow(data, to: url, with: fileSystem)
        completion(nil)
      } catch {
        completion(error)
      }
      return
    }
    pendingBackgroundWrites += 1
    writeQueue.async {
      let failure: (any Error)?
      do {
        try fileSystem.write(data, to: url)
        failure = nil
      } catch {
        failure = error
      }
      Task { @MainActor [weak self] in
        self?.pendingBackgroundWrites -= 1
        completion(failure)
      }
    }
  }

  /// Background writes not yet finished (their completions still to run).
  private var pendingBackgroundWrites = 0

  /// Whether a background autosave is still writing (or its completion has yet to run).
  public var hasBackgroundWrites: Bool { pendingBackgroundWrites > 0 }

  /// Waits until every background write has finished and its completion ran.
  public func waitForBackgroundWrites() async {
    while pendingBackgroundWrites > 0 {
      await withCheckedContinuation { continuation in
        writeQueue.async { Task { @MainActor in continuation.resume() } }
      }
    }
  }

  // MARK: The application

  private var observations: [NotificationObservation] = []

  /// Becomes `app`'s document controller: autosaves when it stops or quits, checks the files
  /// when it regains focus.
  func attach(to app: Application) {
    application = app
    let center = NotificationCenter.default
    observations = [
      center.addMainActorObserver(forName: Application.willTerminateNotification, object: app) {
        [weak self] _ in self?.autosaveAllDocuments()
      },
      center.addMainActorObserver(forName: Application.willSuspendNotification, object: app) {
        [weak self] _ in self?.autosaveAllDocuments()
      },
      center.addMainActorObserver(forName: Application.didBecomeActiveNotification, object: app) {
        [weak self] _ in
        for document in self?.documents ?? [] { document.checkForChangesOnDisk() }
      },
    ]
  }

  /// Stops being `app`'s document controller.
  func detach(from app: Application) {
    guard application === app else { return }
    observations.removeAll()
    autosaveTimer?.invalidate()
    application = nil
  }
}
