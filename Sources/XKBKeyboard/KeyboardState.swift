import CXKBCommon
import ResponderKit

/// The state of one keyboard: which keys and locks are down, which layout is active, and
/// therefore what each key means now.
///
/// Feed it evdev key presses and releases with ``update(keyCode:direction:)``; ask it what a
/// key gives with ``keysym(forKeyCode:)`` and ``text(forKeyCode:)``, or build a whole
/// `KeyEvent` with ``keyEvent(forKeyCode:phase:timestamp:)``. Reading a key
/// does not allocate when done through ``withUTF8(forKeyCode:_:)``.
///
/// Not thread-safe; see ``Keymap``.
public final class KeyboardState {
  /// Whether a key went down or up.
  public enum KeyDirection: Hashable, Sendable {
    /// The key was pressed.
    case down
    /// The key was released.
    case up
  }

  /// Which parts of the state an update changed.
  public struct Components: OptionSet, Hashable, Sendable {
    /// The bits, xkbcommon's `xkb_state_component` values.
    public var rawValue: UInt32
    /// Wraps bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Modifiers held down.
    public static let modifiersDepressed = Components(rawValue: XKB_STATE_MODS_DEPRESSED.rawValue)
    /// Modifiers latched (sticky keys).
    public static let modifiersLatched = Components(rawValue: XKB_STATE_MODS_LATCHED.rawValue)
    /// Modifiers locked (Caps Lock, Num Lock).
    public static let modifiersLocked = Components(rawValue: XKB_STATE_MODS_LOCKED.rawValue)
    /// The modifiers in effect.
    public static let modifiersEffective = Components(rawValue: XKB_STATE_MODS_EFFECTIVE.rawValue)
    /// A layout held by a key.
    public static let layoutDepressed = Components(rawValue: XKB_STATE_LAYOUT_DEPRESSED.rawValue)
    /// A latched layout.
    public static let layoutLatched = Components(rawValue: XKB_STATE_LAYOUT_LATCHED.rawValue)
    /// A locked layout (group switching).
    public static let layoutLocked = Components(rawValue: XKB_STATE_LAYOUT_LOCKED.rawValue)
    /// The layout in effect.
    public static let layoutEffective = Components(rawValue: XKB_STATE_LAYOUT_EFFECTIVE.rawValue)
    /// The LEDs.
    public static let leds = Components(rawValue: XKB_STATE_LEDS.rawValue)
  }

  /// The keyboard LEDs.
  public struct LEDs: OptionSet, Hashable, Sendable {
    /// The bits.
    public var rawValue: UInt8
    /// Wraps bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Caps Lock.
    public static let capsLock = LEDs(rawValue: 1)
    /// Num Lock.
    public static let numLock = LEDs(rawValue: 2)
    /// Scroll Lock.
    public static let scrollLock = LEDs(rawValue: 4)
  }

  /// The keymap; kept alive by the state.
  public let keymap: Keymap
  /// The C state; owned, released in `deinit`.
  let pointer: OpaquePointer
  /// A second state used to find what a key types with Shift alone; made on first use.
  private var scratch: OpaquePointer?
  /// Reused for UTF-8 so reading a key does not allocate; xkbcommon never writes more than
  /// a few scalars here, and reports the full size when it truncates.
  private let utf8Buffer: UnsafeMutablePointer<CChar>
  private let utf8Capacity = 64
  /// Modifier indices resolved once, paired with the flag each sets.
  private let modifierTable: [(index: xkb_mod_index_t, flag: KeyEvent.ModifierFlags)]
  private let ledTable: [(index: xkb_led_index_t, led: LEDs)]
  private let shiftIndex: xkb_mod_index_t
  private let lockIndex: xkb_mod_index_t

  /// Creates the state of a keyboard with no key down and no lock on.
  ///
  /// Returns nil only when xkbcommon cannot allocate the state.
  public init?(keymap: Keymap) {
    guard let state = xkb_state_new(keymap.pointer) else { return nil }
    self.keymap = keymap
    self.pointer = state
    utf8Buffer = .allocate(capacity: utf8Capacity)
    let names: [(String, KeyEvent.ModifierFlags)] = [
      (XKB_MOD_NAME_SHIFT, .shift), (XKB_MOD_NAME_CTRL, .control), (XKB_MOD_NAME_ALT, .alt),
      (XKB_MOD_NAME_LOGO, .super), (XKB_MOD_NAME_CAPS, .capsLock), (XKB_MOD_NAME_NUM, .numLock),
    ]
    modifierTable = names.compactMap { name, flag in
      keymap.modifierIndex(named: name).map { ($0, flag) }
    }
    let leds: [(String, LEDs)] = [
      (XKB_LED_NAME_CAPS, .capsLock), (XKB_LED_NAME_NUM, .numLock),
      (XKB_LED_NAME_SCROLL, .scrollLock),
    ]
    ledTable = leds.compactMap { name, led in
      let index = xkb_keymap_led_get_index(keymap.pointer, name)
      return index == XKB_LED_INVALID ? nil : (index, led)
    }
    shiftIndex = keymap.modifierIndex(named: XKB_MOD_NAME_SHIFT) ?? XKB_MOD_INVALID
    lockIndex = keymap.modifierIndex(named: XKB_MOD_NAME_CAPS) ?? XKB_MOD_INVALID
  }

