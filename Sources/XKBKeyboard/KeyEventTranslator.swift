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
  /// The modifiers that make the text ignoring modifiers differ from the text. (Stored: a
  /// static would cost a `swift_once` check per key.)
  private let commandFlags: KeyEvent.ModifierFlags = [.control, .alt, .super]
  /// A second state holding only Shift and Caps Lock, for the text ignoring modifiers.
  private let scratch: OpaquePointer

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
    flagTable.deallocate()
  }

  /// The key event for an evdev key; presses and releases update the state afterwards, as
  /// ``KeyboardState/keyEvent(forKeyCode:phase:timestamp:)`` does.
  public func keyEvent(forKeyCode keyCode: UInt32, phase: KeyEvent.Phase, timestamp: Double = 0) -> KeyEvent {
    let key = translation(forKeyCode: keyCode, phase: phase)
    if let characters = key.characters, let plain = key.charactersIgnoringModifiers {
      // Nearly every key: no String is made at all. (The update after the event is built, so
      // that its fields need not be kept across the call.)
      defer { update(forKeyCode: keyCode, phase: phase) }
      return KeyEvent(
        keysym: Keysym(key.keysym), scalar: characters, scalarIgnoringModifiers: .some(plain),
        modifierFlags: key.modifierFlags, phase: phase, keyCode: keyCode, timestamp: timestamp)
    }
    // A text of several keysyms (rare): xkbcommon's full path, which updates the state too.
    return state.keyEvent(forKeyCode: keyCode, phase: phase, timestamp: timestamp)
  }

  /// A key's answers before the state changes. Plain values only, so that passing them on
  /// costs no reference counting.
  struct Translation {
    /// The keysym, after the Caps Lock transformation.
    var keysym: xkb_keysym_t
    /// The text: nil when the key has several keysyms (the full path then makes it),
    /// `.some(nil)` when the key types nothing.
    var characters: Unicode.Scalar??
    /// The text with Shift and Caps Lock only, the same way.
    var charactersIgnoringModifiers: Unicode.Scalar??
    /// The modifiers in effect.
    var modifierFlags: KeyEvent.ModifierFlags
  }

  /// What the key gives now; texts only when `phase` is not `.up`, as the full path does.
  @inline(__always)
  func translation(forKeyCode keyCode: UInt32, phase: KeyEvent.Phase) -> Translation {
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
    var key = Translation(
      keysym: keysym, characters: .some(nil), charactersIgnoringModifiers: .some(nil), modifierFlags: flags)
    guard phase != .up else { return key }
    key.characters = text(in: pointer, code: code, syms: syms, count: count, caps: caps, control: control)
    if flags.rawValue & commandFlags.rawValue == 0 {
      key.charactersIgnoringModifiers = key.characters
    } else {
      // KeyboardState.textIgnoringModifiers: the same key with Shift and Caps Lock only.
      let layout = xkb_state_serialize_layout(pointer, XKB_STATE_LAYOUT_EFFECTIVE)
      xkb_state_update_mask(scratch, mods & shiftMask, 0, mods & lockMask, 0, 0, layout)
      var plainSyms: UnsafePointer<xkb_keysym_t>?
      let plainCount = Int(xkb_state_key_get_syms(scratch, code, &plainSyms))
      let plainCaps =
        mods & lockMask != 0
        && lockMask & ~xkb_state_key_get_consumed_mods2(scratch, code, XKB_CONSUMED_MODE_XKB) != 0
      key.charactersIgnoringModifiers = text(
        in: scratch, code: code, syms: plainSyms, count: plainCount, caps: plainCaps, control: false)
    }
    return key
  }

  /// Presses and releases the key in the state, after its event was made.
  @inline(__always)
  func update(forKeyCode keyCode: UInt32, phase: KeyEvent.Phase) {
    switch phase {
    case .down: xkb_state_update_key(state.pointer, keyCode &+ Keymap.evdevOffset, XKB_KEY_DOWN)
    case .up: xkb_state_update_key(state.pointer, keyCode &+ Keymap.evdevOffset, XKB_KEY_UP)
    case .repeat: break
    }
  }

  /// `xkb_state_key_get_utf8`'s text when it is one keysym (Control falls back to a layout
  /// where the key is ASCII, then Caps Lock capitalises; nothing if it has no text, and
  /// Control turns ASCII into its control character); nil for several keysyms, whose text
  /// the full path makes.
  private func text(
    in xkbState: OpaquePointer, code: xkb_keycode_t, syms: UnsafePointer<xkb_keysym_t>?, count: Int,
    caps: Bool, control: Bool
  ) -> Unicode.Scalar?? {
    guard count > 0, let syms else { return .some(nil) }
    guard count == 1 else { return nil }
    var one = syms[0]
    if one == 0 { return .some(nil) }
    if control && one > 127 {
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
    if caps { one = xkb_keysym_to_upper(one) }
    // Its code point directly, as xkb_keysym_to_utf8 would encode it; xkbcommon then rejects
    // surrogates (not UTF-8), which Unicode.Scalar rejects too.
    let value = xkb_keysym_to_utf32(one)
    if value == 0 { return .some(nil) }
    if value <= 127 && control { return Unicode.Scalar(Self.controlCharacter(UInt8(value))) }
    return .some(Unicode.Scalar(value))
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
