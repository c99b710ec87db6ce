import Foundation

/// A table of rows that form a tree, each indented under its parent with a disclosure
/// triangle that expands or collapses it: AppKit's `NSOutlineView`, which is an
/// `NSTableView`, as this is a ``TableView``.
///
/// Its ``TableView/dataSource`` is an ``OutlineViewDataSource``, asked lazily: the children of
/// an item are counted when it is expanded, and a child is asked for only when its row is on
/// screen (or a key or a call reaches it), so an outline of millions of items costs what its
/// screen shows. Items are `AnyHashable` values the app chooses, unique in the tree. Its
/// ``TableView/delegate`` may be an ``OutlineViewDelegate``, which vetoes expansion, collapse
/// and selection and hears about them (also posted as notifications).
///
/// Keys (through the key bindings, so remappable): Up/Down/Page Up/Page Down/Home/End move the
/// selection as in a table; Right expands the selected item, or selects its first child when it
/// is expanded; Left collapses it, or selects its parent; Alt-Right and Alt-Left (the word
/// moves) expand or collapse it with all its descendants. A click on a triangle toggles its
/// item (with Alt: and its descendants, as an Option-click does in AppKit); a click elsewhere
/// selects the row.
@MainActor
open class OutlineView: TableView {
  /// Posted before an item expands; `userInfo["NSObject"]` is the item, as in AppKit.
  nonisolated public static let itemWillExpandNotification = Notification.Name(
    "RKOutlineViewItemWillExpandNotification")
  /// Posted after an item expanded and its children's rows were counted.
  nonisolated public static let itemDidExpandNotification = Notification.Name(
    "RKOutlineViewItemDidExpandNotification")
  /// Posted before an item collapses.
  nonisolated public static let itemWillCollapseNotification = Notification.Name(
    "RKOutlineViewItemWillCollapseNotification")
  /// Posted after an item collapsed.
  nonisolated public static let itemDidCollapseNotification = Notification.Name(
    "RKOutlineViewItemDidCollapseNotification")
  /// The `userInfo` key of the item in the outline's notifications: AppKit's `"NSObject"`.
  nonisolated public static let itemUserInfoKey = "NSObject"

  /// The reuse identifier of the standard cells the default
  /// ``OutlineViewDataSource/outlineView(_:cellForItem:)`` makes.
  nonisolated public static let standardCellIdentifier = "OutlineViewCell"

  /// The most children an item has: a data source answering more (say `Int.max`) is taken at
  /// this many, so the rows of every expanded item still add up without overflow.
  public static let maximumNumberOfChildren = 1 << 40

  /// The most children one search for an item never shown asks for (``row(forItem:)`` and
  /// the calls taking an item): a tree of millions answers about an unknown item in bounded
  /// time, as nil.
  public static let maximumChildrenAskedPerSearch = 1 << 18

  /// Creates an outline view.
  public override init(frame: Rect = .zero) {
    super.init(frame: frame)
  }

  /// The columns each level is indented by. Default 2; at least 0.
  open var indentationPerLevel = 2 {
    didSet {
      indentationPerLevel = max(0, indentationPerLevel)
      if indentationPerLevel != oldValue { setNeedsLayout() }
    }
  }

  // MARK: The tree

  /// The root: the top-level items are its children.
  private var root = OutlineBranch(item: nil, parent: nil, index: 0, childCount: 0)
  /// Where each item asked for so far is: its parent's branch and its index there.
  private var places: [AnyHashable: (parent: OutlineBranch, index: Int)] = [:]
  /// The expanded items' branches.
  private var branches: [AnyHashable: OutlineBranch] = [:]

  /// The data source and delegate as an outline's, cast once when they are set (each setter
  /// reloads), never per row.
  private weak var source: (any OutlineViewDataSource)?
  private weak var outlineDelegate: (any OutlineViewDelegate)?
  private var delegateNotifications = DelegateNotifications<any OutlineViewDelegate>()

  /// The number of rows shown: the top-level items and the rows of every expanded item.
  public var numberOfRows: Int { source == nil ? 0 : root.rowCount }

  /// Asks the data source again for everything, keeping expanded the items that still are
  /// among their parent's children (found by asking for children in order until every one
  /// is found). The selection stays with its item when it is still shown.
  open override func reloadData() {
    let newSource = dataSource as? any OutlineViewDataSource
    let newDelegate = delegate as? any OutlineViewDelegate
    if newDelegate !== outlineDelegate {
      outlineDelegate = newDelegate
      registerDelegate()
    }
    let selected = source == nil ? nil : selectedItem
    let keep = source === newSource ? root : nil
    source = newSource
    root = OutlineBranch(item: nil, parent: nil, index: 0, childCount: childCount(of: nil))
    places = [:]
    branches = [:]
    if let keep { reopen(keep, into: root) }
    reloadRows(keeping: selected)
  }

