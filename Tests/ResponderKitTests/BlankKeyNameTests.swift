import Testing

@testable import ResponderKit

/// A key whose character draws nothing is shown by name everywhere keys are listed (menus, the
/// F1 overlay, key commands): Checklists' Space binding showed a blank key.
@MainActor
@Suite("Blank key names")
struct BlankKeyNameTests {
  /// Every whitespace, control and default-ignorable scalar of the Basic Multilingual Plane.
  static let blankScalars: [Unicode.Scalar] = (UInt32(0)...0xFFFF).compactMap(Unicode.Scalar.init).filter {
    let character = Character($0)
    return character.isWhitespace || character.terminalWidth == 0 || $0.properties.isDefaultIgnorableCodePoint
  }

  @Test func noKeyCommandOrSpecIsShownBlank() {
    #expect(Self.blankScalars.count > 100)
    for scalar in Self.blankScalars {
      let input = String(Character(scalar))
      for modifiers: KeyEvent.ModifierFlags in [[], .control] {
        let command = KeyCommand(title: "t", input: input, modifierFlags: modifiers, action: .copy)
        let shown = command.shortcutDescription
        #expect(
          !shown.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "U+\(scalar.value) \(modifiers)")
        #expect(shown.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 0x20 || $0 == "+" }, "\(shown)")
        let spec = KeySpec(character: input, modifiers: modifiers).displayName
        #expect(
          spec.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 0x20 }, "U+\(scalar.value): \(spec)")
      }
    }
  }

  @Test func spaceAndTheNamedKeysReadAsTheKeyBindingFilesWriteThem() throws {
    #expect(KeyCommand(input: " ", action: .copy).shortcutDescription == "Space")
    #expect(
      KeyCommand(input: " ", modifierFlags: .control, action: .copy).shortcutDescription == "Control+Space")
    #expect(KeyCommand(input: "", action: .copy).shortcutDescription == "Space")
    #expect(KeyCommand(input: "\u{A0}", action: .copy).shortcutDescription == "U+00A0")
    #expect(KeySpec(character: " ", modifiers: []).displayName == "Space")
    #expect(try KeySpec(parsing: "Space") == KeySpec(character: " ", modifiers: []))
    #expect(KeyCommand(input: "x", action: .copy).shortcutDescription == "x", "a visible key is as it was")
  }

  @Test func theF1OverlayListsASpaceKeyCommandByName() {
    let h = ControlHarness(screen: Size(width: 50, height: 12))
    let view = h.add(SpaceToggleView(frame: Rect(x: 0, y: 0, width: 10, height: 1)))
    h.window.makeFirstResponder(view)
    let entries = h.app.keyCommandOverlay.availableEntries()
    #expect(entries.contains(KeyCommandOverlay.Entry(shortcut: "Space", title: "Toggle")))
  }
}

@MainActor
private final class SpaceToggleView: View {
  override var canBecomeFirstResponder: Bool { true }
  override var keyCommands: [KeyCommand] { [KeyCommand(title: "Toggle", input: " ", action: .copy)] }
  override class var actionTable: ActionTable { actions }
  private static let actions = ActionTable(SpaceToggleView.self, inheriting: View.actionTable) {
    $0.add(.copy) { _ in }
  }
}
