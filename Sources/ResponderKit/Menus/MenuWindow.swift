/// A menu shown as a popup: a window over the whole screen that draws only the menu's box,
/// so what is behind stays visible, and a tap anywhere outside the box closes it.
///
/// It takes the keyboard but never becomes main, so the main window's first responder stays
/// the one that nil-targeted items reach. Its action table is empty, so it is never the
/// target of an item's action (a "Close" item must reach the document, not the menu).
@MainActor
final class MenuWindow: Window {
  let menu: Menu
  private weak var app: Application?
  /// The screen rectangle of the box.
  private(set) var box: Rect = .zero
  /// The highlighted item.
  private(set) var highlighted: Int?
  weak var bar: MenuBar?
  var barIndex: Int?
  weak var parentMenuWindow: MenuWindow?
  weak var childMenuWindow: MenuWindow?
  private weak var previousKeyWindow: Window?

  init(menu: Menu, application: Application, anchor: Point) {
    self.menu = menu
    self.app = application
    super.init(frame: Rect(origin: .zero, size: application.screenSize))
    level = .popUpMenu
    isOpaque = false  // the box alone is drawn (drawBackground)
    menu.attachedApplication = application
    menu.update()
    box = MenuWindow.box(for: menu, anchor: anchor, screen: application.screenSize)
    let list = MenuListView()
    list.menuWindow = self
    // The hover style: the item under the pointer is highlighted, and only while a popup is
    // open does the host ask the terminal for motion reports.
    list.addTrackingArea(TrackingArea(rect: box, options: [.mouseMoved, .activeAlways]))
    rootView = list
  }

  override var canBecomeMain: Bool { false }
  override class var actionTable: ActionTable { .empty }

  /// Nothing behind the box: the windows below show through.
  override func drawBackground(in canvas: Canvas) {}

  func show() {
    guard let app else { return }
    previousKeyWindow = app.keyWindow
    app.addWindow(self)
    makeKeyAndOrderFront()
  }

  static func box(for menu: Menu, anchor: Point, screen: Size) -> Rect {
    let rows = menu.items.map { item -> Int in
      let key = item.keyEquivalent.map { TextMetrics.width(of: $0.displayName) + 2 } ?? 0
      return TextMetrics.width(of: item.title) + key + (item.hasSubmenu ? 2 : 0)
    }
    let width = Double((rows.max() ?? 0) + 4)
    let height = Double(menu.items.count + 2)
    let x = max(0, min(anchor.x, screen.width - width))
    let y = max(0, min(anchor.y, screen.height - height))
    return Rect(x: x, y: y, width: width, height: height)
  }

  func isSelectable(_ index: Int) -> Bool {
    guard menu.items.indices.contains(index) else { return false }
    let item = menu.items[index]
    return !item.isSeparatorItem && item.isEnabled
  }

  /// The item under a screen point.
  func itemIndex(at point: Point) -> Int? {
    guard box.contains(point) else { return nil }
    let index = Int(cells: (point.y - box.minY).rounded(.down)) - 1
    guard point.x >= box.minX + 1, point.x < box.maxX - 1, menu.items.indices.contains(index) else {
      return nil
    }
    return index
  }

  private func highlight(_ index: Int?) {
    highlighted = index
    setNeedsDisplay()
    rootView?.setNeedsDisplay()
  }

  func moveHighlight(by step: Int) {
    let count = menu.items.count
    guard count > 0 else { return }
    var index = highlighted ?? (step > 0 ? -1 : count)
    for _ in 0..<count {
      index = (index + step + count) % count
      if isSelectable(index) { return highlight(index) }
    }
  }

  /// Chooses an item: opens its submenu, or closes every popup and sends its action.
  func choose(_ index: Int) {
    guard isSelectable(index) else { return }
    let item = menu.items[index]
    highlight(index)
    guard let app else { return }
    if let submenu = item.submenu {
      childMenuWindow?.dismiss()
      let anchor = Point(x: box.maxX - 1, y: box.minY + Double(index))
      let child = MenuWindow(menu: submenu, application: app, anchor: anchor)
      child.parentMenuWindow = self
      childMenuWindow = child
      child.previousKeyWindow = self
      app.addWindow(child)
      child.makeKeyAndOrderFront()
      child.moveHighlight(by: 1)
      return
    }
    dismissAll()
    menu.performItem(item)
  }

  /// Closes this popup and its children, giving the keyboard back.
  func dismiss() {
    childMenuWindow?.dismiss()
    guard application != nil else { return }
    for area in rootView?.trackingAreas ?? [] { rootView?.removeTrackingArea(area) }
    close()
    if let previous = previousKeyWindow, previous.application === app, app != nil { previous.makeKey() }
    if parentMenuWindow == nil { bar?.menuDidClose() }
  }

  /// Closes the whole chain of popups.
  func dismissAll() {
    var root = self
    while let parent = root.parentMenuWindow { root = parent }
    root.dismiss()
  }

