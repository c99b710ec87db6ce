import Testing

@testable import ResponderKit

/// Shortcuts follow the physical key when the source reports it: Control+С on a Russian
/// layout is Control+C.
@Suite("Physical keys")
@MainActor
struct PhysicalKeyTests {
  /// Control+С (Cyrillic_es) as the kitty protocol reports it, with the base-layout key `c`.
  func controlEs(base: Keysym?) -> KeyEvent {
    var key = KeyEvent(
      keysym: Keysym(0x6d3), characters: "\u{3}", charactersIgnoringModifiers: "с", modifierFlags: .control)
    key.baseLayoutKeysym = base
    return key
  }

  @Test func aKeyCommandMatchesThroughTheBaseLayoutKey() {
    let copy = KeyCommand(title: "Copy", input: "c", modifierFlags: .control, action: .copy)
    #expect(copy.matches(controlEs(base: Keysym(0x63))))
    #expect(!copy.matches(controlEs(base: nil)))
  }

  @Test func aKeyOnItsOwnLayoutStillWins() {
    let command = KeyCommand(title: "Cyrillic", input: "с", modifierFlags: .control, action: .selectAll)
    #expect(command.matches(controlEs(base: Keysym(0x63))))
  }

  @Test func bindingsFallBackToThePhysicalKey() {
    var key = KeyEvent(
      keysym: Keysym(0x6c1), characters: "\u{6}", charactersIgnoringModifiers: "а", modifierFlags: .control)
    #expect(KeyBindings.standard.actions(for: key).isEmpty)
    key.baseLayoutKeysym = Keysym(0x66)  // f: Control+F moves forward
    #expect(KeyBindings.standard.actions(for: key) == [.moveForward])
  }

  @Test func legacyCharacterKeysymsCompareByTheirCharacter() {
    let spec = KeySpec(KeyEvent(keysym: Keysym(0x6d3), characters: "с"))
    #expect(spec == KeySpec(character: "с", modifiers: []))
  }
}
