import ResponderKit
import XKBKeyboard

/// Explains a key event in xkbcommon's terms.
@MainActor
struct KeyDescriber {
  let keymap: Keymap
  let names: RuleNames
  /// The evdev decoder, when keys come from a device: it knows the layout and compose state.
  var decoder: EvdevDecoder?

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
      keysym: event.keysym == .noSymbol ? "—" : (event.keysym.name ?? event.keysym.description),
      text: Self.visible(event.characters),
      modifiers: mods.isEmpty ? "—" : mods.description,
      layout: layout,
      compose: compose,
      whereOnLayout: whereOnLayout(event))
  }

  /// How to type the event's character on this keymap (`AltGr+q` style), so a terminal
  /// user learns the physical key.
  func whereOnLayout(_ event: KeyEvent) -> String {
    if let code = event.keyCode { return keymap.keyName(forKeyCode: code).map { "<\($0)>" } ?? "—" }
    let typed = event.charactersIgnoringModifiers.first ?? event.characters.first
    guard let character = typed ?? event.keysym.unicodeScalar.map(Character.init),
      let stroke = keymap.keyStrokes(for: character, layout: 0).first
    else { return "—" }
    let key = keymap.keyName(forKeyCode: stroke.keyCode).map { "<\($0)>" } ?? "\(stroke.keyCode)"
    // The modifiers the user held that the layout did not need for the character (Control).
    let held = event.modifierFlags.intersection([.control, .alt, .super, .hyper, .meta])
    let modifiers =
      (held.isEmpty ? [] : [held.description]) + stroke.modifiers.map { Self.modifierNames[$0] ?? $0 }
    return modifiers.isEmpty ? key : "\(modifiers.joined(separator: "+"))+\(key)"
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
