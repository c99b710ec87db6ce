import Testing

@testable import ResponderKit

/// A key event's description is how traces and the inspector name a key: by its character, by
/// the name key binding files use for it, else by the keysym's number.
@Suite struct KeyEventDescriptionTests {
  @Test func keysGoByTheirCharacterTheirBindingNameOrTheirNumber() {
    #expect(KeyEvent.character("a").description == "down a")
    #expect(KeyEvent(keysym: .f(1)).description == "down F1")
    #expect(KeyEvent(keysym: .tab, modifierFlags: .shift).description == "down Shift+Tab")
    var up = KeyEvent(keysym: .returnKey)
    up.phase = .up
    #expect(up.description == "up Return")
    #expect(KeyEvent(keysym: .space).description == "down Space")
    // EuroSign (0x20ac), a legacy keysym whose character only xkbcommon's table knows: the
    // terminal's text names it.
    #expect(KeyEvent(keysym: Keysym(0x20ac), characters: "€").description == "down €")
    // Shift_L has neither a character nor a binding name.
    #expect(KeyEvent(keysym: Keysym(0xffe1)).description == "down 0xffe1")
  }
}
