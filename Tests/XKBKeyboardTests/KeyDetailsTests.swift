import CXKBCommon
import Foundation
import ResponderKit
import Testing
import XKBKeyboard

/// A libxkbcommon state built directly from a keymap's text, driven with the same keys as a
/// `KeyboardState`, to give xkbcommon's own answers.
final class ReferenceState {
  let context: OpaquePointer
  let keymap: OpaquePointer
  let state: OpaquePointer

  init(_ keymap: Keymap) throws {
    context = try #require(xkb_context_new(XKB_CONTEXT_NO_DEFAULT_INCLUDES))
    self.keymap = try #require(
      xkb_keymap_new_from_string(
        context, keymap.asString(), XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS))
    state = try #require(xkb_state_new(self.keymap))
  }

  deinit {
    xkb_state_unref(state)
    xkb_keymap_unref(keymap)
    xkb_context_unref(context)
  }

  func update(_ code: UInt32, down: Bool) {
    xkb_state_update_key(state, code + 8, down ? XKB_KEY_DOWN : XKB_KEY_UP)
  }

  func modifierNames(_ mask: xkb_mod_mask_t) -> [String] {
    (0..<xkb_keymap_num_mods(keymap)).filter { mask & (1 << $0) != 0 }.map {
      String(cString: xkb_keymap_mod_get_name(keymap, $0))
    }
  }

  /// What `xkbcli interactive-evdev` would print for the key, as a KeyDetails.
  func details(_ code: UInt32) -> KeyDetails {
    let key = code + 8
    var syms: UnsafePointer<xkb_keysym_t>?
    let count = xkb_state_key_get_syms(state, key, &syms)
    let keysyms = count > 0 ? UnsafeBufferPointer(start: syms, count: Int(count)).map { Keysym($0) } : []
    var buffer = [CChar](repeating: 0, count: 64)
    let length = Int(xkb_state_key_get_utf8(state, key, &buffer, buffer.count))
    let layout = xkb_state_key_get_layout(state, key)
    let level = layout == XKB_LAYOUT_INVALID ? XKB_LEVEL_INVALID : xkb_state_key_get_level(state, key, layout)
    let xkb = xkb_state_key_get_consumed_mods2(state, key, XKB_CONSUMED_MODE_XKB)
    let gtk = xkb_state_key_get_consumed_mods2(state, key, XKB_CONSUMED_MODE_GTK)
    return KeyDetails(
      keyCode: code, keyName: xkb_keymap_key_get_name(keymap, key).map { String(cString: $0) },
      keysyms: keysyms, keysym: Keysym(xkb_state_key_get_one_sym(state, key)),
      utf8: buffer.prefix(length).map { UInt8(bitPattern: $0) }, utf32: xkb_state_key_get_utf32(state, key),
      layout: layout == XKB_LAYOUT_INVALID ? nil : Int(layout),
      level: level == XKB_LEVEL_INVALID ? nil : Int(level), repeats: xkb_keymap_key_repeats(keymap, key) != 0,
      consumedModifiers: ModifierSet(mask: xkb, names: modifierNames(xkb)),
      consumedModifiersGTK: ModifierSet(mask: gtk, names: modifierNames(gtk)))
  }

  func modifiers(_ component: xkb_state_component) -> ModifierSet {
    let mask = xkb_state_serialize_mods(state, component)
    return ModifierSet(mask: mask, names: modifierNames(mask))
  }

  var activeLEDs: [String] {
    (0..<xkb_keymap_num_leds(keymap)).compactMap { index in
      guard xkb_state_led_index_is_active(state, index) > 0, let name = xkb_keymap_led_get_name(keymap, index)
      else { return nil }
      return String(cString: name)
    }
  }
}

@Suite struct KeyDetailsTests {
  /// Modifier and lock keys held while every key is read: Shift, Control, Caps Lock (a
  /// lock, pressed and released), AltGr, Num Lock, Control+Shift, Shift+Alt.
  static let chords: [[UInt32]] = [
    [], [Key.leftShift], [Key.leftControl], [Key.capsLock], [Key.rightAlt], [Key.numLock],
    [Key.leftControl, Key.leftShift], [Key.leftShift, Key.leftAlt], [Key.rightAlt, Key.leftShift],
  ]
  /// Keys that lock: pressed and released before reading, then again after to unlock.
  static let locks: Set<UInt32> = [Key.capsLock, Key.numLock]

