import CXKBCommon
import ResponderKit

/// Everything xkbcommon says about one key in one keyboard state, as
/// `xkbcli interactive-evdev` prints it.
///
/// Read it with ``KeyboardState/details(forKeyCode:)``. The values are xkbcommon's own,
/// unchanged: the text is the exact bytes `xkb_state_key_get_utf8` writes (Control+2 is one
/// NUL byte) and ``utf32`` is `xkb_state_key_get_utf32`'s value (0 for none).
public struct KeyDetails: Hashable, Sendable {
  /// The evdev key code.
  public var keyCode: UInt32
  /// The key's XKB name, such as `AC01`; nil when the keymap lacks the key.
  public var keyName: String?
  /// All keysyms the key gives (`xkb_state_key_get_syms`), without Caps Lock's change.
  public var keysyms: [Keysym]
  /// The one keysym with the Caps Lock transformation (`xkb_state_key_get_one_sym`);
  /// `Keysym.noSymbol` when the key gives none or several.
  public var keysym: Keysym
  /// The text's UTF-8 bytes, exactly as `xkb_state_key_get_utf8` writes them.
  public var utf8: [UInt8]
  /// The text's scalar, exactly as `xkb_state_key_get_utf32` returns it; 0 for none.
  public var utf32: UInt32
  /// The layout index the key uses (`xkb_state_key_get_layout`); nil when it has none.
  public var layout: Int?
  /// The shift level in that layout (`xkb_state_key_get_level`), 0 for the plain key.
  public var level: Int?
  /// Whether holding the key repeats it.
  public var repeats: Bool
  /// The modifiers the key's translation used up, in xkbcommon's XKB mode.
  public var consumedModifiers: ModifierSet
  /// The modifiers the key's translation used up, in xkbcommon's GTK mode.
  public var consumedModifiersGTK: ModifierSet

  /// Creates details; ``KeyboardState/details(forKeyCode:)`` reads them from a state.
  public init(
    keyCode: UInt32, keyName: String?, keysyms: [Keysym], keysym: Keysym, utf8: [UInt8], utf32: UInt32,
    layout: Int?, level: Int?, repeats: Bool, consumedModifiers: ModifierSet,
    consumedModifiersGTK: ModifierSet
  ) {
    self.keyCode = keyCode
    self.keyName = keyName
    self.keysyms = keysyms
    self.keysym = keysym
    self.utf8 = utf8
    self.utf32 = utf32
    self.layout = layout
    self.level = level
    self.repeats = repeats
    self.consumedModifiers = consumedModifiers
    self.consumedModifiersGTK = consumedModifiersGTK
  }

  /// The text as a string (control characters included).
  public var text: String { String(decoding: utf8, as: UTF8.self) }
}

extension KeyboardState {
  /// How consumed modifiers are computed; xkbcommon has two rules.
  public enum ConsumedMode: Hashable, Sendable {
    /// XKB's rule: a modifier is consumed when it can change the key's level
    /// (`XKB_CONSUMED_MODE_XKB`), so Shift is consumed for a letter.
    case xkb
    /// GTK's rule (`XKB_CONSUMED_MODE_GTK`): modifiers of a level that needs more than the
    /// pressed ones are not consumed, so Shift+Alt+Tab keeps Alt as a shortcut modifier.
    case gtk

    var raw: xkb_consumed_mode {
      self == .xkb ? XKB_CONSUMED_MODE_XKB : XKB_CONSUMED_MODE_GTK
    }
  }

  /// Everything xkbcommon says about the key in the current state.
  public func details(forKeyCode keyCode: UInt32) -> KeyDetails {
    let code = keyCode &+ Keymap.evdevOffset
    let layout = xkb_state_key_get_layout(pointer, code)
    let level =
      layout == XKB_LAYOUT_INVALID ? XKB_LEVEL_INVALID : xkb_state_key_get_level(pointer, code, layout)
    return KeyDetails(
      keyCode: keyCode, keyName: keymap.keyName(forKeyCode: keyCode), keysyms: keysyms(forKeyCode: keyCode),
      keysym: keysym(forKeyCode: keyCode), utf8: utf8(forKeyCode: keyCode),
      utf32: xkb_state_key_get_utf32(pointer, code),
      layout: layout == XKB_LAYOUT_INVALID ? nil : Int(layout),
      level: level == XKB_LEVEL_INVALID ? nil : Int(level), repeats: keymap.repeats(keyCode: keyCode),
      consumedModifiers: consumedModifiers(forKeyCode: keyCode, mode: .xkb),
      consumedModifiersGTK: consumedModifiers(forKeyCode: keyCode, mode: .gtk))
  }

  /// The key's text as the exact bytes xkbcommon writes (Control+2 gives `[0]`).
  public func utf8(forKeyCode keyCode: UInt32) -> [UInt8] {
    withUTF8(forKeyCode: keyCode) { Array($0) }
  }

  /// The modifiers the key's translation uses up, every modifier of the keymap included.
  public func consumedModifiers(forKeyCode keyCode: UInt32, mode: ConsumedMode = .xkb) -> ModifierSet {
    keymap.modifiers(mask: xkb_state_key_get_consumed_mods2(pointer, keyCode &+ Keymap.evdevOffset, mode.raw))
  }

  /// The modifiers in the given parts of the state: pass `.modifiersDepressed`,
  /// `.modifiersLatched`, `.modifiersLocked`, `.modifiersEffective` or a union of them.
  public func modifiers(_ components: Components = .modifiersEffective) -> ModifierSet {
    keymap.modifiers(
      mask: xkb_state_serialize_mods(pointer, xkb_state_component(rawValue: components.rawValue)))
  }

  /// The layout index in the given parts of the state: pass `.layoutDepressed`,
  /// `.layoutLatched`, `.layoutLocked` or `.layoutEffective`. Depressed and latched layouts
  /// are relative (they can be negative offsets); locked and effective are indices.
  public func layoutIndex(_ components: Components) -> Int {
    Int(
      Int32(
        bitPattern: xkb_state_serialize_layout(pointer, xkb_state_component(rawValue: components.rawValue))))
  }

  /// The names of the keymap's LEDs that are lit, in LED index order (`Caps Lock`,
  /// `Num Lock`, `Scroll Lock`, `Compose`, `Kana`, `Group 2`…).
  public var activeLEDNames: [String] {
    (0..<xkb_keymap_num_leds(keymap.pointer)).compactMap { index in
      guard xkb_state_led_index_is_active(pointer, index) > 0,
        let name = xkb_keymap_led_get_name(keymap.pointer, index)
      else { return nil }
      return String(cString: name)
    }
  }

  /// Whether the LED with this name is lit; nil when the keymap has no such LED.
  public func isLEDActive(named name: String) -> Bool? {
    let result = xkb_state_led_name_is_active(pointer, name)
    return result < 0 ? nil : result > 0
  }
}
