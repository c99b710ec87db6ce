import Foundation
import ResponderKit

/// The items of one checklist. Space or a click toggles the checkmark, Return or `e` edits
/// the item, `n` adds one, Delete, BackSpace or a sideways drag deletes it, Alt-Up/Down moves
/// it, holding it pops up its menu; Copy, Cut and Paste go through `Pasteboard.general`.
/// It opens ``ItemDetailViewController`` for adding and editing and is that screen's delegate.
@MainActor
final class ChecklistViewController: ViewController, TableViewEditingDataSource,
  TableViewReorderingDataSource,
  TableViewDelegate,
  ItemDetailViewControllerDelegate, StatusHintProviding
{
  let model: ChecklistsModel
  let pasteboard: Pasteboard
  /// The list shown.
  let listID: UUID
  private var observer: NotificationObservation?
  /// Set while the table moves a row itself (Alt-Up/Down): it has already moved it on screen.
  private var isMovingFromTable = false

  init(model: ChecklistsModel, pasteboard: Pasteboard, listID: UUID) {
    self.model = model
    self.pasteboard = pasteboard
    self.listID = listID
    super.init()
    title = model.checklist(listID)?.name
  }

  var screen: TableScreenView { view as! TableScreenView }
  var tableView: TableView { screen.tableView }
  private var items: [ChecklistItem] { model.checklist(listID)?.items ?? [] }

  override func loadView() {
    view = TableScreenView()
  }

  override func viewWillAppear() {
    super.viewWillAppear()
    showStatusHints()
  }

  override func viewDidLoad() {
    screen.emptyLabel.text = "No items yet. Press n to add one."
    screen.tableView.dataSource = self
    screen.tableView.delegate = self
    screen.tableView.tapHandler = { [weak self] indexPath in self?.toggle(indexPath.row) }
    screen.tableView.rowMenu = Menu(
      title: "Item",
      items: [
        MenuItem(title: "Toggle", action: .toggleChecked), MenuItem(title: "Edit…", action: .editItem),
        MenuItem(title: "Cut", action: .cut), MenuItem(title: "Copy", action: .copy),
        MenuItem(title: "Delete", action: .delete),
      ])
    observer = NotificationCenter.default.addMainActorObserver(
      forName: ChecklistsModel.didChangeNotification, object: model
    ) { [weak self] note in self?.modelDidChange(ChecklistsChange(note)) }
    screen.updateEmptyState()
    if tableView.numberOfRows(inSection: 0) > 0 { tableView.selectRow(at: IndexPath(row: 0)) }
  }

  /// Updates only the rows the change touched, so the selection stays on its item when
  /// undo puts back or takes away a row above it.
  private func modelDidChange(_ change: ChecklistsChange?) {
    guard let list = model.checklist(listID) else {
      // Undo removed this list: nothing left to show.
      navigationController?.popToRootViewController(animated: true)
      return
    }
    if title != list.name { title = list.name }
    guard let change, change.listID == listID else { return }
    if case .moved = change.rows, isMovingFromTable { return }
    tableView.apply(change.rows)
    screen.updateEmptyState()
  }

  // MARK: Data source and delegate

  /// Rows can be deleted and moved (the two refining protocols); with no `canEditRowAt` or
  /// `canMoveRowAt`, every row can (UIKit's rule).

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { items.count }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let row = indexPath.row
    let cell = tableView.dequeueReusableCell(withIdentifier: "item") ?? TableViewCell(reuseIdentifier: "item")
    let item = items[row]
    cell.text = item.text
    cell.accessory = item.checked ? .checkmark : .none
    cell.textStyle = item.checked ? TextStyle(attributes: .dim) : .plain
    return cell
  }

  func tableView(
    _ tableView: TableView, commit editingStyle: TableView.EditingStyle, forRowAt indexPath: IndexPath
  ) {
    let row = indexPath.row
    if editingStyle == .delete { model.removeItem(at: row, inList: listID) }
  }

  func tableView(_ tableView: TableView, moveRowAt source: IndexPath, to destination: IndexPath) {
    let sourceRow = source.row
    let destinationRow = destination.row
    isMovingFromTable = true
    defer { isMovingFromTable = false }
    model.moveItem(from: sourceRow, to: destinationRow, inList: listID)
  }

  /// Return edits the item.
  func tableView(_ tableView: TableView, performPrimaryActionForRowAt indexPath: IndexPath) {
    let row = indexPath.row
    edit(row)
  }

  // MARK: Commands

  private var selectedRow: Int? {
    guard let row = tableView.indexPathForSelectedRow?.row, row < items.count else { return nil }
    return row
  }

  func toggle(_ row: Int) {
    model.toggleItem(at: row, inList: listID)
  }

  func addItem() {
    let detail = ItemDetailViewController()
    detail.delegate = self
    navigationController?.pushViewController(detail, animated: true)
  }

  func edit(_ row: Int) {
    guard items.indices.contains(row) else { return }
    let detail = ItemDetailViewController(itemToEdit: items[row])
    detail.delegate = self
    navigationController?.pushViewController(detail, animated: true)
  }

  func copy() {
    guard let row = selectedRow else { return }
    pasteboard.string = items[row].text
  }

  func cut() {
    guard let row = selectedRow else { return }
    pasteboard.string = items[row].text
    model.removeItem(at: row, inList: listID, actionName: "Cut Item")
  }

  /// Adds an item with the pasteboard's text below the selection (or at the end) and selects it.
  func paste() {
    // A copied text of several lines (from a text view or another app) makes one item.
    guard let text = pasteboard.string?.split(whereSeparator: \.isNewline).joined(separator: " "),
      !text.isEmpty
    else { return }
    let index = selectedRow.map { $0 + 1 } ?? items.count
    model.insertItem(ChecklistItem(text: text), inList: listID, at: index, actionName: "Paste Item")
    tableView.selectRow(at: IndexPath(row: index), scrollPosition: .nearest)
  }

  override class var actionTable: ActionTable {
    .declared(by: self) {
      $0.add(.newItem) { $0.addItem() }
      $0.add(.editItem) { controller in controller.selectedRow.map(controller.edit) }
      $0.add(.toggleChecked) { controller in controller.selectedRow.map(controller.toggle) }
      $0.add(.copy) { $0.copy() }
      $0.add(.cut) { $0.cut() }
      $0.add(.paste) { $0.paste() }
      // The table's own Delete: commit through the data source, then the next row selected.
      $0.add(.delete) { controller in controller.tableView.deleteSelectedRow(controller) }
    }
  }

  /// Row commands need a selected row, Paste text on the pasteboard (asked without reading it).
  override func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
    switch action {
    case .editItem, .toggleChecked, .copy, .cut, .delete: return selectedRow != nil
    case .paste: return pasteboard.hasStrings
    default: return super.canPerformAction(action, withSender: sender)
    }
  }

  /// Names the File menu's first item for this screen.
  override func validate(_ item: any ValidatedItem) -> Bool {
    if item.action == .newItem, let menuItem = item as? MenuItem { menuItem.title = "New Item" }
    return true
  }

  override var keyCommands: [KeyCommand] {
    [
      KeyCommand(title: "Toggle", input: " ", action: .toggleChecked),
      KeyCommand(title: "New Item", input: "n", action: .newItem),
      KeyCommand(title: "Edit Item", input: "e", action: .editItem),
    ]
  }

  var statusHints: [(key: String, action: String)] {
    [
      ("Space", "check"), ("Return", "edit"), ("n", "new"), ("Del", "delete"), ("Alt-↑↓", "move"),
      ("Esc", "back"), ("F1", "keys"), ("F10", "menu"),
    ]
  }

  // MARK: Item detail delegate

  func itemDetailViewControllerDidCancel(_ controller: ItemDetailViewController) {
    navigationController?.popViewController(animated: true)
  }

  func itemDetailViewController(_ controller: ItemDetailViewController, didFinishAdding item: ChecklistItem) {
    let index = items.count
    model.insertItem(item, inList: listID, at: index)
    navigationController?.popViewController(animated: true)
    tableView.selectRow(at: IndexPath(row: index), scrollPosition: .nearest)
  }

  func itemDetailViewController(_ controller: ItemDetailViewController, didFinishEditing item: ChecklistItem)
  {
    if let row = items.firstIndex(where: { $0.id == item.id }) {
      model.setText(item.text, ofItemAt: row, inList: listID)
      tableView.selectRow(at: IndexPath(row: row), scrollPosition: .nearest)
    }
    navigationController?.popViewController(animated: true)
  }
}