  /// Every key of the keymap in every chord: details, modifiers per component, layouts per
  /// component and LEDs, each as libxkbcommon gives them.
  func expectEverythingMatchesLibxkbcommon(_ layout: String, variant: String? = nil, options: String? = nil)
    throws
  {
    let state = try makeState(layout, variant: variant, options: options)
    let reference = try ReferenceState(state.keymap)
    var mismatches: [String] = []
    for chord in Self.chords {
      for code in chord {
        state.update(keyCode: code, direction: .down)
        reference.update(code, down: true)
        if Self.locks.contains(code) {
          state.update(keyCode: code, direction: .up)
          reference.update(code, down: false)
        }
      }
      for code in state.keymap.keyCodes {
        let ours = state.details(forKeyCode: code)
        let truth = reference.details(code)
        if ours != truth { mismatches.append("\(chord) key \(code): \(ours) ≠ \(truth)") }
      }
      let components: [(KeyboardState.Components, xkb_state_component)] = [
        (.modifiersDepressed, XKB_STATE_MODS_DEPRESSED), (.modifiersLatched, XKB_STATE_MODS_LATCHED),
        (.modifiersLocked, XKB_STATE_MODS_LOCKED), (.modifiersEffective, XKB_STATE_MODS_EFFECTIVE),
      ]
      for (ours, theirs) in components where state.modifiers(ours) != reference.modifiers(theirs) {
        mismatches.append(
          "\(chord) modifiers \(ours): \(state.modifiers(ours)) ≠ \(reference.modifiers(theirs))")
      }
      let layouts: [(KeyboardState.Components, xkb_state_component)] = [
        (.layoutDepressed, XKB_STATE_LAYOUT_DEPRESSED), (.layoutLatched, XKB_STATE_LAYOUT_LATCHED),
        (.layoutLocked, XKB_STATE_LAYOUT_LOCKED), (.layoutEffective, XKB_STATE_LAYOUT_EFFECTIVE),
      ]
      for (ours, theirs) in layouts
      where state.layoutIndex(ours)
        != Int(Int32(bitPattern: xkb_state_serialize_layout(reference.state, theirs)))
      {
        mismatches.append("\(chord) layout \(ours)")
      }
      if state.activeLEDNames != reference.activeLEDs {
        mismatches.append("\(chord) LEDs \(state.activeLEDNames) ≠ \(reference.activeLEDs)")
      }
      for code in chord.reversed() {
        if Self.locks.contains(code) {
          state.update(keyCode: code, direction: .down)
          reference.update(code, down: true)
        }
        state.update(keyCode: code, direction: .up)
        reference.update(code, down: false)
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(10).joined(separator: "\n"))")
  }

  @Test func everyKeyOnUSMatchesLibxkbcommon() throws {
    try expectEverythingMatchesLibxkbcommon("us")
  }

  @Test func everyKeyOnGermanRussianWithGroupSwitchingMatchesLibxkbcommon() throws {
    try expectEverythingMatchesLibxkbcommon("de,ru", options: "grp:alt_shift_toggle,grp_led:scroll")
  }

  @Test func everyKeyOnNeoWithMod3AndMod5MatchesLibxkbcommon() throws {
    try expectEverythingMatchesLibxkbcommon("de", variant: "neo")
  }

  @Test func controlTwoIsOneNULByteAndZeroInUTF32() throws {
    let state = try makeState("us")
    let details = state.holding(Key.leftControl) { state.details(forKeyCode: 3) }  // KEY_2
    let truth = try ReferenceState(state.keymap)
    truth.update(Key.leftControl, down: true)
    #expect(details == truth.details(3))
    #expect(details.utf8 == [0])
    #expect(details.utf32 == 0)
  }

  @Test func neoLevelThreeConsumesMod3ByName() throws {
    // Neo's level 3 is Caps Lock held, which sets Mod3; KEY_Q gives an ellipsis there.
    let state = try makeState("de", variant: "neo")
    let details = state.holding(Key.capsLock) { state.details(forKeyCode: Key.q) }
    #expect(details.level == 2)
    #expect(details.consumedModifiers.contains("Mod3"))
    let reference = try ReferenceState(state.keymap)
    #expect(details.consumedModifiers.names == reference.modifierNames(details.consumedModifiers.mask))
  }

  @Test func modifiersPerComponentNameEveryModifier() throws {
    let state = try makeState("us")
    state.update(keyCode: Key.capsLock, direction: .down)
    state.update(keyCode: Key.capsLock, direction: .up)
    state.update(keyCode: Key.leftShift, direction: .down)
    #expect(state.modifiers(.modifiersDepressed).names == ["Shift"])
    #expect(state.modifiers(.modifiersLocked).names == ["Lock"])
    #expect(state.modifiers().names == ["Shift", "Lock"])
    #expect(state.modifiers().indices == [0, 1])
    #expect(state.activeLEDNames == ["Caps Lock"])
    #expect(state.isLEDActive(named: "Caps Lock") == true)
    #expect(state.isLEDActive(named: "Num Lock") == false)
    #expect(state.isLEDActive(named: "No Such LED") == nil)
  }
}

@Suite struct LEDTests {
  @Test func everyLEDOfTheKeymapIsNamedAndReadAsLibxkbcommonReadsIt() throws {
    let state = try makeState("us,ru", options: "grp:alt_shift_toggle")
    let reference = try ReferenceState(state.keymap)
    let names = (0..<xkb_keymap_num_leds(reference.keymap)).compactMap {
      xkb_keymap_led_get_name(reference.keymap, $0).map { String(cString: $0) }
    }
    #expect(state.keymap.ledNames == names)
    #expect(Set(["Caps Lock", "Num Lock", "Scroll Lock", "Compose", "Kana", "Group 2"]).isSubset(of: names))
    // Shift then Alt locks the second layout, which lights `Group 2`.
    for (code, down) in [
      (Key.leftShift, true), (Key.leftAlt, true), (Key.leftAlt, false), (Key.leftShift, false),
    ] {
      state.update(keyCode: code, direction: down ? .down : .up)
      reference.update(code, down: down)
    }
    #expect(state.layoutIndex(.layoutLocked) == 1)
    #expect(state.activeLEDNames == reference.activeLEDs)
    #expect(state.activeLEDNames.contains("Group 2"))
    #expect(state.isLEDActive(named: "Group 2") == true)
  }
}
