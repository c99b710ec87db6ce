import Foundation
import ResponderKit
import TerminalHost

/// A small open and save panel over the file system, as a modal window: a field with a path
/// and the list of the folder's entries (folders first, then files, `..` on top).
///
/// The folder's first entry is selected. Open: Return on a folder goes into it, on a file
/// chooses it; Return in the field goes to the folder or chooses the file typed (relative to
/// the folder shown, `~` for home). Save: the field holds the file name, prefilled and
/// selected; a file chosen in the list puts its name in the field; Return in the field
/// chooses the path when its folder exists. Tab moves between the field and the list, Escape
/// cancels. A folder that cannot be read says why on the panel's last line.
@MainActor
final class FilePanel: Window, TextFieldDelegate {
  /// What the panel chooses.
  enum Mode: Equatable {
    /// An existing file to open.
    case open
    /// A path to save to (it may not exist yet), for the document's save operation: the
    /// panel's title says which (Save, Save As, Save To).
    case save(Document.SaveOperation)

    var isOpen: Bool { if case .open = self { true } else { false } }

    var title: String {
      switch self {
      case .open: "Open"
      case .save(.saveTo): "Save To"
      case .save(.saveAs): "Save As"
      case .save: "Save"
      }
    }
  }

  /// One row of the list.
  struct Entry: Equatable {
    var name: String
    var isFolder: Bool
  }

  let mode: Mode
  /// The folder listed.
  private(set) var directory: URL
  /// The folder's entries as shown.
  private(set) var entries: [Entry] = []
  let field = TextField()
  let table = TableView()
  private let titleLabel = Label(style: TextStyle(attributes: .bold))
  private let folderLabel = Label(style: TextStyle(attributes: .dim))
  private let messageLabel = Label()
  private let hint = Label(style: TextStyle(attributes: .dim))
  private var completion: (@MainActor (URL?) -> Void)?
  private var session: ModalSession?
  private let listSource = ListSource()

  /// The open panel, if one is shown (for tests).
  private(set) static weak var current: FilePanel?

  private init(mode: Mode, directory: URL, name: String) {
    self.mode = mode
    self.directory = directory.standardizedFileURL
    super.init(frame: Rect(x: 0, y: 0, width: 64, height: 18))
    placement = .centered
    title = mode.title
    let root = PanelView()
    for view in [titleLabel, folderLabel, field, table, messageLabel, hint] as [View] {
      root.addSubview(view)
    }
    rootView = root
    titleLabel.text = title
    hint.text =
      mode.isOpen
      ? "Return open · Tab list/field · Esc cancel" : "Return save · Tab list/field · Esc cancel"
    field.text = name
    field.placeholder = mode.isOpen ? "file or folder" : "file name"
    listSource.panel = self
    table.dataSource = listSource
    table.delegate = listSource
    field.delegate = self
    field.nextKeyView = table
    table.nextKeyView = field
    initialFirstResponder = field
    reload()
  }

  /// Shows a panel modally over `application`, listing `directory`; `completion` gets the
  /// chosen file, or nil when cancelled.
  @discardableResult
  static func begin(
    _ mode: Mode, in application: Application, directory: URL, name: String = "",
    completion: @escaping @MainActor (URL?) -> Void
  ) -> FilePanel {
    let panel = FilePanel(mode: mode, directory: directory, name: name)
    panel.completion = completion
    let size = application.screenSize
    panel.frame = Rect(x: 0, y: 0, width: min(64, size.width), height: min(18, size.height))
    current = panel
    panel.session = application.beginModalSession(for: panel) { [weak panel] _ in panel?.close() }
    panel.makeFirstResponder(panel.field)
    // The name is selected, so typing replaces it, as save panels do.
    panel.field.selectAll(nil)
    return panel
  }

  override var canBecomeMain: Bool { false }

  override var frame: Rect {
    didSet { layOut() }
  }

  private func layOut() {
    let width = frame.width
    let inner = max(0, width - 4)
    titleLabel.frame = Rect(x: 2, y: 1, width: inner, height: 1)
    folderLabel.frame = Rect(x: 2, y: 2, width: inner, height: 1)
    field.frame = Rect(x: 2, y: 3, width: inner, height: 1)
    let listHeight = max(1, frame.height - 7)
    table.frame = Rect(x: 2, y: 4, width: inner, height: listHeight)
    messageLabel.frame = Rect(x: 2, y: 4 + listHeight, width: inner, height: 1)
    hint.frame = Rect(x: 2, y: 5 + listHeight, width: inner, height: 1)
  }

  /// What the message line says (a folder that cannot be read, a file that is not there).
  var message: String { messageLabel.text }

