import Foundation

extension Action {
  /// Move the selected row of a list one place up (Alt-Up in a ``TableView``).
  public static let moveSelectedRowUp = Action("moveSelectedRowUp")
  /// Move the selected row of a list one place down (Alt-Down in a ``TableView``).
  public static let moveSelectedRowDown = Action("moveSelectedRowDown")
  /// A ``TableView``'s double tap recognizer recognized: activate the row under it.
  public static let activateTappedRow = Action("activateTappedRow")
}

/// A scrolling list of rows, one cell per row, with a single selection: UIKit's
/// `UITableView` for the terminal.
///
/// The rows come from a weak ``dataSource``, in sections (one unless it says more; a section
/// may have a title, shown on a line above its rows); rows are named by `IndexPath`
/// (`IndexPath(row:section:)`), as in UIKit. A weak ``delegate`` steers
/// selection (`willSelectRowAt` may refuse or redirect) and hears about it. Cells exist only for the rows
/// on screen; cells with a reuse identifier scrolled out of view wait in a pool for
/// ``dequeueReusableCell(withIdentifier:)``.
///
/// With ``TableColumn``s (``addTableColumn(_:)``) the rows have columns under a header row
/// (``headerView``) that sorts (``sortDescriptors``) and resizes them, and a
/// ``TableViewColumnDataSource`` answers per column: AppKit's `NSTableView`.
///
/// Keys (through the key bindings, so remappable): Up/Down move the selection, Page Up/Down
/// move it a page, Home/End and Control-Home/End to either end (rows the delegate refuses are skipped),
/// Return activates the selected row, BackSpace/Delete delete it and Alt-Up/Down move it
/// when the data source allows.
/// A tap selects the row under it; a double tap activates it (``doubleTapRecognizer``).
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
    doubleTapRecognizer.numberOfTapsRequired = 2
    // The first click selects at once; only the second is the recognizer's.
    doubleTapRecognizer.delaysTouchesEnded = false
    doubleTapRecognizer.addTarget(self, action: .activateTappedRow)
    addGestureRecognizer(doubleTapRecognizer)
    headerView?.tableView = self
  }

  /// The table's double tap, which activates the selected row under it (the delegate's
  /// `performPrimaryActionForRowAt`). A subclass that treats every click as a command turns
  /// it off (`isEnabled = false`), so a quick second click is not taken from it.
  public let doubleTapRecognizer = TapGestureRecognizer()

  /// The rows' source, held weakly. Setting it casts it once to the refining protocols whose
  /// presence turns on row editing (``TableViewEditingDataSource``) and moving
  /// (``TableViewReorderingDataSource``), and reloads.
  public weak var dataSource: (any TableViewDataSource)? {
    didSet {
      roles.editing = dataSource as? any TableViewEditingDataSource
      roles.reordering = dataSource as? any TableViewReorderingDataSource
      roles.columns = dataSource as? any TableViewColumnDataSource
      reloadData()
    }
  }

  /// The selection's steer and listener, held weakly. Setting it casts it once to
  /// ``TableViewRowHeightDelegate`` (rows of their own heights), and reloads.
  public weak var delegate: (any TableViewDelegate)? {
    didSet {
      roles.rowHeights = delegate as? any TableViewRowHeightDelegate
      reloadData()
    }
  }

  /// The refining protocols of the data source and delegate, cast once when they are set,
  /// never per event: the `respondsToSelector:` bit-field an Objective-C table caches in
  /// `setDataSource:` and `setDelegate:`, filled by the language. Each field is the object
  /// itself when it conforms, nil otherwise (weak, so one that goes away leaves nil).
  struct Roles {
    /// The data source as one that commits edits, or nil: no row is editable.
    weak var editing: (any TableViewEditingDataSource)?
    /// The data source as one that moves rows, or nil: no row is movable.
    weak var reordering: (any TableViewReorderingDataSource)?
    /// The delegate as one that sizes rows, or nil: every row is ``TableView/rowHeight`` high.
    weak var rowHeights: (any TableViewRowHeightDelegate)?
    /// The data source as one that answers per column, or nil: rows are its cells alone.
    weak var columns: (any TableViewColumnDataSource)?
  }

  /// Internal, not private, so tests can see the casts happen in the setters.
  private(set) var roles = Roles()

  /// The height of rows whose delegate does not say otherwise. Default 1.
  open var rowHeight = 1 {
    didSet {
      rowHeight = max(1, rowHeight)
      if rowHeight != oldValue { reloadData() }
    }
  }

  /// Lists take focus so the arrow keys reach them.
  open override var canBecomeFirstResponder: Bool { true }

  // MARK: Rows
  //
  // Inside, rows are numbered across sections (a row's "position"): the selection, the
  // visible cells and the geometry all use positions, and index paths are converted at the
  // public edge.

  private var rowCount = 0
  /// `sectionStarts[s]` is the position of section s's first row; the last entry is rowCount.
  private var sectionStarts: [Int] = [0]
  /// The content y of each section's first row (below its header): one entry a section, so
  /// a table of uniform rows costs memory and time for its sections, never for its rows.
  private var sectionTops: [Int] = []
  /// Every row's top and height, kept only when a ``TableViewRowHeightDelegate`` sizes rows
  /// (UIKit asks such a delegate for every row's height too); nil for uniform rows.
  private var measuredRows: (tops: [Int], heights: [Int])?
  /// The height of every row when ``measuredRows`` is nil.
  private var uniformRowHeight = 1

  /// The most sections a table shows: section bookkeeping is one entry each, so a data source
  /// answering more (say `Int.max`) is taken at this many rather than allocating without end.
  public static let maximumNumberOfSections = 1 << 16
  /// The most rows a table whose ``TableViewRowHeightDelegate`` sizes rows shows: each such
  /// row's height is asked for and kept (as UIKit does), so more would be unbounded memory.
  public static let maximumNumberOfMeasuredRows = 1 << 20
  /// Whether each section has a title, and so a header line above its rows.
  private var sectionHasHeader: [Bool] = []
  /// The header lines on screen, by section: made in layout for the visible sections only,
  /// as cells are, so a table of many sections costs one flag each, not one view each.
  private var headers: [Int: Label] = [:]
  private var visibleCells: [Int: TableViewCell] = [:]
  private var reusePool: [String: [TableViewCell]] = [:]
  private var selectedPosition: Int?

  /// The number of sections, as the data source last said; 0 once the data source is gone.
  public var numberOfSections: Int { dataSource == nil ? 0 : sectionStarts.count - 1 }

  /// The number of rows in a section, as the data source last said.
  public func numberOfRows(inSection section: Int) -> Int {
    guard section >= 0, section < numberOfSections else { return 0 }
    return sectionStarts[section + 1] - sectionStarts[section]
  }

  /// The index path of the selected row, or nil.
  public var indexPathForSelectedRow: IndexPath? { selectedPosition.map(indexPath(at:)) }

  /// Asks the data source again for everything: the sections, row counts, heights and
  /// visible cells. A selection past the new end is dropped.
  public func reloadData() {
    recycleAllCells()
    let selected = indexPathForSelectedRow
    sectionStarts = [0]
    rowCount = 0
    if let dataSource {
      let sections = min(max(0, dataSource.numberOfSections(in: self)), TableView.maximumNumberOfSections)
      // Rows sized by a delegate are measured one by one, so they are capped; uniform rows
      // cost nothing each and saturate at Int.max only.
      let limit = roles.rowHeights == nil ? Int.max : TableView.maximumNumberOfMeasuredRows
      for section in 0..<sections {
        // Saturating: rows past the limit in all do not exist, whatever the counts say.
        let rows = max(0, dataSource.tableView(self, numberOfRowsInSection: section))
        rowCount = rows > limit - rowCount ? limit : rowCount + rows
        sectionStarts.append(rowCount)
      }
    }
    recomputeRowTops()
    selectedPosition = selected.flatMap(position(of:))
    setNeedsLayout()
    setNeedsDisplay()
  }

  /// Asks the data source again for these rows' cells (and every row's height).
  public func reloadRows(at indexPaths: [IndexPath]) {
    for position in indexPaths.compactMap(position(of:)) {
      if let cell = visibleCells.removeValue(forKey: position) { recycle(cell) }
    }
    recomputeRowTops()
    setNeedsLayout()
  }

  /// Tells the table these rows (index paths from before the change, in any order, repeats
  /// counted once) were removed from the model: counts again, and keeps the selection on its
  /// row, which moves up by the removed rows above it in its section.
  ///
  /// When the selected row itself is removed the selection is cleared, as both Apple tables
  /// do: AppKit's `removeRows(at:withAnimation:)` deselects removed rows (`deselectRow(_:)`
  /// "regardless of whether empty selection is allowed"), and UIKit's `deleteRows(at:with:)`
  /// leaves `indexPathForSelectedRow` nil. The Delete key (``deleteSelectedRow(_:)``) then
  /// selects the row that took its place.
  public func deleteRows(at indexPaths: [IndexPath]) {
    var selected = indexPathForSelectedRow
    if let old = selected {
      let removed = Set(indexPaths.lazy.filter { $0.count == 2 && $0.section == old.section }.map(\.row))
      selected =
        removed.contains(old.row)
        ? nil : IndexPath(row: old.row - removed.count { $0 < old.row }, section: old.section)
    }
    reload(selecting: selected)
  }

  /// Tells the table rows were added to the model at these index paths (of the model after the
  /// change, as UIKit's `insertRows(at:with:)` and AppKit's `insertRows(at:withAnimation:)`
  /// take them; in any order, repeats counted once); the selection moves down with its row.
  public func insertRows(at indexPaths: [IndexPath]) {
    var selected = indexPathForSelectedRow
    if let old = selected {
      var row = old.row
      for inserted in Set(indexPaths.lazy.filter { $0.count == 2 && $0.section == old.section }.map(\.row))
        .sorted()
      where inserted <= row {
        row += 1
      }
      selected = IndexPath(row: row, section: old.section)
    }
    reload(selecting: selected)
  }

  /// Tells the table a row moved in the model; the selection follows it.
  public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
    var selected = indexPathForSelectedRow
    if let old = selected {
      if old == indexPath {
        selected = newIndexPath
      } else {
        // Take the moved row out, then put it back at its destination.
        var row = old.row
        if indexPath.section == old.section, indexPath.row < row { row -= 1 }
        if newIndexPath.section == old.section, newIndexPath.row <= row { row += 1 }
        selected = IndexPath(row: row, section: old.section)
      }
    }
    reload(selecting: selected)
  }

  private func reload(selecting indexPath: IndexPath?) {
    reloadData()
    selectedPosition = indexPath.flatMap(position(of:))
  }

  /// The position of a row, or nil when there is no such row.
  private func position(of indexPath: IndexPath) -> Int? {
    guard indexPath.count == 2, indexPath.row >= 0, indexPath.row < numberOfRows(inSection: indexPath.section)
    else { return nil }
    return sectionStarts[indexPath.section] + indexPath.row
  }

  /// The index path of the row at a position (which must exist).
  private func indexPath(at position: Int) -> IndexPath {
    // The last section starting at or before the position; empty sections start where the
    // next one does, so the search must take the last.
    var low = 0
    var high = sectionStarts.count - 2
    while low < high {
      let mid = (low + high + 1) / 2
      if sectionStarts[mid] <= position { low = mid } else { high = mid - 1 }
    }
    return IndexPath(row: position - sectionStarts[low], section: low)
  }

  private func recomputeRowTops() {
    removeAllHeaders()
    sectionTops = []
    sectionTops.reserveCapacity(sectionStarts.count - 1)
    sectionHasHeader = []
    sectionHasHeader.reserveCapacity(sectionStarts.count - 1)
    uniformRowHeight = max(1, rowHeight)
    measuredRows = roles.rowHeights == nil ? nil : ([], [])
    // The column header row sits above the first row (and stays at the top as rows scroll).
    headerHeight = tableColumns.isEmpty || headerView == nil ? 0 : 1
    var y = headerHeight
    for section in 0..<(sectionStarts.count - 1) {
      let hasHeader = dataSource?.tableView(self, titleForHeaderInSection: section) != nil
      sectionHasHeader.append(hasHeader)
      if hasHeader { y = TableView.adding(y, 1) }
      sectionTops.append(y)
      let rows = sectionStarts[section + 1] - sectionStarts[section]
      guard let heights = roles.rowHeights else {
        // One height for every row: the section's rows are arithmetic, nothing per row.
        let (span, overflow) = rows.multipliedReportingOverflow(by: uniformRowHeight)
        y = overflow ? .max : TableView.adding(y, span)
        continue
      }
      for row in 0..<rows {
        let height = max(1, heights.tableView(self, heightForRowAt: IndexPath(row: row, section: section)))
        measuredRows?.tops.append(y)
        measuredRows?.heights.append(height)
        y = TableView.adding(y, height)
      }
    }
    contentSize = Size(width: 0, height: Double(y))
  }

  /// `a + b`, saturating at `Int.max`: a table's content height for any row count.
  private static func adding(_ a: Int, _ b: Int) -> Int {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow ? .max : sum
  }

  /// The lines the column header takes at the top: 1 while there are columns and a header
  /// view, else 0 (as of the last count of the rows, which start below it).
  private(set) var headerHeight = 0

  /// Lays the rows out again after the columns or the header changed: the rows start below
  /// the header, and the visible cells take the new column places.
  func columnsDidChange() {
    placeColumns()
    if headerHeight != (tableColumns.isEmpty || headerView == nil ? 0 : 1) { recomputeRowTops() }
    headerView?.setNeedsDisplay()
    setNeedsLayout()
    setNeedsDisplay()
  }

  /// The content y of the row at a position.
  private func top(at position: Int) -> Int {
    if let measuredRows { return measuredRows.tops[position] }
    let section = indexPath(at: position).section
    let (offset, overflow) = (position - sectionStarts[section]).multipliedReportingOverflow(
      by: uniformRowHeight)
    return overflow ? .max : TableView.adding(sectionTops[section], offset)
  }

  /// The height of the row at a position.
  private func height(at position: Int) -> Int {
    measuredRows?.heights[position] ?? uniformRowHeight
  }

  /// The content y just below the row at a position.
  private func bottom(at position: Int) -> Int { TableView.adding(top(at: position), height(at: position)) }

  /// The rectangle of a row in content coordinates, or `.zero` when there is no such row.
  public func rectForRow(at indexPath: IndexPath) -> Rect {
    guard let position = position(of: indexPath) else { return .zero }
    return rect(at: position)
  }

  private func rect(at position: Int) -> Rect {
    Rect(x: 0, y: Double(top(at: position)), width: visibleContentWidth, height: Double(height(at: position)))
  }

  /// The row at a point in the table's coordinates (which include the scroll offset), or
  /// nil on a header line or below the last row.
  public func indexPathForRow(at point: Point) -> IndexPath? {
    guard point.x >= 0, point.x < bounds.maxX, let position = firstPosition(endingBelow: point.y),
      Double(top(at: position)) <= point.y
    else { return nil }
    return indexPath(at: position)
  }

  /// The first row whose bottom is below `y`, or nil when every row ends at or above it.
  private func firstPosition(endingBelow y: Double) -> Int? {
    guard dataSource != nil, rowCount > 0, y < Double(bottom(at: rowCount - 1)) else { return nil }
    guard measuredRows == nil else {
      var low = 0
      var high = rowCount - 1
      while low < high {
        let mid = low + (high - low) / 2
        if Double(bottom(at: mid)) > y { high = mid } else { low = mid + 1 }
      }
      return low
    }
    // Uniform rows: find the section by its rows' end, then the row by arithmetic.
    var low = 0
    var high = sectionTops.count - 1
    while low < high {
      let mid = low + (high - low) / 2
      let end =
        sectionStarts[mid + 1] > sectionStarts[mid]
        ? bottom(at: sectionStarts[mid + 1] - 1) : sectionTops[mid]
      if Double(end) > y { high = mid } else { low = mid + 1 }
    }
    // Empty sections end where they start: the first row below is the next section's first.
    var section = low
    while sectionStarts[section + 1] == sectionStarts[section] { section += 1 }
    let rows = sectionStarts[section + 1] - sectionStarts[section]
    let fromTop = (y - Double(sectionTops[section])) / Double(uniformRowHeight)
    let row = fromTop < 0 ? 0 : fromTop >= Double(rows) ? rows - 1 : Int(cells: fromTop.rounded(.down))
    return sectionStarts[section] + row
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
  public func cellForRow(at indexPath: IndexPath) -> TableViewCell? {
    layoutIfNeeded()
    return position(of: indexPath).flatMap { visibleCells[$0] }
  }

  /// The rows whose cells are on screen, in order.
  public var indexPathsForVisibleRows: [IndexPath] {
    layoutIfNeeded()
    return visibleCells.keys.sorted().map(indexPath(at:))
  }

  private func recycle(_ cell: TableViewCell) {
    cell.removeFromSuperview()
    cell.isSelected = false
    cell.isFocused = false
    cell.isHovered = false
    cell.removeColumnViews()
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
    layoutVisibleHeaders()
    if columnAutoresizingStyle != .none { placeColumns() }  // the width may have changed
    layoutHeaderView()
    guard let dataSource, bounds.height > 0,
      let first = firstPosition(endingBelow: contentOffset.y + Double(headerHeight)),
      Double(top(at: first)) < contentOffset.y + bounds.height
    else {
      recycleAllCells()
      return
    }
    var last = first
    while last + 1 < rowCount, Double(top(at: last + 1)) < contentOffset.y + bounds.height { last += 1 }
    let range = first...last
    for (position, cell) in visibleCells where !range.contains(position) {
      visibleCells[position] = nil
      recycle(cell)
    }
    let focused = isFirstResponder
    let columned = roles.columns != nil && !tableColumns.isEmpty
    for position in range {
      let cell: TableViewCell
      if let existing = visibleCells[position] {
        cell = existing
      } else {
        let indexPath = indexPath(at: position)
        cell = dataSource.tableView(self, cellForRowAt: indexPath)
        visibleCells[position] = cell
        if cell.superview !== self { addSubview(cell) }
        if columned { fillColumns(of: cell, at: indexPath) }
      }
      cell.frame = cellFrame(forRowAt: position)
      if columned, cell.columnSpans != columnSpans { cell.columnSpans = columnSpans }
      cell.isSelected = position == selectedPosition
      cell.isFocused = focused && position == selectedPosition
      cell.isHovered = position == hoveredPosition
    }
    if let headerView, headerView.superview === self { bringSubviewToFront(headerView) }
  }

  /// Where the cell of the row at a position goes: the row's rectangle. An ``OutlineView``
  /// indents it, in the same pass, so a cell's frame changes once a layout.
  func cellFrame(forRowAt position: Int) -> Rect { rect(at: position) }

  /// Places a header line for every visible section with a title, asking the data source for
  /// the titles of those only, and removes the rest.
  private func layoutVisibleHeaders() {
    let minY = contentOffset.y + Double(headerHeight)
    let maxY = contentOffset.y + bounds.height
    // A header sits on the line above its section's first row: find the first section whose
    // header line is not above the view (tops never decrease).
    var low = 0
    var high = sectionTops.count
    while low < high {
      let mid = low + (high - low) / 2
      if Double(sectionTops[mid]) - 1 < minY { low = mid + 1 } else { high = mid }
    }
    var visible: [Int: Label] = [:]
    var section = low
    while section < sectionTops.count, Double(sectionTops[section]) - 1 < maxY, bounds.height > 0 {
      defer { section += 1 }
      guard sectionHasHeader[section] else { continue }
      let header = headers.removeValue(forKey: section) ?? makeHeader(forSection: section)
      header.frame = Rect(x: 0, y: Double(sectionTops[section] - 1), width: visibleContentWidth, height: 1)
      visible[section] = header
    }
    removeAllHeaders()
    headers = visible
  }

  private func makeHeader(forSection section: Int) -> Label {
    let header = Label(text: dataSource?.tableView(self, titleForHeaderInSection: section) ?? "")
    header.style = TextStyle(attributes: .bold)
    addSubview(header)
    return header
  }

  private func removeAllHeaders() {
    for header in headers.values { header.removeFromSuperview() }
    headers = [:]
  }

  // MARK: Selection

  /// Selects a row (nil clears the selection) without asking or telling the delegate, as
  /// UIKit does for code; `scrollPosition` says whether and where to scroll to it.
  public func selectRow(
    at indexPath: IndexPath?, animated: Bool = false, scrollPosition: ScrollPosition = .none
  ) {
    guard let indexPath else {
      setSelection(nil)
      return
    }
    guard let position = position(of: indexPath) else { return }
    setSelection(position)
    scrollToRow(at: indexPath, at: scrollPosition, animated: animated)
  }

  /// Selects a row as the user does when `notifyingDelegate` is true: the delegate may refuse
  /// or redirect it (`willSelectRowAt`), then hears `willDeselectRowAt`, `didDeselectRowAt`
  /// and `didSelectRowAt`, and the row is scrolled into view. Returns the row selected, or nil
  /// when there is no such row or the delegate refused. With `notifyingDelegate` false it is
  /// ``selectRow(at:animated:scrollPosition:)`` scrolling to the nearest position.
  @discardableResult
  public func selectRow(at indexPath: IndexPath, notifyingDelegate: Bool) -> IndexPath? {
    guard position(of: indexPath) != nil else { return nil }
    guard notifyingDelegate else {
      selectRow(at: indexPath, scrollPosition: .nearest)
      return indexPath
    }
    var chosen: IndexPath? = indexPath
    if let delegate {
      chosen = delegate.tableView(self, willSelectRowAt: indexPath)
    }
    guard let chosen, let position = position(of: chosen) else { return nil }
    let old = indexPathForSelectedRow
    let changes = old != nil && old != chosen
    if changes, let old { delegate?.tableView(self, willDeselectRowAt: old) }
    setSelection(position)
    scrollToRow(at: chosen, at: .nearest)
    if changes, let old { delegate?.tableView(self, didDeselectRowAt: old) }
    delegate?.tableView(self, didSelectRowAt: chosen)
    return chosen
  }

  /// Clears the selection if it is that row, without asking the delegate.
  public func deselectRow(at indexPath: IndexPath, animated: Bool = false) {
    if indexPathForSelectedRow == indexPath { setSelection(nil) }
  }

  /// Scrolls so the row is at `position`.
  public func scrollToRow(at indexPath: IndexPath, at position: ScrollPosition, animated: Bool = false) {
    let rect = rectForRow(at: indexPath)
    guard !rect.isEmpty else { return }
    switch position {
    case .none: break
    case .nearest:
      // Keep a section's header in view with its first row, and the row out from under the
      // column header.
      var above = Double(headerHeight)
      if indexPath.row == 0, sectionHasHeader[indexPath.section] { above += 1 }
      scrollRectToVisible(
        Rect(x: rect.minX, y: rect.minY - above, width: rect.width, height: rect.height + above))
    case .top: contentOffset.y = rect.minY - Double(headerHeight)
    case .middle: contentOffset.y = (rect.midY - (bounds.height + Double(headerHeight)) / 2).rounded(.down)
    case .bottom: contentOffset.y = rect.maxY - bounds.height
    }
  }

  private func setSelection(_ position: Int?) {
    guard position != selectedPosition else { return }
    if let old = selectedPosition {
      visibleCells[old]?.isSelected = false
      visibleCells[old]?.isFocused = false
    }
    selectedPosition = position
    // The two cells mark themselves (their state changed); the rows between are unchanged.
    if let position {
      visibleCells[position]?.isSelected = true
      visibleCells[position]?.isFocused = isFirstResponder
    }
  }

  /// The selected row's cell shows the focus colour while the table is first responder.
  open override func didBecomeFirstResponder() {
    super.didBecomeFirstResponder()
    if let selectedPosition { visibleCells[selectedPosition]?.isFocused = true }
  }

  /// The selected row's cell goes back to the plain selection colour.
  open override func didResignFirstResponder() {
    super.didResignFirstResponder()
    if let selectedPosition { visibleCells[selectedPosition]?.isFocused = false }
  }

  /// Tries rows from position `start` stepping by `step` until the delegate accepts one; at
  /// most ``maximumRowsTriedPerMove``, so a delegate refusing every row of a huge table
  /// leaves the selection where it was instead of looping for ever.
  private func selectFirstAccepted(from start: Int, step: Int) {
    var candidate = start
    var tried = 0
    while candidate >= 0, candidate < rowCount, tried < TableView.maximumRowsTriedPerMove {
      if selectRow(at: indexPath(at: candidate), notifyingDelegate: true) != nil { return }
      candidate += step
      tried += 1
    }
  }

  /// How many rows one selection move asks the delegate about before it gives up.
  public static let maximumRowsTriedPerMove = 100_000

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
    $0.add(.moveToBeginningOfLine) { table, sender in table.moveToBeginningOfDocument(sender) }
    $0.add(.moveToEndOfLine) { table, sender in table.moveToEndOfDocument(sender) }
    $0.add(.insertNewline) { table, sender in table.activateSelectedRow(sender) }
    $0.add(.deleteBackward) { table, sender in table.deleteSelectedRow(sender) }
    $0.add(.deleteForward) { table, sender in table.deleteSelectedRow(sender) }
    $0.add(.moveSelectedRowUp) { table, sender in table.moveSelectedRowUp(sender) }
    $0.add(.moveSelectedRowDown) { table, sender in table.moveSelectedRowDown(sender) }
    $0.add(.activateTappedRow) { table, sender in table.activateTappedRow(sender) }
  }

  private static let rowActions: Set<Action> = [
    .moveUp, .moveDown, .pageUp, .pageDown, .scrollPageUp, .scrollPageDown,
    .moveToBeginningOfDocument, .moveToEndOfDocument, .scrollToBeginningOfDocument,
    .scrollToEndOfDocument, .moveToBeginningOfLine, .moveToEndOfLine, .insertNewline,
  ]

  /// Moves and Return need rows; deletion needs a selected row the data source lets go.
  /// Otherwise the action goes on up the chain.
  open override func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
    if action == .deleteBackward || action == .deleteForward {
      guard let selected = indexPathForSelectedRow else { return false }
      return canEditRow(at: selected)
    }
    if action == .moveSelectedRowUp { return canMoveSelectedRow(by: -1) }
    if action == .moveSelectedRowDown { return canMoveSelectedRow(by: 1) }
    if TableView.rowActions.contains(action) {
      dropRowsOfVanishedDataSource()
      return dataSource != nil && rowCount > 0
    }
    return super.canPerformAction(action, withSender: sender)
  }

  /// A data source that went away (it is held weakly) leaves no rows: the cells it gave are
  /// let go when the user next acts on the table, not only at its next layout.
  private func dropRowsOfVanishedDataSource() {
    if dataSource == nil, rowCount > 0 || !visibleCells.isEmpty { reloadData() }
  }

  /// Selects the row above (the last row when none is selected), skipping refused rows.
  public func moveUp(_ sender: Any?) {
    let current = selectedPosition ?? rowCount
    selectFirstAccepted(from: current - 1, step: -1)
  }

  /// Selects the row below (the first when none is selected), skipping refused rows.
  public func moveDown(_ sender: Any?) {
    let current = selectedPosition ?? -1
    selectFirstAccepted(from: current + 1, step: 1)
  }

  /// Moves the selection up by a screenful.
  public func pageUp(_ sender: Any?) {
    guard rowCount > 0 else { return }
    guard let current = selectedPosition else { return selectFirstAccepted(from: 0, step: 1) }
    let y = rect(at: current).minY - pageHeight
    let target = firstPosition(endingBelow: max(0, y)) ?? 0
    selectFirstAccepted(from: min(target, max(0, current - 1)), step: -1)
  }

  /// Moves the selection down by a screenful.
  public func pageDown(_ sender: Any?) {
    guard rowCount > 0 else { return }
    guard let current = selectedPosition else { return selectFirstAccepted(from: 0, step: 1) }
    let y = rect(at: current).minY + pageHeight
    let target = firstPosition(endingBelow: y) ?? rowCount - 1
    selectFirstAccepted(from: max(target, min(rowCount - 1, current + 1)), step: 1)
  }

  /// How far a page move goes: the rows' part of the view, less a row kept in sight.
  private var pageHeight: Double { max(1, bounds.height - Double(headerHeight) - 1) }

  /// Selects the first row the delegate accepts (Home, Control-Home).
  public func moveToBeginningOfDocument(_ sender: Any?) {
    selectFirstAccepted(from: 0, step: 1)
  }

  /// Selects the last row the delegate accepts (End, Control-End).
  public func moveToEndOfDocument(_ sender: Any?) {
    selectFirstAccepted(from: rowCount - 1, step: -1)
  }

  /// Return: activates the selected row (the delegate's `performPrimaryActionForRowAt`), or
  /// selects the first row when none is.
  public func activateSelectedRow(_ sender: Any?) {
    guard let selected = indexPathForSelectedRow else {
      selectFirstAccepted(from: 0, step: 1)
      return
    }
    delegate?.tableView(self, performPrimaryActionForRowAt: selected)
  }

  /// Asks the data source to delete the selected row, if it may be edited. When the data
  /// source removed it (``deleteRows(at:)``), the row now at that place in its section is
  /// selected (else the section's last row), so repeated presses keep deleting down the list.
  public func deleteSelectedRow(_ sender: Any?) {
    guard let selected = indexPathForSelectedRow, canEditRow(at: selected),
      let dataSource = roles.editing
    else { return }
    dataSource.tableView(self, commit: .delete, forRowAt: selected)
    let rows = numberOfRows(inSection: selected.section)
    if indexPathForSelectedRow == nil, rows > 0 {
      selectRow(
        at: IndexPath(row: min(selected.row, rows - 1), section: selected.section), scrollPosition: .nearest)
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

  /// Moves the selected row one place up within its section as the user does: the data
  /// source must allow it (`canMoveRowAt`) and is told (`moveRowAt`); the selection follows.
  public func moveSelectedRowUp(_ sender: Any?) {
    moveSelectedRow(by: -1)
  }

  /// Moves the selected row one place down; see ``moveSelectedRowUp(_:)``.
  public func moveSelectedRowDown(_ sender: Any?) {
    moveSelectedRow(by: 1)
  }

  /// UIKit's rule: a row is editable when the data source commits edits (its
  /// `canEditRowAt`, by default true, may still refuse).
  private func canEditRow(at indexPath: IndexPath) -> Bool {
    roles.editing?.tableView(self, canEditRowAt: indexPath) ?? false
  }

  /// UIKit's rule: a row is movable when the data source moves rows (its `canMoveRowAt`, by
  /// default true, may still refuse).
  private func canMoveSelectedRow(by step: Int) -> Bool {
    guard let selected = indexPathForSelectedRow, let dataSource = roles.reordering,
      selected.row + step >= 0, selected.row + step < numberOfRows(inSection: selected.section)
    else { return false }
    return dataSource.tableView(self, canMoveRowAt: selected)
  }

  private func moveSelectedRow(by step: Int) {
    guard canMoveSelectedRow(by: step), let selected = indexPathForSelectedRow,
      let dataSource = roles.reordering
    else { return }
    let destination = IndexPath(row: selected.row + step, section: selected.section)
    dataSource.tableView(self, moveRowAt: selected, to: destination)
    moveRow(at: selected, to: destination)
    scrollToRow(at: destination, at: .nearest)
  }

  // MARK: Columns (see TableView+Columns.swift)

  /// The columns, left to right; empty (the default) for a table of one-cell rows.
  public internal(set) var tableColumns: [TableColumn] = []

  /// Where each column is in a row: its first cell, width and alignment. One cell of
  /// divider follows each column.
  struct ColumnSpan: Hashable {
    var x: Int
    var width: Int
    var alignment: TextAlignment
  }

  /// The columns' places, kept in step with ``tableColumns`` and the width by `placeColumns()`.
  var columnSpans: [ColumnSpan] = []

  /// How the columns take the table's width: AppKit's `columnAutoresizingStyle`.
  public enum ColumnAutoresizingStyle: Sendable, Hashable {
    /// Every column is its ``TableColumn/width``, whatever the table's width.
    case none
    /// The last column also takes the room the others leave, up to its
    /// ``TableColumn/maxWidth`` (its ``TableColumn/width`` stays what was set).
    case lastColumnOnly
  }

  /// How the columns take the table's width. Default ``ColumnAutoresizingStyle/none``.
  public var columnAutoresizingStyle: ColumnAutoresizingStyle = .none {
    didSet { if columnAutoresizingStyle != oldValue { columnsDidChange() } }
  }

  /// Places the columns left to right, one divider cell after each; with
  /// ``ColumnAutoresizingStyle/lastColumnOnly`` the last one is widened to the table's width.
  func placeColumns() {
    var x = 0
    var spans = tableColumns.map { column in
      defer { x = TableView.adding(x, TableView.adding(column.width, 1)) }
      return ColumnSpan(x: x, width: column.width, alignment: column.alignment)
    }
    if columnAutoresizingStyle == .lastColumnOnly, let last = tableColumns.last, !spans.isEmpty {
      let room = Int(cells: visibleContentWidth) - x
      if room > 0 { spans[spans.count - 1].width = min(last.maxWidth, spans[spans.count - 1].width + room) }
    }
    if spans != columnSpans {
      columnSpans = spans
      headerView?.setNeedsDisplay()
    }
  }

  /// The header row over the columns: AppKit's `headerView`. Shown while the table has
  /// columns; nil hides it (the rows then start at the top).
  public var headerView: TableHeaderView? = TableHeaderView() {
    didSet {
      guard headerView !== oldValue else { return }
      oldValue?.removeFromSuperview()
      oldValue?.tableView = nil
      headerView?.tableView = self
      columnsDidChange()
    }
  }

  /// The order the rows are in, most significant first: AppKit's `sortDescriptors`. A click on
  /// a sortable column's header changes it; setting it to something new tells a
  /// ``TableViewColumnDataSource`` (``TableViewColumnDataSource/tableView(_:sortDescriptorsDidChange:)``),
  /// which sorts and reloads.
  public var sortDescriptors: [TableSortDescriptor] = [] {
    didSet {
      guard sortDescriptors != oldValue else { return }
      headerView?.setNeedsDisplay()
      roles.columns?.tableView(self, sortDescriptorsDidChange: oldValue)
    }
  }

  /// The reuse identifier of the row cells a ``TableViewColumnDataSource`` makes by default.
  public static let columnRowReuseIdentifier = "TableView.columnRow"

  // MARK: Touches

  private var touchRow: IndexPath?

  /// A touch picks the row it starts on and takes focus.
  open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    guard let touch = touches.first else { return }
    dropRowsOfVanishedDataSource()
    touchRow = indexPathForRow(at: touch.location(in: self))
    becomeFirstResponder()
  }

  /// Touches that move stay with the table (no drag behaviour yet).
  open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {}

  /// Lifting on the row the touch began on selects it.
  open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
    guard let touch = touches.first, let began = touchRow else { return }
    touchRow = nil
    guard indexPathForRow(at: touch.location(in: self)) == began else { return }
    selectRow(at: began, notifyingDelegate: true)
  }

  /// The double tap recognizer's action: activates the row under it, which the first tap
  /// selected (a row the delegate refused to select is not activated).
  public func activateTappedRow(_ sender: Any?) {
    guard let recognizer = sender as? GestureRecognizer,
      let row = indexPathForRow(at: recognizer.location(in: self)), row == indexPathForSelectedRow
    else { return }
    delegate?.tableView(self, performPrimaryActionForRowAt: row)
  }

  /// A cancelled touch selects nothing.
  open override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
    touchRow = nil
  }

  // MARK: Hover

  /// Whether the row under the pointer is drawn in the hover style (its text underlined, see
  /// ``TableViewCell/isHovered``). Off by default, as in AppKit, whose table views draw no
  /// hover row unless the app adds a tracking area: following the pointer makes the terminal
  /// host ask for every pointer move, which an app should choose.
  open var highlightsRowOnHover = false {
    didSet {
      guard highlightsRowOnHover != oldValue else { return }
      if highlightsRowOnHover {
        let area = TrackingArea(
          rect: .zero, options: [.mouseEnteredAndExited, .mouseMoved, .activeInKeyWindow, .inVisibleRect])
        hoverArea = area
        addTrackingArea(area)
      } else if let hoverArea {
        removeTrackingArea(hoverArea)
        self.hoverArea = nil
        hoverLocation = nil
      }
    }
  }
  private var hoverArea: TrackingArea?
  private var hoveredPosition: Int? {
    didSet {
      guard hoveredPosition != oldValue else { return }
      for (position, cell) in visibleCells { cell.isHovered = position == hoveredPosition }
    }
  }

  /// The index path of the row under the pointer, followed while ``highlightsRowOnHover`` is
  /// on; nil when the pointer is outside the table, on a header or below the last row.
  public var indexPathForHoveredRow: IndexPath? {
    hoveredPosition.flatMap { $0 < rowCount ? indexPath(at: $0) : nil }
  }

  /// Where the pointer is on the screen while it is over the table, so a scroll under a still
  /// pointer moves the mark to the row that came under it.
  private var hoverLocation: Point? {
    didSet { updateHoveredRow() }
  }

  private func updateHoveredRow() {
    hoveredPosition = hoverLocation.flatMap { indexPathForRow(at: convert(fromScreen: $0)) }.flatMap(
      position(of:))
  }

  private func followPointer(_ event: Event) -> Bool {
    guard let hoverArea, event.trackingArea === hoverArea else { return false }
    hoverLocation = event.mouse?.location
    return true
  }

  /// The row under a still pointer changes as the content scrolls.
  open override func didScroll() {
    super.didScroll()
    updateHoveredRow()
  }

  /// Marks the row the pointer enters; other areas' entries go on up the chain.
  open override func mouseEntered(with event: Event) {
    if !followPointer(event) { super.mouseEntered(with: event) }
  }

  /// Moves the hover mark with the pointer.
  open override func mouseMoved(with event: Event) {
    if !followPointer(event) { super.mouseMoved(with: event) }
  }

  /// Clears the hover mark when the pointer leaves the table.
  open override func mouseExited(with event: Event) {
    if let hoverArea, event.trackingArea === hoverArea {
      hoverLocation = nil
    } else {
      super.mouseExited(with: event)
    }
  }
}
