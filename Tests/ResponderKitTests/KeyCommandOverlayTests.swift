import Testing

@testable import ResponderKit

extension Action {
  fileprivate static let overlaySave = Action("overlay.save")
  fileprivate static let overlayFind = Action("overlay.find")
  fileprivate static let overlayNobody = Action("overlay.nobody")
  fileprivate static let overlayMenu = Action("overlay.menu")
}

@MainActor
private final class CommandView: View {
  var performed: [String] = []
  var findEnabled = true
  var ownF1 = false
  override var canBecomeFirstResponder: Bool { true }
  override var keyCommands: [KeyCommand] {
    var commands = [
      KeyCommand(input: KeyCommand.inputF(5), action: .overlaySave, discoverabilityTitle: "Save the list"),
      KeyCommand(
        input: KeyCommand.inputF(6), modifierFlags: .control, action: .overlayFind,
        discoverabilityTitle: "Find"),
      KeyCommand(
        input: KeyCommand.inputF(7), action: .overlayNobody, discoverabilityTitle: "Nobody performs this"),
      // Shadowed by the first F5: the dispatch never reaches it, so it is not listed.
      KeyCommand(input: KeyCommand.inputF(5), action: .overlayFind, discoverabilityTitle: "Shadowed"),
    ]
    if ownF1 {
      commands.insert(KeyCommand(title: "Help", input: KeyCommand.inputF(1), action: .overlaySave), at: 0)
    }
    return commands
  }
  override class var actionTable: ActionTable { actions }
  private static let actions = ActionTable(CommandView.self, inheriting: View.actionTable) {
    $0.add(.overlaySave) { $0.performed.append("save") }
    $0.add(.overlayFind) { $0.performed.append("find") }
    $0.add(.overlayMenu) { $0.performed.append("menu") }
  }
  override func validate(_ item: any ValidatedItem) -> Bool {
    item.action == .overlayFind ? findEnabled : super.validate(item)
  }
}

/// The F1 overlay (UIKit's key-command HUD, `UIKeyCommand.discoverabilityTitle`): it lists
/// exactly the keys the dispatch would act on, sits after the app's own keys, and takes keys
/// while it shows without moving the focus.
@MainActor
@Suite("Key command overlay")
struct KeyCommandOverlayTests {
  private let h = ControlHarness(screen: Size(width: 50, height: 14))
  private let view = CommandView(frame: Rect(x: 0, y: 0, width: 10, height: 1))

  init() throws {
    h.add(view)
    h.window.makeFirstResponder(view)
    let file = Menu(
      title: "File",
      items: [
        MenuItem(title: "Open Recent", action: .overlayMenu, keyEquivalent: try KeySpec(parsing: "F8")),
        MenuItem(title: "Print", action: .overlayNobody, keyEquivalent: try KeySpec(parsing: "F9")),
      ])
    let fileItem = MenuItem(title: "File")
    fileItem.submenu = file
    h.app.mainMenu = Menu(title: "", items: [fileItem])
  }

  /// Every candidate key, as the shortcut the overlay would show and the key press.
  private let candidates: [(shortcut: String, keysym: Keysym, modifiers: KeyEvent.ModifierFlags)] = [
    ("F5", .f(5), []), ("Control+F6", .f(6), .control), ("F7", .f(7), []), ("F8", .f(8), []),
    ("F9", .f(9), []),
  ]

  private func expectListingMatchesDispatch() {
    let listed = Set(h.app.keyCommandOverlay.availableEntries().map(\.shortcut))
    for candidate in candidates {
      let before = view.performed.count
      h.key(candidate.keysym, modifiers: candidate.modifiers)
      let acted = view.performed.count > before
      #expect(listed.contains(candidate.shortcut) == acted, "\(candidate.shortcut)")
    }
  }

