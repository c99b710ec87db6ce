import ResponderKit
import XKBKeyboard

/// What the compose readers must do with any bytes: load, or throw a ``ComposeError``. A
/// table that loads is then fed keysyms taken from the same bytes and must answer each with
/// a status; composed text never holds a NUL. The first byte picks the reader:
/// text or a file.
public enum ComposeInvariants {
  /// The broken invariants for `input`, empty when all hold.
  public static func violations(_ input: [UInt8]) -> [String] {
    guard let mode = input.first else { return [] }
    let body = Array(input.dropFirst())
    let table: ComposeTable
    do {
      if mode % 2 == 0 {
        table = try ComposeTable(string: String(decoding: body, as: UTF8.self))
      } else {
        table = try withTemporaryFile(body) { path throws(ComposeError) in
          try ComposeTable(contentsOfFile: path)
        }
      }
    } catch {
      return error.description.isEmpty ? ["an error without a description"] : []
    }
    guard let state = ComposeState(table: table) else { return ["no state for a table that loaded"] }
    var problems: [String] = []
    var random = ByteStream(body)
    for _ in 0..<min(body.count, 64) {
      // Keysyms near the ones compose files use (Latin-1, dead keys, Multi_key) most often.
      let keysym =
        Bool.random(using: &random)
        ? Keysym(UInt32.random(in: 0x20...0xff, using: &random))
        : Keysym(UInt32.random(in: 0xfe50...0xff20, using: &random))
      // A composed result may carry neither text nor keysym: libxkbcommon composes a string
      // cut short by a `\0` escape to "" and NoSymbol (ComposeTests). What must hold is that
      // feeding answers, and that the text is what was decoded.
      if case .composed(let text, _) = state.feed(keysym), text.unicodeScalars.contains("\u{0}") {
        problems.append("composed text holds a NUL")
      }
    }
    return problems
  }
}
