import ResponderKit
import Testing
import XKBKeyboard

@Suite struct KeysymNameTests {
  @Test func namesGiveKeysyms() {
    #expect(Keysym(name: "Return") == .returnKey)
    #expect(Keysym(name: "adiaeresis") == Keysym(0xe4))
    #expect(Keysym(name: "U20AC") == Keysym(0x10020ac))
    #expect(Keysym(name: "return") == nil)
    #expect(Keysym(name: "return", caseInsensitive: true) == .returnKey)
    #expect(Keysym(name: "no such keysym") == nil)
    #expect(Keysym(name: "") == nil)
  }

  @Test func keysymsGiveCanonicalNames() {
    #expect(Keysym.returnKey.name == "Return")
    #expect(Keysym.isoLevel3Shift.name == "ISO_Level3_Shift")
    // Greek_lambda is an alias; the canonical name is the older spelling.
    #expect(Keysym(name: "Greek_lambda")?.name == "Greek_lamda")
    #expect(Keysym(0x1_01F4A9).name == "U0001F4A9")
  }

  @Test func unicodeMapsToLegacyKeysymsAndBack() throws {
    let es = try #require(Keysym(utf32: 0x441))  // с
    #expect(es == Keysym(0x6d3))
    #expect(es.utf32 == "с")
    #expect(Keysym(utf32: 0x8) == .backSpace)
    #expect(Keysym(character: "€") == Keysym(0x20ac))  // EuroSign
    #expect(Keysym.returnKey.utf32 == "\r")
    #expect(Keysym.left.utf32 == nil)
  }

  @Test func caseConversionFollowsXkbcommon() {
    #expect(Keysym(0x61).uppercased == Keysym(0x41))
    #expect(Keysym(0x41).lowercased == Keysym(0x61))
    #expect(Keysym(0x6d3).uppercased == Keysym(0x6f3))  // Cyrillic_ES
    #expect(Keysym.returnKey.uppercased == .returnKey)
  }
}
