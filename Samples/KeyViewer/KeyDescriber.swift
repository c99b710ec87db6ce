import ResponderKit
import XKBKeyboard

/// Explains a key event in xkbcommon's terms.
@MainActor
struct KeyDescriber {
  let keymap: Keymap
  let names: RuleNames
  /// The evdev decoder, when keys come from a device: it knows the layout and compose state.
  var decoder: EvdevDecoder?
  /// The decoder's state as it was before the key being logged, fed the same keys one step
  /// behind: `xkbcli interactive-evdev` prints a key with the state it was pressed in.
  private let before: KeyboardState?

  init(keymap: Keymap, names: RuleNames, decoder: EvdevDecoder? = nil) {
    self.keymap = keymap
    self.names = names
    self.decoder = decoder
    before = decoder.flatMap { KeyboardState(keymap: $0.state.keymap) }
  }

  var keymapDescription: String {
    let layouts = keymap.layoutNames.joined(separator: ", ")
    return layouts.isEmpty ? names.description : layouts
  }

  func describe(_ event: KeyEvent) -> KeyLogView.Entry {
    let mods = event.modifierFlags
    let layout: String
    let compose: String
    if let decoder {
      layout = decoder.state.layoutName ?? "\(decoder.state.layoutIndex)"
      compose = decoder.compose.map { Self.describe($0.status) } ?? "—"
    } else {
      layout = "(terminal)"
      compose = "(terminal)"
    }
    return KeyLogView.Entry(
      phase: event.phase.rawValue,
      keyCode: event.keyCode.map(String.init) ?? "—",
      keysym: event.keysym == .noSymbol ? "—" : event.keysym.name,
      text: Self.visible(event.characters),
      modifiers: mods.isEmpty ? "—" : mods.description,
      layout: layout,
      compose: compose,
      whereOnLayout: whereOnLayout(event))
  }

  /// Everything xkbcommon says about the event's key, as `xkbcli interactive-evdev` prints
  /// it; call it for every event, releases included, so the state follows the keys. From a
  /// device that is the whole state the key was pressed in; from a terminal, which sends
  /// text and not keys, what the keysym and text tell, and the key, layout and level the
  /// keymap would use to type it.
  func details(_ event: KeyEvent) -> [String] {
    if let decoder, let before, let code = event.keyCode {
      defer {
        switch event.phase {
        case .down: before.update(keyCode: code, direction: .down)
        case .up: before.update(keyCode: code, direction: .up)
        case .repeat: break
        }
      }
      return Self.details(before.details(forKeyCode: code), state: before)
        + [Self.describe(compose: decoder.compose)]
    }
    var lines = ["keysym \(Self.keysymSummary(event.keysym))"]
    let flags = event.modifierFlags.isEmpty ? "-" : event.modifierFlags.description
    lines.append("text \(Self.bytes(Array(event.characters.utf8)))   modifiers \(flags)")
    if let stroke = stroke(for: event) {
      let key = keymap.keyName(forKeyCode: stroke.keyCode).map { "<\($0)>" } ?? "\(stroke.keyCode)"
      lines.append(
        "on this layout: key \(key) \(stroke.keyCode)   layout \(stroke.layout) "
          + "\"\(keymap.layoutName(at: stroke.layout) ?? "")\"   level \(stroke.level)   "
          + "modifiers \(stroke.modifiers.isEmpty ? "-" : stroke.modifiers.joined(separator: "+"))   "
          + "repeats \(keymap.repeats(keyCode: stroke.keyCode) ? "yes" : "no")")
    }
    return lines
  }

  /// The lines for a key read from a keyboard state.
  static func details(_ key: KeyDetails, state: KeyboardState) -> [String] {
    let layout = key.layout.map { "\($0) \"\(state.keymap.layoutName(at: $0) ?? "")\"" } ?? "-"
    let keysyms = key.keysyms.isEmpty ? "-" : key.keysyms.map(\.name).joined(separator: " ")
    let utf32 = scalar(key.utf32)
    let components: [(String, KeyboardState.Components)] = [
      ("depressed", .modifiersDepressed), ("latched", .modifiersLatched), ("locked", .modifiersLocked),
      ("effective", .modifiersEffective),
    ]
    let layouts: [(String, KeyboardState.Components)] = [
      ("depressed", .layoutDepressed), ("latched", .layoutLatched), ("locked", .layoutLocked),
      ("effective", .layoutEffective),
    ]
    let leds = state.activeLEDNames
    return [
      "key <\(key.keyName ?? "?")> \(key.keyCode)   keysyms [ \(keysyms) ]   with Caps Lock \(key.keysym.name)   "
        + "repeats \(key.repeats ? "yes" : "no")",
      "utf8 \(bytes(key.utf8))   utf32 \(utf32)   layout \(layout)   level \(key.level.map(String.init) ?? "-")",
      "consumed: xkb \(key.consumedModifiers)   gtk \(key.consumedModifiersGTK)",
      "modifiers: " + components.map { "\($0.0) \(state.modifiers($0.1))" }.joined(separator: "   "),
      "layout: " + layouts.map { "\($0.0) \(state.layoutIndex($0.1))" }.joined(separator: "   "),
      "LEDs: \(leds.isEmpty ? "-" : leds.joined(separator: ", "))",
    ]
  }

