/// A list of ``MenuItem``s: the application's main menu (whose items' submenus are the
/// menus of a ``MenuBar``), or any menu shown as a popup.
///
/// Set the main menu with ``Application/mainMenu``; its key equivalents then fire before the
/// first responder sees the key, but only for items that validate as enabled. A key whose
/// item is disabled goes on to the first responder as usual.
@MainActor
public final class Menu {
  /// Creates a menu.
  public init(title: String = "", items: [MenuItem] = []) {
    self.title = title
    for item in items { addItem(item) }
  }

  /// The title, shown in a menu bar.
  public var title: String
  /// The items, top to bottom.
  public private(set) var items: [MenuItem] = []
  /// Whether validation decides ``MenuItem/isEnabled`` (default true, as in AppKit).
  public var autoenablesItems = true
  /// The menu this one is a submenu of.
  public internal(set) weak var supermenu: Menu?

  /// Adds an item at the end.
  public func addItem(_ item: MenuItem) {
    insertItem(item, at: items.count)
  }

  /// Adds an item made from a title, action and key equivalent; returns it.
  @discardableResult
  public func addItem(withTitle title: String, action: Action?, keyEquivalent: KeySpec? = nil) -> MenuItem {
    let item = MenuItem(title: title, action: action, keyEquivalent: keyEquivalent)
    addItem(item)
    return item
  }

  /// Inserts an item; an item already in another menu is moved.
  public func insertItem(_ item: MenuItem, at index: Int) {
    item.menu?.removeItem(item)
    items.insert(item, at: max(0, min(index, items.count)))
    item.menu = self
  }

  /// Removes an item.
  public func removeItem(_ item: MenuItem) {
    guard let index = items.firstIndex(where: { $0 === item }) else { return }
    removeItem(at: index)
  }

  /// Removes the item at an index.
  public func removeItem(at index: Int) {
    guard items.indices.contains(index) else { return }
    items.remove(at: index).menu = nil
  }

  /// The first item with this title.
  public func item(withTitle title: String) -> MenuItem? {
    items.first { $0.title == title }
  }

  // MARK: Validation

  /// Recomputes every item's ``MenuItem/isEnabled`` when the menu auto-enables (submenus
  /// are updated when they open).
  public func update(in app: Application) {
    guard autoenablesItems else { return }
    for item in items { item.isEnabled = isItemEnabled(item, in: app) }
  }

  /// Whether `item` would be enabled now: separators never; an item without action only
  /// when it has a non-empty submenu; a target that was deallocated never; otherwise the
  /// action must resolve to a target whose `validate(_:)` says yes. When the menu does not
  /// auto-enable, the item's own ``MenuItem/isEnabled``.
  public func isItemEnabled(_ item: MenuItem, in app: Application) -> Bool {
    guard autoenablesItems else { return item.isEnabled && !item.isSeparatorItem }
    if item.isSeparatorItem { return false }
    guard item.action != nil else { return !(item.submenu?.items.isEmpty ?? true) }
    if item.target.isGone { return false }
    return app.validateItem(item, target: item.target.object)
  }

  // MARK: Performing

  /// Sends the item's action (if it is enabled now) to its target; true if something
  /// performed it.
  @discardableResult
  public func performItem(_ item: MenuItem, in app: Application) -> Bool {
    guard let action = item.action, isItemEnabled(item, in: app) else { return false }
    return app.sendAction(action, to: item.target, from: item)
  }

  /// Sends the action of the item at an index; see ``performItem(_:in:)``.
  @discardableResult
  public func performActionForItem(at index: Int, in app: Application) -> Bool {
    guard items.indices.contains(index) else { return false }
    return performItem(items[index], in: app)
  }

  /// Finds an enabled item (here or in a submenu) whose key equivalent is `key` and
  /// performs it; false when none matches or every match is disabled, so the key goes on.
  public func performKeyEquivalent(with key: KeyEvent, in app: Application) -> Bool {
    guard key.phase != .up else { return false }
    if performKeyEquivalent(KeySpec(key), in: app) { return true }
    // The key's place on the base layout, as key commands and bindings fall back to.
    guard let base = key.baseLayoutKeysym else { return false }
    return performKeyEquivalent(KeySpec(keysym: base, modifiers: key.modifierFlags), in: app)
  }

  private func performKeyEquivalent(_ spec: KeySpec, in app: Application) -> Bool {
    for item in items {
      if item.keyEquivalent == spec, item.action != nil {
        let enabled = isItemEnabled(item, in: app)
        if autoenablesItems { item.isEnabled = enabled }
        if enabled, performItem(item, in: app) { return true }
      }
      if let submenu = item.submenu, submenu.performKeyEquivalent(spec, in: app) { return true }
    }
    return false
  }
}