  deinit {
    if let scratch { xkb_state_unref(scratch) }
    xkb_state_unref(pointer)
    utf8Buffer.deallocate()
  }

  /// Records a key press or release.
  ///
  /// Call it for presses and releases only, never for repeats: a repeat does not change the
  /// state. - Returns: The parts of the state that changed.
  @discardableResult
  public func update(keyCode: UInt32, direction: KeyDirection) -> Components {
    Components(
      rawValue: xkb_state_update_key(
        pointer, keyCode &+ Keymap.evdevOffset, direction == .down ? XKB_KEY_DOWN : XKB_KEY_UP
      ).rawValue)
  }

  /// The keysym the key gives now, with the Caps Lock transformation; `Keysym.noSymbol` when
  /// it gives none or several.
  public func keysym(forKeyCode keyCode: UInt32) -> Keysym {
    Keysym(xkb_state_key_get_one_sym(pointer, keyCode &+ Keymap.evdevOffset))
  }

  /// All keysyms the key gives now (keys rarely give more than one). xkbcommon 1.5.0 does not
  /// apply the Caps Lock transformation here; ``keysym(forKeyCode:)`` does.
  public func keysyms(forKeyCode keyCode: UInt32) -> [Keysym] {
    var syms: UnsafePointer<xkb_keysym_t>?
    let count = xkb_state_key_get_syms(pointer, keyCode &+ Keymap.evdevOffset, &syms)
    guard count > 0, let syms else { return [] }
    return UnsafeBufferPointer(start: syms, count: Int(count)).map { Keysym($0) }
  }

  /// Calls `body` with the UTF-8 the key types now, without allocating.
  ///
  /// The text follows xkbcommon's transformations: Caps Lock capitalises, Control turns a
  /// letter into its control character (Control+c is U+0003), falling back to a layout
  /// where the key is ASCII. The buffer is valid only inside `body`.
  public func withUTF8<R>(
    forKeyCode keyCode: UInt32, _ body: (UnsafeBufferPointer<UInt8>) throws -> R
  ) rethrows -> R {
    let code = keyCode &+ Keymap.evdevOffset
    let needed = Int(xkb_state_key_get_utf8(pointer, code, utf8Buffer, utf8Capacity))
    if needed >= utf8Capacity {
      // Longer than any key produces in practice; allocate rather than truncate.
      let big = UnsafeMutablePointer<CChar>.allocate(capacity: needed + 1)
      defer { big.deallocate() }
      xkb_state_key_get_utf8(pointer, code, big, needed + 1)
      return try big.withMemoryRebound(to: UInt8.self, capacity: needed) {
        try body(UnsafeBufferPointer(start: $0, count: needed))
      }
    }
    return try utf8Buffer.withMemoryRebound(to: UInt8.self, capacity: utf8Capacity) {
      try body(UnsafeBufferPointer(start: $0, count: max(needed, 0)))
    }
  }

  /// The text the key types now (see ``withUTF8(forKeyCode:_:)``); empty for keys without text.
  public func text(forKeyCode keyCode: UInt32) -> String {
    withUTF8(forKeyCode: keyCode) { String(decoding: $0, as: UTF8.self) }
  }

  /// The Unicode scalar the key types now, or nil.
  public func unicodeScalar(forKeyCode keyCode: UInt32) -> Unicode.Scalar? {
    let value = xkb_state_key_get_utf32(pointer, keyCode &+ Keymap.evdevOffset)
    return value == 0 ? nil : Unicode.Scalar(value)
  }

  /// The modifiers and locks in effect, as key event flags.
  public var modifierFlags: KeyEvent.ModifierFlags {
    var flags: KeyEvent.ModifierFlags = []
    for entry in modifierTable
    where xkb_state_mod_index_is_active(pointer, entry.index, XKB_STATE_MODS_EFFECTIVE) > 0 {
      flags.insert(entry.flag)
    }
    return flags
  }