  @Test func itListsExactlyTheKeysTheDispatchActsOn() {
    #expect(
      h.app.keyCommandOverlay.availableEntries() == [
        .init(shortcut: "F8", title: "Open Recent"), .init(shortcut: "F5", title: "Save the list"),
        .init(shortcut: "Control+F6", title: "Find"),
      ])
    expectListingMatchesDispatch()
    #expect(view.performed == ["save", "find", "menu"])
    view.findEnabled = false
    expectListingMatchesDispatch()
  }

  @Test func f1OpensItOverTheWindowAndEscapeOrF1ClosesItWithoutMovingTheFocus() {
    let overlay = h.app.keyCommandOverlay
    h.key(.f(1))
    #expect(overlay.isShowing)
    #expect(h.window.firstResponder === view)
    #expect(h.app.renderScreen().plainText.contains("F5  Save the list"))
    #expect(h.app.cursorPosition == nil)
    // Keys go to the overlay, not to the app behind it.
    h.key(.f(5))
    #expect(view.performed.isEmpty)
    h.key(.escape)
    #expect(!overlay.isShowing)
    #expect(!h.app.renderScreen().plainText.contains("Save the list"))
    h.key(.f(1))
    #expect(overlay.isShowing)
    h.key(.f(1))
    #expect(!overlay.isShowing)
    #expect(h.window.firstResponder === view)
    h.key(.f(5))
    #expect(view.performed == ["save"])
  }

  @Test func anAppsOwnF1WinsAndAnAppCanTurnItOff() {
    view.ownF1 = true
    h.key(.f(1))
    #expect(view.performed == ["save"])
    #expect(!h.app.keyCommandOverlay.isShowing)
    view.ownF1 = false
    h.app.keyCommandOverlay.isEnabled = false
    h.key(.f(1))
    #expect(!h.app.keyCommandOverlay.isShowing)
  }

  @Test func itIsDrawnAboveEveryWindow() {
    let front = Window(frame: Rect(x: 0, y: 0, width: 50, height: 14))
    front.rootView = View(frame: front.frame)
    front.rootView?.backgroundColor = .blue
    h.app.addWindow(front)
    front.makeKeyAndOrderFront()
    h.app.keyCommandOverlay.show()
    let screen = h.app.renderScreen()
    #expect(screen.plainText.contains("Keys"))
    #expect(screen.plainText.contains("Esc or F1 closes"))
  }

  @Test func anEmptyListStaysInsideItsBorder() {
    let empty = ControlHarness(screen: Size(width: 50, height: 14))
    empty.key(.f(1))
    let line = empty.screen.split(separator: "\n").first { $0.contains("No keys available here") }
    // The sentence is followed by at least one space and the right border, not drawn over it.
    #expect(line?.contains("No keys available here │") == true, "\(line ?? "")")
  }

  /// Textual's convention (https://textual.textualize.io/FAQ/ "Why doesn't Textual exit on
  /// Ctrl+C?"): Ctrl+C that nothing uses says how to quit; the next key acts as usual.
  @Test func controlCThatNothingTakesSaysHowToQuitAndTheNextKeyGoesThrough() {
    let controlC = KeyEvent(
      keysym: Keysym(0x63), characters: "\u{3}", charactersIgnoringModifiers: "c", modifierFlags: .control)
    h.app.handle(.key(controlC))
    #expect(h.app.keyCommandOverlay.message == KeyCommandOverlay.quitHint)
    #expect(h.screen.contains("│ Press Ctrl+Q to quit │"))
    h.key(.f(5))
    #expect(!h.app.keyCommandOverlay.isShowing)
    #expect(view.performed == ["save"])
    #expect(!h.screen.contains("Press Ctrl+Q to quit"))
  }
}

/// One notation for keys on every screen, the hint lines' (`n new`, `^N new`): a bare letter
/// lower case, a letter with Control in capitals, whether it comes from a menu or a key command.
@MainActor
@Suite("Key notation")
struct KeyNotationTests {
  @Test func menusAndKeyCommandsWriteKeysTheSameWay() throws {
    #expect(KeyCommand(input: "n", action: .copy).shortcutDescription == "n")
    #expect(KeyCommand(input: "n", modifierFlags: .control, action: .copy).shortcutDescription == "Control+N")
    #expect(try KeySpec(parsing: "Control+n").displayName == "Control+N")
    #expect(try KeySpec(parsing: "n").displayName == "n")
    #expect(try KeySpec(parsing: "F5").displayName == "F5")
    // The exact spelling still reads back.
    #expect(try KeySpec(parsing: "Control+n").description == "Control+n")
  }
}
