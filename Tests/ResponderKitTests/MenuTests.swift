import Testing

@testable import ResponderKit

extension Action {
  static let frobnicate = Action("frobnicate")
  static let toggleRuler = Action("toggleRuler")
}

/// A text-ish view: can copy always, and paste only when the pasteboard has something.
@MainActor
final class TextishView: View {
  var copies = 0
  var pastes = 0
  var pasteboardHasText = false
  override var canBecomeFirstResponder: Bool { true }
  override class var actionTable: ActionTable { table }
  private static let table = ActionTable(TextishView.self, inheriting: View.actionTable) {
    $0.add(.copy) { $0.copies += 1 }
    $0.add(.paste) { $0.pastes += 1 }
  }
  override func validate(_ item: any ValidatedItem) -> Bool {
    item.action == .paste ? pasteboardHasText : true
  }
}

/// A focusable view that records the keys that reach it.
@MainActor
final class KeyRecorder: View {
  var keys: [KeyEvent] = []
  override var canBecomeFirstResponder: Bool { true }
  override func keyDown(with event: KeyEvent) { keys.append(event) }
}

/// An explicit target outside the responder chain.
@MainActor
final class RulerController: ActionTarget {
  var toggles = 0
  static let actionTable = ActionTable(RulerController.self) {
    $0.add(.toggleRuler) { $0.toggles += 1 }
  }
}

@MainActor
struct MenuTests {
  let app: Application
  let window: Window
  let bar = MenuBar()
  let text = TextishView(frame: Rect(x: 0, y: 1, width: 10, height: 1))
  let recorder = KeyRecorder(frame: Rect(x: 0, y: 2, width: 10, height: 1))
  let copy: MenuItem
  let paste: MenuItem
  let frobnicate: MenuItem
  let menu: Menu

  init() throws {
    (app, window) = Input.app(columns: 30, rows: 8)
    let root = View()
    window.rootView = root
    bar.frame = Rect(x: 0, y: 0, width: 30, height: 1)
    root.addSubview(bar)
    root.addSubview(text)
    root.addSubview(recorder)
    copy = MenuItem(title: "Copy", action: .copy, keyEquivalent: try KeySpec(parsing: "Control+c"))
    paste = MenuItem(title: "Paste", action: .paste, keyEquivalent: try KeySpec(parsing: "Control+v"))
    frobnicate = MenuItem(title: "Frobnicate", action: .frobnicate, keyEquivalent: try KeySpec(parsing: "F5"))
    let edit = Menu(title: "Edit", items: [copy, paste, .separator(), frobnicate])
    let editItem = MenuItem(title: "Edit")
    editItem.submenu = edit
    let viewItem = MenuItem(title: "View")
    viewItem.submenu = Menu(title: "View", items: [MenuItem(title: "Zoom", action: .frobnicate)])
    menu = Menu(items: [editItem, viewItem])
    app.mainMenu = menu
  }

  func controlKey(_ c: Character) -> InputEvent {
    .key(
      KeyEvent(
        keysym: Keysym(unicodeScalar: c.unicodeScalars.first!), characters: "\u{3}",
        charactersIgnoringModifiers: String(c), modifierFlags: .control))
  }

  @Test func itemsFollowTheFirstResponder() throws {
    let edit = try #require(copy.menu)
    window.makeFirstResponder(text)
    edit.update()
    #expect(copy.isEnabled)
    #expect(!paste.isEnabled)  // the view can paste but validates it off
    text.pasteboardHasText = true
    edit.update()
    #expect(paste.isEnabled)

    window.makeFirstResponder(recorder)
    edit.update()
    #expect(!copy.isEnabled)
    #expect(!paste.isEnabled)
  }

  @Test func itemIsDisabledWhenNothingInTheChainPerformsItsAction() throws {
    window.makeFirstResponder(text)
    try #require(frobnicate.menu).update()
    #expect(!frobnicate.isEnabled)
    #expect(!frobnicate.menu!.performItem(frobnicate))
    let separator = try #require(copy.menu?.items[2])
    #expect(!copy.menu!.isItemEnabled(separator))
  }

  @Test func submenuItemsAreEnabledWhenTheirMenuHasItems() {
    menu.update()
    let allEnabled = menu.items.allSatisfy { $0.isEnabled }
    #expect(allEnabled)
    let empty = MenuItem(title: "Empty")
    empty.submenu = Menu()
    menu.addItem(empty)
    menu.update()
    #expect(!empty.isEnabled)
  }

  @Test func keyEquivalentFiresBeforeTheFirstResponderOnlyWhenEnabled() {
    window.makeFirstResponder(text)
    app.handle(controlKey("c"))
    #expect(text.copies == 1)

    // With the recorder focused nothing can copy: the item is disabled and the key goes on.
    window.makeFirstResponder(recorder)
    app.handle(controlKey("c"))
    #expect(text.copies == 1)
    #expect(recorder.keys.count == 1)
    #expect(!copy.isEnabled)
  }