  /// A keysym's name, value and case forms.
  static func keysymSummary(_ keysym: Keysym) -> String {
    "\(keysym.name) (\(keysym.description))   upper \(keysym.uppercased.name)   lower \(keysym.lowercased.name)"
      + "   utf32 \(scalar(keysym.utf32Value))"
  }

  /// What compose did with the key: accepted or ignored, and where the sequence stands.
  static func describe(compose: ComposeState?) -> String {
    guard let compose else { return "compose: off" }
    let fed: String
    switch compose.lastFeedResult {
    case .accepted: fed = "accepted"
    case .ignored: fed = "ignored"
    case nil: fed = "-"
    }
    var status = describe(compose.status)
    if case .composed(let text, let keysym) = compose.status {
      status = "composed \"\(text)\" \(keysym.name)"
    }
    return "compose: \(fed), \(status == "—" ? "nothing" : status)"
  }

  /// A UTF-32 value as `U+00E9`, or `0` for none.
  static func scalar(_ value: UInt32) -> String {
    value == 0 ? "0" : "U+" + String(value, radix: 16, uppercase: true).leftPadded(to: 4)
  }

  /// Bytes in hexadecimal, `61 c3 a4`; `-` for none.
  static func bytes(_ bytes: [UInt8]) -> String {
    bytes.isEmpty ? "-" : bytes.map { String($0, radix: 16).leftPadded(to: 2) }.joined(separator: " ")
  }

  /// How to type the event's character on this keymap (`AltGr+q` style), so a terminal
  /// user learns the physical key.
  func whereOnLayout(_ event: KeyEvent) -> String {
    if let code = event.keyCode { return keymap.keyName(forKeyCode: code).map { "<\($0)>" } ?? "—" }
    guard let stroke = stroke(for: event) else { return "—" }
    let key = keymap.keyName(forKeyCode: stroke.keyCode).map { "<\($0)>" } ?? "\(stroke.keyCode)"
    // The modifiers the user held that the layout did not need for the character (Control).
    let held = event.modifierFlags.intersection([.control, .alt, .super, .hyper, .meta])
    let modifiers =
      (held.isEmpty ? [] : [held.description]) + stroke.modifiers.map { Self.modifierNames[$0] ?? $0 }
    return modifiers.isEmpty ? key : "\(modifiers.joined(separator: "+"))+\(key)"
  }

  /// The first way to type the event's character on the first layout.
  func stroke(for event: KeyEvent) -> KeyStroke? {
    let typed = event.charactersIgnoringModifiers.first ?? event.characters.first
    guard let character = typed ?? event.keysym.unicodeScalar.map(Character.init) else { return nil }
    return keymap.keyStrokes(for: character, layout: 0).first
  }

  /// XKB's real modifier names as people know them on a PC keyboard.
  static let modifierNames = [
    "Mod5": "AltGr", "Mod1": "Alt", "Lock": "CapsLock", "Mod2": "NumLock", "Mod4": "Super",
  ]

  static func describe(_ status: ComposeStatus) -> String {
    switch status {
    case .nothing: return "—"
    case .composing: return "composing"
    case .composed(let text, _): return "composed \(text)"
    case .cancelled: return "cancelled"
    }
  }

  /// Control characters shown as ^C, the rest as typed.
  static func visible(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      if scalar.value < 0x20 {
        out += "^" + String(Character(Unicode.Scalar(scalar.value + 0x40) ?? "?"))
      } else if scalar.value == 0x7f {
        out += "^?"
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out.isEmpty ? "—" : out
  }
}

extension String {
  /// The string with leading zeros up to `width` characters.
  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
