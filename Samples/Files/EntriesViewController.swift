import Foundation
import ResponderKit

/// The table of the folder's entries: name, size, kind and modified, sortable. It performs
/// the actions on the selected entry — Copy Path, Move to Trash…, Rename… — and so they are
/// enabled only while it is in the responder chain with a row selected.
@MainActor
final class EntriesViewController: ViewController, TableViewColumnDataSource, TableViewDelegate {
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
    addColumns()
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

  /// The columns, in SortKey order: each sorts by its key (the View menu's items too). The
  /// name's width is the table's to set (``EntryTableView``).
  private func addColumns() {
    let widths: [SortKey: Int] = [.name: 30, .size: 7, .kind: 8, .modified: 16]
    for key in SortKey.allCases {
      let column = TableColumn(
        identifier: TableColumn.Identifier(key.rawValue), title: key.title, width: widths[key] ?? 10)
      column.minWidth = key == .name ? 8 : 4
      column.sortDescriptorPrototype = TableSortDescriptor(key: key.rawValue)
      if key == .size { column.alignment = .right }
      tableView.addTableColumn(column)
    }
    tableView.sortDescriptors = [TableSortDescriptor(key: model.sortKey.rawValue, ascending: model.ascending)]
  }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { model.entries.count }

  func tableView(_ tableView: TableView, textFor tableColumn: TableColumn, at indexPath: IndexPath) -> String
  {
    let entry = model.entries[indexPath.row]
    switch SortKey(rawValue: tableColumn.identifier.rawValue) {
    case .name: return entry.name + (entry.isFolder ? "/" : "")
    case .size: return entry.size.map(FileEntry.formattedSize) ?? "—"
    case .kind: return entry.kind
    case .modified: return FileEntry.formattedDate(entry.modified)
    case nil: return ""
    }
  }

  /// A header click or a View menu item: the model sorts by the first descriptor.
  func tableView(_ tableView: TableView, sortDescriptorsDidChange oldDescriptors: [TableSortDescriptor]) {
    guard let first = tableView.sortDescriptors.first, let key = SortKey(rawValue: first.key) else { return }
    let selected = selectedEntry?.url
    model.sortKey = key
    model.ascending = first.ascending
    reload(selecting: selected)
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

  /// The sender's tag is the column. The header's rule, through the same descriptors: the
  /// sort column again reverses the order, another goes first ascending.
  private func sort(by sender: Any?) {
    guard let tag = (sender as? any ValidatedItem)?.tag, SortKey.allCases.indices.contains(tag) else {
      return
    }
    let prototype = TableSortDescriptor(key: SortKey.allCases[tag].rawValue)
    var descriptors = tableView.sortDescriptors.filter { $0.key != prototype.key }
    if let first = tableView.sortDescriptors.first, first.key == prototype.key {
      descriptors.insert(first.reversed, at: 0)
    } else {
      descriptors.insert(prototype, at: 0)
    }
    tableView.sortDescriptors = descriptors
  }
}

/// What the entry table asks the app to do.
@MainActor
protocol FileOperating: AnyObject {
  func copyPath(of entry: FileEntry)
  func confirmTrash(_ entry: FileEntry)
  func beginRename(_ entry: FileEntry)
}
