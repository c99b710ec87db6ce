import CXKBCommon
import ResponderKit
import Testing
import XKBKeyboard

@Suite struct KeysymNameTests {
  @Test func namesGiveKeysyms() {
    #expect(Keysym(name: "Return") == .returnKey)
    #expect(Keysym(name: "adiaeresis") == Keysym(0xe4))
    #expect(Keysym(name: "U20AC") == Keysym(0x10020ac))
    #expect(Keysym(name: "return") == nil)
    #expect(Keysym(name: "return", caseInsensitive: true) == .returnKey)
    #expect(Keysym(name: "no such keysym") == nil)
    #expect(Keysym(name: "") == nil)
  }

  @Test func keysymsGiveCanonicalNames() {
    #expect(Keysym.returnKey.name == "Return")
    #expect(Keysym.isoLevel3Shift.name == "ISO_Level3_Shift")
    // Greek_lambda is an alias; the canonical name is the older spelling.
    #expect(Keysym(name: "Greek_lambda")?.name == "Greek_lamda")
    #expect(Keysym(0x1_01F4A9).name == "U0001F4A9")
  }

  @Test func unicodeMapsToLegacyKeysymsAndBack() throws {
    let es = try #require(Keysym(utf32: 0x441))  // с
    #expect(es == Keysym(0x6d3))
    #expect(es.utf32 == "с")
    #expect(Keysym(utf32: 0x8) == .backSpace)
    #expect(Keysym(character: "€") == Keysym(0x20ac))  // EuroSign
    #expect(Keysym.returnKey.utf32 == "\r")
    #expect(Keysym.left.utf32 == nil)
  }

  @Test func caseConversionFollowsXkbcommon() {
    #expect(Keysym(0x61).uppercased == Keysym(0x41))
    #expect(Keysym(0x41).lowercased == Keysym(0x61))
    #expect(Keysym(0x6d3).uppercased == Keysym(0x6f3))  // Cyrillic_ES
    #expect(Keysym.returnKey.uppercased == .returnKey)
  }
}

/// Keysym helpers compared with libxkbcommon's own functions over every named keysym, the
/// whole Unicode keysym range and a sample of the rest of the 32-bit values.
@Suite struct KeysymLibxkbcommonTests {
  /// `XKB_KEY_name 0x…` from xkbcommon's header: every keysym name libxkbcommon knows.
  static func namedKeysyms() throws -> [(name: String, value: UInt32)] {
    let header = try String(contentsOfFile: "/usr/include/xkbcommon/xkbcommon-keysyms.h", encoding: .utf8)
    return header.split(separator: "\n").compactMap { line in
      let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
      guard words.count >= 3, words[0] == "#define", words[1].hasPrefix("XKB_KEY_"), words[2].hasPrefix("0x"),
        let value = UInt32(words[2].dropFirst(2), radix: 16)
      else { return nil }
      return (String(words[1].dropFirst("XKB_KEY_".count)), value)
    }
  }

  /// What libxkbcommon says about a value, next to what `Keysym` says.
  static func mismatch(_ value: UInt32) -> String? {
    let keysym = Keysym(value)
    var buffer = [CChar](repeating: 0, count: 64)
    _ = xkb_keysym_get_name(value, &buffer, buffer.count)
    let name = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    var utf8 = [CChar](repeating: 0, count: 8)
    let count = Int(xkb_keysym_to_utf8(value, &utf8, utf8.count))
    let bytes = count > 1 ? utf8.prefix(count - 1).map { UInt8(bitPattern: $0) } : []
    if keysym.name != name { return "\(value): name \(keysym.name) ≠ \(name)" }
    if keysym.utf8 != bytes { return "\(value): utf8 \(keysym.utf8) ≠ \(bytes)" }
    if keysym.utf32Value != xkb_keysym_to_utf32(value) { return "\(value): utf32" }
    if keysym.uppercased.rawValue != xkb_keysym_to_upper(value) { return "\(value): upper" }
    if keysym.lowercased.rawValue != xkb_keysym_to_lower(value) { return "\(value): lower" }
    return nil
  }

  @Test func everyNamedKeysymMatchesLibxkbcommon() throws {
    let named = try Self.namedKeysyms()
    #expect(named.count > 2000)
    var wrong: [String] = []
    for (name, value) in named {
      let exact = xkb_keysym_from_name(name, XKB_KEYSYM_NO_FLAGS)
      if (Keysym(name: name)?.rawValue ?? 0) != exact { wrong.append("\(name): from name") }
      for spelling in [name.lowercased(), name.uppercased()] {
        let insensitive = xkb_keysym_from_name(spelling, XKB_KEYSYM_CASE_INSENSITIVE)
        if (Keysym(name: spelling, caseInsensitive: true)?.rawValue ?? 0) != insensitive {
          wrong.append("\(spelling): case-insensitive")
        }
      }
      if let problem = Self.mismatch(value) { wrong.append(problem) }
    }
    #expect(wrong.isEmpty, "\(wrong.prefix(10).joined(separator: "\n"))")
  }

  @Test func theUnicodeKeysymRangeMatchesLibxkbcommon() {
    var wrong: [String] = []
    for value in UInt32(0x0100_0000)...0x0110_ffff {
      if let problem = Self.mismatch(value) {
        wrong.append(problem)
        if wrong.count > 10 { break }
      }
    }
    #expect(wrong.isEmpty, "\(wrong.joined(separator: "\n"))")
  }

  @Test func otherValuesMatchLibxkbcommonIncludingInvalidAndHexNames() {
    // The legacy range whole, the edges of the valid range, and a fixed pseudo-random sample.
    var values = Array(UInt32(0)...0x1_ffff)
    values += [0x1fff_fffe, 0x1fff_ffff, 0x2000_0000, 0x8000_0000, 0xffff_ffff, 0x00ff_ffff, 0x0111_0000]
    var seed: UInt64 = 0x5eed
    for _ in 0..<20000 {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      values.append(UInt32(truncatingIfNeeded: seed >> 32))
    }
    let wrong = values.compactMap(Self.mismatch)
    #expect(wrong.isEmpty, "\(wrong.prefix(10).joined(separator: "\n"))")
    #expect(Keysym(0x2000_0000).name == "Invalid")
    #expect(Keysym(0x1234_abcd).name == "0x1234abcd")
  }
}
