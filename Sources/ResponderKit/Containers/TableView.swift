extension Action {
  /// Move the selected row of a list one place up (Alt-Up in a ``TableView``).
  public static let moveSelectedRowUp = Action("moveSelectedRowUp")
  /// Move the selected row of a list one place down (Alt-Down in a ``TableView``).
  public static let moveSelectedRowDown = Action("moveSelectedRowDown")
}

/// A scrolling list of rows, one cell per row, with a single selection: UIKit's
/// `UITableView` for the terminal.
///
/// The rows come from a weak ``dataSource``; a weak ``delegate`` steers selection
/// (`willSelectRow` may refuse or redirect) and hears about it. Cells exist only for the rows
/// on screen; cells with a reuse identifier scrolled out of view wait in a pool for
/// ``dequeueReusableCell(withIdentifier:)``.
///
/// Keys (through the key bindings, so remappable): Up/Down move the selection, Page Up/Down
/// move it a page, Control-Home/End to either end (rows the delegate refuses are skipped),
/// Return activates the selected row, BackSpace/Delete delete it and Alt-Up/Down move it
/// when the data source allows.
/// A tap selects the row under it; a double tap activates it.
@MainActor
open class TableView: ScrollView {
  /// What the user asked to do to a row.
  public enum EditingStyle: Sendable, Hashable {
    /// Remove the row.
    case delete
    /// Add a row there.
    case insert
  }

  /// Where a row ends up when the table scrolls to it.
  public enum ScrollPosition: Sendable, Hashable {
    /// Do not scroll.
    case none
    /// Scroll the least that shows the row.
    case nearest
    /// The row at the top.
    case top
    /// The row in the middle.
    case middle
    /// The row at the bottom.
    case bottom
  }

  /// Creates a table; the vertical scroll indicator is on.
  public override init(frame: Rect = .zero) {
    super.init(frame: frame)
    showsVerticalScrollIndicator = true
  }

  /// The rows' source, held weakly. Setting it reloads.
  public weak var dataSource: (any TableViewDataSource)? {
    didSet { reloadData() }
  }

  /// The selection's steer and listener, held weakly. Setting it reloads (it sizes rows).
  public weak var delegate: (any TableViewDelegate)? {
    didSet { reloadData() }
  }

  /// The height of rows whose delegate does not say otherwise. Default 1.
  open var rowHeight = 1 {
    didSet { if rowHeight != oldValue { reloadData() } }
  }

  /// Lists take focus so the arrow keys reach them.
  open override var canBecomeFirstResponder: Bool { true }

  // MARK: Rows

  private var rowCount = 0
  /// `rowTops[i]` is row i's top; the last entry is the content height.
  private var rowTops: [Int] = [0]
  private var visibleCells: [Int: TableViewCell] = [:]
  private var reusePool: [String: [TableViewCell]] = [:]

  /// The number of rows, as the data source last said; 0 once the data source is gone.
  public var numberOfRows: Int { dataSource == nil ? 0 : rowCount }

  /// The selected row, or nil.
  public private(set) var selectedRow: Int?

  /// Asks the data source again for everything: the row count, heights and visible cells.
  /// A selection past the new end is dropped.
  public func reloadData() {
    recycleAllCells()
    rowCount = max(0, dataSource?.numberOfRows(in: self) ?? 0)
    recomputeRowTops()
    if let selected = selectedRow, selected >= rowCount { selectedRow = nil }
    setNeedsLayout()
    setNeedsDisplay()
  }

  /// Asks the data source again for these rows' cells (and every row's height).
  public func reloadRows(_ rows: [Int]) {
    for row in rows {
      if let cell = visibleCells.removeValue(forKey: row) { recycle(cell) }
    }
    recomputeRowTops()
    setNeedsLayout()
  }

  /// Tells the table these rows were removed from the model: counts again, and moves the
  /// selection with its row (dropping it when its row went).
  public func deleteRows(_ rows: [Int]) {
    let removed = Set(rows)
    if let selected = selectedRow {
      selectedRow = removed.contains(selected) ? nil : selected - removed.filter { $0 < selected }.count
    }
    reloadKeepingSelection()
  }

  /// Tells the table rows were added to the model at these (new) indices; the selection
  /// moves with its row.
  public func insertRows(_ rows: [Int]) {
    if var selected = selectedRow {
      for row in rows.sorted() where row <= selected { selected += 1 }
      selectedRow = selected
    }
    reloadKeepingSelection()
  }

  /// Tells the table a row moved in the model; the selection follows it.
  public func moveRow(_ row: Int, to destination: Int) {
    if let selected = selectedRow {
      if selected == row {
        selectedRow = destination
      } else if row < selected, destination >= selected {
        selectedRow = selected - 1
      } else if row > selected, destination <= selected {
        selectedRow = selected + 1
      }
    }
    reloadKeepingSelection()
  }

