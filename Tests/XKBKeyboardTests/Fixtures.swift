import ResponderKit
import Testing
import XKBKeyboard

/// evdev key codes (`linux/input-event-codes.h`) used by the tests.
enum Key {
  static let one: UInt32 = 2
  static let equal: UInt32 = 13
  static let q: UInt32 = 16
  static let w: UInt32 = 17
  static let e: UInt32 = 18
  static let a: UInt32 = 30
  static let s: UInt32 = 31
  static let h: UInt32 = 35
  static let c: UInt32 = 46
  static let enter: UInt32 = 28
  static let leftControl: UInt32 = 29
  static let leftShift: UInt32 = 42
  static let leftAlt: UInt32 = 56
  static let space: UInt32 = 57
  static let capsLock: UInt32 = 58
  static let numLock: UInt32 = 69
  static let kp7: UInt32 = 71
  static let rightAlt: UInt32 = 100
}

/// A keymap built ignoring `XKB_DEFAULT_*`, so tests do not depend on the machine.
func makeKeymap(_ layout: String, variant: String? = nil, options: String? = nil) throws -> Keymap {
  try Keymap(
    names: RuleNames(rules: "evdev", model: "pc105", layout: layout, variant: variant, options: options),
    ignoringEnvironment: true)
}

/// A fresh state for a layout.
func makeState(_ layout: String, variant: String? = nil, options: String? = nil) throws
  -> KeyboardState
{
  let keymap = try makeKeymap(layout, variant: variant, options: options)
  return try #require(KeyboardState(keymap: keymap))
}

extension KeyboardState {
  /// Presses and releases a key, returning the text and keysym read at the press.
  func tap(_ code: UInt32) -> (text: String, keysym: Keysym) {
    let event = keyEvent(forKeyCode: code, phase: .down)
    update(keyCode: code, direction: .up)
    return (event.characters, event.keysym)
  }

  /// Runs `body` with the modifier keys held.
  func holding<R>(_ codes: UInt32..., body: () -> R) -> R {
    for code in codes { update(keyCode: code, direction: .down) }
    defer { for code in codes.reversed() { update(keyCode: code, direction: .up) } }
    return body()
  }
}
