/// A key and its modifiers in a form where the same shortcut compares equal whichever way the
/// terminal reported it: letters are lower case with Shift as a modifier, other characters
/// carry their Shift inside the character (`@`, not Shift+2), Shift+Tab is Tab with Shift,
/// and lock keys are ignored.
public struct KeySpec: Hashable, Sendable, CustomStringConvertible {
  /// The key.
  public var keysym: Keysym
  /// Shift, Control, Alt, Super, Hyper, Meta.
  public var modifiers: KeyEvent.ModifierFlags

  /// Creates a spec, normalising as described above.
  public init(keysym: Keysym, modifiers: KeyEvent.ModifierFlags) {
    var keysym = keysym
    var modifiers = modifiers.intersection(.deviceIndependent)
    if keysym == .isoLeftTab {
      keysym = .tab
      modifiers.insert(.shift)
    } else if keysym == .kpEnter {
      keysym = .returnKey
    }
    if let scalar = keysym.unicodeScalar, scalar.isASCII, scalar.value > 0x20, scalar.value != 0x7f {
      // ASCII, most keys: no Unicode case mapping needed.
      if (0x41...0x5A).contains(scalar.value) {
        keysym = Keysym(scalar.value | 0x20)
        modifiers.insert(.shift)
      } else if !(0x61...0x7A).contains(scalar.value) {
        modifiers.remove(.shift)
      }
    } else if let scalar = keysym.unicodeScalar, scalar.value > 0x20, scalar.value != 0x7f {
      let lower = Character(scalar).lowercased()
      if lower != String(Character(scalar)), let first = lower.unicodeScalars.first {
        keysym = Keysym(unicodeScalar: first)
        modifiers.insert(.shift)
      } else if !scalar.properties.isAlphabetic {
        modifiers.remove(.shift)
      }
    }
    self.keysym = keysym
    self.modifiers = modifiers
  }

  /// The spec of a key event; control characters from legacy terminals (0x01 for Control+a)
  /// are read back as their letter.
  public init(_ event: borrowing KeyEvent) {
    var keysym = event.keysym
    // Character keys are compared by their character: that also covers legacy keysyms
    // (`Cyrillic_es`) whose Unicode mapping only xkbcommon knows.
    if let scalar = event.text.scalarIgnoringModifiers, scalar.value > 0x20, scalar.value != 0x7f,
      keysym.isCharacterKey
    {
      keysym = Keysym(unicodeScalar: scalar)
    }
    self.init(keysym: keysym, modifiers: event.modifierFlags)
  }

  /// The spec for a character and modifiers.
  public init(character: String, modifiers: KeyEvent.ModifierFlags) {
    let scalar = character.unicodeScalars.first ?? " "
    self.init(keysym: Keysym(unicodeScalar: scalar), modifiers: modifiers)
  }