  /// Asks the data source again about `item`: its cell, and with `reloadChildren` its
  /// children (counted again, expanded ones kept expanded). A nil item with children is
  /// ``reloadData()``.
  public func reloadItem(_ item: AnyHashable?, reloadChildren: Bool = false) {
    guard let item else {
      if reloadChildren { reloadData() }
      return
    }
    guard let place = locate(item) else { return }
    place.parent.setExpandable(nil, at: place.index)
    guard reloadChildren, let old = branches[item] else {
      if let row = row(forItem: item) { reloadRows(at: [IndexPath(row: row)]) }
      return
    }
    let selected = selectedItem
    let parent = old.parent ?? root
    forget(old)
    parent.close(old)
    guard isExpandable(item) else { return reloadRows(keeping: selected) }
    let fresh = OutlineBranch(item: item, parent: parent, index: old.index, childCount: childCount(of: item))
    branches[item] = fresh
    parent.open(fresh)
    reopen(old, into: fresh)
    reloadRows(keeping: selected)
  }

  private func childCount(of item: AnyHashable?) -> Int {
    guard let source else { return 0 }
    return min(
      max(0, source.outlineView(self, numberOfChildrenOfItem: item)), OutlineView.maximumNumberOfChildren)
  }

  /// Expands again, under `fresh`, the children that were expanded under `old`.
  private func reopen(_ old: OutlineBranch, into fresh: OutlineBranch) {
    var wanted: [AnyHashable: OutlineBranch] = [:]
    for branch in old.openBranches { if let item = branch.item { wanted[item] = branch } }
    var index = 0
    while !wanted.isEmpty, index < fresh.childCount {
      let item = child(index, of: fresh)
      if let previous = wanted.removeValue(forKey: item), isExpandable(index, of: fresh),
        branches[item] == nil
      {
        let branch = OutlineBranch(item: item, parent: fresh, index: index, childCount: childCount(of: item))
        branches[item] = branch
        fresh.open(branch)
        reopen(previous, into: branch)
      }
      index += 1
    }
  }

  /// Drops what the outline knew about a branch's descendants.
  private func forget(_ branch: OutlineBranch) {
    for below in branch.subtree {
      if let item = below.item { branches[item] = nil }
      for child in below.knownChildren { places[child] = nil }
    }
  }

  /// The child at `index` of a branch, asked of the data source the first time.
  private func child(_ index: Int, of branch: OutlineBranch) -> AnyHashable {
    if let known = branch.child(at: index) { return known }
    let item = source?.outlineView(self, child: index, ofItem: branch.item) ?? AnyHashable(index)
    branch.setChild(item, at: index)
    places[item] = (branch, index)
    return item
  }

  /// Whether child `index` of a branch is expandable, asked of the data source once.
  private func isExpandable(_ index: Int, of branch: OutlineBranch) -> Bool {
    if let known = branch.isExpandable(at: index) { return known }
    let answer = source?.outlineView(self, isItemExpandable: child(index, of: branch)) ?? false
    branch.setExpandable(answer, at: index)
    return answer
  }

  /// Where an item is. An item not asked for yet is searched for: the children of every
  /// expanded item not asked for yet are asked for, parents first, until it turns up (what a
  /// lazy tree must do to answer about an item it never showed), at most
  /// ``maximumChildrenAskedPerSearch`` of them.
  private func locate(_ item: AnyHashable) -> (parent: OutlineBranch, index: Int)? {
    if let place = places[item] { return place }
    guard source != nil else { return nil }
    var asked = 0
    for branch in root.subtree {
      for index in 0..<branch.childCount where branch.child(at: index) == nil {
        if child(index, of: branch) == item { return places[item] }
        asked += 1
        if asked >= OutlineView.maximumChildrenAskedPerSearch { return nil }
      }
    }
    return nil
  }

  /// Counts the table's rows again and selects `item` where it is now (nothing when it is
  /// no longer shown).
  private func reloadRows(keeping item: AnyHashable?) {
    justLocated = nil
    super.reloadData()
    selectRow(at: item.flatMap { row(forItem: $0) }.map { IndexPath(row: $0) })
  }

  // MARK: Items and rows

  /// The item at a row, or nil when there is no such row.
  public func item(atRow row: Int) -> AnyHashable? {
    guard source != nil, row >= 0, row < root.rowCount else { return nil }
    let (branch, index) = root.locate(row)
    return child(index, of: branch)
  }

