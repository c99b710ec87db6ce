import Foundation
import XKBKeyboard

/// What the keymap readers must do with any bytes: compile, or throw a ``KeymapError`` — never
/// trap, hang or write to stderr. A keymap that compiles writes itself (`asString()`) as text
/// that compiles and comes back within three rewrites. The first byte picks the reader: keymap bytes, a keymap
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
      // libxkbcommon's writer is not a fixpoint on every keymap it accepts (KeymapTests, both
      // checked against 1.5 in C): it may leave a key's type implicit, so the text read back
      // chooses another type and the next text names it, settling one round later; or, for a
      // one-level type whose map names Level2, alternate between two texts for ever. What
      // holds is xkbcommon's own behaviour: within three rewrites a text comes back.
      var texts = [keymap.asString()]
      do {
        while texts.count <= 3 {
          let next = try Keymap(string: texts[texts.count - 1]).asString()
          if texts.contains(next) { break }
          texts.append(next)
        }
        if texts.count > 3 {
          return ["asString() does not come back: three rewrites give three other texts"]
        }
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
