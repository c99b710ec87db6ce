import Foundation
import ResponderKit

/// The first screen: every checklist with how many items are left. Return or a click opens
/// one, `e` renames it, `n` adds one, Delete or a sideways drag deletes it, Alt-Up/Down moves
/// it, holding it pops up its menu. It opens ``ListDetailViewController`` and is its delegate.
@MainActor
final class AllListsViewController: ViewController, TableViewEditingDataSource, TableViewReorderingDataSource,
  TableViewDelegate,
  ListDetailViewControllerDelegate, StatusHintProviding
{
  let model: ChecklistsModel
  let pasteboard: Pasteboard
  private var observer: NotificationObservation?
  /// Set while the table moves a row itself (Alt-Up/Down): it has already moved it on screen.
  private var isMovingFromTable = false

  init(model: ChecklistsModel, pasteboard: Pasteboard) {
    self.model = model
    self.pasteboard = pasteboard
    super.init()
    title = "Checklists"
  }

  var screen: TableScreenView { view as! TableScreenView }
  var tableView: TableView { screen.tableView }

  override func loadView() {
    view = TableScreenView()
  }

  override func viewWillAppear() {
    super.viewWillAppear()
    showStatusHints()
  }

  override func viewDidLoad() {
    screen.emptyLabel.text = "No checklists. Press n to add one."
    screen.tableView.dataSource = self
    screen.tableView.delegate = self
    screen.tableView.tapHandler = { [weak self] indexPath in self?.open(indexPath.row) }
    // Open is Return's action, which the table performs for its selected row.
    screen.tableView.rowMenu = Menu(
      title: "Checklist",
      items: [
        MenuItem(title: "Open", action: .insertNewline), MenuItem(title: "Rename…", action: .editItem),
        MenuItem(title: "Delete", action: .delete),
      ])
    observer = NotificationCenter.default.addMainActorObserver(
      forName: ChecklistsModel.didChangeNotification, object: model
    ) { [weak self] note in self?.modelDidChange(ChecklistsChange(note)) }
    screen.updateEmptyState()
    if tableView.numberOfRows(inSection: 0) > 0 { tableView.selectRow(at: IndexPath(row: 0)) }
  }

  /// Updates only the rows the change touched: a list's row for the set of lists, or its
  /// summary when its items changed.
  private func modelDidChange(_ change: ChecklistsChange?) {
    guard let change else { return }
    if let id = change.listID {
      if let row = model.index(ofList: id) { tableView.reloadRows(at: [IndexPath(row: row)]) }
    } else if case .moved = change.rows, isMovingFromTable {
      return
    } else {
      tableView.apply(change.rows)
    }
    screen.updateEmptyState()
  }

  // MARK: Data source and delegate

  /// Rows can be deleted and moved (the two refining protocols); with no `canEditRowAt` or
  /// `canMoveRowAt`, every row can (UIKit's rule).

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { model.checklists.count }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let row = indexPath.row
    let cell = tableView.dequeueReusableCell(withIdentifier: "list") ?? TableViewCell(reuseIdentifier: "list")
    let list = model.checklists[row]
    cell.text = list.name
    cell.detailText = list.summary
    cell.accessory = .disclosureIndicator
    return cell
  }

  func tableView(
    _ tableView: TableView, commit editingStyle: TableView.EditingStyle, forRowAt indexPath: IndexPath
  ) {
    let row = indexPath.row
    if editingStyle == .delete { model.removeList(at: row) }
  }

  func tableView(_ tableView: TableView, moveRowAt source: IndexPath, to destination: IndexPath) {
    let sourceRow = source.row
    let destinationRow = destination.row
    isMovingFromTable = true
    defer { isMovingFromTable = false }
    model.moveList(from: sourceRow, to: destinationRow)
  }

  /// Return opens the list.
  func tableView(_ tableView: TableView, performPrimaryActionForRowAt indexPath: IndexPath) {
    let row = indexPath.row
    open(row)
  }

  // MARK: Commands

  private var selectedRow: Int? {
    guard let row = tableView.indexPathForSelectedRow?.row, row < model.checklists.count else { return nil }
    return row
  }

  /// Shows the items of the list at `row`.
  func open(_ row: Int) {
    guard model.checklists.indices.contains(row) else { return }
    let items = ChecklistViewController(
      model: model, pasteboard: pasteboard, listID: model.checklists[row].id)
    navigationController?.pushViewController(items, animated: true)
  }

  func addList() {
    let detail = ListDetailViewController()
    detail.delegate = self
    navigationController?.pushViewController(detail, animated: true)
  }

  func edit(_ row: Int) {
    guard model.checklists.indices.contains(row) else { return }
    let detail = ListDetailViewController(checklistToEdit: model.checklists[row])
    detail.delegate = self
    navigationController?.pushViewController(detail, animated: true)
  }

  override class var actionTable: ActionTable {
    .declared(by: self) {
      $0.add(.newItem) { $0.addList() }
      $0.add(.editItem) { controller in controller.selectedRow.map(controller.edit) }
      // The table's own Delete: commit through the data source, then the next row selected.
      $0.add(.delete) { controller in controller.tableView.deleteSelectedRow(controller) }
    }
  }

  /// Editing and deleting need a selected list.
  override func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
    if action == .editItem || action == .delete { return selectedRow != nil }
    return super.canPerformAction(action, withSender: sender)
  }

  /// Names the File menu's first item for this screen.
  override func validate(_ item: any ValidatedItem) -> Bool {
    if item.action == .newItem, let menuItem = item as? MenuItem { menuItem.title = "New Checklist" }
    return true
  }

  override var keyCommands: [KeyCommand] {
    [
      KeyCommand(title: "New Checklist", input: "n", action: .newItem),
      KeyCommand(title: "Edit Checklist", input: "e", action: .editItem),
    ]
  }

  var statusHints: [(key: String, action: String)] {
    [
      ("Return", "open"), ("n", "new"), ("e", "rename"), ("Del", "delete"), ("^Z", "undo"),
      ("F1", "keys"), ("F10", "menu"), ("^Q", "quit"),
    ]
  }

  // MARK: List detail delegate

  func listDetailViewControllerDidCancel(_ controller: ListDetailViewController) {
    navigationController?.popViewController(animated: true)
  }

  func listDetailViewController(_ controller: ListDetailViewController, didFinishAdding checklist: Checklist)
  {
    let index = model.checklists.count
    model.insertList(checklist, at: index)
    navigationController?.popViewController(animated: true)
    tableView.selectRow(at: IndexPath(row: index), scrollPosition: .nearest)
  }

  func listDetailViewController(_ controller: ListDetailViewController, didFinishEditing checklist: Checklist)
  {
    model.renameList(checklist.id, to: checklist.name)
    if let row = model.index(ofList: checklist.id) {
      tableView.selectRow(at: IndexPath(row: row), scrollPosition: .nearest)
    }
    navigationController?.popViewController(animated: true)
  }
}
