import Foundation
import ResponderKit

/// The folder tree on the left: an ``OutlineView`` over the file system, lazy — a folder's
/// subfolders are read when the outline first asks for them (it expands the folder). The
/// outline's own keys: Right expands, Left collapses (or goes to the parent), Alt-Right and
/// Alt-Left do the whole branch; Return toggles; selecting a folder shows it in the table.
@MainActor
final class FolderTreeViewController: ViewController, OutlineViewDataSource, OutlineViewDelegate {
  /// The starting folder, the outline's one top item.
  let root: URL
  let fileSystem: FileSystem
  /// Told when the user selects a folder.
  var onSelect: ((URL) -> Void)?
  /// The subfolders read so far, by folder path: read once, until ``refresh(_:)``.
  private var subfolders: [String: [URL]] = [:]

  init(root: URL, fileSystem: FileSystem) {
    self.root = root.standardizedFileURL
    self.fileSystem = fileSystem
    super.init()
    title = "Folders"
  }

  let outlineView = OutlineView()

  override func loadView() {
    view = outlineView
  }

  override func viewDidLoad() {
    outlineView.dataSource = self
    outlineView.delegate = self
    outlineView.reloadData()
    outlineView.expandItem(root)
    outlineView.selectRow(at: IndexPath(row: 0))
  }

  /// The folder selected in the tree.
  var selectedFolder: URL? { outlineView.selectedItem?.base as? URL }

  private func children(of folder: URL) -> [URL] {
    if let known = subfolders[folder.path] { return known }
    let read = fileSystem.subfolders(of: folder).map(\.standardizedFileURL)
    subfolders[folder.path] = read
    return read
  }

  /// Reads a folder's subfolders again (one was made, renamed or deleted).
  func refresh(_ url: URL) {
    let folder = url.standardizedFileURL
    subfolders[folder.path] = nil
    outlineView.reloadItem(folder, reloadChildren: true)
  }

  /// Shows `url` selected, expanding its ancestors within the tree.
  func reveal(_ url: URL) {
    let target = url.standardizedFileURL
    var chain: [URL] = []
    var current = target
    while current.path.hasPrefix(root.path + "/") {
      current = current.deletingLastPathComponent().standardizedFileURL
      chain.insert(current, at: 0)
    }
    chain.forEach { outlineView.expandItem($0) }
    if let row = outlineView.row(forItem: target) {
      outlineView.selectRow(at: IndexPath(row: row), scrollPosition: .none)
    }
  }

  // MARK: Data source

  func outlineView(_ outlineView: OutlineView, numberOfChildrenOfItem item: AnyHashable?) -> Int {
    guard let folder = item?.base as? URL else { return 1 }
    return children(of: folder).count
  }

  func outlineView(_ outlineView: OutlineView, child index: Int, ofItem item: AnyHashable?) -> AnyHashable {
    guard let folder = item?.base as? URL else { return root }
    return children(of: folder)[index]
  }

  /// Unread folders show a disclosure (reading them all to know would not be lazy); a folder
  /// read empty shows none.
  func outlineView(_ outlineView: OutlineView, isItemExpandable item: AnyHashable) -> Bool {
    guard let folder = item.base as? URL else { return false }
    return subfolders[folder.path].map { !$0.isEmpty } ?? true
  }

  func outlineView(_ outlineView: OutlineView, textForItem item: AnyHashable) -> String {
    guard let folder = item.base as? URL else { return "" }
    return folder.path == "/" ? "/" : folder.lastPathComponent
  }

  // MARK: Delegate

  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    selectedFolder.map { onSelect?($0) }
  }

  /// A folder that turned out to have no subfolders loses its disclosure.
  func outlineViewItemDidExpand(_ notification: Notification) {
    guard let folder = (notification.userInfo?[OutlineView.itemUserInfoKey] as? AnyHashable)?.base as? URL,
      subfolders[folder.path]?.isEmpty == true
    else { return }
    outlineView.reloadItem(folder)
  }

  func tableView(_ tableView: TableView, performPrimaryActionForRowAt indexPath: IndexPath) {
    guard let item = outlineView.item(atRow: indexPath.row) else { return }
    outlineView.isItemExpanded(item) ? outlineView.collapseItem(item) : outlineView.expandItem(item)
  }
}