  private func switchBarMenu(by step: Int) {
    var root = self
    while let parent = root.parentMenuWindow { root = parent }
    guard let bar = root.bar, let index = root.barIndex else { return }
    let count = bar.titleColumns.count
    guard count > 1 else { return }
    bar.openMenu(at: (index + step + count) % count, selectingFirstItem: true)
  }

  // MARK: Keys: the popup eats every key so none reaches the windows behind.

  override func keyDown(with event: KeyEvent) {
    switch event.keysym {
    case .up: moveHighlight(by: -1)
    case .down: moveHighlight(by: 1)
    case .returnKey, .kpEnter, .space:
      if let highlighted { choose(highlighted) }
    case .right:
      if let highlighted, menu.items[highlighted].hasSubmenu {
        choose(highlighted)
      } else {
        switchBarMenu(by: 1)
      }
    case .left:
      if parentMenuWindow != nil { dismiss() } else { switchBarMenu(by: -1) }
    case .escape:
      dismiss()
    default:
      break
    }
  }

  // MARK: Touches

  func touchMoved(to point: Point) {
    if let index = itemIndex(at: point), isSelectable(index) { highlight(index) }
  }

  func touchEnded(at point: Point) {
    if let index = itemIndex(at: point) {
      choose(index)
      return
    }
    if box.contains(point) { return }
    if let parent = parentMenuWindow {
      dismiss()
      parent.touchEnded(at: point)
      return
    }
    if let bar, let index = bar.index(atScreenPoint: point) {
      if index == barIndex {
        dismissAll()
      } else {
        bar.openMenu(at: index)
      }
      return
    }
    dismissAll()
  }
}

/// Draws a popup's box and passes touches to its window.
@MainActor
private final class MenuListView: View {
  weak var menuWindow: MenuWindow?

  override func draw(in canvas: Canvas) {
    guard let popup = menuWindow else { return }
    let box = popup.box
    let width = Int(cells: box.width)
    canvas.fill(box)
    canvas.drawBox(box)
    let x0 = Int(cells: box.minX)
    for (index, item) in popup.menu.items.enumerated() {
      let y = Int(cells: box.minY) + 1 + index
      if item.isSeparatorItem {
        canvas.put(Cell("├"), x: x0, y: y)
        for x in 1..<(width - 1) { canvas.put(Cell("─"), x: x0 + x, y: y) }
        canvas.put(Cell("┤"), x: x0 + width - 1, y: y)
        continue
      }
      let state: Control.State =
        !item.isEnabled ? .disabled : index == popup.highlighted ? [.selected, .focused] : .normal
      let style = theme.style(for: state)
      canvas.fill(Rect(x: x0 + 1, y: y, width: width - 2, height: 1), with: .blank(style))
      let mark: Character? =
        switch item.state {
        case .off: nil
        case .on: "✓"
        case .mixed: "-"
        }
      if let mark { canvas.put(Cell(mark, style: style), x: x0 + 1, y: y) }
      canvas.draw(item.title, x: x0 + 2, y: y, style: style)
      var right = x0 + width - 3
      if item.hasSubmenu {
        canvas.draw("›", x: right, y: y, style: style)
        right -= 2
      }
      if let key = item.keyEquivalent?.displayName {
        canvas.draw(key, x: right - TextMetrics.width(of: key) + 1, y: y, style: style)
      }
    }
  }

  override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    if let touch = touches.first { menuWindow?.touchMoved(to: touch.location(in: nil)) }
  }

  override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
    if let touch = touches.first { menuWindow?.touchMoved(to: touch.location(in: nil)) }
  }

  override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
    if let touch = touches.first { menuWindow?.touchEnded(at: touch.location(in: nil)) }
  }

  override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {}

  // The other buttons as a menu takes them: a press outside the box closes the popups (and
  // goes no further, as a click outside an AppKit menu), a release on an item chooses it.
  override func rightMouseDown(with event: Event) { secondaryDown(event) }
  override func otherMouseDown(with event: Event) { secondaryDown(event) }
  override func rightMouseDragged(with event: Event) { secondaryMoved(event) }
  override func otherMouseDragged(with event: Event) { secondaryMoved(event) }
  override func rightMouseUp(with event: Event) { secondaryUp(event) }
  override func otherMouseUp(with event: Event) { secondaryUp(event) }

  override func mouseMoved(with event: Event) { secondaryMoved(event) }

  private func secondaryDown(_ event: Event) {
    guard let popup = menuWindow, let location = event.mouse?.location else { return }
    if popup.box.contains(location) { popup.touchMoved(to: location) } else { popup.touchEnded(at: location) }
  }

  private func secondaryMoved(_ event: Event) {
    if let location = event.mouse?.location { menuWindow?.touchMoved(to: location) }
  }

  private func secondaryUp(_ event: Event) {
    guard let popup = menuWindow, let location = event.mouse?.location, popup.itemIndex(at: location) != nil
    else { return }
    popup.touchEnded(at: location)
  }
}
