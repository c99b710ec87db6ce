import ResponderKit
import Testing

@testable import TerminalHost

/// The kitty keyboard protocol: `CSI code:shifted:base ; mods:event ; text u` and its
/// functional key numbers.
@Suite struct KittyKeyParserTests {
  static let vectors: [Vector] = [
    Vector("\u{1b}[97u", char("a")),
    Vector("\u{1b}[97;5u", key(Keysym(0x61), "\u{1}", ignoring: "a", .control)),
    // Shift+a and Shift+1 keep the key pressed (a, 1) beside the key typed (A, !).
    Vector("\u{1b}[97;2u", withUnshifted(key(Keysym(0x41), "A", .shift), Keysym(0x61))),
    Vector("\u{1b}[97:65;2u", withUnshifted(key(Keysym(0x41), "A", .shift), Keysym(0x61))),
    Vector("\u{1b}[49:33;2u", withUnshifted(key(Keysym(0x21), "!", .shift), Keysym(0x31))),
    Vector(
      "\u{1b}[49:33:49;6u",
      withBase(withUnshifted(key(Keysym(0x21), "\u{21}", .shift.union(.control)), Keysym(0x31)), Keysym(0x31))
    ),
    // Control+С on a Russian layout: Cyrillic_es, carrying the physical key `c`.
    Vector("\u{1b}[1089::99;5u", withBase(key(Keysym(0x06d3), "с", .control), Keysym(0x63))),
    Vector("\u{1b}[97;1:1u", char("a")),
    Vector("\u{1b}[97;1:2u", key(Keysym(0x61), "a", phase: .repeat)),
    Vector("\u{1b}[97;1:3u", key(Keysym(0x61), "a", phase: .up)),
    Vector("\u{1b}[97;2;65u", withUnshifted(key(Keysym(0x41), "A", .shift), Keysym(0x61))),
    Vector("\u{1b}[97;3;229u", key(Keysym(0x61), "å", ignoring: "a", .alt)),
    // Key number 0: text with no key behind it.
    Vector("\u{1b}[0;;229u", .event(.text("å", timestamp: 0))),
    Vector("\u{1b}[0;;104:105u", .event(.text("hi", timestamp: 0))),
    Vector("\u{1b}[101;;101:769u", key(Keysym(0x65), "e\u{301}", ignoring: "e")),
    Vector("\u{1b}[27u", key(.escape, "\u{1b}")),
    Vector("\u{1b}[13;5u", key(.returnKey, "\r", .control)),
    Vector("\u{1b}[9;6u", key(.tab, "\t", [.shift, .control])),
    Vector("\u{1b}[127;1:3u", key(.backSpace, "\u{8}", phase: .up)),
    Vector("\u{1b}[57399u", key(Keysym(0xffb0), "0")),
    Vector("\u{1b}[57414u", key(.kpEnter, "\r")),
    Vector("\u{1b}[57441;2u", key(.shiftL, "", .shift)),
    Vector("\u{1b}[57441;1:3u", key(.shiftL, "", phase: .up)),
    Vector("\u{1b}[57453u", key(.isoLevel3Shift)),
    Vector("\u{1b}[57358;65u", key(.capsLock, "", .capsLock)),
    Vector("\u{1b}[57376u", key(.f(13))),
    Vector("\u{1b}[57398u", key(.f(35))),
    Vector("\u{1b}[57363u", key(.menu)),
    Vector("\u{1b}[57428u", key(Keysym(0x1008_ff14))),
    Vector("\u{1b}[57430u", key(Keysym(0x0100_e056))),
    Vector("\u{1b}[57440u", key(Keysym(0x1008_ff12))),
    Vector("\u{1b}[57454u", key(Keysym(0xfe11))),
    Vector("\u{1b}[1;5:3A", key(.up, "", .control, phase: .up)),
    Vector("\u{1b}[3;1:2~", key(.delete, phase: .repeat)),
    Vector("\u{1b}[57427~", key(Keysym(0xff9d))),
    Vector("\u{1b}[1;129A", key(.up, "", .numLock)),
    Vector("\u{1b}[32;5u", key(.space, "\u{0}", ignoring: " ", .control)),
  ]

  @Test("kitty vectors decode to their keys", arguments: vectors)
  func kittyVector(_ vector: Vector) {
    #expect(decodeAll(vector.input) == vector.expected)
  }

  /// Every functional number in kitty's table (57358–57454) maps to a keysym, except the two
  /// kitty itself gives none (57430, 57431); the keypad digits are KP_0…KP_9.
  @Test func everyFunctionalNumberHasAKeysym() {
    let missing = (57358...57454).filter { KittyKeyCodes.keysym(forFunctionalCode: $0) == nil }
    #expect(
      missing == [
        57364, 57365, 57366, 57367, 57368, 57369, 57370, 57371, 57372, 57373, 57374, 57375, 57430, 57431,
      ])
    for digit in 0...9 {
      #expect(KittyKeyCodes.keysym(forFunctionalCode: 57399 + digit) == Keysym(0xffb0 + UInt32(digit)))
    }
  }

  @Test(
    "malformed kitty sequences are unknown, not keys",
    arguments: [
      "\u{1b}[97;1:4u", "\u{1b}[97;0u", "\u{1b}[97;300u", "\u{1b}[1u", "\u{1b}[55296u",
      "\u{1b}[1114112u", "\u{1b}[0u", "\u{1b}[97;;1u", "\u{1b}[97:1u", "\u{1b}[0;1:3;97u",
      "\u{1b}[0::97;;97u",
    ])
  func malformedKitty(_ input: String) {
    #expect(decodeAll(input) == [.unknown(bytes(input))])
  }
}

/// The same key item with the base-layout (physical) key kitty reported.
func withBase(_ item: TerminalInput, _ base: Keysym) -> TerminalInput {
  guard case .event(.key(var key)) = item else { return item }
  key.baseLayoutKeysym = base
  return .event(.key(key))
}
