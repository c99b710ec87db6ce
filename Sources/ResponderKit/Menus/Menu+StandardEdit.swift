extension Menu {
  /// The groups of a standard Edit menu, named after UIKit's `UIMenu.Identifier`s for them;
  /// each is separated from the next by a line.
  public struct EditGroups: OptionSet, Sendable, Hashable {
    /// The groups' bits.
    public let rawValue: Int
    /// Creates a set of groups from its raw value.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Undo (Control+Z) and Redo (Control+Y).
    public static let undoRedo = EditGroups(rawValue: 1 << 0)
    /// Cut, Copy and Paste (Control+X, C, V), Delete, and Select All (Alt+A: Control+A is
    /// the text views' move to the beginning of the line).
    public static let standardEdit = EditGroups(rawValue: 1 << 1)
    /// Find… (Control+F) and Find Next (F3).
    public static let find = EditGroups(rawValue: 1 << 2)
    /// Every group.
    public static let all: EditGroups = [.undoRedo, .standardEdit, .find]
  }

  /// An Edit menu with the standard items of `groups`, each sent to the first responder and
  /// enabled only when something in the chain can perform it now (a text view with a selection
  /// enables Copy, one that is read-only never enables Paste): what AppKit's default main menu
  /// and UIKit's system Edit menu give an app. Add the app's own items to the menu it returns;
  /// leave a group out when the app uses its keys for something else.
  public static func standardEditMenu(_ groups: EditGroups = [.undoRedo, .standardEdit]) -> Menu {
    func control(_ character: String) -> KeySpec { KeySpec(character: character, modifiers: .control) }
    var sections: [[MenuItem]] = []
    if groups.contains(.undoRedo) {
      sections.append([
        MenuItem(title: "Undo", action: .undo, keyEquivalent: control("z")),
        MenuItem(title: "Redo", action: .redo, keyEquivalent: control("y")),
      ])
    }
    if groups.contains(.standardEdit) {
      sections.append([
        MenuItem(title: "Cut", action: .cut, keyEquivalent: control("x")),
        MenuItem(title: "Copy", action: .copy, keyEquivalent: control("c")),
        MenuItem(title: "Paste", action: .paste, keyEquivalent: control("v")),
        MenuItem(title: "Delete", action: .delete),
        MenuItem(
          title: "Select All", action: .selectAll, keyEquivalent: KeySpec(character: "a", modifiers: .alt)),
      ])
    }
    if groups.contains(.find) {
      sections.append([
        MenuItem(title: "Find…", action: .performFindPanelAction, keyEquivalent: control("f")),
        MenuItem(title: "Find Next", action: .findNext, keyEquivalent: KeySpec(keysym: .f(3), modifiers: [])),
      ])
    }
    // A separator of its own between each two groups (an item belongs to one menu once).
    var items: [MenuItem] = []
    for section in sections {
      if !items.isEmpty { items.append(.separator()) }
      items += section
    }
    return Menu(title: "Edit", items: items)
  }
}

extension MenuItem {
  /// An item that opens `submenu`, titled as the menu is: an entry of a main menu's bar.
  public convenience init(submenu: Menu) {
    self.init(title: submenu.title)
    self.submenu = submenu
  }
}