  /// The spec written `Control+Shift+z`, `Alt+Left`, `F5` or `0x1000003` (a raw keysym); nil when a part is not a known
  /// modifier or key name. Names are case-insensitive for modifiers and named keys.
  public init(parsing text: String) throws(KeySpecError) {
    let parts = text.split(separator: "+", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    // "Control++" means Control and the plus key.
    var names = parts
    if text.hasSuffix("++") {
      names = Array(parts.dropLast(2)) + ["+"]
    } else if text == "+" {
      names = ["+"]
    }
    guard let keyName = names.last, !keyName.isEmpty else { throw .missingKey(text) }
    var modifiers: KeyEvent.ModifierFlags = []
    for name in names.dropLast() {
      guard let flag = KeySpec.modifierNames[name.lowercased()] else { throw .unknownModifier(name) }
      modifiers.insert(flag)
    }
    if let keysym = KeySpec.keyNames[keyName.lowercased()] {
      self.init(keysym: keysym, modifiers: modifiers)
    } else if keyName.count == 1 {
      self.init(character: keyName, modifiers: modifiers)
    } else if keyName.hasPrefix("0x"), let value = UInt32(keyName.dropFirst(2), radix: 16) {
      // A raw keysym: what `description` writes for a key with no name or printable character.
      self.init(keysym: Keysym(value), modifiers: modifiers)
    } else {
      throw .unknownKey(keyName)
    }
  }

  /// Written as key binding files write it: `Control+Shift+z`.
  public var description: String {
    let key =
      KeySpec.name(of: keysym) ?? keysym.unicodeScalar.map { String(Character($0)) } ?? keysym.description
    return modifiers.isEmpty ? key : "\(modifiers)+\(key)"
  }

  /// The key as menus and the F1 list show it, in the notation of the samples' hint lines: a
  /// letter held with Control, Alt or another command modifier in capitals (`Control+N`, as
  /// menus print shortcuts), a bare letter as typed (`n`), so a capital never reads as Shift.
  /// ``description`` is the exact, parseable spelling.
  public var displayName: String {
    guard let scalar = keysym.unicodeScalar, KeySpec.name(of: keysym) == nil else { return description }
    let key = KeySpec.displayed(String(Character(scalar)), modifiers: modifiers)
    return modifiers.isEmpty ? key : "\(modifiers)+\(key)"
  }

  /// `key` in capitals when a modifier other than Shift is held, else as it is; a key whose
  /// character shows nothing is named (``blankKeyName(_:)``), so no list shows a blank key.
  static func displayed(_ key: String, modifiers: KeyEvent.ModifierFlags) -> String {
    if let name = blankKeyName(key) { return name }
    return modifiers.subtracting(.shift).isEmpty ? key : key.uppercased()
  }

  /// The name shown for a key whose character draws nothing — a space, a tab, a zero-width
  /// or control character — or nil for a visible one: the key's name when it has one (` ` is
  /// `Space`, as in the key binding files), else its code points (`U+00A0`). An empty key is
  /// `Space`, the key ``init(character:modifiers:)`` makes of it.
  static func blankKeyName(_ key: String) -> String? {
    guard
      key.allSatisfy({
        $0.isWhitespace || $0.terminalWidth == 0
          || $0.unicodeScalars.allSatisfy(\.properties.isDefaultIgnorableCodePoint)
      })
    else { return nil }
    guard let first = key.unicodeScalars.first else { return "Space" }
    if key.unicodeScalars.count == 1,
      let name = KeySpec.name(of: KeySpec.namedKeys[first] ?? Keysym(unicodeScalar: first))
    {
      return name
    }
    return key.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true).leftPadded(to: 4) }
      .joined(separator: " ")
  }

  /// The named keys whose character a key command or a spec may spell as text.
  private static let namedKeys: [Unicode.Scalar: Keysym] = [
    " ": .space, "\t": .tab, "\r": .returnKey, "\n": .returnKey, "\u{8}": .backSpace, "\u{1b}": .escape,
    "\u{7f}": .delete,
  ]

  static let modifierNames: [String: KeyEvent.ModifierFlags] = [
    "shift": .shift, "control": .control, "ctrl": .control, "alt": .alt, "option": .alt,
    "super": .super, "command": .super, "cmd": .super, "hyper": .hyper, "meta": .meta,
  ]

  static let keyNames: [String: Keysym] = {
    var table: [String: Keysym] = [
      "return": .returnKey, "enter": .returnKey, "tab": .tab, "escape": .escape, "esc": .escape,
      "backspace": .backSpace, "delete": .delete, "space": .space, "up": .up, "down": .down,
      "left": .left, "right": .right, "home": .home, "end": .end, "pageup": .pageUp,
      "page_up": .pageUp, "prior": .pageUp, "pagedown": .pageDown, "page_down": .pageDown,
      "next": .pageDown, "insert": .insert, "menu": .menu, "begin": .begin,
    ]
    for n in 1...35 { table["f\(n)"] = .f(n) }
    return table
  }()

  /// The keysym of a named key (`Return`, `PageUp`, `F5`; case-insensitive), nil otherwise.
  public static func keysym(named name: String) -> Keysym? {
    keyNames[name.lowercased()]
  }

  /// The display name of a named key (`Return`, `F5`), nil for characters.
  public static func name(of keysym: Keysym) -> String? {
    switch keysym {
    case .returnKey: return "Return"
    case .tab: return "Tab"
    case .escape: return "Escape"
    case .backSpace: return "BackSpace"
    case .delete: return "Delete"
    case .space: return "Space"
    case .up: return "Up"
    case .down: return "Down"
    case .left: return "Left"
    case .right: return "Right"
    case .home: return "Home"
    case .end: return "End"
    case .pageUp: return "PageUp"
    case .pageDown: return "PageDown"
    case .insert: return "Insert"
    case .menu: return "Menu"
    case .begin: return "Begin"
    default: return keysym.functionKeyNumber.map { "F\($0)" }
    }
  }
}

/// Why a key spec could not be read.
public enum KeySpecError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A modifier name that is not Shift, Control, Alt, Super, Hyper or Meta.
  case unknownModifier(String)
  /// A key name that is neither one character nor a known key (Return, F5, PageUp, ...).
  case unknownKey(String)
  /// Nothing after the last `+`.
  case missingKey(String)

  /// What was wrong.
  public var description: String {
    switch self {
    case .unknownModifier(let name): return "unknown modifier \"\(name)\""
    case .unknownKey(let name): return "unknown key \"\(name)\""
    case .missingKey(let text): return "no key in \"\(text)\""
    }
  }
}

extension String {
  /// The string with zeros in front up to `width` characters.
  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
