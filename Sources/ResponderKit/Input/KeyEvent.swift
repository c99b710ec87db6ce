import Foundation

/// One key press, repeat or release, as every input source reports it: the terminal parser,
/// an evdev keyboard decoded through xkbcommon, or a replayed recording.
public struct KeyEvent: Hashable, Sendable, Codable, CustomStringConvertible {
  /// Whether the key went down, repeated, or went up.
  public enum Phase: String, Hashable, Sendable, Codable {
    /// The key was pressed.
    case down
    /// The key is held and the keyboard repeated it.
    case `repeat`
    /// The key was released.
    case up
  }

  /// Modifier keys and locks held during the event. The bit values are the kitty keyboard
  /// protocol's, so terminal reports map over unchanged.
  public struct ModifierFlags: OptionSet, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The bits.
    public var rawValue: UInt16
    /// Wraps bits.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// Shift.
    public static let shift = ModifierFlags(rawValue: 1)
    /// Alt (Option).
    public static let alt = ModifierFlags(rawValue: 2)
    /// Control.
    public static let control = ModifierFlags(rawValue: 4)
    /// Super (the Windows or Command key).
    public static let `super` = ModifierFlags(rawValue: 8)
    /// Hyper.
    public static let hyper = ModifierFlags(rawValue: 16)
    /// Meta.
    public static let meta = ModifierFlags(rawValue: 32)
    /// Caps Lock is on.
    public static let capsLock = ModifierFlags(rawValue: 64)
    /// Num Lock is on.
    public static let numLock = ModifierFlags(rawValue: 128)

    /// The modifiers that change what a shortcut means; the locks are left out.
    public static let deviceIndependent: ModifierFlags = [.shift, .alt, .control, .super, .hyper, .meta]

    /// The names in spec order, `Control+Shift`, as key binding files write them.
    public var description: String {
      var names: [String] = []
      for (flag, name) in ModifierFlags.names where contains(flag) { names.append(name) }
      return names.joined(separator: "+")
    }

