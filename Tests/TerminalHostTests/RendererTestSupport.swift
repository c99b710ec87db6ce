import Foundation
import Testing

/// Shows bytes as readable text: ESC as `\e`, CR/LF as `\r`/`\n`, other controls as `\xNN`,
/// a backslash as `\\`, and UTF-8 text as itself.
func escapedText(_ bytes: [UInt8]) -> String {
  var out = ""
  var run: [UInt8] = []
  func flush() {
    out += String(decoding: run, as: UTF8.self)
    run.removeAll()
  }
  for byte in bytes {
    switch byte {
    case 0x1B: flush(); out += "\\e"
    case 0x0D: flush(); out += "\\r"
    case 0x0A: flush(); out += "\\n"
    case 0x5C: flush(); out += "\\\\"
    case ..<0x20, 0x7F: flush(); out += String(format: "\\x%02X", byte)
    default: run.append(byte)
    }
  }
  flush()
  return out
}

/// The golden file beside the tests; `UPDATE_GOLDEN=1 swift test` rewrites it.
func expectGolden(
  _ bytes: [UInt8], named name: String, filePath: String = #filePath,
  sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let url = URL(fileURLWithPath: filePath).deletingLastPathComponent()
    .appendingPathComponent("Golden").appendingPathComponent(name + ".txt")
  let actual = escapedText(bytes) + "\n"
  if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
    try actual.write(to: url, atomically: true, encoding: .utf8)
  }
  let expected = try String(contentsOf: url, encoding: .utf8)
  #expect(actual == expected, "golden \(name)", sourceLocation: sourceLocation)
}

/// SplitMix64: a small seeded generator so property tests repeat exactly.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
