import Foundation
import ResponderKit

/// Builds the window and the menus, reads folders on a background task, and carries out the
/// file operations. As the application's delegate it is the last stop of the responder chain,
/// so the actions that need no selection (New Folder…, Reload, Enclosing Folder) reach it from
/// wherever the focus is; the selection's actions stop at the entry table's controller first.
@MainActor
final class FilesAppController: ApplicationDelegate, ActionTarget, FileOperating {
  let application = Application()
  let window = Window()
  let model: FilesModel
  let fileSystem: FileSystem
  let trash: Trash
  let tree: FolderTreeViewController
  let entries: EntriesViewController
  let preview: PreviewViewController
  let rootViewController: FilesRootViewController
  let pasteboard = Pasteboard.general
  /// The reading under way, cancelled when another folder is opened.
  private var loadTask: Task<Void, Never>?
  /// Entries read per background step: the progress bar moves between steps.
  static let batchSize = 500
  /// The alert on screen, for tests.
  private(set) weak var currentAlert: Alert?

  init(folder: URL, trashFolder: URL, fileSystem: FileSystem = .system) {
    Action.register(
      .copyPath, .moveToTrash, .renameItem, .newFolder, .reload, .sortByColumn, .openEnclosingFolder)
    let folder = folder.standardizedFileURL
    self.fileSystem = fileSystem
    trash = Trash(folder: trashFolder, fileSystem: fileSystem)
    model = FilesModel(folder: folder)
    tree = FolderTreeViewController(root: folder, fileSystem: fileSystem)
    entries = EntriesViewController(model: model)
    preview = PreviewViewController(fileSystem: fileSystem)
    rootViewController = FilesRootViewController(model: model, tree: tree, entries: entries, preview: preview)
    application.delegate = self
    application.mainMenu = Self.makeMainMenu()
    application.addWindow(window)
    window.rootViewController = rootViewController
    rootViewController.menuBar.menu = application.mainMenu
    entries.operations = self
    entries.onSelectionChange = { [weak self] entry in self?.preview.show(entry) }
    entries.onOpenFolder = { [weak self] url in self?.open(url, revealInTree: true) }
    tree.onSelect = { [weak self] url in self?.open(url, revealInTree: false) }
    window.makeKeyAndOrderFront()
    _ = window.makeFirstResponder(entries.tableView)
    open(folder, revealInTree: false)
  }

  /// File, Edit and View; every item nil-targeted, enabled by whoever in the chain can act.
  static func makeMainMenu() -> Menu {
    func control(_ character: String) -> KeySpec { KeySpec(character: character, modifiers: .control) }
    let file = Menu(
      title: "File",
      items: [
        MenuItem(title: "New Folder…", action: .newFolder, keyEquivalent: control("n")),
        MenuItem(title: "Rename…", action: .renameItem, keyEquivalent: KeySpec(keysym: .f(2), modifiers: [])),
        MenuItem(
          title: "Move to Trash…", action: .moveToTrash,
          keyEquivalent: KeySpec(keysym: .delete, modifiers: [])),
        MenuItem(title: "Copy Path", action: .copyPath, keyEquivalent: control("c")),
        .separator(),
        MenuItem(title: "Reload", action: .reload, keyEquivalent: control("r")),
        MenuItem(title: "Quit", action: .terminate, keyEquivalent: control("q")),
      ])
    // Control+C copies the path: no Cut, Copy and Paste group.
    let edit = Menu.standardEditMenu(.undoRedo)
    let sortItems = SortKey.allCases.enumerated().map { index, key in
      let item = MenuItem(title: "Sort by \(key.title)", action: .sortByColumn)
      item.tag = index
      return item
    }
    let view = Menu(
      title: "View",
      items: sortItems + [
        .separator(), MenuItem(title: "Enclosing Folder", action: .openEnclosingFolder),
      ])
    return Menu(items: [file, edit, view].map(MenuItem.init(submenu:)))
  }

  // MARK: Reading folders

