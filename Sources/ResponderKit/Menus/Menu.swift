/// A list of ``MenuItem``s: the application's main menu (whose items' submenus are the
/// menus of a ``MenuBar``), or any menu shown as a popup.
///
/// Set the main menu with ``Application/mainMenu``; its key equivalents then fire before the
/// first responder sees the key, but only for items that validate as enabled. A key whose
/// item is disabled goes on to the first responder as usual.
///
/// A menu validates and sends its items' actions through its ``application``, a weak link set
/// when the menu is attached: as the main menu, in a ``MenuBar`` of a window, or opened as a
/// popup. A submenu uses its supermenu's application.
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

  /// The application whose responder chain validates and performs the items: the one the
  /// menu (or its supermenu) was attached to, nil while it is attached nowhere.
  public var application: Application? {
    attachedApplication ?? supermenu?.application
  }

  /// Set when the menu is attached (main menu, menu bar, popup); weak, as the application
  /// owns its windows and main menu, not the other way round.
  weak var attachedApplication: Application?

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
  public func update() {
    guard autoenablesItems else { return }
    for item in items { item.isEnabled = isItemEnabled(item) }
  }

  /// Whether `item` would be enabled now: separators never; an item without action only
  /// when it has a non-empty submenu; a target that was deallocated never; otherwise the
  /// action must resolve to a target whose `validate(_:)` says yes. When the menu does not
  /// auto-enable, the item's own ``MenuItem/isEnabled``. A menu attached to no application
  /// has no chain to validate against, so its action items are disabled.
  public func isItemEnabled(_ item: MenuItem) -> Bool {
    guard autoenablesItems else { return item.isEnabled && !item.isSeparatorItem }
    if item.isSeparatorItem { return false }
    guard item.action != nil else { return !(item.submenu?.items.isEmpty ?? true) }
    if item.target.isGone { return false }
    guard let application else { return false }
    if item.action == .undo || item.action == .redo { nameUndoItem(item, in: application) }
    return application.validateItem(item, target: item.target.object)
  }

  /// Names an Undo or Redo item after the change it would undo or redo ("Undo Typing",
  /// ``UndoManager/undoMenuItemTitle``), as AppKit's responders do when they validate it:
  /// here for every app, from the undo manager of the responder that would perform it, else
  /// of the key window's first responder (plain "Undo" when there is nothing to undo). A
  /// responder's `validate(_:)` runs after and may name it otherwise.
  private func nameUndoItem(_ item: MenuItem, in application: Application) {
    guard let action = item.action else { return }
    let target = application.target(forAction: action, to: item.target.object, from: item) as? Responder
    let window = application.keyWindow
    guard let manager = (target ?? window?.firstResponder ?? window)?.undoManager else { return }
    let title = action == .undo ? manager.undoMenuItemTitle : manager.redoMenuItemTitle
    if item.title != title { item.title = title }
  }

  // MARK: Performing

  /// Sends the item's action (if it is enabled now) to its target; true if something
  /// performed it.
  @discardableResult
  public func performItem(_ item: MenuItem) -> Bool {
    guard let action = item.action, let application, isItemEnabled(item) else { return false }
    return application.sendAction(action, to: item.target, from: item)
  }

  /// Sends the action of the item at an index; see ``performItem(_:)``.
  @discardableResult
  public func performActionForItem(at index: Int) -> Bool {
    guard items.indices.contains(index) else { return false }
    return performItem(items[index])
  }

  /// Finds an enabled item (here or in a submenu) whose key equivalent is `key` and
  /// performs it; false when none matches or every match is disabled, so the key goes on.
  public func performKeyEquivalent(with key: KeyEvent) -> Bool {
    guard key.phase != .up else { return false }
    if performKeyEquivalent(KeySpec(key)) { return true }
    // The key's place on the base layout, as key commands and bindings fall back to.
    guard let base = key.baseLayoutKeysym else { return false }
    return performKeyEquivalent(KeySpec(keysym: base, modifiers: key.modifierFlags))
  }

  private func performKeyEquivalent(_ spec: KeySpec) -> Bool {
    for item in items {
      if item.keyEquivalent == spec, let action = item.action {
        let enabled = isItemEnabled(item)
        if autoenablesItems { item.isEnabled = enabled }
        if let trace = ActionTrace.current {
          let reason = application?.validation(of: item, target: item.target.object)?.rawValue ?? "disabled"
          trace.note(
            "menu item \(ActionTrace.name(of: item)) \(spec): " + (enabled ? "sends \(action)" : reason))
        }
        if enabled, performItem(item) { return true }
      }
      if let submenu = item.submenu, submenu.performKeyEquivalent(spec) { return true }
    }
    return false
  }
}
