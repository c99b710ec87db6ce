import Foundation
import Testing

@testable import ResponderKit

/// KeyEvent stores its two texts packed (inline up to 7 UTF-8 bytes, boxed beyond); these
/// prove the public properties behave exactly like the plain `String` properties they were.
@Suite struct KeyEventTextTests {
  static let texts = ["", "a", "\u{1}", "é", "e\u{301}", "€", "😀", "🇺🇸", "abcdefg", "abcdefgh", "日本語です"]

  @Test("texts round-trip through the packed storage", arguments: texts)
  func textsRoundTrip(_ text: String) {
    var key = KeyEvent(keysym: .noSymbol, characters: text, charactersIgnoringModifiers: "x")
    #expect(key.characters == text)
    #expect(key.charactersIgnoringModifiers == "x")
    key.charactersIgnoringModifiers = text
    key.characters = "q"
    #expect(key.characters == "q")
    #expect(key.charactersIgnoringModifiers == text)
  }

  @Test func shortTextsAreInlineAndLongOnesBoxed() {
    #expect(KeyEvent(keysym: .noSymbol, characters: "😀é").text.isInline)
    #expect(!KeyEvent(keysym: .noSymbol, characters: "🇺🇸!").text.isInline)
    var key = KeyEvent(keysym: .noSymbol, characters: "a long text")
    key.characters = "b"
    key.charactersIgnoringModifiers = "c"
    #expect(key.text.isInline)
  }

  @Test func charactersIgnoringModifiersDefaultsToCharacters() {
    #expect(KeyEvent(keysym: .noSymbol, characters: "é").charactersIgnoringModifiers == "é")
    #expect(KeyEvent(keysym: .noSymbol, scalar: "é").charactersIgnoringModifiers == "é")
  }

  @Test func scalarInitializerMatchesStringInitializer() {
    for value: UInt32 in [0x01, 0x41, 0x7f, 0xe9, 0x7ff, 0x800, 0x20ac, 0xffff, 0x10000, 0x1f600, 0x10ffff] {
      let scalar = Unicode.Scalar(value)!
      let fromScalar = KeyEvent(
        keysym: Keysym(unicodeScalar: scalar), scalar: scalar, scalarIgnoringModifiers: "a",
        modifierFlags: .control, phase: .up, keyCode: 30, timestamp: 2)
      let fromString = KeyEvent(
        keysym: Keysym(unicodeScalar: scalar), characters: String(scalar),
        charactersIgnoringModifiers: "a", modifierFlags: .control, phase: .up, keyCode: 30,
        timestamp: 2)
      #expect(fromScalar == fromString)
      #expect(fromScalar.hashValue == fromString.hashValue)
      #expect(fromScalar.characters.unicodeScalars.elementsEqual([scalar]))
    }
    let empty = KeyEvent(keysym: .f(1), scalar: nil)
    #expect(empty.characters.isEmpty && empty.charactersIgnoringModifiers.isEmpty)
  }

  @Test func equalityIsCanonicalEquivalenceAsForStrings() {
    let composed = KeyEvent(keysym: .noSymbol, characters: "é")
    let decomposed = KeyEvent(keysym: .noSymbol, characters: "e\u{301}")
    #expect(composed == decomposed)
    #expect(Set([composed, decomposed]).count == 1)
    let long = KeyEvent(keysym: .noSymbol, characters: "abcdefgh")
    #expect(long != KeyEvent(keysym: .noSymbol, characters: "abcdefgi"))
    #expect(long == KeyEvent(keysym: .noSymbol, characters: "abcdefgh"))
  }

  @Test func codingKeepsTheFieldNames() throws {
    let key = KeyEvent(
      keysym: Keysym(0x61), characters: "\u{1}", charactersIgnoringModifiers: "a",
      modifierFlags: .control, keyCode: 30, timestamp: 1.5)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let json = String(decoding: try encoder.encode(key), as: UTF8.self)
    #expect(
      json
        == #"{"characters":"\u0001","charactersIgnoringModifiers":"a","keyCode":30,"keysym":97,"modifierFlags":4,"phase":"down","timestamp":1.5}"#
    )
    #expect(try JSONDecoder().decode(KeyEvent.self, from: Data(json.utf8)) == key)
    let noCode = KeyEvent(keysym: .escape, characters: "a long text, boxed")
    let decoded = try JSONDecoder().decode(KeyEvent.self, from: try encoder.encode(noCode))
    #expect(decoded == noCode && decoded.keyCode == nil)
  }
}

extension KeyText {
  /// Whether both texts are packed inline.
  var isInline: Bool { box == nil }
}
