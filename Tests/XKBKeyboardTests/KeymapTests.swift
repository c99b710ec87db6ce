import Foundation
import ResponderKit
import TestSupport
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

    let scratch = try ScratchDirectory("xkb")
    let url = scratch.appending("keymap.xkb")
    try text.write(to: url, atomically: true, encoding: .utf8)
    let fromFile = try Keymap(fileURL: url)
    #expect(fromFile.keysyms(forKeyCode: Key.q, layout: 0, level: 2) == [.at])
    #expect(try Keymap(contentsOfFile: url.path).asString() == text)
  }

  /// Found by the keymap fuzz target in CI (Tests/Fuzzers/Corpora/keymap/
  /// crash-one-level-type-mapping-to-level2.xkb): a one-level type whose map names Level2.
  /// libxkbcommon 1.5 itself (xkb_keymap_get_as_string, compiled again, written again, in C)
  /// writes the Shift_L key as `[ Shift_L, NoSymbol ]`, then `[ Shift_L ]`, then
  /// `[ Shift_L, NoSymbol ]` again, alternating for ever; the wrapper gives the same texts, and
  /// the key keeps its keysym.
  @Test func aOneLevelTypeMappingToLevel2AlternatesBetweenTwoTextsAsXkbcommonDoes() throws {
    let types = """
      xkb_types "t" {
        type "ONE_LEVEL" { modifiers = none; map[none] = Level2; level_name[Level1] = "Any"; };
        type "TWO_LEVEL" { modifiers = Shift; map[Shift] = Level1;
          level_name[Level1] = "Base"; level_name[Level2] = "Shift"; };
      };
      """
    let source = """
      xkb_keymap {
        xkb_keycodes "k" { minimum = 8; maximum = 255; <AC01> = 38; <LFSH> = 50; };
      \(types)
        xkb_compat "c" { interpret Shift_L { action = SetMods(modifiers = Shift); }; };
        xkb_symbols "s" { key <AC01> { [ a, A ] }; key <LFSH> { [ Shift_L ] };
          modifier_map Shift { <LFSH> }; };
      };
      """
    let first = try Keymap(string: source).asString()
    #expect(first.contains("[         Shift_L,        NoSymbol ]"))
    let second = try Keymap(string: first).asString()
    #expect(second != first)
    #expect(second.contains("[         Shift_L ]"))
    #expect(try Keymap(string: second).asString() == first)
    // <LFSH> is xkb key code 50, evdev 42.
    #expect(try Keymap(string: second).keysyms(forKeyCode: 42, layout: 0, level: 0) == [.shiftL])
  }

  /// Found by the keymap fuzz target (Tests/Fuzzers/Corpora/keymap/
  /// crash-implicit-type-written-explicitly-one-round-later.xkb): a one-level type whose map
  /// names Level5. libxkbcommon 1.5 itself (in C: compiled, written, compiled, written) first
  /// writes the keys with five levels and no type, reads that back with ONE_LEVEL chosen, and
  /// names the type from then on: the second text is a fixpoint. The wrapper gives the same.
  @Test func aKeyWhoseTypeWasLeftImplicitIsWrittenWithItOneRoundLaterAsXkbcommonDoes() throws {
    let source = """
      xkb_keymap {
        xkb_keycodes "k" { minimum = 8; maximum = 255; <AC01> = 38; <LFSH> = 50; };
        xkb_types "t" {
          virtual_modifiers NumLock;
          type "ONE_LEVEL" { modifiers = none; map[none] = Level5; level_name[Level1] = "Any"; };
          type "TWO_LEVEL" { modifiers = Shift; map[Shift] = Level1;
            level_name[Level1] = "Base"; level_name[Level2] = "Shift"; };
        };
        xkb_compat "c" { interpret Shift_L { action = SetMods(modifiers = Shift); }; };
        xkb_symbols "s" { key <AC01> { [ a, A ] }; key <LFSH> { [ Shift_L ] };
          modifier_map Shift { <LFSH> }; };
      };
      """
    let first = try Keymap(string: source).asString()
    #expect(!first.contains("type= \"ONE_LEVEL\""))
    let second = try Keymap(string: first).asString()
    #expect(second != first)
    #expect(second.contains("type= \"ONE_LEVEL\""))
    #expect(try Keymap(string: second).asString() == second)
    // <AC01> is xkb key code 38, evdev 30; it keeps its keysym.
    #expect(try Keymap(string: second).keysyms(forKeyCode: 30, layout: 0, level: 0) == [Keysym(0x61)])
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

  @Test func unknownOptionIsAWarningAndAnErrorOnlyInStrictMode() throws {
    let names = RuleNames(layout: "us", options: "grp:alt_shift_toggle,foo:bar")
    let keymap = try Keymap(names: names, ignoringEnvironment: true)
    #expect(keymap.nameWarnings == [.unknownOption("foo:bar")])
    let error = #expect(throws: KeymapError.self) {
      try Keymap(names: names, ignoringEnvironment: true, strict: true)
    }
    #expect(error?.reason == .unknownOption("foo:bar"))
    #expect(error?.log.contains { $0.contains("foo:bar") } == true)
    // Every compile here logs xkb-data's own `unrecognized keysym "XF86EmojiPicker"`: it
    // is in the keymap's log, never a name warning and never in an error.
    #expect(error?.description.contains("XF86EmojiPicker") == false)
  }

  @Test func unknownModelCompilesWithAWarningAndIsAnErrorInStrictMode() throws {
    // The rules' `*` line matches any model; evdev.lst lists neither of these.
    for model in ["nosuchmodel", "jp106"] {
      let keymap = try Keymap(names: RuleNames(model: model, layout: "us"), ignoringEnvironment: true)
      #expect(keymap.nameWarnings == [.unknownModel(model)])
      #expect(keymap.layoutNames == ["English (US)"])
      let strict = #expect(throws: KeymapError.self) {
        try Keymap(names: RuleNames(model: model, layout: "us"), ignoringEnvironment: true, strict: true)
      }
      #expect(strict?.reason == .unknownModel(model))
    }
    let listed = try Keymap(
      names: RuleNames(model: "pc105", layout: "us"), ignoringEnvironment: true, strict: true)
    #expect(listed.nameWarnings.isEmpty)
  }

  @Test func optionListedOnlyInTheRulesFileCompilesWithoutWarning() throws {
    // Not in evdev.lst; the rules file lists it in a tab-separated line.
    let keymap = try Keymap(
      names: RuleNames(layout: "us,de", options: "grp:alt_shift_toggle_bidir"), ignoringEnvironment: true,
      strict: true)
    #expect(keymap.nameWarnings.isEmpty)
    #expect(keymap.compileLog.allSatisfy { !$0.contains("grp:alt_shift_toggle_bidir") })
  }

  @Test func layoutsPastTheFourthAreIgnoredWithAWarning() throws {
    let keymap = try makeKeymap("us,de,fr,ru,gr")
    #expect(keymap.layoutCount == 4)
    #expect(keymap.nameWarnings == [.ignoredLayout("gr")])
  }

  @Test func unknownRulesAreNamed() {
    let rules = #expect(throws: KeymapError.self) {
      try Keymap(names: RuleNames(rules: "nosuchrules", layout: "us"), ignoringEnvironment: true)
    }
    #expect(rules?.reason == .unknownRules("nosuchrules"))
  }

  @Test func failedCompilesCarryTheirErrorsButNotOtherFilesWarnings() throws {
    let error = #expect(throws: KeymapError.self) { try makeKeymap("us,xx") }
    #expect(error?.log.contains { $0.contains("symbols/xx") } == true)
    #expect(error?.log.allSatisfy { $0.hasPrefix("error:") } == true)
    #expect(error?.description.contains("XF86EmojiPicker") == false)
  }

  @Test func namesWithNULOrPathPartsAreRefusedBeforeCompiling() {
    let nul = #expect(throws: KeymapError.self) { try makeKeymap("us\0de") }
    #expect(nul?.reason == .nameContainsNUL(field: "layout", name: "us\0de"))
    let slash = #expect(throws: KeymapError.self) { try makeKeymap("../../etc/passwd") }
    #expect(slash?.reason == .unsafeName(field: "layout", name: "../../etc/passwd"))
    let dots = #expect(throws: KeymapError.self) {
      try Keymap(names: RuleNames(rules: "..", layout: "us"), ignoringEnvironment: true)
    }
    #expect(dots?.reason == .unsafeName(field: "rules", name: ".."))
    let variant = #expect(throws: KeymapError.self) { try makeKeymap("us", variant: "a/b") }
    #expect(variant?.reason == .unsafeName(field: "variant", name: "a/b"))
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

  @Test func directoryIsNotARegularFile() {
    let error = #expect(throws: KeymapError.self) { try Keymap(contentsOfFile: "/") }
    #expect(error?.reason == .notRegularFile(path: "/", fileType: "directory"))
  }

  @Test func devZeroIsRefusedInsteadOfReadForever() {
    let error = #expect(throws: KeymapError.self) { try Keymap(contentsOfFile: "/dev/zero") }
    #expect(error?.reason == .notRegularFile(path: "/dev/zero", fileType: "character device"))
    let compose = #expect(throws: ComposeError.self) { try ComposeTable(contentsOfFile: "/dev/zero") }
    #expect(compose?.reason == .notRegularFile(path: "/dev/zero", fileType: "character device"))
  }

  @Test func aFIFOIsRefusedWithoutBlocking() throws {
    let scratch = try ScratchDirectory("fifo")
    let path = scratch.appending("fifo").path
    try #require(mkfifo(path, 0o600) == 0)
    // No writer ever opens it: reading would block forever.
    let error = #expect(throws: KeymapError.self) { try Keymap(contentsOfFile: path) }
    #expect(error?.reason == .notRegularFile(path: path, fileType: "FIFO"))
    let compose = #expect(throws: ComposeError.self) { try ComposeTable(contentsOfFile: path) }
    #expect(compose?.reason == .notRegularFile(path: path, fileType: "FIFO"))
  }

  @Test func filesOver16MiBAreRefused() throws {
    let scratch = try ScratchDirectory("big")
    let path = scratch.appending("big.xkb").path
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    try #require(fd >= 0)
    let size = 16 * 1024 * 1024 + 1
    ftruncate(fd, off_t(size))  // sparse: no disk used
    close(fd)
    let error = #expect(throws: KeymapError.self) { try Keymap(contentsOfFile: path) }
    #expect(error?.reason == .fileTooLarge(path: path, size: size, limit: 16 * 1024 * 1024))
    let compose = #expect(throws: ComposeError.self) { try ComposeTable(contentsOfFile: path) }
    #expect(compose?.reason == .fileTooLarge(path: path, size: size, limit: 16 * 1024 * 1024))
  }

  @Test func unreadableFileSaysWhyWithARealErrno() throws {
    // A regular file used as a directory: open fails with ENOTDIR, whoever runs the test.
    let scratch = try ScratchDirectory("plain")
    let file = scratch.appending("plain").path
    try #require(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
    let path = file + "/keymap.xkb"
    let error = #expect(throws: KeymapError.self) { try Keymap(contentsOfFile: path) }
    #expect(error?.reason == .unreadableFile(path: path, errno: ENOTDIR))
    #expect(error?.description.contains("Not a directory") == true)
    let compose = #expect(throws: ComposeError.self) { try ComposeTable(contentsOfFile: path) }
    #expect(compose?.reason == .unreadableFile(path: path, errno: ENOTDIR))
  }

  @Test func aUTF8ByteOrderMarkIsStripped() throws {
    let text = try makeKeymap("de").asString()
    #expect(try Keymap(string: "\u{FEFF}" + text).asString() == text)
    #expect(try Keymap(bytes: [0xef, 0xbb, 0xbf] + Array(text.utf8)).asString() == text)
    let scratch = try ScratchDirectory("bom")
    let url = scratch.appending("bom.xkb")
    try Data([0xef, 0xbb, 0xbf] + Array(text.utf8)).write(to: url)
    #expect(try Keymap(contentsOfFile: url.path).asString() == text)
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