  /// Shows `folder`, reading it on a background task: the names first, then the entries in
  /// batches, the loading row counting them.
  func open(_ folder: URL, revealInTree: Bool) {
    loadTask?.cancel()
    model.beginLoading(folder)
    entries.reload()
    if revealInTree { tree.reveal(folder) }
    let fileSystem = fileSystem
    loadTask = application.startTask(named: "read \(folder.lastPathComponent)") { [weak self] in
      let started = self?.application.currentTime ?? 0
      do {
        let names = try await Task.detached { try fileSystem.contents(folder) }.value
          .filter { !$0.hasPrefix(".") }
        guard let self, !Task.isCancelled else { return }
        self.model.noteNames(names.count)
        var read: [FileEntry] = []
        read.reserveCapacity(names.count)
        for start in stride(from: 0, to: names.count, by: Self.batchSize) {
          let batch = Array(names[start..<min(start + Self.batchSize, names.count)])
          read += await Task.detached { batch.map { fileSystem.entry(named: $0, in: folder) } }.value
          guard !Task.isCancelled else { return }
          self.model.noteRead(read.count)
        }
        self.model.finishLoading(read, seconds: self.application.currentTime - started)
        self.entries.reload()
      } catch {
        guard let self, !Task.isCancelled else { return }
        self.model.failLoading(FilesError.reason(of: error))
        self.entries.reload()
      }
    }
  }

  /// Shows an operation's result: `removed` leaves the table, `added` (read from the disk)
  /// comes in and is selected, when they are in the folder shown. One entry is read, not the
  /// folder: a 20,000-file folder stays quick.
  private func refresh(removing removed: URL? = nil, adding added: URL? = nil) {
    let folder = model.folder
    func isShown(_ url: URL) -> Bool { url.deletingLastPathComponent().path == folder.path }
    var list = model.entries
    for url in [removed, added].compactMap({ $0 }) where isShown(url) {
      list.removeAll { $0.url.path == url.path }
    }
    if let added, isShown(added), fileSystem.exists(added) {
      list.append(fileSystem.entry(named: added.lastPathComponent, in: folder))
    }
    model.replaceEntries(list)
    entries.reload(selecting: added)
    tree.refresh(folder)
  }

  // MARK: Operations

  func copyPath(of entry: FileEntry) {
    pasteboard.string = entry.url.path
    model.message = "Copied \(entry.url.path)"
  }

  func confirmTrash(_ entry: FileEntry) {
    let alert = Alert(
      title: "Move “\(entry.name)” to the trash?",
      message: "It goes to \(trash.folder.path). Undo puts it back.")
    // Cancel on the left, the action on the right (the HIG's order). The destructive style
    // keeps the action from being the default, so Return cancels and a reflexive Return
    // trashes nothing (HIG: do not make a destructive action the default button).
    alert.addButton(withTitle: "Cancel", style: .cancel)
    alert.addButton(withTitle: "Move to Trash", style: .destructive)
    currentAlert = alert
    alert.beginModal(for: application) { [weak self] response in
      guard response == .alertButtonReturn(1) else { return }
      self?.moveToTrash(entry)
    }
  }

  func moveToTrash(_ entry: FileEntry) {
    do {
      let item = try trash.trash(entry.url, at: Date())
      model.message = "Moved \(entry.name) to the trash"
      register(undoName: "Move to Trash") { controller in controller.putBack(item) }
      refresh(removing: entry.url)
    } catch {
      show(error)
    }
  }

  private func putBack(_ item: Trash.Item) {
    do {
      try trash.restore(item)
      model.message = "Put back \(item.original.lastPathComponent)"
      register(undoName: "Move to Trash") { controller in
        if let entry = controller.model.entries.first(where: { $0.url.path == item.original.path }) {
          controller.moveToTrash(entry)
        }
      }
      refresh(adding: item.original)
    } catch {
      show(error)
    }
  }

  func beginRename(_ entry: FileEntry) {
    rootViewController.prompt.ask("Rename to:", text: entry.name) { [weak self] name in
      guard let self, let name else { return }
      self.rename(entry.url, to: name)
    }
  }

