import Foundation
import Testing

@testable import ResponderKit

/// KeyEvent stores `keyCode`, `baseLayoutKeysym` and `unshiftedKeysym` as values beside
/// presence bits rather than as optionals, so a key is fewer stores to build; these prove the
/// public properties behave exactly like the optional stored properties they were.
@Suite struct KeyEventOptionalFieldsTests {
  /// Values at the edges: 0 (NoSymbol, KEY_RESERVED) must read back as present, not absent.
  static let values: [UInt32] = [0, 1, 30, 0xff1b, 0x0100_20ac, .max]

  @Test("each optional field reads back as set, and as absent once cleared", arguments: values)
  func optionalFieldsReadBackAsSet(_ value: UInt32) {
    var key = KeyEvent(keysym: .noSymbol, scalar: "a")
    #expect(key.keyCode == nil && key.baseLayoutKeysym == nil && key.unshiftedKeysym == nil)
    key.keyCode = value
    #expect(key.keyCode == value && key.baseLayoutKeysym == nil && key.unshiftedKeysym == nil)
    key.baseLayoutKeysym = Keysym(value)
    key.unshiftedKeysym = Keysym(value ^ 1)
    #expect(key.keyCode == value)
    #expect(key.baseLayoutKeysym == Keysym(value))
    #expect(key.unshiftedKeysym == Keysym(value ^ 1))
    key.baseLayoutKeysym = nil
    #expect(key.keyCode == value && key.baseLayoutKeysym == nil && key.unshiftedKeysym == Keysym(value ^ 1))
    key.keyCode = nil
    key.unshiftedKeysym = nil
    #expect(key.keyCode == nil && key.baseLayoutKeysym == nil && key.unshiftedKeysym == nil)
    #expect(KeyEvent(keysym: .noSymbol, scalar: "a", keyCode: value).keyCode == value)
  }

  @Test func aClearedFieldIsEqualToOneNeverSet() {
    let plain = KeyEvent(keysym: Keysym(0x61), scalar: "a", timestamp: 2)
    var cleared = plain
    cleared.keyCode = 30
    cleared.baseLayoutKeysym = Keysym(0x66)
    cleared.unshiftedKeysym = Keysym(0x31)
    #expect(cleared != plain)
    cleared.keyCode = nil
    cleared.baseLayoutKeysym = nil
    cleared.unshiftedKeysym = nil
    #expect(cleared == plain)
    #expect(Set([cleared, plain]).count == 1)
    // Present with value 0 is not absent.
    var zero = plain
    zero.baseLayoutKeysym = Keysym(0)
    #expect(zero != plain)
  }

  @Test func optionalFieldsAreCodedAsBefore() throws {
    var key = KeyEvent(keysym: Keysym(0x21), scalar: "!", modifierFlags: .shift, timestamp: 1)
    key.baseLayoutKeysym = Keysym(0x31)
    key.unshiftedKeysym = Keysym(0x31)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let json = String(decoding: try encoder.encode(key), as: UTF8.self)
    #expect(
      json
        == #"{"baseLayoutKeysym":49,"characters":"!","charactersIgnoringModifiers":"!","keysym":33,"modifierFlags":1,"phase":"down","timestamp":1,"unshiftedKeysym":49}"#
    )
    #expect(try JSONDecoder().decode(KeyEvent.self, from: Data(json.utf8)) == key)
  }

  @Test func aKeyIsAtMostFiftyTwoBytes() {
    // Three texts' words, the timestamp, four 32-bit fields and four bytes of phase,
    // presence bits and modifiers: the optionals' tag bytes made it 57.
    #expect(MemoryLayout<KeyEvent>.size <= 52)
  }
}
