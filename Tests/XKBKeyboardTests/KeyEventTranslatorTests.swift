import CXKBCommon
import ResponderKit
import Testing

@testable import XKBKeyboard

/// The fast key path must give xkbcommon's own answers: each event is compared with
/// `KeyboardState.keyEvent`, which asks `xkb_state_key_get_one_sym` and
/// `xkb_state_key_get_utf8` (the full path) on an identical state.
@Suite("KeyEventTranslator")
struct KeyEventTranslatorTests {
  /// The eight real modifiers; Lock and Mod2 (Num Lock) are locked, the others held. Their
  /// combinations reach every level of every key type in these layouts (Shift, AltGr = Mod5,
  /// Caps Lock, Control, and the keypad's Num Lock levels).
  static let modifiers: [(name: String, locks: Bool)] = [
    ("Shift", false), ("Lock", true), ("Control", false), ("Mod1", false), ("Mod2", true), ("Mod3", false),
    ("Mod4", false), ("Mod5", false),
  ]

  @Test(
    arguments: [
      ("us", nil), ("de", nil), ("fr", nil), ("ru", nil), ("us", "dvorak"), ("ru,us", nil),
    ] as [(String, String?)])
  func agreesWithTheFullPathOnEveryKeyLevelAndModifierCombination(layout: String, variant: String?) throws {
    let keymap = try makeKeymap(layout, variant: variant)
    let full = try #require(KeyboardState(keymap: keymap))
    let fast = try #require(KeyboardState(keymap: keymap))
    let translator = KeyEventTranslator(state: fast)
    let indices = Self.modifiers.map { keymap.modifierIndex(named: $0.name) }
    var compared = 0
    var mismatches: [String] = []
    for group in 0..<xkb_keymap_num_layouts(keymap.pointer) {
      for combination in 0..<(1 << Self.modifiers.count) {
        var depressed: xkb_mod_mask_t = 0
        var locked: xkb_mod_mask_t = 0
        for (bit, modifier) in Self.modifiers.enumerated() where combination & (1 << bit) != 0 {
          guard let index = indices[bit] else { continue }
          if modifier.locks { locked |= 1 << index } else { depressed |= 1 << index }
        }
        for state in [full, fast] { xkb_state_update_mask(state.pointer, depressed, 0, locked, 0, 0, group) }
        for code in keymap.keyCodes {
          for phase in [KeyEvent.Phase.repeat] {
            let expected = full.keyEvent(forKeyCode: code, phase: phase, timestamp: 1)
            let actual = translator.keyEvent(forKeyCode: code, phase: phase, timestamp: 1)
            compared += 1
            if expected != actual && mismatches.count < 5 {
              mismatches.append("group \(group) mods \(combination) key \(code): \(actual) ≠ \(expected)")
            }
          }
        }
      }
    }
    #expect(mismatches == [])
    #expect(compared >= 256 * 200)
  }

  /// Presses and releases change the state the same way: a long seeded sequence of key
  /// events over every key, modifiers and locks included, in lockstep.
  @Test(arguments: ["de", "fr"])
  func agreesWithTheFullPathOverASequenceOfPressesAndReleases(layout: String) throws {
    let keymap = try makeKeymap(layout)
    let full = try #require(KeyboardState(keymap: keymap))
    let translator = KeyEventTranslator(state: try #require(KeyboardState(keymap: keymap)))
    let codes = Array(keymap.keyCodes)
    var seed: UInt64 = 0x2545_F491_4F6C_DD1D
    var held: [UInt32] = []
    for step in 0..<5_000 {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let release = !held.isEmpty && (seed >> 60) < 7
      let code = release ? held.removeFirst() : codes[Int((seed >> 33) % UInt64(codes.count))]
      if !release { held.append(code) }
      let phase: KeyEvent.Phase = release ? .up : .down
      let expected = full.keyEvent(forKeyCode: code, phase: phase, timestamp: Double(step))
      let actual = translator.keyEvent(forKeyCode: code, phase: phase, timestamp: Double(step))
      if expected != actual {
        Issue.record("step \(step) key \(code) \(phase): \(actual) ≠ \(expected)")
        return
      }
    }
  }
}

/// Keys with several keysyms on one level type all of them (`xkb_state_key_get_utf8`); the
/// translator leaves those texts to xkbcommon's full path and must still agree with it, and the
/// decoder must deliver them.
@Suite("KeyEventTranslator, several keysyms per level")
struct KeyEventTranslatorMultipleKeysymTests {
  /// `<AD01>` types "qu" and with Shift "QU"; Control and Shift are held by their keys.
  static let keymap = """
    xkb_keymap {
      xkb_keycodes { minimum = 8; maximum = 255; <LFSH> = 50; <LCTL> = 37; <AD01> = 24; <AD02> = 25; };
      xkb_types {
        type "ONE_LEVEL" { modifiers = none; level_name[Level1] = "Any"; };
        type "TWO_LEVEL" { modifiers = Shift; map[Shift] = Level2; level_name[Level1] = "Base"; level_name[Level2] = "Shift"; };
      };
      xkb_compat { interpret Any + AnyOf(all) { action = SetMods(modifiers = modMapMods, clearLocks); }; };
      xkb_symbols {
        key <LFSH> { [ Shift_L ] };
        key <LCTL> { [ Control_L ] };
        key <AD01> { type = "TWO_LEVEL", [ { q, u }, { Q, U } ] };
        key <AD02> { type = "TWO_LEVEL", [ w, W ] };
        modifier_map Shift { <LFSH> };
        modifier_map Control { <LCTL> };
      };
    };
    """

  @Test func multiKeysymTextsMatchTheFullPathWithAndWithoutModifiers() throws {
    let keymap = try Keymap(string: Self.keymap)
    let full = try #require(KeyboardState(keymap: keymap))
    let translator = KeyEventTranslator(state: try #require(KeyboardState(keymap: keymap)))
    // Plain, Shift, Control, Shift+Control: each held, the key tapped, released.
    for held in [[], [Key.leftShift], [Key.leftControl], [Key.leftShift, Key.leftControl]] as [[UInt32]] {
      var codes: [(UInt32, KeyEvent.Phase)] = held.map { ($0, .down) }
      codes += [(Key.q, .down), (Key.q, .repeat), (Key.q, .up), (Key.w, .down), (Key.w, .up)]
      codes += held.reversed().map { ($0, .up) }
      for (code, phase) in codes {
        let expected = full.keyEvent(forKeyCode: code, phase: phase)
        #expect(translator.keyEvent(forKeyCode: code, phase: phase) == expected, "key \(code) \(phase)")
      }
    }
    let typed = translator.keyEvent(forKeyCode: Key.q, phase: .down)
    #expect(typed.characters == "qu")
    #expect(typed.keysym == .noSymbol)
  }

  @Test func decoderDeliversMultiKeysymTextBetweenSingleScalarKeys() throws {
    let decoder = EvdevDecoder(state: try #require(KeyboardState(keymap: try Keymap(string: Self.keymap))))
    let records = [(Key.w, 1), (Key.w, 0), (Key.leftShift, 1), (Key.q, 1), (Key.q, 0), (Key.leftShift, 0)]
    let bytes = records.flatMap {
      EvdevRecord(type: EvdevRecord.key, code: UInt16($0.0), value: Int32($0.1)).bytes
    }
    let events = decoder.decode(bytes)
    #expect(events.map(\.characters) == ["w", "", "", "QU", "", ""])
    #expect(events.map(\.charactersIgnoringModifiers) == ["w", "", "", "QU", "", ""])
  }
}
