import Foundation

extension Action {
  /// Select the next page of a ``TabView`` (Control-Page Down).
  public static let selectNextTabViewItem = Action("selectNextTabViewItem")
  /// Select the previous page of a ``TabView`` (Control-Page Up).
  public static let selectPreviousTabViewItem = Action("selectPreviousTabViewItem")
}

/// Pages of views under a row of tabs, one page shown at a time: AppKit's `NSTabView`.
///
/// Each ``TabViewItem`` has a label, shown on its tab, and a view, shown below the tabs while
/// the item is selected (only then is it a subview, so hidden pages cost nothing). A click on
/// a tab selects it; Control-Page Down and Control-Page Up select the next and previous page
/// from anywhere inside the tab view (key commands, so they work while a page's view has
/// focus); while the tab row itself has focus, Left/Right and Home/End move along it. A weak
/// ``delegate`` may refuse a selection and hears about it (``TabViewDelegate``).
///
/// When the user or code selects another page while focus was in the old page, focus moves
/// into the new one: its ``TabViewItem/initialFirstResponder``, else the view that had focus
/// when the page was last left, else its first focusable view, else the tab row.
@MainActor
open class TabView: View {
  /// Creates an empty tab view.
  public override init(frame: Rect = .zero) {
    super.init(frame: frame)
  }

  /// The items, in tab order.
  public private(set) var tabViewItems: [TabViewItem] = []

  /// The number of items.
  public var numberOfTabViewItems: Int { tabViewItems.count }

  /// The selection's steer and listener, held weakly.
  public weak var delegate: (any TabViewDelegate)?

  /// The selected item; nil only while there are none.
  public private(set) var selectedTabViewItem: TabViewItem?

  /// The index of the selected item, or nil when there are none.
  public var indexOfSelectedTabViewItem: Int? { selectedTabViewItem.flatMap(indexOfTabViewItem(_:)) }

  /// The style of the tabs that are not selected. Default: plain.
  open var tabStyle = TextStyle.plain {
    didSet { if tabStyle != oldValue { setNeedsDisplay() } }
  }

  /// The tab row takes focus, so Left and Right can move along it.
  open override var canBecomeFirstResponder: Bool { !tabViewItems.isEmpty }

  /// Where the selected page's view is placed: everything below the tab row.
  public var contentRect: Rect {
    Rect(x: 0, y: 1, width: bounds.width, height: max(0, bounds.height - 1))
  }

  // MARK: Items

  /// Adds an item after the others; the first item added is selected.
  public func addTabViewItem(_ item: TabViewItem) {
    insertTabViewItem(item, at: tabViewItems.count)
  }

  /// Inserts an item at `index` (clamped to the valid range). An item already in a tab view
  /// is moved here.
  public func insertTabViewItem(_ item: TabViewItem, at index: Int) {
    item.tabView?.removeTabViewItem(item)
    tabViewItems.insert(item, at: min(max(0, index), tabViewItems.count))
    item.tabView = self
    if selectedTabViewItem == nil { show(item, from: nil) }
    setNeedsDisplay()
    delegate?.tabViewDidChangeNumberOfTabViewItems(self)
  }

  /// Removes an item. When it was selected, the item that takes its place (else the one
  /// before it) is selected without asking the delegate, which hears `willSelect` and
  /// `didSelect`: a tab view shows a page while it has any.
  public func removeTabViewItem(_ item: TabViewItem) {
    guard let index = indexOfTabViewItem(item) else { return }
    tabViewItems.remove(at: index)
    item.tabView = nil
    if item === selectedTabViewItem {
      if tabViewItems.isEmpty {
        show(nil, from: item)
      } else {
        let next = tabViewItems[min(index, tabViewItems.count - 1)]
        delegate?.tabView(self, willSelect: next)
        show(next, from: item)
        delegate?.tabView(self, didSelect: next)
      }
    }
    setNeedsDisplay()
    delegate?.tabViewDidChangeNumberOfTabViewItems(self)
  }

  /// The index of an item, or nil when it is not in this tab view.
  public func indexOfTabViewItem(_ item: TabViewItem) -> Int? {
    tabViewItems.firstIndex { $0 === item }
  }

  /// The index of the first item with that identifier, or nil.
  public func indexOfTabViewItem(withIdentifier identifier: AnyHashable) -> Int? {
    tabViewItems.firstIndex { $0.identifier == identifier }
  }

