import Foundation
import ResponderKit

/// The folder tree on the left: the starting folder and, as they are expanded, its
/// subfolders, read when first expanded. Right expands, Left collapses (or goes to the parent),
/// selecting a folder shows it in the table.
@MainActor
final class FolderTreeViewController: ViewController, TableViewDataSource, TableViewDelegate {
  /// One folder of the tree.
  final class Node {
    let url: URL
    let depth: Int
    var children: [Node]?
    var isExpanded = false
    init(url: URL, depth: Int) {
      self.url = url
      self.depth = depth
    }
  }

  let root: Node
  let fileSystem: FileSystem
  /// Told when the user selects a folder.
  var onSelect: ((URL) -> Void)?
  private(set) var rows: [Node] = []

  init(root: URL, fileSystem: FileSystem) {
    self.root = Node(url: root, depth: 0)
    self.fileSystem = fileSystem
    super.init()
    title = "Folders"
  }

  let tableView = TableView()

  override func loadView() {
    view = tableView
  }

  override func viewDidLoad() {
    tableView.dataSource = self
    tableView.delegate = self
    expand(root)
    tableView.selectRow(at: IndexPath(row: 0))
  }

  private func flatten() {
    var result: [Node] = []
    func walk(_ node: Node) {
      result.append(node)
      if node.isExpanded { node.children?.forEach(walk) }
    }
    walk(root)
    rows = result
  }

  private var selectedNode: Node? { tableView.indexPathForSelectedRow.map { rows[$0.row] } }

  func expand(_ node: Node) {
    if node.children == nil {
      node.children = fileSystem.subfolders(of: node.url).map { Node(url: $0, depth: node.depth + 1) }
    }
    node.isExpanded = true
    reload(keeping: selectedNode ?? node)
  }

  func collapse(_ node: Node) {
    node.isExpanded = false
    reload(keeping: node)
  }

  /// Reads a folder's subfolders again (one was made, renamed or deleted).
  func refresh(_ url: URL) {
    guard let node = find(url) else { return }
    node.children = nil
    if node.isExpanded { expand(node) }
  }

  private func find(_ url: URL, in node: Node? = nil) -> Node? {
    let node = node ?? root
    if node.url.standardizedFileURL.path == url.standardizedFileURL.path { return node }
    for child in node.children ?? [] {
      if let found = find(url, in: child) { return found }
    }
    return nil
  }

  /// Shows `url` selected, expanding its ancestors within the tree.
  func reveal(_ url: URL) {
    var chain: [URL] = []
    var current = url.standardizedFileURL.path
    let top = root.url.standardizedFileURL.path
    while current.hasPrefix(top + "/") {
      chain.insert(URL(fileURLWithPath: current), at: 0)
      current = (current as NSString).deletingLastPathComponent
    }
    var node = root
    for step in chain {
      if !node.isExpanded { expand(node) }
      guard let next = node.children?.first(where: { $0.url.standardizedFileURL.path == step.path }) else {
        break
      }
      node = next
    }
    reload(keeping: node)
  }

  private func reload(keeping node: Node) {
    flatten()
    tableView.reloadData()
    if let row = rows.firstIndex(where: { $0 === node }) {
      tableView.selectRow(at: IndexPath(row: row), scrollPosition: .none)
    }
  }

  // MARK: Data source

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows.count }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let cell =
      tableView.dequeueReusableCell(withIdentifier: "folder") ?? TableViewCell(reuseIdentifier: "folder")
    let node = rows[indexPath.row]
    let mark = node.isExpanded ? "▾" : (node.children?.isEmpty == true ? " " : "▸")
    let name = node.url.path == "/" ? "/" : node.url.lastPathComponent
    cell.text = String(repeating: "  ", count: node.depth) + mark + " " + name
    return cell
  }

  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    onSelect?(rows[indexPath.row].url)
  }

  func tableView(_ tableView: TableView, performPrimaryActionForRowAt indexPath: IndexPath) {
    let node = rows[indexPath.row]
    node.isExpanded ? collapse(node) : expand(node)
  }

  // MARK: Keys

  override class var actionTable: ActionTable {
    .declared(by: self) {
      $0.add(.moveRight) { controller in
        guard let node = controller.selectedNode else { return }
        if !node.isExpanded { controller.expand(node) }
      }
      $0.add(.moveLeft) { controller in
        guard let node = controller.selectedNode else { return }
        if node.isExpanded, node.children?.isEmpty == false {
          controller.collapse(node)
        } else {
          controller.selectParent(of: node)
        }
      }
    }
  }

  /// Left on a collapsed folder selects its parent, as in every tree view.
  private func selectParent(of node: Node) {
    guard let index = rows.firstIndex(where: { $0 === node }),
      let parent = rows[..<index].lastIndex(where: { $0.depth == node.depth - 1 })
    else { return }
    _ = tableView.selectRow(at: IndexPath(row: parent), notifyingDelegate: true)
  }
}