  /// Lists `directory` again: `..`, then its folders and files by name, hidden ones left out.
  private func reload() {
    folderLabel.text = directory.path
    messageLabel.text = ""
    var listed: [Entry] = []
    do {
      let urls = try FileManager.default.contentsOfDirectory(
        at: directory, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])
      listed = urls.map { url in
        Entry(
          name: url.lastPathComponent,
          isFolder: (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true)
      }
    } catch {
      messageLabel.text = FileError(error, operation: .read, path: directory.path).description
    }
    listed.sort { ($0.isFolder ? 0 : 1, $0.name.lowercased()) < ($1.isFolder ? 0 : 1, $1.name.lowercased()) }
    entries = (directory.path == "/" ? [] : [Entry(name: "..", isFolder: true)]) + listed
    table.reloadData()
    // The first entry of the folder itself is selected, so Tab and Return open it.
    if !entries.isEmpty {
      let first = entries.count > 1 && entries[0].name == ".." ? 1 : 0
      table.selectRow(at: IndexPath(row: first, section: 0), scrollPosition: .top)
    }
  }

  /// The path typed, resolved against the folder shown.
  private var typedURL: URL? {
    let typed = field.text.trimmingCharacters(in: .whitespaces)
    guard !typed.isEmpty else { return nil }
    let expanded = (typed as NSString).expandingTildeInPath
    return
      (expanded.hasPrefix("/") ? URL(fileURLWithPath: expanded) : directory.appendingPathComponent(expanded))
      .standardizedFileURL
  }

  private static let cancelPanel = Action("filePanelCancel")

  override class var actionTable: ActionTable { panelActions }
  private static let panelActions = ActionTable(FilePanel.self, inheriting: Window.actionTable) {
    $0.add(cancelPanel) { $0.finish(with: nil) }
  }

  /// Escape cancels, before the field's own Escape.
  override var keyCommands: [KeyCommand] { Self.commands }
  private static let commands: [KeyCommand] = {
    var escape = KeyCommand(title: "Cancel", input: KeyCommand.inputEscape, action: cancelPanel)
    escape.wantsPriorityOverSystemBehavior = true
    return [escape]
  }()

  /// Return in the field chooses what it names; the field keeps focus (a field ends editing
  /// on Return otherwise) so a mistyped name can be corrected at once.
  func textFieldShouldReturn(_ textField: TextField) -> Bool {
    chooseTyped()
    return false
  }

  /// Return in the field: a folder is listed, a file (or, to save, a new name) is chosen.
  private func chooseTyped() {
    guard let url = typedURL else { return }
    var isFolder: ObjCBool = false
    let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
    if exists, isFolder.boolValue {
      go(to: url)
    } else if mode.isOpen, !exists {
      messageLabel.text = "There is no file \(url.path)."
    } else if !mode.isOpen, !FileManager.default.fileExists(atPath: url.deletingLastPathComponent().path) {
      messageLabel.text = "There is no folder \(url.deletingLastPathComponent().path)."
    } else {
      finish(with: url)
    }
  }

  /// A row chosen in the list (Return or a double click).
  fileprivate func activate(_ entry: Entry) {
    let url = directory.appendingPathComponent(entry.name).standardizedFileURL
    if entry.isFolder {
      go(to: url)
    } else if mode.isOpen {
      finish(with: url)
    } else {
      field.text = entry.name
      makeFirstResponder(field)
      field.insertionPoint = field.text.count
    }
  }

  /// Lists `folder`; a save keeps the name typed unless the name was the folder's.
  private func go(to folder: URL) {
    let typedTheFolder = typedURL?.path == folder.path
    directory = folder
    if mode.isOpen || typedTheFolder { field.text = "" }
    reload()
  }

  private func finish(with url: URL?) {
    guard let session, let application else { return }
    self.session = nil
    let completion = self.completion
    self.completion = nil
    application.endModalSession(session)
    completion?(url)
  }

  /// The list's data source and delegate (the panel cannot be both a window and a table's
  /// owner of rows without exposing them).
  @MainActor
  private final class ListSource: TableViewDataSource, TableViewDelegate {
    weak var panel: FilePanel?

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
      panel?.entries.count ?? 0
    }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
      let cell =
        tableView.dequeueReusableCell(withIdentifier: "entry") ?? TableViewCell(reuseIdentifier: "entry")
      guard let entry = panel?.entries[indexPath.row] else { return cell }
      cell.text = entry.isFolder ? entry.name + "/" : entry.name
      cell.accessory = entry.isFolder ? .disclosureIndicator : .none
      return cell
    }

    func tableView(_ tableView: TableView, performPrimaryActionForRowAt indexPath: IndexPath) {
      guard let panel, panel.entries.indices.contains(indexPath.row) else { return }
      panel.activate(panel.entries[indexPath.row])
    }
  }

  /// The panel's background and border.
  @MainActor
  private final class PanelView: View {
    override func draw(in canvas: Canvas) {
      canvas.fill(bounds)
      canvas.drawBox(bounds, lines: .rounded)
    }
  }
}
