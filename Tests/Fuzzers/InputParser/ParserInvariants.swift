import ResponderKit
import TerminalHost

/// The invariants the input parser must keep for any bytes (B1), checked by the libFuzzer
/// entry point in `main.swift` and, without the fuzzer, by the corpus replay test (B2).
///
/// The first byte of a fuzz input is not parsed: it chooses where the rest is split, and its
/// low three bits the parser's options (UTF-8 mouse coordinates, SGR-pixel reports with a
/// known cell size, 0x08 as BackSpace). The rest is then fed (1) whole, (2) in two reads cut
/// at that point, and (3) whole through the handler form; all three must give identical
/// items. After every read the parser may hold at most ``InputParser/maxStringLength``
/// bytes, plus one paste chunk while inside a bracketed paste, and no `.unknown` item may
/// hold more than ``InputParser/maxStringLength`` bytes. A trap anywhere is itself a failure.
public enum ParserInvariants {
  /// A small paste chunk, so that fuzz inputs reach the chunking code.
  public static let pasteChunkLimit = 37

  /// Checks `input` and returns the broken invariants, empty when all hold.
  public static func violations(_ input: UnsafeBufferPointer<UInt8>) -> [String] {
    guard let first = input.first else { return [] }
    let body = UnsafeBufferPointer(rebasing: input[1...])
    let cut = body.count * Int(first) / 255
    let options = parser(options: first)
    var problems: [String] = []

    let whole = decode(body, cuts: [], parser: options, problems: &problems)
    let split = decode(body, cuts: [cut], parser: options, problems: &problems)
    if split != whole {
      problems.append(
        "split at \(cut) of \(body.count) gives \(describe(split)), whole gives \(describe(whole))")
    }

    var handled: [TerminalInput] = []
    var parser = options
    parser.parse(UnsafeRawBufferPointer(body), at: 0) { handled.append($0) }
    handled += parser.flush(at: 1000)
    if handled != whole {
      problems.append("handler form gives \(describe(handled)), array form \(describe(whole))")
    }

    for item in whole {
      if case .unknown(let bytes) = item, bytes.count > InputParser.maxStringLength {
        problems.append("an unknown item holds \(bytes.count) bytes")
      }
    }
    return problems
  }

  /// Checks bytes held in an array.
  public static func violations(_ input: [UInt8]) -> [String] {
    input.withUnsafeBufferPointer { violations($0) }
  }

  /// A parser with the options the low bits of `byte` choose.
  static func parser(options byte: UInt8) -> InputParser {
    var parser = InputParser(pasteChunkLimit: pasteChunkLimit)
    parser.utf8MouseCoordinates = byte & 1 != 0
    if byte & 2 != 0 {
      parser.mouseReportsPixels = true
      parser.cellPixelSize = PixelSize(width: 9, height: 18)
    }
    parser.reportsControlHAsBackSpace = byte & 4 != 0
    return parser
  }

  /// Feeds `body` in reads cut at `cuts` (ascending), at time 0, then settles everything
  /// (held-back bytes and an unfinished paste); records bound violations after each read.
  static func decode(
    _ body: UnsafeBufferPointer<UInt8>, cuts: [Int], parser: InputParser = parser(options: 0),
    problems: inout [String]
  ) -> [TerminalInput] {
    var parser = parser
    var items: [TerminalInput] = []
    var start = 0
    for end in cuts + [body.count] {
      parser.parse(
        UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: body[start..<end])), at: 0, into: &items)
      start = end
      let bound = InputParser.maxStringLength + (parser.isInPaste ? pasteChunkLimit : 0)
      if parser.bufferedByteCount > bound {
        problems.append("holds \(parser.bufferedByteCount) bytes after byte \(end), bound \(bound)")
      }
    }
    items += parser.flush(at: 1000)
    if parser.bufferedByteCount != 0 || parser.isInPaste {
      problems.append("flush left \(parser.bufferedByteCount) bytes held")
    }
    return items
  }

  /// The first items, for messages.
  static func describe(_ items: [TerminalInput]) -> String {
    "\(items.count) items \(items.prefix(8))"
  }
}
