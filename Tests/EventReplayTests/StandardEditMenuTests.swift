import EventReplay
import Foundation
import ResponderKit
import Testing

/// `Menu.standardEditMenu(_:)`: the items of AppKit's default Edit menu (Undo, Redo; Cut, Copy,
/// Paste, Delete, Select All; Find, Find Next), in UIKit's groups, nil-targeted, so the focused
/// text edits through them and validation enables them.
@MainActor
struct StandardEditMenuTests {
  /// What each group holds: its items' actions, in order.
  static let groupActions: [(Menu.EditGroups, [Action])] = [
    (.undoRedo, [.undo, .redo]),
    (.standardEdit, [.cut, .copy, .paste, .delete, .selectAll]),
    (.find, [.performFindPanelAction, .findNext]),
  ]

  /// Every subset of the groups: the chosen groups' items in order, one separator between each
  /// two groups and none at either end, every item nil-targeted.
  @Test func everySubsetOfTheGroupsHasItsItemsOneSeparatorBetweenGroupsAndNoneAtTheEnds() {
    for bits in 0..<(1 << Self.groupActions.count) {
      let chosen = Self.groupActions.indices.filter { bits & (1 << $0) != 0 }.map { Self.groupActions[$0] }
      let groups = Menu.EditGroups(chosen.map(\.0))
      let menu = Menu.standardEditMenu(groups)
      #expect(menu.title == "Edit")
      let expected = chosen.map { $0.1.map(\.name) }.joined(separator: ["—"])
      let actual = menu.items.map { $0.isSeparatorItem ? "—" : ($0.action?.name ?? "?") }
      #expect(actual == Array(expected), "groups \(bits)")
      #expect(menu.items.allSatisfy { $0.target.isFirstResponder })
      #expect(
        Set(menu.items.filter(\.isSeparatorItem).map(ObjectIdentifier.init)).count
          == menu.items.filter(\.isSeparatorItem).count, "each separator its own item")
    }
    #expect(Menu.standardEditMenu(.all).items.count == 2 + 5 + 2 + 2)
  }

  /// The key equivalents no two of which collide: Control+Z, Y, X, C, V, F, Alt+A and F3.
  @Test func theKeyEquivalentsAreTheConventionalOnesAndDistinct() {
    let keys = Menu.standardEditMenu(.all).items.compactMap { item in
      item.keyEquivalent.map { (item.title, $0) }
    }
    #expect(
      keys.map { "\($0.0) \($0.1)" } == [
        "Undo \(KeySpec(character: "z", modifiers: .control))",
        "Redo \(KeySpec(character: "y", modifiers: .control))",
        "Cut \(KeySpec(character: "x", modifiers: .control))",
        "Copy \(KeySpec(character: "c", modifiers: .control))",
        "Paste \(KeySpec(character: "v", modifiers: .control))",
        "Select All \(KeySpec(character: "a", modifiers: .alt))",
        "Find… \(KeySpec(character: "f", modifiers: .control))",
        "Find Next \(KeySpec(keysym: .f(3), modifiers: []))",
      ])
    #expect(Set(keys.map(\.1)).count == keys.count)
  }

  /// `MenuItem(submenu:)` titles the bar's entry as the menu.
  @Test func anItemMadeFromASubmenuIsTitledAsIt() {
    let edit = Menu.standardEditMenu()
    let item = MenuItem(submenu: edit)
    #expect(item.title == "Edit")
    #expect(item.submenu === edit)
    #expect(item.action == nil)
  }

  /// Through the real key path: Alt+a selects the field's text, Control+C copies it, Control+X
  /// cuts it, Control+V pastes it back, Control+Z undoes the paste; Paste is disabled over a
  /// read-only view and its key goes on to the view, as a disabled item's key does in AppKit.
  @Test func theMenusKeysEditTheFocusedTextAndValidationDisablesWhatItCannotDo() {
    let app = Application()
    let driver = HeadlessDriver(application: app, size: Size(width: 30, height: 4))
    let window = Window()
    let root = View()
    let field = TextField(frame: Rect(x: 0, y: 0, width: 30, height: 1), text: "alpha")
    let notes = TextView(frame: Rect(x: 0, y: 1, width: 30, height: 3), text: "read only")
    notes.isEditable = false
    root.addSubview(field)
    root.addSubview(notes)
    window.rootView = root
    app.addWindow(window)
    let edit = Menu.standardEditMenu(.all)
    app.mainMenu = Menu(items: [MenuItem(submenu: edit)])
    window.makeKeyAndOrderFront()
    window.makeFirstResponder(field)
    func item(_ action: Action) -> MenuItem { edit.items.first { $0.action == action }! }

    #expect(!app.validateItem(item(.copy)), "nothing selected")
    driver.press("Alt+a")
    #expect(field.selectedRange == 0..<5)
    #expect(app.validateItem(item(.copy)))
    driver.press("Control+c")
    #expect(driver.pasteboard.string == "alpha")
    driver.press("Control+x")
    #expect(field.text == "")
    driver.press("Control+v")
    driver.press("Control+v")
    #expect(field.text == "alphaalpha")
    #expect(app.validateItem(item(.undo)))
    driver.press("Control+z")
    #expect(field.text == "alpha", "Undo takes back the last paste, one step (AppKit: Undo Paste)")

    window.makeFirstResponder(notes)
    #expect(!app.validateItem(item(.paste)), "a read-only view does not paste")
    #expect(!app.validateItem(item(.cut)))
    driver.press("Control+v")
    #expect(notes.text == "read only")
    driver.press("Alt+a")
    #expect(app.validateItem(item(.copy)), "it copies")
    driver.press("Control+c")
    #expect(driver.pasteboard.string == "read only")
  }
}
