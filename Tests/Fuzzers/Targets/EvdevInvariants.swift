import ResponderKit
import XKBKeyboard

/// What the evdev decoder must do with any bytes: the same key events whether the bytes come
/// whole or split at the point the first byte chooses, never more events than records, and
/// exactly the bytes of an unfinished record held back.
public enum EvdevInvariants {
  /// The US keymap every input is decoded with; compiled once (xkbcommon is the slow part).
  nonisolated(unsafe) static let keymap = try? Keymap(
    names: RuleNames(layout: "us"), ignoringEnvironment: true)

  /// The broken invariants for `input`, empty when all hold.
  public static func violations(_ input: [UInt8]) -> [String] {
    guard let first = input.first, let keymap else {
      return keymap == nil ? ["the us keymap does not compile"] : []
    }
    let body = Array(input.dropFirst())
    let cut = body.count * Int(first) / 255
    guard let wholeState = KeyboardState(keymap: keymap), let splitState = KeyboardState(keymap: keymap)
    else {
      return ["no keyboard state"]
    }
    var problems: [String] = []
    let whole = EvdevDecoder(state: wholeState)
    let events = whole.decode(body)
    let split = EvdevDecoder(state: splitState)
    let parts = split.decode(Array(body[..<cut])) + split.decode(Array(body[cut...]))
    if parts != events { problems.append("split at \(cut) of \(body.count) gives other events") }
    let records = body.count / EvdevRecord.size
    if events.count > records { problems.append("\(events.count) events from \(records) records") }
    for decoder in [whole, split] where decoder.pendingByteCount != body.count % EvdevRecord.size {
      problems.append("holds \(decoder.pendingByteCount) bytes of \(body.count)")
    }
    if whole.invalidRecordCount != split.invalidRecordCount {
      problems.append("invalid records counted differently")
    }
    return problems
  }
}
