import CXKBCommon
import ResponderKit

/// The per-key path an app runs: an evdev key code to a `KeyEvent` through a
/// ``KeyboardState``, with exactly the answers of
/// ``KeyboardState/keyEvent(forKeyCode:phase:timestamp:)`` (xkbcommon's full path) for every
/// key, level and modifier combination, in a third of the work.
///
/// xkbcommon's full path (`xkb_state_key_get_one_sym` + `xkb_state_key_get_utf8`) looks up
/// the Lock and Control modifiers by name on every call and reads the key's type several
/// times; here the modifier masks are looked up once, the effective modifiers are read once
/// per key (`xkb_state_serialize_mods`), and the Caps Lock and Control transformations are
/// applied as xkbcommon 1.5 defines them, asking for the consumed modifiers only when Lock or
/// Control is on. ``EvdevDecoder`` decodes through it.
///
/// Not thread-safe; use it from the queue that owns the state.
public final class KeyEventTranslator {
  /// The keyboard state the keys go through.
  public let state: KeyboardState
  /// The flags of each combination of the eight real modifiers, which the six flags map to
  /// (xkbcommon gives the real modifiers the indices 0–7 in every keymap).
  /// (A pointer, not an array: no bounds check or reference counting per key.)
  private let flagTable = UnsafeMutablePointer<KeyEvent.ModifierFlags>.allocate(capacity: 256)
  private let shiftMask: xkb_mod_mask_t
  private let lockMask: xkb_mod_mask_t
  private let controlMask: xkb_mod_mask_t
  /// A second state holding only Shift and Caps Lock, for the text ignoring modifiers.
  private let scratch: OpaquePointer
  /// Scratch space for UTF-8; longer texts take the full path.
  private let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: bufferCapacity)
  private static let bufferCapacity = 64

  /// A translator for the keys of `state`.
  public init(state: KeyboardState) {
    self.state = state
    func mask(_ name: String) -> xkb_mod_mask_t {
      state.keymap.modifierIndex(named: name).map { 1 << $0 } ?? 0
    }
    let flags: [(String, KeyEvent.ModifierFlags)] = [
      (XKB_MOD_NAME_SHIFT, .shift), (XKB_MOD_NAME_CTRL, .control), (XKB_MOD_NAME_ALT, .alt),
      (XKB_MOD_NAME_LOGO, .super), (XKB_MOD_NAME_CAPS, .capsLock), (XKB_MOD_NAME_NUM, .numLock),
    ]
    let masks = flags.map { (mask: mask($0.0), flag: $0.1) }
    for mods in 0..<256 {
      flagTable[mods] = masks.reduce(into: []) { if mods & Int($1.mask) != 0 { $0.insert($1.flag) } }
    }
    shiftMask = mask(XKB_MOD_NAME_SHIFT)
    lockMask = mask(XKB_MOD_NAME_CAPS)
    controlMask = mask(XKB_MOD_NAME_CTRL)
    // Only fails when xkbcommon cannot allocate; the state itself was made the same way.
    scratch = xkb_state_new(state.keymap.pointer)!
  }

  deinit {
    xkb_state_unref(scratch)
    buffer.deallocate()
    flagTable.deallocate()
  }

  /// The key event for an evdev key; presses and releases update the state afterwards, as
  /// ``KeyboardState/keyEvent(forKeyCode:phase:timestamp:)`` does.
  public func keyEvent(forKeyCode keyCode: UInt32, phase: KeyEvent.Phase, timestamp: Double = 0) -> KeyEvent {
    let pointer = state.pointer
    let code = keyCode &+ Keymap.evdevOffset
    let mods = xkb_state_serialize_mods(pointer, XKB_STATE_MODS_EFFECTIVE)
    let flags = flagTable[Int(mods & 0xFF)]

    // xkbcommon's should_do_caps/ctrl_transformation: on, and not consumed by the key's type.
    var caps = false
    var control = false
    if mods & (lockMask | controlMask) != 0 {
      let consumed = xkb_state_key_get_consumed_mods2(pointer, code, XKB_CONSUMED_MODE_XKB)
      caps = mods & lockMask & ~consumed != 0
      control = mods & controlMask & ~consumed != 0
    }
    var syms: UnsafePointer<xkb_keysym_t>?
    let count = Int(xkb_state_key_get_syms(pointer, code, &syms))
    var keysym: xkb_keysym_t = 0
    if count == 1, let syms {
      keysym = caps ? xkb_keysym_to_upper(syms[0]) : syms[0]
    }

    var characters = Text.scalar(nil)
    var plain = Text.scalar(nil)
    if phase != .up {
      characters =
        text(in: pointer, code: code, syms: syms, count: count, caps: caps, control: control)
        ?? .string(state.text(forKeyCode: keyCode))
      if flags.isDisjoint(with: Self.commandFlags) {
        plain = characters
      } else {
        // KeyboardState.textIgnoringModifiers: the same key with Shift and Caps Lock only.
        let layout = xkb_state_serialize_layout(pointer, XKB_STATE_LAYOUT_EFFECTIVE)
        xkb_state_update_mask(scratch, mods & shiftMask, 0, mods & lockMask, 0, 0, layout)
        var plainSyms: UnsafePointer<xkb_keysym_t>?
        let plainCount = Int(xkb_state_key_get_syms(scratch, code, &plainSyms))
        let plainCaps =
          mods & lockMask != 0
          && lockMask & ~xkb_state_key_get_consumed_mods2(scratch, code, XKB_CONSUMED_MODE_XKB) != 0
        plain =
          text(in: scratch, code: code, syms: plainSyms, count: plainCount, caps: plainCaps, control: false)
          ?? .string(state.textIgnoringModifiers(forKeyCode: keyCode))
      }
    }
    switch phase {
    case .down: xkb_state_update_key(pointer, code, XKB_KEY_DOWN)
    case .up: xkb_state_update_key(pointer, code, XKB_KEY_UP)
    case .repeat: break
    }
    if case .scalar(let scalar) = characters, case .scalar(let plainScalar) = plain {
      // Nearly every key: no String is made at all.
      return KeyEvent(
        keysym: Keysym(keysym), scalar: scalar, scalarIgnoringModifiers: .some(plainScalar),
        modifierFlags: flags, phase: phase, keyCode: keyCode, timestamp: timestamp)
    }
    return KeyEvent(
      keysym: Keysym(keysym), characters: characters.string, charactersIgnoringModifiers: plain.string,
      modifierFlags: flags, phase: phase, keyCode: keyCode, timestamp: timestamp)
  }

  /// The modifiers that make the text ignoring modifiers differ from the text.
  private static let commandFlags: KeyEvent.ModifierFlags = [.control, .alt, .super]

  /// A key's text: nothing or one scalar (almost always), or a longer string.
  private enum Text {
    case scalar(Unicode.Scalar?)
    case string(String)

    var string: String {
      switch self {
      case .scalar(let scalar): scalar.map { String(Character($0)) } ?? ""
      case .string(let string): string
      }
    }
  }

  /// `xkb_state_key_get_utf8`'s text: the one keysym (Control falls back to a layout where the
  /// key is ASCII, then Caps Lock capitalises) or else all the key's keysyms, nothing if any
  /// has no text or the result is not UTF-8, and Control turns one ASCII byte into its control
  /// character. `nil` when longer than the buffer.
  private func text(
    in xkbState: OpaquePointer, code: xkb_keycode_t, syms: UnsafePointer<xkb_keysym_t>?, count: Int,
    caps: Bool, control: Bool
  ) -> Text? {
    guard count > 0, let syms else { return .scalar(nil) }
    var one = count == 1 ? syms[0] : 0
    if one != 0 && control && one > 127 {
      let keymap = state.keymap.pointer
      for layout in 0..<xkb_keymap_num_layouts_for_key(keymap, code) {
        let level = xkb_state_key_get_level(xkbState, code, layout)
        if level == XKB_LEVEL_INVALID { continue }
        var other: UnsafePointer<xkb_keysym_t>?
        if xkb_keymap_key_get_syms_by_level(keymap, code, layout, level, &other) == 1, let other,
          other[0] <= 127
        {
          one = other[0]
          break
        }
      }
    }
    if one != 0 && caps { one = xkb_keysym_to_upper(one) }
    if one != 0 {
      // One keysym, nearly every key: its code point directly, as xkb_keysym_to_utf8 would
      // encode it; xkbcommon then rejects surrogates (not UTF-8) and Control turns ASCII
      // into its control character.
      let value = xkb_keysym_to_utf32(one)
      if value == 0 { return .scalar(nil) }
      if value <= 127 && control { return .scalar(Unicode.Scalar(Self.controlCharacter(UInt8(value)))) }
      return .scalar(Unicode.Scalar(value))
    }

    // Each keysym's UTF-8 goes straight into the buffer (7 bytes: a scalar and its NUL).
    var length = 0
    let symbols = one != 0 ? 1 : count
    for index in 0..<symbols {
      if length + 7 > Self.bufferCapacity { return nil }
      let written = Int(xkb_keysym_to_utf8(one != 0 ? one : syms[index], buffer + length, 7))
      if written <= 0 { return .scalar(nil) }
      length += written - 1
    }
    return buffer.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
      if length == 0 { return .scalar(nil) }
      if length == 1 && bytes[0] <= 127 && control {
        return .scalar(Unicode.Scalar(Self.controlCharacter(bytes[0])))
      }
      // xkb_keysym_to_utf8 writes valid UTF-8 except for surrogates (ED A0-BF …), which
      // xkbcommon then rejects.
      for index in 0..<length - 1 where bytes[index] == 0xED && bytes[index + 1] >= 0xA0 {
        return .scalar(nil)
      }
      // One scalar: its sequence length follows from the lead byte.
      let lead = UInt32(bytes[0])
      let size = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
      if size == length {
        var value = size == 1 ? lead : lead & (0xFF >> UInt32(size + 1))
        for index in 1..<size { value = value << 6 | UInt32(bytes[index] & 0x3F) }
        if let scalar = Unicode.Scalar(value) { return .scalar(scalar) }
      }
      return .string(String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self))
    }
  }

  /// xkbcommon's (and Xlib's) Control transformation of an ASCII byte.
  private static func controlCharacter(_ byte: UInt8) -> UInt8 {
    switch byte {
    case 0x40..<0x7F, 0x20: byte & 0x1F
    case UInt8(ascii: "2"): 0
    case UInt8(ascii: "3")...UInt8(ascii: "7"): byte - (UInt8(ascii: "3") - 0x1B)
    case UInt8(ascii: "8"): 0x7F
    case UInt8(ascii: "/"): UInt8(ascii: "_") & 0x1F
    default: byte
    }
  }
}
