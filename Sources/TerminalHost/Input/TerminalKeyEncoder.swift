import ResponderKit

/// Encodes key events as the bytes a terminal sends for them: the inverse of
/// ``InputParser`` for keys, for tests, recordings and driving applications in a terminal
/// (tmux `send-keys -H`).
///
/// Returns nil when the form cannot express the key (a release in legacy form, Shift+a in
/// legacy form, where the terminal sends "A" with no Shift flag).
public enum TerminalKeyEncoder {
  /// Which encoding a terminal uses.
  public enum Form: Hashable, Sendable, CaseIterable {
    /// Legacy xterm/VT bytes: text, C0 controls, Alt as an ESC prefix, `CSI`/`SS3` keys
    /// with `1 + bits` modifiers.
    case legacy
    /// Legacy, but modified character keys as xterm's `CSI 27 ; mods ; code ~`.
    case modifyOtherKeys
    /// The kitty keyboard protocol with every flag on: every key, including text, press,
    /// repeat and release, as `CSI code[:shifted] ; mods[:event] [; text] u` or the
    /// `CSI 1 ; mods[:event] X` and `CSI n ; mods[:event] ~` forms.
    case kitty
  }

  /// The bytes for `key` in `form`, or nil when the form cannot express it.
  public static func encode(_ key: KeyEvent, as form: Form) -> [UInt8]? {
    let modifiers = key.modifierFlags.rawValue
    guard modifiers < 256 else { return nil }
    if form != .kitty && key.phase != .down { return nil }
    if let functional = functionalForm(key.keysym) {
      return encodeFunctional(functional, key: key, form: form)
    }
    guard let scalar = key.keysym.unicodeScalar, scalar.value >= 0x20, scalar.value != 0x7f else {
      return nil
    }
    switch form {
    case .kitty: return encodeKittyCharacter(scalar, key: key)
    case .modifyOtherKeys where !key.modifierFlags.isEmpty:
      return csi("27;\(modifiers + 1);\(scalar.value)~")
    case .legacy, .modifyOtherKeys:
      return encodeLegacyCharacter(scalar, key: key)
    }
  }

  /// How a functional key is written.
  enum Functional {
    /// `CSI X` / `CSI 1 ; m X` (and `SS3 X` for F1–F4 without modifiers).
    case letter(UInt8, ss3: Bool)
    /// `CSI n ~` / `CSI n ; m ~`.
    case tilde(Int)
    /// A C0 byte in legacy form (Return, Tab, BackSpace, Escape), `CSI code u` in kitty.
    case control(UInt8)
    /// Only the kitty protocol has it: `CSI code u`.
    case kittyOnly(Int)
  }

  /// The form of a functional keysym, nil for character keysyms.
  static func functionalForm(_ keysym: Keysym) -> Functional? {
    switch keysym {
    case .up: return .letter(0x41, ss3: false)
    case .down: return .letter(0x42, ss3: false)
    case .right: return .letter(0x43, ss3: false)
    case .left: return .letter(0x44, ss3: false)
    case Keysym(0xff9d): return .letter(0x45, ss3: false)
    case .end: return .letter(0x46, ss3: false)
    case .home: return .letter(0x48, ss3: false)
    case .f(1): return .letter(0x50, ss3: true)
    case .f(2): return .letter(0x51, ss3: true)
    case .f(3): return .tilde(13)  // CSI 1 ; m R would read as a cursor position report
    case .f(4): return .letter(0x53, ss3: true)
    case .insert: return .tilde(2)
    case .delete: return .tilde(3)
    case .pageUp: return .tilde(5)
    case .pageDown: return .tilde(6)
    case .returnKey: return .control(0x0d)
    case .tab: return .control(0x09)
    case .backSpace: return .control(0x7f)
    case .escape: return .control(0x1b)
    default: break
    }
    if let n = keysym.functionKeyNumber {
      let tildeNumbers = [15, 17, 18, 19, 20, 21, 23, 24, 25, 26, 28, 29, 31, 32, 33, 34]
      if n >= 5 && n <= 20 { return .tilde(tildeNumbers[n - 5]) }
    }
    if let code = kittyCode(for: keysym) { return .kittyOnly(code) }
    return nil
  }

