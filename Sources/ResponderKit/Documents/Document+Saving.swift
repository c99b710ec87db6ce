import Foundation

extension Document {
  /// What a save is for: AppKit's `NSDocument.SaveOperationType`. The save panel handler
  /// is told which one asks (``DocumentController/savePanelHandler``).
  public enum SaveOperation: Sendable {
    /// Save: the document's own file (and the panel for a document that has none).
    case save
    /// Save As: another file, which becomes the document's.
    case saveAs
    /// Save To: a copy in another file; the document keeps its own file and edited state.
    case saveTo
    /// An autosave written to the document's own file (``Document/autosavesInPlace``).
    case autosaveInPlace
    /// An autosave written to ``Document/autosavedContentsFileURL``.
    case autosaveElsewhere
  }

  /// Where autosaves go when the document does not autosave in place: a hidden file beside
  /// the document's, `.<name>.autosave`, on the same disk so its write is as atomic as a
  /// save's. Nil while the document is untitled.
  public var autosavedContentsFileURL: URL? { fileURL.map(Document.autosavedContentsFileURL(for:)) }

  static func autosavedContentsFileURL(for url: URL) -> URL {
    url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).autosave")
  }

  var fileSystem: (any DocumentFileSystem)? { documentController?.fileSystem }

  /// Writes the document to `url` (the primitive the save actions use): its
  /// ``data(ofType:)`` goes through the file system's atomic write. After a save or Save As
  /// the file is the document's and it is no longer edited; after an autosave elsewhere it is
  /// still edited. Throws the file system's error (a sentence), the document unchanged.
  public func save(to url: URL, ofType typeName: String, for operation: SaveOperation) throws {
    guard let controller = documentController, let fileSystem = controller.fileSystem else {
      throw DocumentError.noFileSystem
    }
    let data = try data(ofType: typeName)
    let generation = changeGeneration
    try controller.writeNow(data, to: url, with: fileSystem)
    finishSave(to: url, ofType: typeName, for: operation, generation: generation, fileSystem: fileSystem)
  }

  /// What a finished write changes: the file, the version seen on disk, the edited state.
  func finishSave(
    to url: URL, ofType typeName: String, for operation: SaveOperation, generation: Int,
    fileSystem: any DocumentFileSystem
  ) {
    lastError = nil
    guard operation != .autosaveElsewhere else {
      autosavedGeneration = generation
      return
    }
    guard operation != .saveTo else {
      documentController?.noteNewRecentDocumentURL(url)
      return
    }
    if url != fileURL { removeAutosavedCopy() }
    fileURL = url
    fileType = typeName
    fileVersion = fileSystem.version(of: url)
    acknowledgedVersion = nil
    removeAutosavedCopy()
    if generation == changeGeneration {
      updateChangeCount(.changeCleared)
    } else {
      // Changes made while an autosave wrote are still unsaved.
      autosavedGeneration = generation
    }
    if operation != .autosaveInPlace { documentController?.noteNewRecentDocumentURL(url) }
  }

  /// Deletes the autosaved copy, if any (after a save, a revert, or Don't Save).
  func removeAutosavedCopy() {
    guard let copy = autosavedContentsFileURL, let fileSystem else { return }
    try? fileSystem.removeItem(at: copy)
  }

  // MARK: The actions

  /// Asks, then reverts (the Revert action).
  func askToRevert() {
    guard let url = fileURL, let app = application else { return }
    let alert = Alert(
      title: "Revert “\(displayName)” to the saved version?", message: "Your current changes will be lost.")
    alert.addButton(withTitle: "Revert")
    alert.addButton(withTitle: "Cancel")
    alert.beginSheetModal(for: windowForSheet, in: app) { [weak self] response in
      guard let self, response == .alertFirstButtonReturn else { return }
      self.revertPresentingErrors(to: url)
    }
  }

  /// Saves, reporting whether the document was written (false: cancelled, or failed and told
  /// why).
  public func save(completion: @escaping @MainActor (Bool) -> Void) {
    guard let url = fileURL else { return runSavePanel(for: .save, completion) }
    if let current = changedVersionOnDisk() {
      askAboutExternalChange(current: current, saving: true) { [weak self] keepMine in
        guard let self else { return }
        switch keepMine {
        case true?: self.write(to: url, for: .save, completion: completion)
        case false?:
          self.revertPresentingErrors(to: url)
          completion(false)
        case nil: completion(false)
        }
      }
      return
    }
    write(to: url, for: .save, completion: completion)
  }

  private func write(
    to url: URL, for operation: SaveOperation, completion: @escaping @MainActor (Bool) -> Void
  ) {
    do {
      try save(to: url, ofType: fileType, for: operation)
      completion(true)
    } catch {
      presentError(error) { completion(false) }
    }
  }

  /// Asks where through the save panel handler, telling it which save asks, then writes
  /// there: a Save of an untitled document and a Save As make the file the document's, a Save
  /// To writes a copy.
  func runSavePanel(for operation: SaveOperation, _ completion: @escaping @MainActor (Bool) -> Void) {
    guard let handler = documentController?.savePanelHandler else {
      presentError(DocumentError.noSaveLocation(name: displayName)) { completion(false) }
      return
    }
    handler(self, operation) { [weak self] url in
      guard let self, let url else { return completion(false) }
      self.write(to: url, for: operation == .saveTo ? .saveTo : .saveAs, completion: completion)
    }
  }

  /// Reads the document again from `url`, dropping its changes and their undo; throws the
  /// file system's or ``read(from:ofType:)``'s error, the document unchanged.
  public func revert(toContentsOf url: URL, ofType typeName: String) throws {
    guard let fileSystem else { throw DocumentError.noFileSystem }
    let version = fileSystem.version(of: url)
    let data = try fileSystem.contents(of: url)
    try read(from: data, ofType: typeName)
    fileURL = url
    fileType = typeName
    fileVersion = version
    acknowledgedVersion = nil
    undoManager.removeAllActions()
    removeAutosavedCopy()
    updateChangeCount(.changeCleared)
    lastError = nil
  }

  func revertPresentingErrors(to url: URL) {
    do {
      try revert(toContentsOf: url, ofType: fileType)
    } catch {
      presentError(error)
    }
  }

  // MARK: Closing

  /// Save / Don't Save / Cancel, for ``canClose(_:)``.
  func reviewChanges(_ completion: @escaping @MainActor (Bool) -> Void) {
    guard isDocumentEdited, !changesDiscarded else { return completion(true) }
    guard let app = application else { return completion(false) }
    let alert = Alert(
      title: "Do you want to save the changes made to “\(displayName)”?",
      message: "Your changes will be lost if you don't save them.")
    alert.addButton(withTitle: "Save")
    alert.addButton(withTitle: "Don't Save")
    alert.addButton(withTitle: "Cancel")
    alert.beginSheetModal(for: windowForSheet, in: app) { [weak self] response in
      guard let self else { return completion(false) }
      switch response {
      case .alertFirstButtonReturn: self.save(completion: completion)
      case .alertSecondButtonReturn:
        self.changesDiscarded = true
        self.removeAutosavedCopy()
        completion(true)
      default: completion(false)
      }
    }
  }

  // MARK: Autosave

  /// Writes the document's unsaved changes where autosaves go — its own file when it
  /// ``autosavesInPlace``, else ``autosavedContentsFileURL`` — without asking anything; an
  /// untitled document, one whose changes were discarded, and one whose file another program
  /// changed are not autosaved. A failure is kept in ``lastError`` (no alert: nobody asked).
  /// In the background (the document controller's ``DocumentController/autosavesInBackground``)
  /// only the document's ``data(ofType:)`` is taken on the main actor; the write happens on a
  /// serial queue, and `completion` runs back on the main actor.
  public func autosave(completion: (@MainActor (Bool) -> Void)? = nil) {
    autosave(inBackground: documentController?.autosavesInBackground ?? false, completion: completion)
  }

  func autosave(inBackground: Bool, completion: (@MainActor (Bool) -> Void)? = nil) {
    guard hasUnautosavedChanges, !changesDiscarded, let url = fileURL, let controller = documentController,
      let fileSystem = controller.fileSystem, changedVersionOnDisk() == nil
    else {
      completion?(false)
      return
    }
    let inPlace = Self.autosavesInPlace
    let operation: SaveOperation = inPlace ? .autosaveInPlace : .autosaveElsewhere
    let target = inPlace ? url : autosavedContentsFileURL ?? url
    let data: Data
    do {
      data = try self.data(ofType: fileType)
    } catch {
      lastError = Document.sentence(for: error)
      completion?(false)
      return
    }
    let generation = changeGeneration
    let type = fileType
    controller.write(data, to: target, with: fileSystem, inBackground: inBackground) { [weak self] error in
      guard let self else { return }
      if let error {
        self.lastError = Document.sentence(for: error)
        completion?(false)
        return
      }
      self.finishSave(to: url, ofType: type, for: operation, generation: generation, fileSystem: fileSystem)
      completion?(true)
    }
  }

  // MARK: Changes on disk

  /// The version on disk when another program changed the document's file since it was read
  /// or saved (and the user has not chosen to keep theirs over it); nil otherwise, and for a
  /// file that is gone (saving writes it again).
  func changedVersionOnDisk() -> String? {
    guard let url = fileURL, let fileSystem, let current = fileSystem.version(of: url) else { return nil }
    guard current != fileVersion, current != acknowledgedVersion else { return nil }
    return current
  }

  /// The app came to the front: a file another program changed is read again when the
  /// document has no changes of its own, and otherwise the user is asked: Keep Mine or Revert.
  public func checkForChangesOnDisk() {
    guard !isAskingAboutExternalChange, let url = fileURL, let current = changedVersionOnDisk() else {
      return
    }
    guard isDocumentEdited else { return revertPresentingErrors(to: url) }
    askAboutExternalChange(current: current, saving: false) { [weak self] keepMine in
      if keepMine == false { self?.revertPresentingErrors(to: url) }
    }
  }

  /// Keep Mine (true), Revert (false) or, when saving, Cancel (nil).
  private func askAboutExternalChange(
    current: String, saving: Bool, _ answer: @escaping @MainActor (Bool?) -> Void
  ) {
    guard let app = application else { return answer(nil) }
    isAskingAboutExternalChange = true
    let alert = Alert(
      title: "“\(displayName)” was changed by another program.",
      message: "Keep your version (the next save replaces the file), or revert to the one on disk?")
    alert.addButton(withTitle: "Keep Mine")
    alert.addButton(withTitle: "Revert")
    if saving { alert.addButton(withTitle: "Cancel") }
    alert.beginSheetModal(for: windowForSheet, in: app) { [weak self] response in
      self?.isAskingAboutExternalChange = false
      switch response {
      case .alertFirstButtonReturn:
        self?.acknowledgedVersion = current
        answer(true)
      case .alertSecondButtonReturn: answer(false)
      default: answer(nil)
      }
    }
  }
}