  /// The item at `index`, or nil when there is none.
  public func tabViewItem(at index: Int) -> TabViewItem? {
    tabViewItems.indices.contains(index) ? tabViewItems[index] : nil
  }

  // MARK: Selection

  /// Selects an item as AppKit does: the delegate may refuse (`shouldSelect`), then hears
  /// `willSelect`, the pages change (focus moving with them) and `didSelect`. Returns whether
  /// the item is now selected.
  @discardableResult
  public func selectTabViewItem(_ item: TabViewItem) -> Bool {
    guard indexOfTabViewItem(item) != nil else { return false }
    guard item !== selectedTabViewItem else { return true }
    if let delegate, !delegate.tabView(self, shouldSelect: item) { return false }
    delegate?.tabView(self, willSelect: item)
    show(item, from: selectedTabViewItem)
    delegate?.tabView(self, didSelect: item)
    return true
  }

  /// Selects the item at `index`; see ``selectTabViewItem(_:)``. Nothing when there is none.
  @discardableResult
  public func selectTabViewItem(at index: Int) -> Bool {
    tabViewItem(at: index).map(selectTabViewItem(_:)) ?? false
  }

  /// Selects the first item with that identifier; see ``selectTabViewItem(_:)``.
  @discardableResult
  public func selectTabViewItem(withIdentifier identifier: AnyHashable) -> Bool {
    indexOfTabViewItem(withIdentifier: identifier).map(selectTabViewItem(at:)) ?? false
  }

  /// Selects the next item the delegate accepts (the last stays selected).
  public func selectNextTabViewItem(_ sender: Any?) { selectFirstAccepted(step: 1) }

  /// Selects the previous item the delegate accepts (the first stays selected).
  public func selectPreviousTabViewItem(_ sender: Any?) { selectFirstAccepted(step: -1) }

  /// Selects the first item the delegate accepts.
  public func selectFirstTabViewItem(_ sender: Any?) {
    _ = tabViewItems.first { selectTabViewItem($0) }
  }

  /// Selects the last item the delegate accepts.
  public func selectLastTabViewItem(_ sender: Any?) {
    _ = tabViewItems.last { selectTabViewItem($0) }
  }

  private func selectFirstAccepted(step: Int) {
    guard var index = indexOfSelectedTabViewItem else { return }
    index += step
    while tabViewItems.indices.contains(index) {
      if selectTabViewItem(tabViewItems[index]) { return }
      index += step
    }
  }

  /// Where focus was in each page when it was last left.
  private var savedFocus: [ObjectIdentifier: WeakResponder] = [:]
  private struct WeakResponder {
    weak var responder: Responder?
  }

  /// Shows `item`'s page instead of `old`'s, moving focus with it when it was in the old page.
  private func show(_ item: TabViewItem?, from old: TabViewItem?) {
    let first = window?.firstResponder
    var focusWasInPage = false
    if let old, let page = old.view, let focused = first as? View, focused.isDescendant(of: page) {
      savedFocus[ObjectIdentifier(old)] = WeakResponder(responder: focused)
      focusWasInPage = true
    }
    old?.view?.removeFromSuperview()
    selectedTabViewItem = item
    if let page = item?.view {
      addSubview(page)
      page.frame = contentRect
    }
    setNeedsLayout()
    setNeedsDisplay()
    if focusWasInPage, let item { focus(item) }
  }

  private func focus(_ item: TabViewItem) {
    guard let window else { return }
    let saved = savedFocus.removeValue(forKey: ObjectIdentifier(item))?.responder as? View
    if let initial = item.initialFirstResponder, initial.canBecomeKeyView {
      window.makeFirstResponder(initial)
    } else if let saved, saved.canBecomeKeyView, let page = item.view, saved.isDescendant(of: page) {
      window.makeFirstResponder(saved)
    } else if let first = item.view?.keyViewsInReadingOrder().first {
      window.makeFirstResponder(first)
    } else {
      window.makeFirstResponder(self)
    }
  }

  /// An item's view was replaced: the page shows the new one.
  func itemViewDidChange(_ item: TabViewItem, from old: View?) {
    guard item === selectedTabViewItem else { return }
    old?.removeFromSuperview()
    if let page = item.view {
      addSubview(page)
      page.frame = contentRect
    }
  }

