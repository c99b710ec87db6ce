/// Pick's fuzzy match: the query's characters must appear in the line in order, not
/// necessarily together. A match is scored the way fzf's documentation describes its own
/// (written here from that description, not from its code): each matched character earns
/// points, more when it starts a word (after a space, a punctuation mark or the line's start),
/// is a capital after a small letter or a digit after a letter, or continues a run of matched
/// characters; the first character's bonus counts double; a gap costs a little to open and
/// less for each character more. Of the places a query matches, the shortest window that
/// ends at the first place it can is scored (a forward scan, then a backward one).
///
/// Smart case, as fzf: a query with no capital letter matches either case.
final class FuzzyMatcher: @unchecked Sendable {
  // Sendable: never changed after init, and only read.
  /// The query's bytes, folded to lower case when matching ignores case.
  let pattern: UnsafeMutableBufferPointer<UInt8>
  let ignoresCase: Bool

  static let matchScore: Int32 = 16
  static let gapStart: Int32 = -3
  static let gapExtension: Int32 = -1
  static let boundaryBonus: Int32 = 8
  static let camelBonus: Int32 = 7
  static let consecutiveBonus: Int32 = 4

  init(query: String) {
    let bytes = Array(query.utf8)
    ignoresCase = !bytes.contains { $0 >= 0x41 && $0 <= 0x5A }
    pattern = .allocate(capacity: bytes.count)
    for (index, byte) in bytes.enumerated() { pattern[index] = ignoresCase ? Self.fold[Int(byte)] : byte }
  }

  deinit { pattern.deallocate() }

  /// The query is empty: every line matches.
  var isEmpty: Bool { pattern.isEmpty }

  /// ASCII letters to lower case; every other byte as it is. Allocated once, never freed.
  nonisolated(unsafe) static let fold: UnsafeMutablePointer<UInt8> = {
    let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
    for byte in 0...255 { table[byte] = byte >= 0x41 && byte <= 0x5A ? UInt8(byte + 32) : UInt8(byte) }
    return table
  }()

  private enum CharacterClass: UInt8 {
    case delimiter, lower, upper, digit, other
  }

  private static let classes: [CharacterClass] = (0...255).map { byte -> CharacterClass in
    switch byte {
    case 0x61...0x7A: return .lower
    case 0x41...0x5A: return .upper
    case 0x30...0x39: return .digit
    case 0x80...0xFF: return .other  // UTF-8 bytes: part of a word
    default: return .delimiter
    }
  }

  private static func bonus(previous: CharacterClass, current: CharacterClass) -> Int32 {
    switch (previous, current) {
    case (_, .delimiter): return 0
    case (.delimiter, _): return boundaryBonus
    case (.lower, .upper), (.lower, .digit), (.upper, .digit): return camelBonus
    default: return 0
    }
  }

  /// The window `[start, end)` of `line` the query matches in, or nil: the first place the
  /// whole query has appeared (forward), then back to the latest start of it (backward).
  @inline(__always)
  func window(in line: UnsafeBufferPointer<UInt8>) -> (start: Int, end: Int)? {
    let count = pattern.count
    guard count > 0 else { return (0, 0) }
    guard let base = line.baseAddress else { return nil }
    let pattern = self.pattern.baseAddress!
    let fold = Self.fold
    let length = line.count
    var next = 0
    var end = -1
    var index = 0
    if ignoresCase {
      while index < length {
        if fold[Int(base[index])] == pattern[next] {
          next += 1
          if next == count {
            end = index + 1
            break
          }
        }
        index += 1
      }
    } else {
      while index < length {
        if base[index] == pattern[next] {
          next += 1
          if next == count {
            end = index + 1
            break
          }
        }
        index += 1
      }
    }
    guard end >= 0 else { return nil }
    var back = count - 1
    var start = end - 1
    while start > 0 {
      let byte = ignoresCase ? fold[Int(base[start])] : base[start]
      if byte == pattern[back] {
        if back == 0 { break }
        back -= 1
      }
      start -= 1
    }
    return (start, end)
  }

  /// The score of `line`, or nil when the query does not match it. An empty query matches
  /// every line with score 0.
  @inline(__always)
  func score(_ line: UnsafeBufferPointer<UInt8>) -> Int32? {
    guard let (start, end) = window(in: line) else { return nil }
    return score(line, start: start, end: end, positions: nil)
  }

  /// The byte offsets of the matched characters, for highlighting; empty when no match.
  func positions(in line: UnsafeBufferPointer<UInt8>) -> [Int] {
    guard let (start, end) = window(in: line), end > start else { return [] }
    var positions: [Int] = []
    _ = score(line, start: start, end: end, positions: &positions)
    return positions
  }

  private func score(
    _ line: UnsafeBufferPointer<UInt8>, start: Int, end: Int, positions: UnsafeMutablePointer<[Int]>?
  ) -> Int32 {
    var score: Int32 = 0
    var next = 0
    var inGap = false
    var runLength = 0
    var runBonus: Int32 = 0
    var previous = start > 0 ? Self.classes[Int(line[start - 1])] : .delimiter
    for index in start..<end {
      let byte = line[index]
      let current = Self.classes[Int(byte)]
      let folded = ignoresCase ? Self.fold[Int(byte)] : byte
      if next < pattern.count && folded == pattern[next] {
        var bonus = Self.bonus(previous: previous, current: current)
        if runLength == 0 {
          runBonus = bonus
        } else {
          // A run keeps the bonus its first character earned (a word's start), at least the
          // consecutive bonus.
          bonus = max(bonus, runBonus, Self.consecutiveBonus)
        }
        score += Self.matchScore + (next == 0 ? bonus * 2 : bonus)
        positions?.pointee.append(index)
        runLength += 1
        inGap = false
        next += 1
      } else {
        score += inGap ? Self.gapExtension : Self.gapStart
        inGap = true
        runLength = 0
      }
      previous = current
    }
    return score
  }
}
