import Foundation
import ResponderKit

/// The line syntax of ``Recording`` files, both ways.
enum RecordingFormat {
  // MARK: Writing

  static func describe(_ input: InputEvent) -> String {
    switch input {
    case .key(let key):
      var parts = ["key", key.phase.rawValue, keyToken(key)]
      let implied = impliedText(key)
      if key.characters != implied { parts.append("text=" + quote(key.characters)) }
      if key.charactersIgnoringModifiers != key.characters {
        parts.append("plain=" + quote(key.charactersIgnoringModifiers))
      }
      if let code = key.keyCode { parts.append("code=\(code)") }
      if let base = key.baseLayoutKeysym { parts.append("base=" + keyName(base)) }
      if let unshifted = key.unshiftedKeysym { parts.append("unshifted=" + keyName(unshifted)) }
      let locks = key.modifierFlags.intersection([.capsLock, .numLock])
      if !locks.isEmpty { parts.append("locks=\(locks)") }
      return parts.joined(separator: " ")
    case .touches(let samples):
      return "touch "
        + samples.map { sample in
          var text = "\(sample.id) \(sample.phase) \(number(sample.location.x)) \(number(sample.location.y))"
          if !sample.modifierFlags.isEmpty { text += " mods=\(sample.modifierFlags)" }
          return text
        }.joined(separator: "; ")
    case .scroll(let scroll):
      var text =
        "scroll \(number(scroll.location.x)) \(number(scroll.location.y)) \(number(scroll.dx)) \(number(scroll.dy))"
      if !scroll.modifierFlags.isEmpty { text += " mods=\(scroll.modifierFlags)" }
      return text
    case .mouse(let mouse):
      let button =
        switch mouse.buttonNumber {
        case MouseSample.rightButton: "right"
        case MouseSample.middleButton: "middle"
        case 0: "none"
        default: "\(mouse.buttonNumber)"
        }
      var text =
        "mouse \(button) \(mouse.phase.rawValue) \(number(mouse.location.x)) \(number(mouse.location.y))"
      if !mouse.modifierFlags.isEmpty { text += " mods=\(mouse.modifierFlags)" }
      return text
    case .paste(let text, _):
      return "paste " + quote(text)
    case .text(let text, _):
      return "text " + quote(text)
    case .focus(let active, _):
      return active ? "focus in" : "focus out"
    case .resize(let size, _):
      return "resize \(number(size.width)) \(number(size.height))"
    }
  }

  /// `Control+Shift+Left`, `a`, `0xfe03`: modifiers, then the key by name, as itself, or as hex.
  static func keyToken(_ key: KeyEvent) -> String {
    let mods = key.modifierFlags.subtracting([.capsLock, .numLock])
    let name = keyName(key.keysym)
    return mods.isEmpty ? name : "\(mods)+\(name)"
  }

  /// A keysym by name (`Return`), as its character (`a`), or in hex (`0xfe03`) — whichever
  /// reads back as the same value.
  static func keyName(_ keysym: Keysym) -> String {
    if let named = KeySpec.name(of: keysym) { return named }
    if let scalar = keysym.unicodeScalar, scalar.value > 0x20, scalar != "+", scalar != "\"",
      scalar.properties.generalCategory != .control, keysym == Keysym(unicodeScalar: scalar)
    {
      return String(Character(scalar))
    }
    return keysym.description
  }

  /// The text a reader assumes when `text=` is absent: the key's own character when no
  /// command modifier is held, else nothing.
  static func impliedText(_ key: KeyEvent) -> String {
    guard key.modifierFlags.isDisjoint(with: [.control, .alt, .super, .hyper, .meta]),
      let scalar = key.keysym.unicodeScalar, scalar.value >= 0x20, scalar.value != 0x7f
    else { return "" }
    return String(Character(scalar))
  }

  /// Milliseconds (`0.120`) when that reads back as the same time, else every digit needed.
  static func time(_ value: TimeInterval) -> String {
    let milliseconds = String(format: "%.3f", value)
    return Double(milliseconds) == value ? milliseconds : "\(value)"
  }

  static func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }

  /// A JSON string literal.
  static func quote(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7f {
          out += String(format: "\\u%04x", scalar.value)
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }
}