  // MARK: Layout and drawing

  /// The selected page fills everything below the tab row.
  open override func layoutSubviews() {
    super.layoutSubviews()
    selectedTabViewItem?.view?.frame = contentRect
  }

  /// The columns of each item's tab on the tab row, in order: ` label ` each, one column
  /// apart.
  public var tabColumns: [Range<Int>] {
    var x = 0
    return tabViewItems.map { item in
      let width = TextMetrics.width(of: item.label) + 2
      defer { x += width + 1 }
      return x..<(x + width)
    }
  }

  /// The item whose tab is under a point (the tab view's coordinates), or nil.
  public func tabViewItem(at point: Point) -> TabViewItem? {
    guard point.y >= 0, point.y < 1, point.x >= 0 else { return nil }
    let column = Int(cells: point.x.rounded(.down))
    return zip(tabViewItems, tabColumns).first { $0.1.contains(column) }?.0
  }

  /// Draws the tab row: the selected tab in the selection style (the focus style while the
  /// row has focus), the others in ``tabStyle``.
  open override func draw(in canvas: Canvas) {
    super.draw(in: canvas)
    let width = Int(cells: bounds.width)
    guard width > 0 else { return }
    canvas.fill(Rect(x: 0, y: 0, width: width, height: 1), with: .blank(tabStyle))
    for (item, columns) in zip(tabViewItems, tabColumns) where columns.lowerBound < width {
      var style = tabStyle
      if item === selectedTabViewItem {
        var state: Control.State = .selected
        if isFirstResponder { state.insert(.focused) }
        style = theme.style(for: state, base: tabStyle).adding(.bold)
      }
      let shown = TextMetrics.truncated(" \(item.label) ", to: width - columns.lowerBound)
      canvas.draw(shown, x: columns.lowerBound, y: 0, style: style)
    }
  }

  // MARK: Actions

  /// Moving along the tabs: Control-Page Up/Down from anywhere inside, the arrows and
  /// Home/End while the row has focus.
  open override class var actionTable: ActionTable { tabActions }

  private static let tabActions = ActionTable(TabView.self, inheriting: View.actionTable) {
    $0.add(.selectNextTabViewItem) { tabs, sender in tabs.selectNextTabViewItem(sender) }
    $0.add(.selectPreviousTabViewItem) { tabs, sender in tabs.selectPreviousTabViewItem(sender) }
    $0.add(.moveRight) { tabs, sender in tabs.selectNextTabViewItem(sender) }
    $0.add(.moveLeft) { tabs, sender in tabs.selectPreviousTabViewItem(sender) }
    $0.add(.moveToBeginningOfLine) { tabs, sender in tabs.selectFirstTabViewItem(sender) }
    $0.add(.moveToEndOfLine) { tabs, sender in tabs.selectLastTabViewItem(sender) }
  }

  /// The moves need items.
  open override func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
    switch action {
    case .selectNextTabViewItem, .selectPreviousTabViewItem, .moveRight, .moveLeft, .moveToBeginningOfLine,
      .moveToEndOfLine:
      return tabViewItems.count > 1
    default: return super.canPerformAction(action, withSender: sender)
    }
  }

  /// Control-Page Down and Control-Page Up: the next and previous page, as in browsers and
  /// terminal emulators' tabs.
  open override var keyCommands: [KeyCommand] {
    [
      KeyCommand(
        title: "Next Tab", input: KeyCommand.inputPageDown, modifierFlags: .control,
        action: .selectNextTabViewItem),
      KeyCommand(
        title: "Previous Tab", input: KeyCommand.inputPageUp, modifierFlags: .control,
        action: .selectPreviousTabViewItem),
    ]
  }

  // MARK: Touches

  private var touchedItem: TabViewItem?

  /// A touch on a tab picks it.
  open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    touchedItem = touches.first.flatMap { tabViewItem(at: $0.location(in: self)) }
  }

  /// Touches that move stay with the tab view.
  open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {}

  /// Lifting on the tab the touch began on selects its item.
  open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
    defer { touchedItem = nil }
    guard let began = touchedItem, let touch = touches.first,
      tabViewItem(at: touch.location(in: self)) === began
    else { return }
    selectTabViewItem(began)
  }

  /// A cancelled touch selects nothing.
  open override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
    touchedItem = nil
  }
}
