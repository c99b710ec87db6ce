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
  /// The layout (high half) and Shift and Lock mask ``scratch`` was last set to, `.max` before
  /// the first (no layout index is `UInt32.max`): it changes only through
  /// `xkb_state_update_mask` with these, so the update (~480 instructions) is skipped while
  /// they stay the same, as for Control held over several keys.
  private var scratchKey: UInt64 = .max

  /// `state`'s C state, kept here so that a key reads it with one load.
  private let pointer: OpaquePointer
  /// Where `xkb_state_key_get_syms` writes the keysyms' address. (Allocated once: the address
  /// of a local passed to C would cost a stack-protector check per key.)
  private let syms = UnsafeMutablePointer<UnsafePointer<xkb_keysym_t>?>.allocate(capacity: 1)

  /// A translator for the keys of `state`.
  public init(state: KeyboardState) {
    self.state = state
    pointer = state.pointer
    syms.initialize(to: nil)
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
    syms.deallocate()
  }

  /// The key event for an evdev key; presses and releases update the state afterwards, as
  /// ``KeyboardState/keyEvent(forKeyCode:phase:timestamp:)`` does.
  public func keyEvent(forKeyCode keyCode: UInt32, phase: KeyEvent.Phase, timestamp: Double = 0) -> KeyEvent {
    keyEvent(
      translation(forKeyCode: keyCode, phase: phase), keyCode: keyCode, phase: phase, timestamp: timestamp)
  }

  /// The key event of ``answer(forKeyCode:phase:)``'s other keys, from what it read, and the
  /// state update, as ``keyEvent(forKeyCode:phase:timestamp:)`` makes them.
  @inline(never)
  func transformedKeyEvent(
    forKeyCode keyCode: UInt32, phase: KeyEvent.Phase, mods: xkb_mod_mask_t, count: Int32, timestamp: Double
  ) -> KeyEvent {
    let key = transformedTranslation(
      code: keyCode &+ Keymap.evdevOffset, mods: mods, count: Int(count), phase: phase)
    return keyEvent(key, keyCode: keyCode, phase: phase, timestamp: timestamp)
  }

  /// The key event of `key`, made before the state changes; then the update.
  @inline(__always)
  private func keyEvent(_ key: Translation, keyCode: UInt32, phase: KeyEvent.Phase, timestamp: Double)
    -> KeyEvent
  {
    guard key.isSingleScalar else {
      // A text of several keysyms (rare): xkbcommon's full path, which updates the state too.
      return state.keyEvent(forKeyCode: keyCode, phase: phase, timestamp: timestamp)
    }
    // Nearly every key: no String is made at all. (The update after the event is built, so
    // that its fields need not be kept across the call.)
    defer { update(forKeyCode: keyCode, phase: phase) }
    return key.keyEvent(phase: phase, keyCode: keyCode, timestamp: timestamp)
  }

  /// A key's answers before the state changes, as plain words: passing them on costs no
  /// reference counting and no optional wrapping (a text is at most one scalar here).
  struct Translation {
    /// A text value meaning "no text".
    static let noText: UInt32 = 0x11_0000
    /// A text value meaning "several keysyms", whose text the full path makes.
    static let severalKeysyms: UInt32 = 0xFFFF_FFFF

    /// The keysym, after the Caps Lock transformation.
    var keysym: xkb_keysym_t
    /// The text's scalar value, ``noText`` or ``severalKeysyms``. A value that is not a
    /// scalar (a surrogate) is no text, as `Unicode.Scalar` and xkbcommon's UTF-8 agree.
    var characters: UInt32
    /// The text with Shift and Caps Lock only, the same way.
    var charactersIgnoringModifiers: UInt32
    /// The modifiers in effect.
    var modifierFlags: KeyEvent.ModifierFlags

    /// Whether both texts are at most one scalar, so that the event needs no `String`.
    @inline(__always)
    var isSingleScalar: Bool {
      characters != Translation.severalKeysyms && charactersIgnoringModifiers != Translation.severalKeysyms
    }

    /// The key event of a single-scalar translation.
    @inline(__always)
    func keyEvent(phase: KeyEvent.Phase, keyCode: UInt32, timestamp: Double) -> KeyEvent {
      let scalar = Unicode.Scalar(characters)
      // Usually the same text: checked as a scalar once.
      let plain =
        charactersIgnoringModifiers == characters ? scalar : Unicode.Scalar(charactersIgnoringModifiers)
      return KeyEvent(
        keysym: Keysym(keysym), scalar: scalar, scalarIgnoringModifiers: .some(plain),
        modifierFlags: modifierFlags, phase: phase, keyCode: keyCode, timestamp: timestamp)
    }
  }

  /// What the key gives now; texts only when `phase` is not `.up`, as the full path does.
  @inline(__always)
  func translation(forKeyCode keyCode: UInt32, phase: KeyEvent.Phase) -> Translation {
    switch answer(forKeyCode: keyCode, phase: phase) {
    case .translated(let key): key
    case .transformed(let mods, let count):
      transformedTranslation(code: keyCode &+ Keymap.evdevOffset, mods: mods, count: Int(count), phase: phase)
    }
  }

  /// ``answer(forKeyCode:phase:)``'s answer.
  enum Answer {
    /// The common key's translation: its texts are one and the same scalar, or no text.
    case translated(Translation)
    /// Any other key, for ``transformedTranslation(code:mods:count:phase:)``: the effective
    /// modifiers and `xkb_state_key_get_syms`'s count (the keysyms are in ``syms``).
    case transformed(mods: xkb_mod_mask_t, count: Int32)
  }

  /// The common key's translation: one keysym, neither Caps Lock nor Control on (Control only
  /// for a press or repeat), no command modifier; its text ignoring modifiers is its text.
  /// Any other key is left to ``transformedTranslation(code:mods:count:phase:)``, with what
  /// was read for it.
  ///
  /// Inlined into the decoder's loop, where the phase is known, so that what it decides
  /// folds away: the common key's path keeps its values in registers and builds its event
  /// without checking for several keysyms or a second text.
  @inline(__always)
  func answer(forKeyCode keyCode: UInt32, phase: KeyEvent.Phase) -> Answer {
    let code = keyCode &+ Keymap.evdevOffset
    let mods = xkb_state_serialize_mods(pointer, XKB_STATE_MODS_EFFECTIVE)
    let flags = flagTable[Int(mods & 0xFF)]
    let count = xkb_state_key_get_syms(pointer, code, syms)
    // Control changes only the text, which a release does not have.
    let transforming = phase == .up ? lockMask : lockMask | controlMask
    guard mods & transforming == 0, count == 1, let one = syms.pointee?[0] else {
      return .transformed(mods: mods, count: count)
    }
    guard phase != .up else {
      return .translated(
        Translation(
          keysym: one, characters: Translation.noText, charactersIgnoringModifiers: Translation.noText,
          modifierFlags: flags))
    }
    // A command modifier makes a second text, in the scratch state (rare).
    guard flags.rawValue & commandFlags.rawValue == 0 else { return .transformed(mods: mods, count: count) }
    let value = one == 0 ? 0 : xkb_keysym_to_utf32(one)
    let characters = value == 0 ? Translation.noText : value
    return .translated(
      Translation(
        keysym: one, characters: characters, charactersIgnoringModifiers: characters, modifierFlags: flags))
  }

  /// ``translation(forKeyCode:phase:)`` for the other keys: Caps Lock on, Control on for a
  /// press or repeat (whose transformations apply unless the key's type consumes them), a
  /// command modifier on a press or repeat, or not one keysym. `count` and ``syms`` are
  /// `xkb_state_key_get_syms`'s answer in the current state.
  @inline(never)
  private func transformedTranslation(
    code: xkb_keycode_t, mods: xkb_mod_mask_t, count: Int, phase: KeyEvent.Phase
  ) -> Translation {
    let flags = flagTable[Int(mods & 0xFF)]
    // xkbcommon's should_do_caps/ctrl_transformation: on, and not consumed by the key's type.
    var caps = false
    var control = false
    if mods & (phase == .up ? lockMask : lockMask | controlMask) != 0 {
      let consumed = xkb_state_key_get_consumed_mods2(pointer, code, XKB_CONSUMED_MODE_XKB)
      caps = mods & lockMask & ~consumed != 0
      control = mods & controlMask & ~consumed != 0
    }
    let keySyms = syms.pointee
    var keysym: xkb_keysym_t = 0
    if count == 1, let keySyms {
      keysym = caps ? xkb_keysym_to_upper(keySyms[0]) : keySyms[0]
    }
    var key = Translation(
      keysym: keysym, characters: Translation.noText, charactersIgnoringModifiers: Translation.noText,
      modifierFlags: flags)
    guard phase != .up else { return key }
    key.characters = text(in: pointer, code: code, syms: keySyms, count: count, caps: caps, control: control)
    key.charactersIgnoringModifiers =
      flags.rawValue & commandFlags.rawValue == 0
      ? key.characters : textIgnoringModifiers(code: code, mods: mods)
    return key
  }

  /// KeyboardState.textIgnoringModifiers as a ``Translation`` text value: the same key with
  /// Shift and Caps Lock only, in ``scratch``.
  @inline(never)
  private func textIgnoringModifiers(code: xkb_keycode_t, mods: xkb_mod_mask_t) -> UInt32 {
    let layout = xkb_state_serialize_layout(pointer, XKB_STATE_LAYOUT_EFFECTIVE)
    let plainMods = mods & (shiftMask | lockMask)
    let wanted = UInt64(layout) << 32 | UInt64(plainMods)
    if wanted != scratchKey {
      xkb_state_update_mask(scratch, plainMods & shiftMask, 0, plainMods & lockMask, 0, 0, layout)
      scratchKey = wanted
    }
    let plainCount = Int(xkb_state_key_get_syms(scratch, code, syms))
    let plainCaps =
      mods & lockMask != 0
      && lockMask & ~xkb_state_key_get_consumed_mods2(scratch, code, XKB_CONSUMED_MODE_XKB) != 0
    return text(
      in: scratch, code: code, syms: syms.pointee, count: plainCount, caps: plainCaps, control: false)
  }

  /// Presses and releases the key in the state, after its event was made.
  @inline(__always)
  func update(forKeyCode keyCode: UInt32, phase: KeyEvent.Phase) {
    switch phase {
    case .down: xkb_state_update_key(pointer, keyCode &+ Keymap.evdevOffset, XKB_KEY_DOWN)
    case .up: xkb_state_update_key(pointer, keyCode &+ Keymap.evdevOffset, XKB_KEY_UP)
    case .repeat: break
    }
  }

  /// `xkb_state_key_get_utf8`'s text when it is one keysym (Control falls back to a layout
  /// where the key is ASCII, then Caps Lock capitalises; nothing if it has no text, and
  /// Control turns ASCII into its control character), as a ``Translation`` text value:
  /// `severalKeysyms` for several keysyms, whose text the full path makes.
  @inline(__always)
  private func text(
    in xkbState: OpaquePointer, code: xkb_keycode_t, syms: UnsafePointer<xkb_keysym_t>?, count: Int,
    caps: Bool, control: Bool
  ) -> UInt32 {
    guard count > 0, let syms else { return Translation.noText }
    guard count == 1 else { return Translation.severalKeysyms }
    var one = syms[0]
    if one == 0 { return Translation.noText }
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
    // surrogates (not UTF-8), which Unicode.Scalar rejects when the event is built.
    let value = xkb_keysym_to_utf32(one)
    if value == 0 { return Translation.noText }
    if value <= 127 && control { return UInt32(Self.controlCharacter(UInt8(value))) }
    return value
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
