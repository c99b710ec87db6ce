import CXKBCommon
import ResponderKit

extension Keymap {
  /// Every way to type a character on one layout, the way a person would follow first, as
  /// `xkbcli how-to-type` lists them.
  ///
  /// libxkbcommon knows no geometry, so the order is this rule: strokes needing Caps Lock
  /// last; before them, keys of the alphanumeric block (`<TLDE>`, `<AE01>`…`<AB11>`,
  /// `<BKSL>`, `<LSGT>`, `<SPCE>`) and of the keypad (`<KP…>`) before other keys, such as
  /// `<I443>` (`KEY_EURO`, which few keyboards have); then the fewest modifiers. So € on
  /// `de` and `fr` is AltGr+E first.
  ///
  /// A character reachable only through a dead key (`é` on `de`) has none. `"\n"` and
  /// `"\r"` are looked up as Return, `"\t"` as Tab.
  public func keyStrokes(for character: Character, layout: Int = 0) -> [KeyStroke] {
    let keysym: Keysym
    switch character {
    case "\n", "\r", "\r\n": keysym = .returnKey
    case "\t": keysym = .tab
    default:
      guard character.unicodeScalars.count == 1, let sym = Keysym(character: character) else {
        return []
      }
      keysym = sym
    }
    return keyStrokes(for: keysym, layout: layout)
  }

  /// Every way to type a keysym on one layout, ordered as for a character.
  public func keyStrokes(for keysym: Keysym, layout: Int = 0) -> [KeyStroke] {
    guard layout >= 0, layout < layoutCount else { return [] }
    let names = modifierNames
    var strokes: [KeyStroke] = []
    for code in keyCodes {
      let levels = levelCount(forKeyCode: code, layout: layout)
      for level in 0..<levels where keysyms(forKeyCode: code, layout: layout, level: level) == [keysym] {
        for mask in modifierMasks(forKeyCode: code, layout: layout, level: level) {
          let held = names.indices.filter { $0 < 32 && mask & (1 << UInt32($0)) != 0 }.map {
            names[$0]
          }
          strokes.append(KeyStroke(keyCode: code, layout: layout, level: level, modifiers: held))
        }
      }
    }
    // Modifier counts stay far below 100, so the rank keeps the rule's order.
    let ranks = strokes.map { stroke in
      (stroke.modifiers.contains(XKB_MOD_NAME_CAPS) ? 200 : 0) + (isOrdinaryKey(stroke.keyCode) ? 0 : 100)
        + stroke.modifiers.count
    }
    return strokes.indices.sorted { (ranks[$0], $0) < (ranks[$1], $1) }.map { strokes[$0] }
  }

  /// The evdev key presses and releases that type `text` on a layout, holding the modifier
  /// keys each character needs (Shift, AltGr…) and releasing them afterwards.
  ///
  /// The keyboard is assumed to start with no key down and no lock on, in `layout`.
  /// - Throws: ``TypingError`` for the first character no single key types.
  public func keyPresses(typing text: String, layout: Int = 0) throws(TypingError) -> [KeyPress] {
    var presses: [KeyPress] = []
    for (offset, character) in text.enumerated() {
      let candidates = keyStrokes(for: character, layout: layout).filter {
        !$0.modifiers.contains(XKB_MOD_NAME_CAPS)
      }
      guard !candidates.isEmpty else {
        throw TypingError(character: character, offset: offset, layout: layout)
      }
      var chosen: (KeyStroke, [UInt32])?
      var missing: String?
      for stroke in candidates {
        var keys: [UInt32] = []
        for modifier in stroke.modifiers {
          guard let key = modifierKey(for: modifier, layout: layout) else {
            missing = modifier
            break
          }
          keys.append(key)
        }
        if keys.count == stroke.modifiers.count {
          chosen = (stroke, keys)
          break
        }
      }
      guard let (stroke, modifierKeys) = chosen else {
        throw TypingError(
          character: character, offset: offset, layout: layout, missingModifier: missing)
      }
      for key in modifierKeys { presses.append(KeyPress(keyCode: key, direction: .down)) }
      presses.append(KeyPress(keyCode: stroke.keyCode, direction: .down))
      presses.append(KeyPress(keyCode: stroke.keyCode, direction: .up))
      for key in modifierKeys.reversed() { presses.append(KeyPress(keyCode: key, direction: .up)) }
    }
    return presses
  }

  /// Whether the key is in the alphanumeric block or on the keypad, by its XKB name.
  func isOrdinaryKey(_ keyCode: UInt32) -> Bool {
    guard let name = keyName(forKeyCode: keyCode) else { return false }
    if ["TLDE", "BKSL", "LSGT", "SPCE"].contains(name) || name.hasPrefix("KP") { return true }
    let rows = ["AE", "AD", "AC", "AB"]
    return name.count == 4 && rows.contains(String(name.prefix(2))) && name.suffix(2).allSatisfy(\.isNumber)
  }

  /// A key whose plain level sets the real modifier `name` while held, or nil.
  func modifierKey(for name: String, layout: Int) -> UInt32? {
    guard let index = modifierIndex(named: name) else { return nil }
    // Keysyms that act as a plain "set while held" modifier key, most common first.
    let candidates: [Keysym] = [
      .shiftL, .shiftR, .controlL, .controlR, .altL, .altR, .superL, .superR,
      .isoLevel3Shift, Keysym(0xfe11),  // ISO_Level5_Shift
      .metaL, .hyperL,
    ]
    guard let state = xkb_state_new(pointer) else { return nil }
    defer { xkb_state_unref(state) }
    for sym in candidates {
      for code in keyCodes where keysyms(forKeyCode: code, layout: layout, level: 0) == [sym] {
        let xkbCode = code + Keymap.evdevOffset
        xkb_state_update_key(state, xkbCode, XKB_KEY_DOWN)
        let active = xkb_state_mod_index_is_active(state, index, XKB_STATE_MODS_DEPRESSED) > 0
        xkb_state_update_key(state, xkbCode, XKB_KEY_UP)
        if active { return code }
      }
    }
    return nil
  }
}
