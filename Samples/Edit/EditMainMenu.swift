import ResponderKit

extension Action {
  /// Brings the window a Window menu item names to the front (the item's represented object).
  static let showDocumentWindow = Action("showDocumentWindow")
}

/// Edit's menus: File, Edit and Window. Every File and Edit item is nil-targeted, so it goes
/// to whatever in the responder chain answers it now — the text view (Cut, Undo), the window's
/// document (Save, Revert), the document controller (New, Open), the application (Quit) — and
/// is disabled when nothing does.
@MainActor
enum EditMainMenu {
  /// The Window menu's title, to find it again.
  static let windowTitle = "Window"

  static func make() -> Menu {
    func control(_ character: String, _ more: KeyEvent.ModifierFlags = []) -> KeySpec {
      KeySpec(character: character, modifiers: more.union(.control))
    }
    let file = Menu(
      title: "File",
      items: [
        MenuItem(title: "New", action: .newDocument, keyEquivalent: control("n")),
        MenuItem(title: "Open…", action: .openDocument, keyEquivalent: control("o")),
        .separator(),
        MenuItem(title: "Save", action: .saveDocument, keyEquivalent: control("s")),
        MenuItem(title: "Save As…", action: .saveDocumentAs, keyEquivalent: control("s", .shift)),
        MenuItem(title: "Revert to Saved", action: .revertDocumentToSaved),
        .separator(),
        MenuItem(title: "Close", action: .performClose, keyEquivalent: control("w")),
        MenuItem(title: "Quit", action: .terminate, keyEquivalent: control("q")),
      ])
    let edit = Menu.standardEditMenu(.all)
    return Menu(items: [file, edit, Menu(title: windowTitle)].map(MenuItem.init(submenu:)))
  }

  /// Lists `windows` in the Window menu of `mainMenu`, the key one checked; Alt+1…9 bring
  /// the first nine to the front.
  static func updateWindowMenu(
    of mainMenu: Menu?, windows: [(title: String, window: Window)], keyWindow: Window?,
    target: any ActionTarget
  ) {
    guard let menu = mainMenu?.item(withTitle: windowTitle)?.submenu else { return }
    while !menu.items.isEmpty { menu.removeItem(at: menu.items.count - 1) }
    for (number, entry) in windows.enumerated() {
      let key = number < 9 ? KeySpec(character: String(number + 1), modifiers: .alt) : nil
      let item = MenuItem(title: entry.title, action: .showDocumentWindow, keyEquivalent: key, target: target)
      item.representedObject = entry.window
      item.state = entry.window === keyWindow ? .on : .off
      menu.addItem(item)
    }
  }
}
