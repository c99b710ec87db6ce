import Foundation
import Testing
import XKBKeyboard

@Suite struct KeymapTests {
  @Test func usKeymapNamesItsLayoutAndModifiers() throws {
    let keymap = try makeKeymap("us")
    #expect(keymap.layoutCount == 1)
    #expect(keymap.layoutNames == ["English (US)"])
    #expect(
      keymap.modifierNames.prefix(8) == ["Shift", "Lock", "Control", "Mod1", "Mod2", "Mod3", "Mod4", "Mod5"])
    #expect(keymap.ledNames.contains("Caps Lock"))
    #expect(keymap.keyName(forKeyCode: Key.a) == "AC01")
    #expect(keymap.keyCode(named: "AC01") == Key.a)
  }

  @Test func twoLayoutsAreCountedInOrder() throws {
    let keymap = try makeKeymap("us,ru")
    #expect(keymap.layoutNames == ["English (US)", "Russian"])
    #expect(keymap.layoutIndex(named: "Russian") == 1)
  }

  @Test func letterKeysRepeatAndModifierKeysDoNot() throws {
    let keymap = try makeKeymap("us")
    #expect(keymap.repeats(keyCode: Key.a))
    #expect(!keymap.repeats(keyCode: Key.leftShift))
    #expect(!keymap.repeats(keyCode: Key.capsLock))
  }

  @Test func keymapTextRoundTripsThroughStringAndFile() throws {
    let original = try makeKeymap("de")
    let text = original.asString()
    #expect(text.hasPrefix("xkb_keymap"))
    let fromString = try Keymap(string: text)
    #expect(fromString.asString() == text)

    let url = FileManager.default.temporaryDirectory.appendingPathComponent("xkb-\(UUID()).xkb")
    try text.write(to: url, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: url) }
    let fromFile = try Keymap(fileURL: url)
    #expect(fromFile.keysyms(forKeyCode: Key.q, layout: 0, level: 2) == [.at])
    #expect(try Keymap(contentsOfFile: url.path).asString() == text)
  }

  @Test func unknownLayoutIsNamed() {
    let error = #expect(throws: KeymapError.self) { try makeKeymap("xx") }
    #expect(error?.reason == .unknownLayout("xx"))
    #expect(error?.log.contains { $0.contains("symbols/xx") } == true)
  }

  @Test func unknownSecondLayoutIsNamed() {
    let error = #expect(throws: KeymapError.self) { try makeKeymap("us,qq") }
    #expect(error?.reason == .unknownLayout("qq"))
  }

  @Test func unknownVariantIsNamedWithItsLayout() {
    let error = #expect(throws: KeymapError.self) { try makeKeymap("us", variant: "foo") }
    #expect(error?.reason == .unknownVariant(variant: "foo", layout: "us"))
    #expect(error?.description.contains("unknown variant \"foo\" for layout \"us\"") == true)
  }

  @Test func unknownOptionIsAnErrorThoughXkbcommonWouldIgnoreIt() {
    let error = #expect(throws: KeymapError.self) {
      try makeKeymap("us", options: "grp:alt_shift_toggle,foo:bar")
    }
    #expect(error?.reason == .unknownOption("foo:bar"))
    #expect(error?.log.contains { $0.contains("foo:bar") } == true)
  }

  @Test func unknownModelAndRulesAreNamed() {
    let model = #expect(throws: KeymapError.self) {
      try Keymap(names: RuleNames(model: "nosuchmodel", layout: "us"), ignoringEnvironment: true)
    }
    #expect(model?.reason == .unknownModel("nosuchmodel"))
    let rules = #expect(throws: KeymapError.self) {
      try Keymap(names: RuleNames(rules: "nosuchrules", layout: "us"), ignoringEnvironment: true)
    }
    #expect(rules?.reason == .unknownRules("nosuchrules"))
  }

  @Test func defaultNamesIgnoringEnvironmentGiveUS() throws {
    let keymap = try Keymap(ignoringEnvironment: true)
    #expect(keymap.layoutNames == ["English (US)"])
  }

  @Test func missingFileIsNamed() {
    let path = "/nonexistent/dir/keymap.xkb"
    let error = #expect(throws: KeymapError.self) { try Keymap(contentsOfFile: path) }
    #expect(error?.reason == .fileNotFound(path: path))
  }

  @Test func directoryIsAnUnreadableFile() {
    let error = #expect(throws: KeymapError.self) { try Keymap(contentsOfFile: "/") }
    #expect(error?.reason == .unreadableFile(path: "/", errno: EISDIR))
  }

  @Test func emptyStringIsRejected() {
    let error = #expect(throws: KeymapError.self) { try Keymap(string: "") }
    #expect(error?.reason == .invalidKeymapText("keymap text is empty"))
  }

  @Test func garbageIsRejectedWithXkbcommonsLog() {
    let error = #expect(throws: KeymapError.self) { try Keymap(string: "this is not { a keymap") }
    #expect(error?.reason == .invalidKeymapText("keymap text does not compile"))
    #expect(error?.log.isEmpty == false)
  }

  @Test func embeddedNULIsRejectedWithItsOffset() throws {
    let text = try makeKeymap("us").asString()
    let error = #expect(throws: KeymapError.self) { try Keymap(string: "xkb_keymap\0" + text) }
    #expect(error?.reason == .invalidKeymapText("keymap text contains NUL at byte 10"))
  }

  @Test func utf16BytesAreRejectedAsNotUTF8() throws {
    let text = try makeKeymap("us").asString()
    var bytes: [UInt8] = [0xff, 0xfe]
    for unit in text.utf16 { bytes += [UInt8(unit & 0xff), UInt8(unit >> 8)] }
    let error = #expect(throws: KeymapError.self) { try Keymap(bytes: bytes) }
    #expect(error?.reason == .invalidKeymapText("keymap bytes is UTF-16 (byte order mark), not UTF-8"))
    // Without a byte order mark, ASCII in UTF-16 shows up as NUL bytes.
    let bare = #expect(throws: KeymapError.self) { try Keymap(bytes: Array(bytes.dropFirst(2))) }
    #expect(bare?.reason == .invalidKeymapText("keymap bytes contains NUL at byte 1"))
    let latin1 = #expect(throws: KeymapError.self) {
      try Keymap(bytes: Array("xkb_keymap \u{e9}".utf8) + [0xe9])
    }
    #expect(latin1?.reason == .invalidKeymapText("keymap bytes is not UTF-8 at byte 13"))
  }
}

@Suite struct KeymapLayoutFieldTests {
  @Test func variantInsideTheLayoutFieldIsChecked() throws {
    let keymap = try makeKeymap("us(dvorak)")
    let state = try #require(KeyboardState(keymap: keymap))
    #expect(state.tap(Key.s).text == "o")
    let error = #expect(throws: KeymapError.self) { try makeKeymap("us(nope)") }
    #expect(error?.reason == .unknownVariant(variant: "nope", layout: "us"))
  }
}
