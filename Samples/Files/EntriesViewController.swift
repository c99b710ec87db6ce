import Foundation
import ResponderKit

/// The table of the folder's entries: name, size, kind and modified, sortable. It performs
/// the actions on the selected entry — Copy Path, Move to Trash…, Rename… — and so they are
/// enabled only while it is in the responder chain with a row selected.
@MainActor
final class EntriesViewController: ViewController, TableViewDataSource, TableViewDelegate {
  let model: FilesModel
  let tableView = EntryTableView()
  /// Told when the selection changes (the preview follows it).
  var onSelectionChange: ((FileEntry?) -> Void)?
  /// Told when the user opens a folder entry.
  var onOpenFolder: ((URL) -> Void)?
  /// Does the work of the actions (the app controller).
  weak var operations: (any FileOperating)?

  init(model: FilesModel) {
    self.model = model
    super.init()
    title = "Entries"
  }

  override func loadView() {
    view = tableView
  }

  override func viewDidLoad() {
    tableView.dataSource = self
    tableView.delegate = self
    tableView.widthDidChange = { [weak self] in self?.reload() }
    tableView.rowMenu = Menu(
      title: "Item",
      items: [
        MenuItem(title: "Open", action: .insertNewline),
        MenuItem(title: "Copy Path", action: .copyPath),
        MenuItem(title: "Rename…", action: .renameItem),
        MenuItem(title: "Move to Trash…", action: .moveToTrash),
        .separator(),
        MenuItem(title: "New Folder…", action: .newFolder),
      ])
    tableView.backgroundMenu = Menu(
      title: "Folder",
      items: [MenuItem(title: "New Folder…", action: .newFolder), MenuItem(title: "Reload", action: .reload)])
  }

  var selectedEntry: FileEntry? {
    guard let row = tableView.indexPathForSelectedRow?.row, model.entries.indices.contains(row) else {
      return nil
    }
    return model.entries[row]
  }

  /// Shows the model's entries, keeping the entry at `url` (or the same row) selected.
  func reload(selecting url: URL? = nil) {
    let previousRow = tableView.indexPathForSelectedRow?.row
    let keep = url ?? selectedEntry?.url
    tableView.reloadData()
    let row =
      keep.flatMap { url in model.entries.firstIndex { $0.url.path == url.path } }
      ?? previousRow.map { min($0, model.entries.count - 1) } ?? 0
    if !model.entries.isEmpty {
      tableView.selectRow(at: IndexPath(row: row), scrollPosition: .none)
    }
    onSelectionChange?(selectedEntry)
  }

  // MARK: Columns

  /// The header: the columns' titles, the sort column marked ▲ or ▼.
  func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
    let width = Int(max(0, tableView.visibleContentWidth))
    func title(_ key: SortKey) -> String {
      key.title + (model.sortKey == key ? (model.ascending ? " ▲" : " ▼") : "")
    }
    return Self.columns(
      name: title(.name), size: title(.size), kind: title(.kind), modified: title(.modified), width: width)
  }

  /// One line of columns: the name takes what the others leave.
  static func columns(name: String, size: String, kind: String, modified: String, width: Int) -> String {
    let sizeWidth = 9
    let kindWidth = 12
    let dateWidth = 16
    let nameWidth = max(4, width - sizeWidth - kindWidth - dateWidth - 3)
    func fit(_ text: String, _ width: Int, right: Bool = false) -> String {
      let cut = Columns.truncated(text, to: width)
      let pad = String(repeating: " ", count: max(0, width - Columns.width(of: cut)))
      return right ? pad + cut : cut + pad
    }
    return fit(name, nameWidth) + " " + fit(size, sizeWidth, right: true) + " " + fit(kind, kindWidth) + " "
      + fit(modified, dateWidth)
  }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { model.entries.count }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let cell =
      tableView.dequeueReusableCell(withIdentifier: "entry") ?? TableViewCell(reuseIdentifier: "entry")
    let entry = model.entries[indexPath.row]
    cell.text = Self.columns(
      name: entry.name + (entry.isFolder ? "/" : ""), size: entry.size.map(FileEntry.formattedSize) ?? "—",
      kind: entry.kind, modified: FileEntry.formattedDate(entry.modified),
      width: Int(max(0, tableView.visibleContentWidth)))
    return cell
  }

  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    onSelectionChange?(selectedEntry)
  }

  func tableView(_ tableView: TableView, performPrimaryActionForRowAt indexPath: IndexPath) {
    guard let entry = selectedEntry, entry.isFolder else { return }
    onOpenFolder?(entry.url)
  }

  // MARK: Actions

  override class var actionTable: ActionTable {
    .declared(by: self) {
      $0.add(.copyPath) { controller in
        controller.selectedEntry.map { controller.operations?.copyPath(of: $0) }
      }
      $0.add(.moveToTrash) { controller in
        controller.selectedEntry.map { controller.operations?.confirmTrash($0) }
      }
      $0.add(.renameItem) { controller in
        controller.selectedEntry.map { controller.operations?.beginRename($0) }
      }
      $0.add(.sortByColumn) { controller, sender in controller.sort(by: sender) }
    }
  }

  /// The selection's actions need a selection (and a finished reading).
  override func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
    if action == .copyPath || action == .moveToTrash || action == .renameItem {
      return selectedEntry != nil && !model.isLoading
    }
    return super.canPerformAction(action, withSender: sender)
  }

  /// A sort menu item shows a check on the current column.
  override func validate(_ item: any ValidatedItem) -> Bool {
    if item.action == .sortByColumn, let menuItem = item as? MenuItem {
      menuItem.state =
        SortKey.allCases.indices.contains(item.tag) && SortKey.allCases[item.tag] == model.sortKey
        ? .on : .off
    }
    return super.validate(item)
  }

  /// The sender's tag is the column; the same column again reverses the order.
  private func sort(by sender: Any?) {
    guard let tag = (sender as? any ValidatedItem)?.tag, SortKey.allCases.indices.contains(tag) else {
      return
    }
    let key = SortKey.allCases[tag]
    if model.sortKey == key {
      model.ascending.toggle()
    } else {
      model.sortKey = key
      model.ascending = true
    }
    reload()
  }
}

/// What the entry table asks the app to do.
@MainActor
protocol FileOperating: AnyObject {
  func copyPath(of entry: FileEntry)
  func confirmTrash(_ entry: FileEntry)
  func beginRename(_ entry: FileEntry)
}