    /// Canonical order and spelling of the modifier names.
    public static let names: [(ModifierFlags, String)] = [
      (.control, "Control"), (.alt, "Alt"), (.shift, "Shift"), (.super, "Super"),
      (.hyper, "Hyper"), (.meta, "Meta"), (.capsLock, "CapsLock"), (.numLock, "NumLock"),
    ]
  }

  // Stored in this order so the fields pack into 52 bytes (declaration order is layout
  // order), and the optional 32-bit fields are stored as values beside one byte of presence
  // bits rather than as optionals (5 bytes each, a tag byte apiece): a key with none of them,
  // as a terminal reports most, is then a few whole-word stores to build. A smaller key is
  // cheaper to build, move and destroy.
  /// Both texts, packed: most keys type one short character, kept inline so that copying
  /// a key retains and allocates nothing (a terminal delivers one event per key).
  @usableFromInline
  var text: KeyText
  /// Seconds on the event source's clock (monotonic; virtual in replays).
  public var timestamp: TimeInterval
  /// What the key means with the current modifiers and layout.
  public var keysym: Keysym
  /// ``keyCode``'s value when present, else 0.
  @usableFromInline
  var keyCodeValue: UInt32 = 0
  /// ``baseLayoutKeysym``'s value when present, else 0.
  @usableFromInline
  var baseLayoutKeysymValue: UInt32 = 0
  /// ``unshiftedKeysym``'s value when present, else 0.
  @usableFromInline
  var unshiftedKeysymValue: UInt32 = 0
  /// Press, repeat or release.
  public var phase: Phase
  /// Which optional fields are present: ``keyCodeBit``, ``baseLayoutKeysymBit``,
  /// ``unshiftedKeysymBit``.
  @usableFromInline
  var presentFields: UInt8 = 0
  /// The modifiers held.
  public var modifierFlags: ModifierFlags

  // Computed, so inlined code in other modules folds them (a stored static is read through
  // its lazy initializer there).
  @inlinable static var keyCodeBit: UInt8 { 1 }
  @inlinable static var baseLayoutKeysymBit: UInt8 { 2 }
  @inlinable static var unshiftedKeysymBit: UInt8 { 4 }

  /// Whether the optional field of `bit` is present.
  @inlinable
  func isPresent(_ bit: UInt8) -> Bool { presentFields & bit != 0 }

  /// Marks the optional field of `bit` present or absent.
  @inlinable
  mutating func setPresent(_ bit: UInt8, _ present: Bool) {
    presentFields = present ? presentFields | bit : presentFields & ~bit
  }

  /// The evdev key code (`KEY_*`), when the source knows the physical key.
  @inlinable
  public var keyCode: UInt32? {
    get { isPresent(KeyEvent.keyCodeBit) ? keyCodeValue : nil }
    set {
      keyCodeValue = newValue ?? 0
      setPresent(KeyEvent.keyCodeBit, newValue != nil)
    }
  }

  /// The key in the keyboard's base layout — the physical key — when the source knows it
  /// (kitty's base-layout key: Control+С on a Russian layout reports `c`). Key commands and
  /// bindings fall back to it, so Control+C works whatever layout is active.
  @inlinable
  public var baseLayoutKeysym: Keysym? {
    get { isPresent(KeyEvent.baseLayoutKeysymBit) ? Keysym(rawValue: baseLayoutKeysymValue) : nil }
    set {
      baseLayoutKeysymValue = newValue?.rawValue ?? 0
      setPresent(KeyEvent.baseLayoutKeysymBit, newValue != nil)
    }
  }

  /// The key that was pressed, before Shift, when the source knows it and Shift changed it
  /// (kitty's key code: `1` for Shift+1, whose ``keysym`` is `!`). Key commands match either,
  /// as `UIKey`'s `charactersIgnoringModifiers` and `characters` let UIKit shortcuts do.
  @inlinable
  public var unshiftedKeysym: Keysym? {
    get { isPresent(KeyEvent.unshiftedKeysymBit) ? Keysym(rawValue: unshiftedKeysymValue) : nil }
    set {
      unshiftedKeysymValue = newValue?.rawValue ?? 0
      setPresent(KeyEvent.unshiftedKeysymBit, newValue != nil)
    }
  }

  /// The text the key types, after modifiers (Control+a gives "\u{1}"); empty for
  /// functional keys.
  public var characters: String {
    get { text.characters }
    set { text.setCharacters(newValue) }
  }

  /// The text the key types with no modifiers but Shift, used to match shortcuts.
  public var charactersIgnoringModifiers: String {
    get { text.charactersIgnoringModifiers }
    set { text.setCharactersIgnoringModifiers(newValue) }
  }

  /// Creates a key event.
  public init(
    keysym: Keysym, characters: String = "", charactersIgnoringModifiers: String? = nil,
    modifierFlags: ModifierFlags = [], phase: Phase = .down, keyCode: UInt32? = nil,
    timestamp: TimeInterval = 0
  ) {
    self.keysym = keysym
    self.text = KeyText(
      characters: characters, charactersIgnoringModifiers: charactersIgnoringModifiers ?? characters)
    self.modifierFlags = modifierFlags
    self.phase = phase
    self.keyCodeValue = keyCode ?? 0
    self.presentFields = keyCode == nil ? 0 : KeyEvent.keyCodeBit
    self.timestamp = timestamp
  }

  /// Creates a key event whose texts are at most one scalar each, building no `String`: the
  /// fast path for input sources that decode one key at a time.
  ///
  /// `scalar` becomes ``characters`` and `scalarIgnoringModifiers` (default: `scalar`)
  /// becomes ``charactersIgnoringModifiers``; nil gives empty text.
  @inlinable
  public init(
    keysym: Keysym, scalar: Unicode.Scalar?, scalarIgnoringModifiers: Unicode.Scalar?? = nil,
    modifierFlags: ModifierFlags = [], phase: Phase = .down, keyCode: UInt32? = nil,
    timestamp: TimeInterval = 0
  ) {
    self.keysym = keysym
    self.text = KeyText(scalar: scalar, scalarIgnoringModifiers: scalarIgnoringModifiers ?? scalar)
    self.modifierFlags = modifierFlags
    self.phase = phase
    self.keyCodeValue = keyCode ?? 0
    self.presentFields = keyCode == nil ? 0 : KeyEvent.keyCodeBit
    self.timestamp = timestamp
  }

  /// A key press of a printable character, as a terminal reports plain typing.
  public static func character(
    _ character: Character, modifierFlags: ModifierFlags = [], timestamp: TimeInterval = 0
  ) -> KeyEvent {
    let scalar = character.unicodeScalars.first ?? " "
    return KeyEvent(
      keysym: Keysym(unicodeScalar: scalar), characters: String(character),
      modifierFlags: modifierFlags, timestamp: timestamp)
  }

  /// A readable form such as `down Control+a`, `up Return` or `down 0xffe1` (a key with
  /// neither a character nor a name in ``KeySpec``), as traces show it.
  public var description: String {
    let mods = modifierFlags.subtracting([.capsLock, .numLock])
    let key: String
    let typed = charactersIgnoringModifiers.unicodeScalars
    if let scalar = keysym.unicodeScalar, scalar.value > 0x20, !keysym.isKeypadKey {
      key = String(Character(scalar))
    } else if let name = KeySpec.name(of: keysym) {
      key = name
    } else if typed.count == 1, let scalar = typed.first, scalar.value > 0x20, scalar.value != 0x7f {
      // A legacy keysym (`EuroSign`) whose character only xkbcommon knows: the text says it.
      key = charactersIgnoringModifiers
    } else {
      key = keysym.description
    }
    return "\(phase.rawValue) \(mods.isEmpty ? "" : mods.description + "+")\(key)"
  }
}

