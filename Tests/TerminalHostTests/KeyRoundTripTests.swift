import ResponderKit
import Testing

@testable import TerminalHost

/// B8: every key the encoder can write, in every form, decodes to the same key and encodes
/// back to the same bytes; the keys that cannot are exactly the documented ambiguities.
@Suite struct KeyRoundTripTests {
  static let functionalKeysyms: [Keysym] =
    [.up, .down, .right, .left, Keysym(0xff9d), .end, .home, .insert, .delete, .pageUp, .pageDown]
    + (1...35).map { Keysym.f($0) } + [.returnKey, .tab, .backSpace, .escape]
    + KittyKeyCodes.privateUseRange.compactMap { KittyKeyCodes.keysym(forFunctionalCode: $0) }

  static let modifierSets: [KeyEvent.ModifierFlags] = [
    [], .shift, .alt, .control, [.shift, .alt], [.control, .alt], [.shift, .control], .super,
    .hyper, .meta, [.shift, .alt, .control, .super], .capsLock, .numLock,
  ]

  static let characters: [Unicode.Scalar] = [
    "a", "h", "i", "m", "z", "1", "!", "[", "/", " ", "é", "с", "😀", "~",
  ]

  /// Keys as the parser produces them.
  static func keys(for form: TerminalKeyEncoder.Form) -> [KeyEvent] {
    let phases: [KeyEvent.Phase] = form == .kitty ? [.down, .repeat, .up] : [.down]
    var keys: [KeyEvent] = []
    for phase in phases {
      for modifiers in modifierSets {
        for keysym in functionalKeysyms {
          keys.append(InputParser.functionalKeyEvent(keysym, modifiers: modifiers, phase: phase, time: 0))
        }
        for scalar in characters {
          keys.append(
            InputParser.characterKey(
              base: scalar, shifted: nil, modifiers: modifiers, phase: phase, text: nil, time: 0))
        }
      }
    }
    return keys
  }

  /// Keys legacy bytes cannot tell apart from another key, so they decode as that key
  /// (kitty's spec: "ctrl+i is the same as tab, ctrl+m is the same as Enter"); each with and
  /// without Alt. The kitty form has none.
  static let documentedAmbiguities: Set<String> = [
    "Control+i → Tab", "Control+m → Return", "Control+[ → Escape", "Control+~ → Control+^",
    "Control+/ → Control+_",
    "Alt+Control+i → Alt+Tab", "Alt+Control+m → Alt+Return", "Alt+Control+[ → Alt+Escape",
    "Alt+Control+~ → Alt+Control+^", "Alt+Control+/ → Alt+Control+_",
  ]

  /// A short name of a key for the ambiguity list.
  static func name(_ key: KeyEvent) -> String {
    var parts: [String] = []
    if key.modifierFlags.contains(.alt) { parts.append("Alt") }
    if key.modifierFlags.contains(.control) { parts.append("Control") }
    let symbol: String =
      switch key.keysym {
      case .backSpace: "BackSpace"
      case .tab: "Tab"
      case .returnKey: "Return"
      case .escape: "Escape"
      default: key.keysym.unicodeScalar.map { String($0) } ?? key.keysym.description
      }
    return (parts + [symbol]).joined(separator: "+")
  }

  @Test("key → bytes → key → bytes", arguments: TerminalKeyEncoder.Form.allCases)
  func roundTrip(_ form: TerminalKeyEncoder.Form) {
    var checked = 0
    var mismatches: [String] = []
    var ambiguities: Set<String> = []
    for key in KeyRoundTripTests.keys(for: form) {
      guard let bytes = TerminalKeyEncoder.encode(key, as: form) else { continue }
      checked += 1
      let decoded = decodeAll(bytes)
      guard decoded.count == 1, case .event(.key(var back)) = decoded[0] else {
        mismatches.append("\(key) → \(bytes) → \(decoded)")
        continue
      }
      // modifyOtherKeys sends the character typed (A), never the key before Shift (a).
      if form == .modifyOtherKeys { back.unshiftedKeysym = key.unshiftedKeysym }
      if back != key, form == .legacy,
        KeyRoundTripTests.documentedAmbiguities.contains(
          "\(KeyRoundTripTests.name(key)) → \(KeyRoundTripTests.name(back))")
      {
        ambiguities.insert("\(KeyRoundTripTests.name(key)) → \(KeyRoundTripTests.name(back))")
        continue
      }
      if back != key || TerminalKeyEncoder.encode(back, as: form) != bytes {
        mismatches.append(
          "\(key) → \(String(decoding: bytes, as: UTF8.self).debugDescription) → \(back) \(back.characters.debugDescription)/\(key.characters.debugDescription)"
        )
      }
    }
    #expect(checked > 500)
    if form == .legacy { #expect(ambiguities == KeyRoundTripTests.documentedAmbiguities) }
    #expect(mismatches.isEmpty, "\(mismatches.count) mismatches: \(mismatches.prefix(30))")
  }
}