  @Test func explicitTargetsAreUsedAndAGoneTargetDisablesTheItem() {
    var ruler: RulerController? = RulerController()
    let item = MenuItem(title: "Ruler", action: .toggleRuler, target: ruler)
    let view = menu.items[1].submenu!
    view.addItem(item)
    #expect(view.isItemEnabled(item))
    #expect(view.performItem(item))
    #expect(ruler?.toggles == 1)
    ruler = nil
    #expect(!view.isItemEnabled(item))
    #expect(!view.performItem(item))
  }

  @Test func aMenuKnowsTheApplicationItIsAttachedTo() throws {
    let edit = try #require(copy.menu)
    #expect(menu.application === app)
    #expect(edit.application === app)  // through its supermenu
    window.makeFirstResponder(text)
    #expect(edit.isItemEnabled(copy))

    // Detached, nothing can validate or perform its items.
    app.mainMenu = nil
    #expect(menu.application == nil)
    #expect(!edit.isItemEnabled(copy))
    #expect(!edit.performItem(copy))
    #expect(text.copies == 0)
  }

  @Test func manualEnablingWhenTheMenuDoesNotAutoenable() {
    let edit = copy.menu!
    edit.autoenablesItems = false
    window.makeFirstResponder(recorder)
    edit.update()
    #expect(copy.isEnabled)  // untouched by validation
    copy.isEnabled = false
    window.makeFirstResponder(text)
    app.handle(controlKey("c"))
    #expect(text.copies == 0)
  }

  @Test func tapOpensAMenuAndKeysChooseAnItem() {
    window.makeFirstResponder(text)
    Input.tap(app, x: 1, y: 0, time: 0)
    #expect(bar.openIndex == 0)
    #expect(app.keyWindow is MenuWindow)
    #expect(app.mainWindow === window)
    app.handle(Input.key(.down))
    app.handle(Input.key(.returnKey))
    #expect(text.copies == 1)
    #expect(bar.openIndex == nil)
    #expect(app.keyWindow === window)
    #expect(window.firstResponder === text)
  }

  @Test func keyboardSkipsDisabledItemsAndSeparators() {
    window.makeFirstResponder(text)
    bar.openMenu(at: 0)
    app.handle(Input.key(.down))
    app.handle(Input.key(.down))  // Paste is disabled, the separator and Frobnicate too: wraps to Copy
    app.handle(Input.key(.returnKey))
    #expect(text.copies == 1)
  }

  @Test func escapeAndTapOutsideClose() {
    bar.openMenu(at: 0)
    app.handle(Input.key(.escape))
    #expect(bar.openIndex == nil)
    #expect(app.windows.count == 1)
    bar.openMenu(at: 0)
    Input.tap(app, x: 28, y: 6, time: 0)
    #expect(bar.openIndex == nil)
    #expect(app.windows.count == 1)
  }

  @Test func leftAndRightSwitchMenusAndTapsOnTheBarSwitchToo() {
    bar.openMenu(at: 0)
    app.handle(Input.key(.right))
    #expect(bar.openIndex == 1)
    app.handle(Input.key(.left))
    #expect(bar.openIndex == 0)
    Input.tap(app, x: 8, y: 0, time: 0)
    #expect(bar.openIndex == 1)
    #expect(app.windows.count == 2)
  }

  @Test func tappingAnItemPerformsIt() {
    window.makeFirstResponder(text)
    bar.openMenu(at: 0)
    Input.tap(app, x: 3, y: 2, time: 0)
    #expect(text.copies == 1)
    #expect(bar.openIndex == nil)
  }

  @Test func rendersTheBarAndAnOpenMenu() {
    window.makeFirstResponder(text)
    bar.openMenu(at: 0)
    app.handle(Input.key(.down))
    let screen = app.renderScreen()
    let expected = [
      " Edit  View",
      "┌──────────────────┐",
      "│ Copy   Control+C │",
      "│ Paste  Control+V │",
      "├──────────────────┤",
      "│ Frobnicate    F5 │",
      "└──────────────────┘",
      "",
    ].joined(separator: "\n")
    #expect(screen.plainText == expected)
    #expect(screen[1, 0].style.attributes.contains(.reverse))
    #expect(!screen[7, 0].style.attributes.contains(.reverse))
    #expect(screen[3, 2].style.attributes.contains(.reverse))
    #expect(screen[3, 3].style.foreground == Theme.standard.disabled)
  }

  @Test func f10OpensTheFirstMenuWithItsFirstItemHighlighted() {
    window.makeFirstResponder(text)
    app.handle(Input.key(.f(10)))
    #expect(bar.openIndex == 0)
    app.handle(Input.key(.returnKey))
    #expect(text.copies == 1)
    #expect(bar.openIndex == nil)
  }
}
