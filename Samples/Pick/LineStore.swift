import Glibc

/// Every line read, in one byte buffer with the end of each line: a million lines cost their
/// bytes plus four bytes each, not a `String` (and an allocation) each. A chunk of input is
/// copied in whole, newlines included, and only the newlines' offsets are recorded; the part
/// after the last newline waits for the rest of its line.
struct LineStore {
  /// The input as read, newlines included.
  private(set) var bytes: [UInt8] = []
  /// `ends[i]` is the offset of line `i`'s newline (or of the input's end, for a last line
  /// without one); line `i` starts just after line `i - 1`'s.
  private(set) var ends: [UInt32] = []
  /// The most bytes kept: offsets are 32-bit. More input is refused (``append(_:)`` says so).
  static let capacity = Int(UInt32.max) - 1

  /// How many whole lines there are.
  var count: Int { ends.count }

  /// Adds a chunk of input; returns false (adding nothing) when it would pass ``capacity``.
  @discardableResult
  mutating func append(_ chunk: UnsafeRawBufferPointer) -> Bool {
    guard !chunk.isEmpty else { return true }
    guard bytes.count + chunk.count <= Self.capacity else { return false }
    let offset = bytes.count
    bytes.append(contentsOf: chunk)
    bytes.withUnsafeBufferPointer { all in
      let base = UnsafeRawPointer(all.baseAddress!)
      var start = offset
      while start < all.count, let found = memchr(base + start, 0x0A, all.count - start) {
        let newline = base.distance(to: UnsafeRawPointer(found))
        ends.append(UInt32(newline))
        start = newline + 1
      }
    }
    return true
  }

  /// The end of input: a last line without a newline is a line too.
  mutating func finish() {
    let start = ends.last.map { Int($0) + 1 } ?? 0
    if bytes.count > start { ends.append(UInt32(bytes.count)) }
  }

  /// Where line `index` lies in ``bytes``, newline left out (and a carriage return before it,
  /// so CRLF files read as lines).
  func range(of index: Int) -> Range<Int> {
    withLines { Self.range(of: index, bytes: $0, ends: $1) }
  }

  @inline(__always)
  static func range(
    of index: Int, bytes: UnsafeBufferPointer<UInt8>, ends: UnsafeBufferPointer<UInt32>
  ) -> Range<Int> {
    let lower = index == 0 ? 0 : Int(ends[index - 1]) + 1
    var upper = Int(ends[index])
    if upper > lower && bytes[upper - 1] == 0x0D { upper -= 1 }
    return lower..<upper
  }

  /// Line `index` as text (invalid UTF-8 shows as U+FFFD).
  func line(_ index: Int) -> String {
    let range = range(of: index)
    return bytes.withUnsafeBufferPointer {
      String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self)
    }
  }

  /// Calls `body` with the buffer and the ends, for scanning many lines without copies.
  func withLines<R>(_ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt32>) throws -> R) rethrows
    -> R
  {
    try bytes.withUnsafeBufferPointer { bytes in try ends.withUnsafeBufferPointer { try body(bytes, $0) } }
  }
}
