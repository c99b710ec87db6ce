import Glibc

/// Every line read, in one byte buffer with the end of each line: a million lines cost their
/// bytes plus four bytes each, not a `String` (and an allocation) each. Lines arrive in chunks
/// cut anywhere; the part after the last newline waits for the rest of its line.
struct LineStore {
  /// The lines' bytes, newlines left out.
  private(set) var bytes: [UInt8] = []
  /// `ends[i]` is where line `i` ends in ``bytes``; it starts where line `i - 1` ended.
  private(set) var ends: [UInt32] = []
  /// The most bytes kept: offsets are 32-bit. More input is refused (``append(_:)`` says so).
  static let capacity = Int(UInt32.max)

  /// How many whole lines there are.
  var count: Int { ends.count }

  /// Adds a chunk of input; returns false (adding nothing) when it would pass ``capacity``.
  /// A carriage return before a newline is dropped with it, so CRLF files read as lines.
  @discardableResult
  mutating func append(_ chunk: UnsafeRawBufferPointer) -> Bool {
    guard let base = chunk.baseAddress, !chunk.isEmpty else { return true }
    guard bytes.count + chunk.count <= Self.capacity else { return false }
    bytes.reserveCapacity(bytes.count + chunk.count)
    var start = 0
    while start < chunk.count {
      guard let found = memchr(base + start, 0x0A, chunk.count - start) else {
        bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[start...]))
        break
      }
      let newline = base.distance(to: UnsafeRawPointer(found))
      bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[start..<newline]))
      endLine()
      start = newline + 1
    }
    return true
  }

  /// The end of input: a last line without a newline is a line too.
  mutating func finish() {
    if bytes.count > Int(ends.last ?? 0) { endLine() }
  }

  private mutating func endLine() {
    let start = Int(ends.last ?? 0)
    if bytes.count > start, bytes[bytes.count - 1] == 0x0D { bytes.removeLast() }
    ends.append(UInt32(bytes.count))
  }

  /// Where line `index` lies in ``bytes``.
  func range(of index: Int) -> Range<Int> {
    (index == 0 ? 0 : Int(ends[index - 1]))..<Int(ends[index])
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
