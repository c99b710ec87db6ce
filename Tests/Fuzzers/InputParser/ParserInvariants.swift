import ResponderKit
import TerminalHost

/// The invariants the input parser must keep for any bytes (B1), checked by the libFuzzer
/// entry point in `main.swift` and, without the fuzzer, by the corpus replay test (B2).
///
/// The first byte of a fuzz input is not parsed: it chooses where the rest is split. The
/// rest is then fed (1) whole, (2) in two reads cut at that point, and (3) whole through the
/// handler form; all three must give identical items. After every read the parser may hold
/// at most ``InputParser/maxSequenceLength`` bytes, plus one paste chunk while inside a
/// bracketed paste, and no `.unknown` item may hold more than
/// ``InputParser/maxSequenceLength`` bytes. A trap anywhere is itself a failure.
public enum ParserInvariants {
  /// A small paste chunk, so that fuzz inputs reach the chunking code.
  public static let pasteChunkLimit = 37

  /// Checks `input` and returns the broken invariants, empty when all hold.
  public static func violations(_ input: UnsafeBufferPointer<UInt8>) -> [String] {
    guard let first = input.first else { return [] }
    let body = UnsafeBufferPointer(rebasing: input[1...])
    let cut = body.count * Int(first) / 255
    var problems: [String] = []

    let whole = decode(body, cuts: [], problems: &problems)
    let split = decode(body, cuts: [cut], problems: &problems)
    if split != whole {
      problems.append(
        "split at \(cut) of \(body.count) gives \(describe(split)), whole gives \(describe(whole))")
    }

    var handled: [TerminalInput] = []
    var parser = InputParser(pasteChunkLimit: pasteChunkLimit)
    parser.parse(UnsafeRawBufferPointer(body), at: 0) { handled.append($0) }
    handled += parser.flush(at: 1000)
    if handled != whole {
      problems.append("handler form gives \(describe(handled)), array form \(describe(whole))")
    }

    for item in whole {
      if case .unknown(let bytes) = item, bytes.count > InputParser.maxSequenceLength {
        problems.append("an unknown item holds \(bytes.count) bytes")
      }
    }
    return problems
  }

  /// Checks bytes held in an array.
  public static func violations(_ input: [UInt8]) -> [String] {
    input.withUnsafeBufferPointer { violations($0) }
  }

  /// Feeds `body` in reads cut at `cuts` (ascending), at time 0, then settles everything
  /// (held-back bytes and an unfinished paste); records bound violations after each read.
  static func decode(_ body: UnsafeBufferPointer<UInt8>, cuts: [Int], problems: inout [String])
    -> [TerminalInput]
  {
    var parser = InputParser(pasteChunkLimit: pasteChunkLimit)
    var items: [TerminalInput] = []
    var start = 0
    for end in cuts + [body.count] {
      parser.parse(
        UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: body[start..<end])), at: 0, into: &items)
      start = end
      let bound = InputParser.maxSequenceLength + (parser.isInPaste ? pasteChunkLimit : 0)
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