  func rename(_ url: URL, to name: String) {
    guard
      let destination = validatedDestination(
        named: name, in: url.deletingLastPathComponent(), for: .rename, path: url.path)
    else { return }
    guard destination != url else { return }
    do {
      try fileSystem.move(url, destination)
    } catch {
      show(FilesError(operation: .rename, path: url.path, reason: FilesError.reason(of: error)))
      return
    }
    model.message = "Renamed \(url.lastPathComponent) to \(name)"
    register(undoName: "Rename") { controller in controller.rename(destination, to: url.lastPathComponent) }
    refresh(removing: url, adding: destination)
  }

  func beginNewFolder() {
    rootViewController.prompt.ask("New folder:", text: "untitled folder") { [weak self] name in
      guard let self, let name else { return }
      self.createFolder(named: name)
    }
  }

  func createFolder(named name: String) {
    let folder = model.folder
    guard
      let url = validatedDestination(
        named: name, in: folder, for: .createFolder, path: folder.appendingPathComponent(name).path)
    else { return }
    do {
      try fileSystem.createFolder(url)
    } catch {
      show(FilesError(operation: .createFolder, path: url.path, reason: FilesError.reason(of: error)))
      return
    }
    model.message = "Made \(name)"
    // Undo moves it to the trash rather than deleting: it may have filled up since.
    register(undoName: "New Folder") { controller in
      if let item = try? controller.trash.trash(url, at: Date()) {
        controller.register(undoName: "New Folder") { $0.putBack(item) }
      }
      controller.refresh(removing: url)
    }
    refresh(adding: url)
  }

  /// The URL for a new name in `folder`, or nil (with the reason shown) when the name is empty,
  /// has a slash, or is taken.
  private func validatedDestination(
    named name: String, in folder: URL, for operation: FilesError.Operation, path: String
  ) -> URL? {
    let problem: String?
    if name.isEmpty || name == "." || name == ".." {
      problem = "A name is needed"
    } else if name.contains("/") {
      problem = "A name cannot contain “/”"
    } else if fileSystem.exists(folder.appendingPathComponent(name)),
      folder.appendingPathComponent(name).path != path
    {
      problem = "“\(name)” is already taken"
    } else {
      problem = nil
    }
    if let problem {
      show(FilesError(operation: operation, path: path, reason: problem))
      return nil
    }
    return folder.appendingPathComponent(name)
  }

  private func register(undoName: String, _ body: @escaping @MainActor (FilesAppController) -> Void) {
    guard let undoManager = window.undoManager else { return }
    undoManager.registerUndo(withTarget: self) { controller in body(controller) }
    undoManager.setActionName(undoName)
  }

  /// A failed operation: an alert naming the file and the reason, and the status bar's message.
  private func show(_ error: FilesError) {
    model.message = "\(error.errorDescription ?? "Failed"): \(error.reason)"
    let alert = Alert(title: error.errorDescription ?? "", message: error.reason)
    currentAlert = alert
    alert.beginModal(for: application)
  }

  private func show(_ error: any Error) {
    if let error = error as? FilesError {
      show(error)
    } else {
      show(FilesError(operation: .read, path: model.folder.path, reason: FilesError.reason(of: error)))
    }
  }

  // MARK: Actions that need no selection

  static var actionTable: ActionTable { table }
  private static let table = ActionTable(FilesAppController.self) {
    $0.add(.newFolder) { $0.beginNewFolder() }
    $0.add(.reload) { $0.open($0.model.folder, revealInTree: false) }
    $0.add(.openEnclosingFolder) { controller in
      let folder = controller.model.folder
      let parent = URL(fileURLWithPath: folder.deletingLastPathComponent().path)
      guard parent.path != folder.path else { return }
      controller.open(parent, revealInTree: true)
    }
  }

  /// New Folder needs a folder read without a problem.
  func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
    if action == .newFolder { return !model.isLoading && model.readProblem == nil }
    if action == .openEnclosingFolder { return model.folder.path != "/" }
    return Self.actionTable.contains(action)
  }
}