  /// The row a cell was just asked for, kept for the ``cellFrame(forRowAt:)`` that follows
  /// at once in the table's layout, so a new row is found in the tree once.
  private var justLocated: (row: Int, branch: OutlineBranch, index: Int)?

  /// The cell for a row: what the data source's table answer calls.
  func cell(forRow row: Int) -> TableViewCell {
    guard let source, row >= 0, row < root.rowCount else { return TableViewCell() }
    let (branch, index) = root.locate(row)
    justLocated = (row, branch, index)
    return source.outlineView(self, cellForItem: child(index, of: branch))
  }

  /// The row of an item, or nil when it is not shown (its parent is collapsed, or it is not in
  /// the tree). An item never shown is searched for by asking for children (see
  /// ``maximumChildrenAskedPerSearch``).
  public func row(forItem item: AnyHashable) -> Int? {
    guard let place = locate(item) else { return nil }
    return row(ofChild: place.index, in: place.parent)
  }

  private func row(ofChild index: Int, in branch: OutlineBranch) -> Int {
    var row = branch.offset(ofChild: index)
    var current = branch
    while let parent = current.parent {
      row &+= parent.offset(ofChild: current.index) &+ 1
      current = parent
    }
    return row
  }

  /// The parent of an item; nil for a top-level item or one not shown.
  public func parent(forItem item: AnyHashable) -> AnyHashable? {
    locate(item)?.parent.item
  }

  /// How deep an item is: 0 for a top-level item; nil when it is not shown.
  public func level(forItem item: AnyHashable) -> Int? {
    locate(item)?.parent.childLevel
  }

  /// How deep the item at a row is, or nil when there is no such row.
  public func level(forRow row: Int) -> Int? {
    guard source != nil, row >= 0, row < root.rowCount else { return nil }
    return root.locate(row).branch.childLevel
  }

  /// The expanded items, each after its parent: what a tree binding observes.
  var expandedItemsParentsFirst: [AnyHashable] { root.subtree.compactMap(\.item) }

  /// Whether an item is expanded.
  public func isItemExpanded(_ item: AnyHashable) -> Bool { branches[item] != nil }

  /// Whether an item can be expanded, as the data source says (asked once per item shown).
  public func isExpandable(_ item: AnyHashable) -> Bool {
    if let place = places[item] { return isExpandable(place.index, of: place.parent) }
    return source?.outlineView(self, isItemExpandable: item) ?? false
  }

  /// The selected item, or nil.
  public var selectedItem: AnyHashable? {
    indexPathForSelectedRow.flatMap { item(atRow: $0.row) }
  }

  // MARK: Expanding and collapsing

  /// Expands an item (nil: with `expandChildren`, every top-level item) and, with
  /// `expandChildren`, all its expandable descendants. Does nothing for an item that is not
  /// expandable or not shown. Posts the will/did notifications for each item it expands; the
  /// delegate's ``OutlineViewDelegate/outlineView(_:shouldExpandItem:)`` is not asked (it is
  /// for the user's expansions).
  public func expandItem(_ item: AnyHashable?, expandChildren: Bool = false) {
    expand(item, children: expandChildren, asking: false)
  }

  /// Collapses an item (nil: every top-level item), posting the will/did notifications. The
  /// selection, when it was inside, moves to the item. A collapsed item's children are asked
  /// for again when it expands again, so its descendants are collapsed with it whatever
  /// `collapseChildren` says (the parameter is AppKit's spelling).
  public func collapseItem(_ item: AnyHashable?, collapseChildren: Bool = false) {
    collapse(item, asking: false)
  }

  private func expand(_ item: AnyHashable?, children: Bool, asking: Bool) {
    guard source != nil else { return }
    let selected = selectedItem
    var expanded: [AnyHashable] = []
    if let item {
      open(item, children: children, asking: asking, expanded: &expanded)
    } else if children {
      for index in 0..<root.childCount {
        open(child(index, of: root), children: true, asking: asking, expanded: &expanded)
      }
    }
    guard !expanded.isEmpty else { return }
    reloadRows(keeping: selected)
    for item in expanded { post(OutlineView.itemDidExpandNotification, item) }
  }

  private func open(_ item: AnyHashable, children: Bool, asking: Bool, expanded: inout [AnyHashable]) {
    var branch = branches[item]
    if branch == nil {
      guard let place = locate(item), isExpandable(item) else { return }
      if asking, outlineDelegate?.outlineView(self, shouldExpandItem: item) == false { return }
      post(OutlineView.itemWillExpandNotification, item)
      let opened = OutlineBranch(
        item: item, parent: place.parent, index: place.index, childCount: childCount(of: item))
      branches[item] = opened
      place.parent.open(opened)
      expanded.append(item)
      branch = opened
    }
    guard children, let branch else { return }
    for index in 0..<branch.childCount where isExpandable(index, of: branch) {
      open(child(index, of: branch), children: true, asking: asking, expanded: &expanded)
    }
  }