  /// Whether the modifier with this XKB name (`Shift`, `Mod5`, `LevelThree`) is in effect.
  public func isModifierActive(named name: String) -> Bool {
    xkb_state_mod_name_is_active(pointer, name, XKB_STATE_MODS_EFFECTIVE) > 0
  }

  /// The modifiers the key's translation used up (Shift for `A`), which a shortcut matcher
  /// should ignore, as key event flags. Uses xkbcommon's XKB mode.
  public func consumedModifierFlags(forKeyCode keyCode: UInt32) -> KeyEvent.ModifierFlags {
    let mask = xkb_state_key_get_consumed_mods2(
      pointer, keyCode &+ Keymap.evdevOffset, XKB_CONSUMED_MODE_XKB)
    var flags: KeyEvent.ModifierFlags = []
    for entry in modifierTable where mask & (1 << entry.index) != 0 { flags.insert(entry.flag) }
    return flags
  }

  /// The index of the layout in effect.
  public var layoutIndex: Int {
    Int(xkb_state_serialize_layout(pointer, XKB_STATE_LAYOUT_EFFECTIVE))
  }

  /// The name of the layout in effect, such as `German`.
  public var layoutName: String? { keymap.layoutName(at: layoutIndex) }

  /// The LEDs lit now.
  public var leds: LEDs {
    var result: LEDs = []
    for entry in ledTable where xkb_state_led_index_is_active(pointer, entry.index) > 0 {
      result.insert(entry.led)
    }
    return result
  }

  /// Whether holding the key repeats it.
  public func repeats(keyCode: UInt32) -> Bool { keymap.repeats(keyCode: keyCode) }

  /// The text the key would type with only Shift and Caps Lock applied, for matching
  /// shortcuts as `charactersIgnoringModifiers`.
  public func textIgnoringModifiers(forKeyCode keyCode: UInt32) -> String {
    if scratch == nil { scratch = xkb_state_new(keymap.pointer) }
    guard let scratch else { return "" }
    var depressed: xkb_mod_mask_t = 0
    var locked: xkb_mod_mask_t = 0
    if shiftIndex != XKB_MOD_INVALID,
      xkb_state_mod_index_is_active(pointer, shiftIndex, XKB_STATE_MODS_EFFECTIVE) > 0
    {
      depressed |= 1 << shiftIndex
    }
    if lockIndex != XKB_MOD_INVALID,
      xkb_state_mod_index_is_active(pointer, lockIndex, XKB_STATE_MODS_EFFECTIVE) > 0
    {
      locked |= 1 << lockIndex
    }
    let layout = xkb_state_serialize_layout(pointer, XKB_STATE_LAYOUT_EFFECTIVE)
    xkb_state_update_mask(scratch, depressed, 0, locked, 0, 0, layout)
    let code = keyCode &+ Keymap.evdevOffset
    let needed = Int(xkb_state_key_get_utf8(scratch, code, nil, 0))
    guard needed > 0 else { return "" }
    var bytes = [CChar](repeating: 0, count: needed + 1)
    bytes.withUnsafeMutableBufferPointer {
      _ = xkb_state_key_get_utf8(scratch, code, $0.baseAddress, $0.count)
    }
    return String(decoding: bytes.prefix(needed).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Builds the key event for an evdev key and updates the state for presses and releases.
  ///
  /// For a press the keysym and text are read *before* the state changes (so pressing Shift
  /// reports `Shift_L`, not a shifted keysym), then the state is updated; a release is read
  /// the same way and then updates; a repeat reads without updating, as the kernel does. Control characters stay in `KeyEvent/characters`;
  /// `KeyEvent/charactersIgnoringModifiers` drops Control, Alt and Super.
  public func keyEvent(
    forKeyCode keyCode: UInt32, phase: KeyEvent.Phase, timestamp: Double = 0
  ) -> KeyEvent {
    let flags = modifierFlags
    let sym = keysym(forKeyCode: keyCode)
    let text = phase == .up ? "" : self.text(forKeyCode: keyCode)
    let plain: String
    if phase == .up {
      plain = ""
    } else if flags.isDisjoint(with: [.control, .alt, .super]) {
      plain = text
    } else {
      plain = textIgnoringModifiers(forKeyCode: keyCode)
    }
    switch phase {
    case .down: update(keyCode: keyCode, direction: .down)
    case .up: update(keyCode: keyCode, direction: .up)
    case .repeat: break
    }
    return KeyEvent(
      keysym: sym, characters: text, charactersIgnoringModifiers: plain, modifierFlags: flags,
      phase: phase, keyCode: keyCode, timestamp: timestamp)
  }
}
