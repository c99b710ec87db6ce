/// Line and column of a place in a text, as an editor's status line shows them: 1-based, by
/// lines between newlines (not the wrapped lines on screen), the column in characters.
///
/// Found on every key, in files of many megabytes: ASCII (without CR, whose CR LF pair is one
/// character) is read eight bytes at a time, counting newlines with bit tricks, since there a
/// byte is a character; from the first other byte on, characters are walked as `String` counts
/// them.
struct TextPosition: Equatable {
  var line: Int
  var column: Int

  init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  /// The position of `characterIndex` (a `Character` offset, clamped) in `text`.
  init(of characterIndex: Int, in text: String) {
    var text = text
    let target = max(0, characterIndex)
    // The ASCII prefix: bytes (= characters) read, newlines seen, the last line's start.
    let (bytes, newlines, lineStart) = text.withUTF8 { Self.scanASCII($0, upTo: target) }
    var line = 1 + newlines
    var column = 1 + bytes - lineStart
    var remaining = target - bytes
    let start = text.utf8.index(text.utf8.startIndex, offsetBy: bytes)
    for character in text[start...] {
      guard remaining > 0 else { break }
      remaining -= 1
      if character.isNewline {
        line += 1
        column = 1
      } else {
        column += 1
      }
    }
    self.line = line
    self.column = column
  }

  /// Reads whole ASCII bytes from the start, at most `limit`, stopping one byte before the
  /// first non-ASCII byte or CR (that byte may join the one before it into one character).
  /// Returns how many were read, the newlines among them, and where the last line starts.
  static func scanASCII(_ buffer: UnsafeBufferPointer<UInt8>, upTo limit: Int) -> (Int, Int, Int) {
    let end = min(limit, buffer.count)
    var offset = 0
    var newlines = 0
    var lineStart = 0
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    /// A high bit in each byte of `word` equal to `byte` (exact: no carry crosses bytes).
    func matches(_ word: UInt64, _ byte: UInt8) -> UInt64 {
      let x = word ^ (ones &* UInt64(byte))
      return ~(((x & ~high) &+ ~high) | x) & high
    }
    guard let base = buffer.baseAddress else { return (0, 0, 0) }
    let raw = UnsafeRawPointer(base)
    while offset + 8 <= end {
      let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
      if word & high != 0 || matches(word, 0x0D) != 0 { break }
      let found = matches(word, 0x0A)
      if found != 0 {
        newlines += found.nonzeroBitCount
        lineStart = offset + (63 - found.leadingZeroBitCount) / 8 + 1
      }
      offset += 8
    }
    while offset < end, base[offset] < 0x80, base[offset] != 0x0D {
      if base[offset] == 0x0A {
        newlines += 1
        lineStart = offset + 1
      }
      offset += 1
    }
    // Stopped before the text's end or the limit: the last byte read may start a character
    // that the next byte extends (a combining accent after a letter).
    if offset < end, offset > 0 {
      offset -= 1
      if base[offset] == 0x0A {
        newlines -= 1
        lineStart = Self.lineStart(base, before: offset)
      }
    }
    return (offset, newlines, lineStart)
  }

  /// Where the line holding byte `offset - 1` starts.
  private static func lineStart(_ base: UnsafePointer<UInt8>, before offset: Int) -> Int {
    var start = offset
    while start > 0, base[start - 1] != 0x0A { start -= 1 }
    return start
  }
}