  private func collapse(_ item: AnyHashable?, asking: Bool) {
    let targets = item.map { [$0] } ?? root.openBranches.compactMap(\.item)
    var selected = selectedItem
    var collapsed: [AnyHashable] = []
    for item in targets {
      guard let branch = branches[item] else { continue }
      if asking, outlineDelegate?.outlineView(self, shouldCollapseItem: item) == false { continue }
      post(OutlineView.itemWillCollapseNotification, item)
      if let current = selected, isInside(current, branch) { selected = item }
      forget(branch)
      (branch.parent ?? root).close(branch)
      collapsed.append(item)
    }
    guard !collapsed.isEmpty else { return }
    reloadRows(keeping: selected)
    for item in collapsed { post(OutlineView.itemDidCollapseNotification, item) }
  }

  /// Whether `item` is below `branch`'s item.
  private func isInside(_ item: AnyHashable, _ branch: OutlineBranch) -> Bool {
    var current = places[item]?.parent
    while let parent = current {
      if parent === branch { return true }
      current = parent.parent
    }
    return false
  }

  private func post(_ name: Notification.Name, _ item: AnyHashable) {
    NotificationCenter.default.post(name: name, object: self, userInfo: [OutlineView.itemUserInfoKey: item])
  }

  private func registerDelegate() {
    guard outlineDelegate != nil else { return delegateNotifications.removeAll() }
    let methods: [(Notification.Name, DelegateNotifications<any OutlineViewDelegate>.Method)] = [
      (OutlineView.itemWillExpandNotification, { $0.outlineViewItemWillExpand($1) }),
      (OutlineView.itemDidExpandNotification, { $0.outlineViewItemDidExpand($1) }),
      (OutlineView.itemWillCollapseNotification, { $0.outlineViewItemWillCollapse($1) }),
      (OutlineView.itemDidCollapseNotification, { $0.outlineViewItemDidCollapse($1) }),
    ]
    // Unowned: the observations end with this object.
    delegateNotifications.register(methods, postedBy: self) { [unowned self] in self.outlineDelegate }
  }

  // MARK: Layout and drawing

  /// A visible row's disclosure mark, kept from layout for drawing.
  private struct Gutter {
    var y: Int
    var row: Int
    var level: Int
    var mark: Character?
  }
  private var gutters: [Gutter] = []

  /// The column an item's disclosure triangle starts at.
  private func disclosureColumn(level: Int) -> Int {
    let (indent, overflow) = level.multipliedReportingOverflow(by: indentationPerLevel)
    return overflow ? Int.max / 2 : indent
  }

  /// Lays out the table's cells (each through `cellFrame(forRowAt:)`).
  open override func layoutSubviews() {
    gutters.removeAll(keepingCapacity: true)
    super.layoutSubviews()
  }

  /// A row's cell starts after its indentation and triangle; the triangle is kept for drawing.
  override func cellFrame(forRowAt position: Int) -> Rect {
    var frame = super.cellFrame(forRowAt: position)
    guard source != nil, position < root.rowCount else { return frame }
    let (branch, index) =
      justLocated.flatMap { $0.row == position ? ($0.branch, $0.index) : nil } ?? root.locate(position)
    justLocated = nil
    let mark: Character? = isExpandable(index, of: branch) ? (branch.isOpen(index) ? "▾" : "▸") : nil
    let start = Double(disclosureColumn(level: branch.childLevel)) + 2
    frame.origin.x = min(start, frame.width)
    frame.size.width = max(0, frame.width - frame.origin.x)
    gutters.append(Gutter(y: Int(cells: frame.minY), row: position, level: branch.childLevel, mark: mark))
    return frame
  }

  /// Draws each visible row's triangle, and the selected row's gutter in the cell's style.
  open override func draw(in canvas: Canvas) {
    super.draw(in: canvas)
    let selected = indexPathForSelectedRow?.row
    for gutter in gutters {
      var style = TextStyle.plain
      let column = disclosureColumn(level: gutter.level)
      if gutter.row == selected {
        var state: Control.State = .selected
        if isFirstResponder { state.insert(.focused) }
        style = theme.style(for: state)
        canvas.fill(
          Rect(x: 0, y: gutter.y, width: min(column + 2, Int(cells: visibleContentWidth)), height: 1),
          with: .blank(style))
      }
      if let mark = gutter.mark { canvas.put(Cell(mark, style: style), x: column, y: gutter.y) }
    }
  }