  /// The kitty functional number for a keysym, from ``KittyKeyCodes``.
  static func kittyCode(for keysym: Keysym) -> Int? {
    kittyCodes[keysym.rawValue]
  }

  /// Keysym → kitty functional number, the reverse of ``KittyKeyCodes``.
  static let kittyCodes: [UInt32: Int] = {
    var table: [UInt32: Int] = [:]
    for code in KittyKeyCodes.privateUseRange {
      if let keysym = KittyKeyCodes.keysym(forFunctionalCode: code) { table[keysym.rawValue] = code }
    }
    return table
  }()

  static func encodeFunctional(_ functional: Functional, key: KeyEvent, form: Form) -> [UInt8]? {
    let bits = Int(key.modifierFlags.rawValue)
    let event = form == .kitty && key.phase != .down ? ":\(phaseNumber(key.phase))" : ""
    let plain = bits == 0 && event.isEmpty
    switch functional {
    case .letter(let final, let ss3):
      if plain { return [0x1b, ss3 ? 0x4f : 0x5b, final] }
      return csi("1;\(bits + 1)\(event)") + [final]
    case .tilde(let number):
      return csi(plain ? "\(number)~" : "\(number);\(bits + 1)\(event)~")
    case .control(let byte):
      if form == .kitty {
        let code = byte == 0x7f ? 127 : Int(byte)
        return csi(plain ? "\(code)u" : "\(code);\(bits + 1)\(event)u")
      }
      if bits == 0 { return [byte] }
      if key.modifierFlags == .alt { return [0x1b, byte] }
      if byte == 0x09 && key.modifierFlags == .shift { return csi("Z") }
      return nil
    case .kittyOnly(let code):
      guard form == .kitty else { return nil }
      return csi(plain ? "\(code)u" : "\(code);\(bits + 1)\(event)u")
    }
  }

  static func encodeLegacyCharacter(_ scalar: Unicode.Scalar, key: KeyEvent) -> [UInt8]? {
    var flags = key.modifierFlags
    var out: [UInt8] = []
    if flags.contains(.alt) {
      out.append(0x1b)
      flags.remove(.alt)
    }
    if flags == .control {
      guard scalar.isASCII, let byte = InputParser.controlByte(UInt8(scalar.value)) else {
        return nil
      }
      return out + [byte]
    }
    guard flags.isEmpty else { return nil }
    return out + Array(String(scalar).utf8)
  }

  static func encodeKittyCharacter(_ scalar: Unicode.Scalar, key: KeyEvent) -> [UInt8]? {
    var code = scalar
    var shifted = ""
    if key.modifierFlags.contains(.shift) && scalar.properties.isUppercase {
      let lower = String(scalar).lowercased().unicodeScalars
      guard lower.count == 1, let base = lower.first else { return nil }
      code = base
      shifted = ":\(scalar.value)"
    }
    let bits = Int(key.modifierFlags.rawValue)
    let event = key.phase != .down ? ":\(phaseNumber(key.phase))" : ""
    let modifiers = bits == 0 && event.isEmpty ? "" : "\(bits + 1)\(event)"
    // Associated text only when it differs from what the key types by itself.
    var typed = key.charactersIgnoringModifiers
    if key.modifierFlags.contains(.control), code.isASCII,
      let byte = InputParser.controlByte(UInt8(code.value))
    {
      typed = String(UnicodeScalar(byte))
    }
    var text = ""
    if key.characters != typed {
      let scalars = key.characters.unicodeScalars
      guard !scalars.isEmpty, scalars.allSatisfy({ InputParser.keyScalar(Int($0.value)) != nil })
      else { return nil }
      text = scalars.map { String($0.value) }.joined(separator: ":")
    }
    var body = "\(code.value)\(shifted)"
    if !modifiers.isEmpty || !text.isEmpty { body += ";\(modifiers)" }
    if !text.isEmpty { body += ";\(text)" }
    return csi(body + "u")
  }

  static func phaseNumber(_ phase: KeyEvent.Phase) -> Int {
    switch phase {
    case .down: 1
    case .repeat: 2
    case .up: 3
    }
  }

  static func csi(_ body: String) -> [UInt8] { [0x1b, 0x5b] + Array(body.utf8) }
}