// The coding keys and layout are those of the stored properties before the texts were packed,
// so recordings read and written by earlier versions stay the same.
extension KeyEvent {
  enum CodingKeys: String, CodingKey {
    case keyCode, keysym, characters, charactersIgnoringModifiers, modifierFlags, phase, timestamp
    case baseLayoutKeysym, unshiftedKeysym
  }

  /// Decodes a key event.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      keysym: try container.decode(Keysym.self, forKey: .keysym),
      characters: try container.decode(String.self, forKey: .characters),
      charactersIgnoringModifiers: try container.decode(String.self, forKey: .charactersIgnoringModifiers),
      modifierFlags: try container.decode(ModifierFlags.self, forKey: .modifierFlags),
      phase: try container.decode(Phase.self, forKey: .phase),
      keyCode: try container.decodeIfPresent(UInt32.self, forKey: .keyCode),
      timestamp: try container.decode(TimeInterval.self, forKey: .timestamp))
    baseLayoutKeysym = try container.decodeIfPresent(Keysym.self, forKey: .baseLayoutKeysym)
    unshiftedKeysym = try container.decodeIfPresent(Keysym.self, forKey: .unshiftedKeysym)
  }

  /// Encodes a key event.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(keyCode, forKey: .keyCode)
    try container.encode(keysym, forKey: .keysym)
    try container.encode(characters, forKey: .characters)
    try container.encode(charactersIgnoringModifiers, forKey: .charactersIgnoringModifiers)
    try container.encode(modifierFlags, forKey: .modifierFlags)
    try container.encode(phase, forKey: .phase)
    try container.encode(timestamp, forKey: .timestamp)
    try container.encodeIfPresent(baseLayoutKeysym, forKey: .baseLayoutKeysym)
    try container.encodeIfPresent(unshiftedKeysym, forKey: .unshiftedKeysym)
  }
}