  // MARK: Actions

  /// Expanding and collapsing with Right, Left and their Alt forms, over the table's actions.
  open override class var actionTable: ActionTable { outlineActions }

  private static let outlineActions = ActionTable(OutlineView.self, inheriting: TableView.actionTable) {
    $0.add(.moveRight) { outline, sender in outline.moveRight(sender) }
    $0.add(.moveLeft) { outline, sender in outline.moveLeft(sender) }
    $0.add(.moveWordForward) { outline, sender in outline.expandSelectedItemAndChildren(sender) }
    $0.add(.moveWordBackward) { outline, sender in outline.collapseSelectedItemAndChildren(sender) }
    $0.add(.moveToBeginningOfLine) { outline, sender in outline.moveToBeginningOfDocument(sender) }
    $0.add(.moveToEndOfLine) { outline, sender in outline.moveToEndOfDocument(sender) }
  }

  private static let itemActions: Set<Action> = [.moveRight, .moveLeft, .moveWordForward, .moveWordBackward]

  /// Right, Left and their Alt forms need a selected item; Home and End need rows.
  open override func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
    if OutlineView.itemActions.contains(action) { return selectedItem != nil }
    if action == .moveToBeginningOfLine || action == .moveToEndOfLine { return numberOfRows > 0 }
    return super.canPerformAction(action, withSender: sender)
  }

  /// Right: expands the selected item as the user does (the delegate may refuse), or selects
  /// its first child when it is already expanded.
  public func moveRight(_ sender: Any?) {
    guard let item = selectedItem else { return }
    if let branch = branches[item] {
      guard branch.childCount > 0, let row = row(forItem: item) else { return }
      selectRow(at: IndexPath(row: row + 1), notifyingDelegate: true)
    } else {
      expand(item, children: false, asking: true)
    }
  }

  /// Left: collapses the selected item as the user does, or selects its parent when it is not
  /// expanded.
  public func moveLeft(_ sender: Any?) {
    guard let item = selectedItem else { return }
    if branches[item] != nil {
      collapse(item, asking: true)
    } else if let parent = parent(forItem: item), let row = row(forItem: parent) {
      selectRow(at: IndexPath(row: row), notifyingDelegate: true)
    }
  }

  /// Alt-Right: expands the selected item and all its descendants as the user does (each
  /// expansion the delegate may refuse, which leaves that item's descendants collapsed).
  public func expandSelectedItemAndChildren(_ sender: Any?) {
    if let item = selectedItem { expand(item, children: true, asking: true) }
  }

  /// Alt-Left: collapses the selected item, or its parent when it is not expanded, with all
  /// their descendants.
  public func collapseSelectedItemAndChildren(_ sender: Any?) {
    guard let item = selectedItem else { return }
    if branches[item] != nil {
      collapse(item, asking: true)
    } else if let parent = parent(forItem: item) {
      collapse(parent, asking: true)
    }
  }

  // MARK: Touches

  /// The row whose triangle a touch began on.
  private var disclosureTouch: (row: Int, item: AnyHashable)?

  /// The item whose triangle is under a point, if any.
  private func disclosureItem(at point: Point) -> (row: Int, item: AnyHashable)? {
    guard let row = indexPathForRow(at: point)?.row, let item = item(atRow: row), isExpandable(item),
      let level = level(forRow: row)
    else { return nil }
    let column = Double(disclosureColumn(level: level))
    return point.x >= column && point.x < column + 2 ? (row, item) : nil
  }

  /// A touch on a triangle is kept for its toggle; elsewhere it selects as in a table.
  open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    guard let touch = touches.first, let target = disclosureItem(at: touch.location(in: self)) else {
      disclosureTouch = nil
      return super.touchesBegan(touches, with: event)
    }
    disclosureTouch = target
    becomeFirstResponder()
  }

  /// Lifting on the triangle the touch began on toggles its item as the user does; with Alt,
  /// its descendants too.
  open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
    guard let began = disclosureTouch else { return super.touchesEnded(touches, with: event) }
    disclosureTouch = nil
    guard let touch = touches.first, let target = disclosureItem(at: touch.location(in: self)),
      target.row == began.row, target.item == began.item
    else { return }
    if branches[target.item] != nil {
      collapse(target.item, asking: true)
    } else {
      expand(target.item, children: event.modifierFlags.contains(.alt), asking: true)
    }
  }

  /// A cancelled touch toggles nothing.
  open override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
    disclosureTouch = nil
    super.touchesCancelled(touches, with: event)
  }
}
