import Foundation
import XKBKeyboard

/// What the keymap readers must do with any bytes: compile, or throw a ``KeymapError`` — never
/// trap, hang or write to stderr. A keymap that compiles writes itself (`asString()`) as text
/// that compiles to the same text. The first byte picks the reader: keymap bytes, a keymap
/// file, or RMLVO names (the rest split at NUL into rules, model, layout, variant, options).
public enum KeymapInvariants {
  /// The broken invariants for `input`, empty when all hold.
  public static func violations(_ input: [UInt8]) -> [String] {
    guard let mode = input.first else { return [] }
    let body = Array(input.dropFirst())
    do {
      let keymap: Keymap
      switch mode % 3 {
      case 0: keymap = try Keymap(bytes: body)
      case 1:
        keymap = try withTemporaryFile(body) { path throws(KeymapError) in try Keymap(contentsOfFile: path) }
      default:
        var fields = body.split(separator: 0, omittingEmptySubsequences: false).map {
          String(decoding: $0, as: UTF8.self)
        }
        fields += Array(repeating: "", count: max(0, 5 - fields.count))
        keymap = try Keymap(
          names: RuleNames(
            rules: fields[0], model: fields[1], layout: fields[2], variant: fields[3], options: fields[4]),
          ignoringEnvironment: true)
      }
      let text = keymap.asString()
      do {
        let again = try Keymap(string: text)
        if again.asString() != text { return ["asString() does not compile to the same keymap"] }
      } catch {
        return ["asString() does not compile: \(error)"]
      }
    } catch {
      if error.description.isEmpty { return ["an error without a description"] }
    }
    return []
  }
}

/// Runs `body` with `bytes` in a fresh temporary file, removed afterwards.
func withTemporaryFile<T, E: Error>(_ bytes: [UInt8], _ body: (String) throws(E) -> T) throws(E) -> T {
  let path = NSTemporaryDirectory() + "fuzz-\(getpid())-\(UUID().uuidString)"
  _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
  defer { unlink(path) }
  return try body(path)
}
