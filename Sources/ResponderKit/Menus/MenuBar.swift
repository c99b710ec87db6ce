/// The row of menu titles at the top of a screen. Tapping a title (or F10, when the bar
/// shows the application's main menu) opens its menu as a popup;
/// in the popup Up/Down move, Left/Right go to the neighbouring menu, Return or Space
/// choose, Escape closes, and a tap outside closes.
///
/// The titles are the items of ``menu`` (by default the application's
/// ``Application/mainMenu``); each item's submenu is what opens.
@MainActor
open class MenuBar: View {
  /// Creates a bar; put it one row high at the top of the window's content.
  public init(menu: Menu? = nil, frame: Rect = .zero) {
    self.explicitMenu = menu
    super.init(frame: frame)
  }

  private var explicitMenu: Menu?

  /// The menu whose items are the bar's titles; the application's main menu unless set.
  public var menu: Menu? {
    get { explicitMenu ?? window?.application?.mainMenu }
    set {
      explicitMenu = newValue
      setNeedsDisplay()
    }
  }

  /// The style of the bar; titles of open menus are drawn reversed over it.
  open var barStyle = TextStyle() {
    didSet { if barStyle != oldValue { setNeedsDisplay() } }
  }

  /// The index of the open menu, if one is.
  public private(set) var openIndex: Int?
  private weak var openWindow: MenuWindow?

  /// The columns each title covers, in the bar's coordinates: ` File ` with a space each side.
  public var titleColumns: [Range<Int>] {
    var x = 0
    return (menu?.items ?? []).map { item in
      let width = TextMetrics.width(of: item.title) + 2
      defer { x += width }
      return x..<(x + width)
    }
  }

  /// The title under a column, if any.
  public func index(atColumn column: Int) -> Int? {
    titleColumns.firstIndex { $0.contains(column) }
  }

  /// Opens the menu at `index` as a popup under its title, closing any other; it does
  /// nothing when the item has no submenu or the bar is not in an application's window.
  /// Keyboard users want the first enabled item highlighted (`selectingFirstItem`).
  public func openMenu(at index: Int, selectingFirstItem: Bool = false) {
    closeMenu()
    guard let items = menu?.items, items.indices.contains(index), let submenu = items[index].submenu,
      let app = window?.application
    else { return }
    let anchor = convert(toScreen: Point(x: titleColumns[index].lowerBound, y: 1))
    openIndex = index
    setNeedsDisplay()
    let popup = MenuWindow(menu: submenu, application: app, anchor: anchor)
    popup.bar = self
    popup.barIndex = index
    openWindow = popup
    popup.show()
    if selectingFirstItem { popup.moveHighlight(by: 1) }
  }

  /// Closes the open menu, if any.
  public func closeMenu() {
    openWindow?.dismissAll()
    menuDidClose()
  }

  func menuDidClose() {
    openWindow = nil
    if openIndex != nil {
      openIndex = nil
      setNeedsDisplay()
    }
  }

  /// The title index under a screen point, for popups that cover the bar.
  func index(atScreenPoint point: Point) -> Int? {
    let p = convert(fromScreen: point)
    guard p.y >= 0, p.y < 1, p.x >= 0, p.x < bounds.width else { return nil }
    return index(atColumn: Int(cells: p.x.rounded(.down)))
  }

  /// Draws the titles, the open one reversed and bold in the tint colour.
  /// One row, as wide as offered: a bar's natural size never depends on the frame it was
  /// last squeezed into, so a stack gives its row back when the screen grows again.
  open override func sizeThatFits(_ size: Size) -> Size { Size(width: size.width, height: 1) }

  open override func draw(in canvas: Canvas) {
    super.draw(in: canvas)
    canvas.fill(Rect(x: 0, y: 0, width: bounds.width, height: 1), with: .blank(barStyle))
    var openStyle = barStyle.adding([.reverse, .bold])
    openStyle.foreground = tintColor
    let items = menu?.items ?? []
    for (index, columns) in titleColumns.enumerated() {
      let style = index == openIndex ? openStyle : barStyle
      canvas.draw(" \(items[index].title) ", x: columns.lowerBound, y: 0, style: style)
    }
  }

  private var touchIndex: Int?

  /// A touch on a title arms it.
  open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    guard let touch = touches.first else { return }
    touchIndex = index(atColumn: Int(cells: touch.location(in: self).x.rounded(.down)))
  }

  /// Moving does nothing until release.
  open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {}

  /// Releasing on the armed title opens its menu.
  open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
    defer { touchIndex = nil }
    guard let touch = touches.first, let armed = touchIndex,
      index(atColumn: Int(cells: touch.location(in: self).x.rounded(.down))) == armed
    else { return }
    openMenu(at: armed)
  }

  /// A cancelled touch opens nothing.
  open override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
    touchIndex = nil
  }
}
