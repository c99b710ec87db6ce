import Foundation
import ResponderKit
import Testing
import XKBKeyboard

@testable import TerminalHost

/// The bytes of a string written with `\u{1b}` for ESC.
func bytes(_ string: String) -> [UInt8] { Array(string.utf8) }

/// Parses `input` in one piece at time 0, then lets any held-back bytes time out.
func decodeAll(_ input: [UInt8], parser: InputParser = InputParser()) -> [TerminalInput] {
  var parser = parser
  var items = parser.parse(input, at: 0)
  items += parser.expire(at: 1000)
  return items
}

/// Parses a string (see ``bytes(_:)``) as ``decodeAll(_:parser:)`` does.
func decodeAll(_ string: String) -> [TerminalInput] { decodeAll(bytes(string)) }

/// A key press item at time 0.
func key(
  _ keysym: Keysym, _ characters: String = "", ignoring: String? = nil,
  _ modifiers: KeyEvent.ModifierFlags = [], phase: KeyEvent.Phase = .down
) -> TerminalInput {
  .event(
    .key(
      KeyEvent(
        keysym: keysym, characters: characters, charactersIgnoringModifiers: ignoring ?? characters,
        modifierFlags: modifiers, phase: phase)))
}

/// A key for a printable character.
func char(_ character: Character, _ modifiers: KeyEvent.ModifierFlags = []) -> TerminalInput {
  let scalar = character.unicodeScalars.first!
  // Beyond Latin-1, xkbcommon's keysym (a legacy one where it exists, `EuroSign`, `Cyrillic_es`).
  let keysym = scalar.value <= 0xff ? Keysym(unicodeScalar: scalar) : Keysym(utf32: scalar.value)!
  return key(keysym, String(character), modifiers)
}

/// One touch of the mouse (touch 0) at time 0.
func touch(_ phase: TouchPhase, _ x: Double, _ y: Double, _ modifiers: KeyEvent.ModifierFlags = [])
  -> TerminalInput
{
  .event(.touches([TouchSample(id: 0, phase: phase, location: Point(x: x, y: y), modifierFlags: modifiers)]))
}

/// The same key item with the key before Shift that the terminal reported.
func withUnshifted(_ item: TerminalInput, _ unshifted: Keysym) -> TerminalInput {
  guard case .event(.key(var key)) = item else { return item }
  key.unshiftedKeysym = unshifted
  return .event(.key(key))
}

/// Items for `input` fed whole, split once at every byte, and byte by byte, which must all
/// agree; then held bytes time out.
func decodeAtEverySplit(_ input: [UInt8], _ parser: InputParser = InputParser()) -> [TerminalInput] {
  func run(_ cuts: [Int]) -> [TerminalInput] {
    var parser = parser
    var items: [TerminalInput] = []
    var start = 0
    for cut in cuts + [input.count] {
      input[start..<cut].withUnsafeBytes { parser.parse($0, at: 0, into: &items) }
      start = cut
    }
    parser.expire(at: 1000, into: &items)
    return items
  }
  let whole = run([])
  for cut in 0...input.count { #expect(run([cut]) == whole, "cut \(cut) of \(input)") }
  #expect(run(Array(0..<input.count)) == whole, "byte by byte: \(input)")
  return whole
}

/// A protocol vector: input bytes and the items they must decode to.
struct Vector: CustomStringConvertible, Sendable {
  var input: String
  var expected: [TerminalInput]
  init(_ input: String, _ expected: TerminalInput...) {
    self.input = input
    self.expected = expected
  }
  init(_ input: String, _ expected: [TerminalInput]) {
    self.input = input
    self.expected = expected
  }
  var description: String { input.debugDescription }
}