  private func reloadKeepingSelection() {
    let selected = selectedRow
    reloadData()
    if let selected, selected < rowCount { selectedRow = selected }
  }

  private func recomputeRowTops() {
    rowTops = [0]
    rowTops.reserveCapacity(rowCount + 1)
    var y = 0
    for row in 0..<rowCount {
      y += max(1, delegate?.tableView(self, heightForRow: row) ?? rowHeight)
      rowTops.append(y)
    }
    contentSize = Size(width: 0, height: Double(y))
  }

  /// The rectangle of a row in content coordinates.
  public func rectForRow(_ row: Int) -> Rect {
    guard row >= 0, row < rowCount, row + 1 < rowTops.count else { return .zero }
    return Rect(
      x: 0, y: Double(rowTops[row]), width: visibleContentWidth,
      height: Double(rowTops[row + 1] - rowTops[row]))
  }

  /// The row at a point in the table's coordinates (which include the scroll offset), or
  /// nil below the last row.
  public func row(at point: Point) -> Int? {
    guard point.x >= 0, point.x < bounds.maxX else { return nil }
    return row(atY: point.y)
  }

  private func row(atY y: Double) -> Int? {
    guard numberOfRows > 0, y >= 0, y < Double(rowTops[rowCount]) else { return nil }
    var low = 0
    var high = rowCount - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if Double(rowTops[mid]) <= y { low = mid } else { high = mid - 1 }
    }
    return low
  }

  // MARK: Cells

  /// A pooled cell with this identifier, reset by ``TableViewCell/prepareForReuse()``, or nil
  /// when none is waiting (make a new one then).
  public func dequeueReusableCell(withIdentifier identifier: String) -> TableViewCell? {
    guard let cell = reusePool[identifier]?.popLast() else { return nil }
    cell.prepareForReuse()
    return cell
  }

  /// The cell showing a row, or nil when the row is not on screen.
  public func cellForRow(_ row: Int) -> TableViewCell? {
    layoutIfNeeded()
    return visibleCells[row]
  }

  /// The rows whose cells are on screen, in order.
  public var indicesOfVisibleRows: [Int] {
    layoutIfNeeded()
    return visibleCells.keys.sorted()
  }

  private func recycle(_ cell: TableViewCell) {
    cell.removeFromSuperview()
    cell.isSelected = false
    if let identifier = cell.reuseIdentifier { reusePool[identifier, default: []].append(cell) }
  }

  private func recycleAllCells() {
    for cell in visibleCells.values { recycle(cell) }
    visibleCells.removeAll()
  }

  /// Places a cell for every visible row, asking the data source for missing ones and
  /// pooling those that scrolled away.
  open override func layoutSubviews() {
    super.layoutSubviews()
    guard let dataSource, rowCount > 0, bounds.height > 0,
      let first = row(atY: contentOffset.y)
    else {
      recycleAllCells()
      return
    }
    let last = row(atY: min(contentOffset.y + bounds.height, Double(rowTops[rowCount])) - 0.5) ?? first
    let range = first...max(first, last)
    for (row, cell) in visibleCells where !range.contains(row) {
      visibleCells[row] = nil
      recycle(cell)
    }
    for row in range {
      let cell: TableViewCell
      if let existing = visibleCells[row] {
        cell = existing
      } else {
        cell = dataSource.tableView(self, cellForRow: row)
        visibleCells[row] = cell
        if cell.superview !== self { addSubview(cell) }
      }
      cell.frame = rectForRow(row)
      cell.isSelected = row == selectedRow
    }
  }

  // MARK: Selection

  /// Selects a row (nil clears the selection) without asking or telling the delegate, as
  /// UIKit does for code; `scrollPosition` says whether and where to scroll to it.
  public func selectRow(_ row: Int?, animated: Bool = false, scrollPosition: ScrollPosition = .none) {
    guard let row else {
      setSelection(nil)
      return
    }
    guard row >= 0, row < numberOfRows else { return }
    setSelection(row)
    scrollToRow(row, at: scrollPosition, animated: animated)
  }

  /// Clears the selection if it is `row`, without asking the delegate.
  public func deselectRow(_ row: Int, animated: Bool = false) {
    if selectedRow == row { setSelection(nil) }
  }

  /// Scrolls so the row is at `position`.
  public func scrollToRow(_ row: Int, at position: ScrollPosition, animated: Bool = false) {
    let rect = rectForRow(row)
    guard !rect.isEmpty else { return }
    switch position {
    case .none: break
    case .nearest: scrollRectToVisible(rect)
    case .top: contentOffset.y = rect.minY
    case .middle: contentOffset.y = (rect.midY - bounds.height / 2).rounded(.down)
    case .bottom: contentOffset.y = rect.maxY - bounds.height
    }
  }

  private func setSelection(_ row: Int?) {
    guard row != selectedRow else { return }
    if let old = selectedRow { visibleCells[old]?.isSelected = false }
    selectedRow = row
    if let row { visibleCells[row]?.isSelected = true }
    setNeedsDisplay()
  }

  /// Selects a row as the user does: the delegate may refuse or redirect it, then hears
  /// `willDeselectRow`, `didDeselectRow` and `didSelectRow`. Returns the row selected, or
  /// nil when the delegate refused.
  @discardableResult
  public func selectRowAsUser(_ proposed: Int) -> Int? {
    guard proposed >= 0, proposed < numberOfRows else { return nil }
    var chosen: Int? = proposed
    if let delegate { chosen = delegate.tableView(self, willSelectRow: proposed) }
    guard let row = chosen, row >= 0, row < numberOfRows else { return nil }
    let old = selectedRow
    let changes = old != nil && old != row
    if changes, let old { delegate?.tableView(self, willDeselectRow: old) }
    setSelection(row)
    scrollToRow(row, at: .nearest)
    if changes, let old { delegate?.tableView(self, didDeselectRow: old) }
    delegate?.tableView(self, didSelectRow: row)
    return row
  }

  /// Tries rows from `start` stepping by `step` until the delegate accepts one.
  private func selectFirstAccepted(from start: Int, step: Int) {
    var candidate = start
    while candidate >= 0, candidate < numberOfRows {
      if selectRowAsUser(candidate) != nil { return }
      candidate += step
    }
  }

  // MARK: Actions

  /// Selection moves, activation and deletion, over the scroll view's actions.
  open override class var actionTable: ActionTable { tableActions }

  private static let tableActions = ActionTable(TableView.self, inheriting: ScrollView.actionTable) {
    $0.add(.moveUp) { table, sender in table.moveUp(sender) }
    $0.add(.moveDown) { table, sender in table.moveDown(sender) }
    $0.add(.pageUp) { table, sender in table.pageUp(sender) }
    $0.add(.pageDown) { table, sender in table.pageDown(sender) }
    $0.add(.scrollPageUp) { table, sender in table.pageUp(sender) }
    $0.add(.scrollPageDown) { table, sender in table.pageDown(sender) }
    $0.add(.moveToBeginningOfDocument) { table, sender in table.moveToBeginningOfDocument(sender) }
    $0.add(.moveToEndOfDocument) { table, sender in table.moveToEndOfDocument(sender) }
    $0.add(.scrollToBeginningOfDocument) { table, sender in table.moveToBeginningOfDocument(sender) }
    $0.add(.scrollToEndOfDocument) { table, sender in table.moveToEndOfDocument(sender) }
    $0.add(.insertNewline) { table, sender in table.activateSelectedRow(sender) }
    $0.add(.deleteBackward) { table, sender in table.deleteSelectedRow(sender) }
    $0.add(.deleteForward) { table, sender in table.deleteSelectedRow(sender) }
    $0.add(.moveSelectedRowUp) { table, sender in table.moveSelectedRowUp(sender) }
    $0.add(.moveSelectedRowDown) { table, sender in table.moveSelectedRowDown(sender) }
  }

  private static let rowActions: Set<Action> = [
    .moveUp, .moveDown, .pageUp, .pageDown, .scrollPageUp, .scrollPageDown,
    .moveToBeginningOfDocument, .moveToEndOfDocument, .scrollToBeginningOfDocument,
    .scrollToEndOfDocument, .insertNewline,
  ]

  /// Moves and Return need rows; deletion needs a selected row the data source lets go.
  /// Otherwise the action goes on up the chain.
  open override func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
    if action == .deleteBackward || action == .deleteForward {
      guard let row = selectedRow, row < numberOfRows, let dataSource else { return false }
      return dataSource.tableView(self, canEditRow: row)
    }
    if action == .moveSelectedRowUp { return canMoveSelectedRow(by: -1) }
    if action == .moveSelectedRowDown { return canMoveSelectedRow(by: 1) }
    if TableView.rowActions.contains(action) { return numberOfRows > 0 }
    return super.canPerformAction(action, withSender: sender)
  }

  /// Selects the row above (the last row when none is selected), skipping refused rows.
  public func moveUp(_ sender: Any?) {
    let current = selectedRow ?? numberOfRows
    selectFirstAccepted(from: current - 1, step: -1)
  }

  /// Selects the row below (the first when none is selected), skipping refused rows.
  public func moveDown(_ sender: Any?) {
    let current = selectedRow ?? -1
    selectFirstAccepted(from: current + 1, step: 1)
  }

  /// Moves the selection up by a screenful.
  public func pageUp(_ sender: Any?) {
    guard numberOfRows > 0 else { return }
    guard let current = selectedRow else { return selectFirstAccepted(from: 0, step: 1) }
    let y = rectForRow(current).minY - max(1, bounds.height - 1)
    let target = row(atY: max(0, y)) ?? 0
    selectFirstAccepted(from: min(target, max(0, current - 1)), step: -1)
  }

  /// Moves the selection down by a screenful.
  public func pageDown(_ sender: Any?) {
    guard numberOfRows > 0 else { return }
    guard let current = selectedRow else { return selectFirstAccepted(from: 0, step: 1) }
    let y = rectForRow(current).minY + max(1, bounds.height - 1)
    let target = row(atY: y) ?? numberOfRows - 1
    selectFirstAccepted(from: max(target, min(numberOfRows - 1, current + 1)), step: 1)
  }

  /// Selects the first row the delegate accepts.
  public func moveToBeginningOfDocument(_ sender: Any?) {
    selectFirstAccepted(from: 0, step: 1)
  }

  /// Selects the last row the delegate accepts.
  public func moveToEndOfDocument(_ sender: Any?) {
    selectFirstAccepted(from: numberOfRows - 1, step: -1)
  }

  /// Return: activates the selected row (the delegate's `performPrimaryActionForRow`), or
  /// selects the first row when none is.
  public func activateSelectedRow(_ sender: Any?) {
    guard let row = selectedRow, row < numberOfRows else {
      selectFirstAccepted(from: 0, step: 1)
      return
    }
    delegate?.tableView(self, performPrimaryActionForRow: row)
  }

  /// Asks the data source to delete the selected row, if it may be edited. When the data
  /// source removed it (``deleteRows(_:)``), the row now at that index is selected, so
  /// repeated presses keep deleting down the list.
  public func deleteSelectedRow(_ sender: Any?) {
    guard let row = selectedRow, let dataSource, dataSource.tableView(self, canEditRow: row) else { return }
    dataSource.tableView(self, commit: .delete, forRow: row)
    if selectedRow == nil, numberOfRows > 0 {
      selectRow(min(row, numberOfRows - 1), scrollPosition: .nearest)
    }
  }

  /// Alt-Up and Alt-Down move the selected row, when the data source allows it.
  open override var keyCommands: [KeyCommand] {
    [
      KeyCommand(
        title: "Move Row Up", input: KeyCommand.inputUpArrow, modifierFlags: .alt, action: .moveSelectedRowUp),
      KeyCommand(
        title: "Move Row Down", input: KeyCommand.inputDownArrow, modifierFlags: .alt,
        action: .moveSelectedRowDown),
    ]
  }

  /// Moves the selected row one place up as the user does: the data source must allow it
  /// (`canMoveRow`) and is told (`moveRow`); the selection follows the row.
  public func moveSelectedRowUp(_ sender: Any?) {
    moveSelectedRow(by: -1)
  }

  /// Moves the selected row one place down; see ``moveSelectedRowUp(_:)``.
  public func moveSelectedRowDown(_ sender: Any?) {
    moveSelectedRow(by: 1)
  }

  private func canMoveSelectedRow(by step: Int) -> Bool {
    guard let row = selectedRow, let dataSource, row + step >= 0, row + step < numberOfRows else {
      return false
    }
    return dataSource.tableView(self, canMoveRow: row)
  }

  private func moveSelectedRow(by step: Int) {
    guard canMoveSelectedRow(by: step), let row = selectedRow, let dataSource else { return }
    dataSource.tableView(self, moveRow: row, to: row + step)
    moveRow(row, to: row + step)
    scrollToRow(row + step, at: .nearest)
  }

  // MARK: Touches

  private var touchRow: Int?

  /// A touch picks the row it starts on and takes focus.
  open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    guard let touch = touches.first else { return }
    touchRow = row(at: touch.location(in: self))
    becomeFirstResponder()
  }

  /// Touches that move stay with the table (no drag behaviour yet).
  open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {}

  /// Lifting on the row the touch began on selects it; a second tap activates it.
  open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
    guard let touch = touches.first, let began = touchRow else { return }
    touchRow = nil
    guard row(at: touch.location(in: self)) == began else { return }
    if touch.tapCount >= 2, selectedRow == began {
      delegate?.tableView(self, performPrimaryActionForRow: began)
    } else {
      selectRowAsUser(began)
    }
  }

  /// A cancelled touch selects nothing.
  open override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
    touchRow = nil
  }
}
