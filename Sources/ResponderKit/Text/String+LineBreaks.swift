/// The line-break rewriting ``TextField`` and ``TextView`` apply to inserted text, done on
/// UTF-8 bytes: every line break (LF, VT, FF, CR, CR LF, NEL, LS, PS) is a character on its own
/// (UAX #29 GB4/GB5 break around controls and line separators), so replacing its bytes
/// changes no other character, and a 10 MB paste costs a byte scan, not a grapheme walk.
extension String {
  /// This text with every newline character (`Character.isNewline`) replaced by a space, as
  /// a single-line field inserts it.
  func replacingNewlinesWithSpaces() -> String {
    rewritingUTF8 { bytes, index in
      switch bytes[index] {
      case 0x0d: return (index + 1 < bytes.count && bytes[index + 1] == 0x0a ? 2 : 1, 0x20)
      case 0x0a, 0x0b, 0x0c: return (1, 0x20)
      case 0xc2 where index + 1 < bytes.count && bytes[index + 1] == 0x85: return (2, 0x20)
      case 0xe2
      where index + 2 < bytes.count && bytes[index + 1] == 0x80
        && (bytes[index + 2] == 0xa8 || bytes[index + 2] == 0xa9):
        return (3, 0x20)
      default: return nil
      }
    }
  }

  /// This text with each CR and CR LF made one LF, as a text view stores line ends.
  func replacingCarriageReturnsWithLineFeeds() -> String {
    rewritingUTF8 { bytes, index in
      guard bytes[index] == 0x0d else { return nil }
      return (index + 1 < bytes.count && bytes[index + 1] == 0x0a ? 2 : 1, 0x0a)
    }
  }

  /// This text with the byte sequences `match` recognises (it returns how many bytes and the
  /// one byte put in their place) replaced; the text itself when nothing matched.
  private func rewritingUTF8(
    _ match: (UnsafeBufferPointer<UInt8>, Int) -> (length: Int, replacement: UInt8)?
  ) -> String {
    var copy = self
    return copy.withUTF8 { bytes in
      var output: [UInt8] = []
      var index = 0
      var copied = 0
      while index < bytes.count {
        guard let (length, replacement) = match(bytes, index) else {
          index += 1
          continue
        }
        if output.isEmpty { output.reserveCapacity(bytes.count) }
        output.append(contentsOf: bytes[copied..<index])
        output.append(replacement)
        index += length
        copied = index
      }
      guard copied > 0 else { return self }
      output.append(contentsOf: bytes[copied...])
      return String(decoding: output, as: UTF8.self)
    }
  }
}
