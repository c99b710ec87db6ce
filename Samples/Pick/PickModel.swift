import Dispatch

/// What Pick shows: the lines read so far, the query, the lines that match it ranked best
/// first, the selected row and the marked lines.
///
/// Matches are kept as one packed key per line — score, length and index in one `UInt64`,
/// ordered so that the smallest key ranks first (best score, then shorter line, then earlier
/// line, as fzf's default tie-break) — and are never sorted whole: only the first rows asked
/// for are selected out of them. When the query grows by a character at the end, only the
/// lines that matched the shorter query are searched again; lines that arrive while the user
/// types are searched as they come.
@MainActor
final class PickModel {
  private(set) var lines = LineStore()
  private(set) var query = ""
  /// Whether standard input has ended.
  var inputFinished = false
  /// Matching lines' keys, in the order found (not ranked). Unused while the query is empty:
  /// then every line matches, in input order.
  private var keys: [UInt64] = []
  /// Lines searched with the current query so far.
  private var searched = 0
  private var matcher = FuzzyMatcher(query: "")
  /// The best keys, ranked; valid while `rankedFor` equals the key count.
  private var ranked: [UInt64] = []
  private var rankedFor = -1
  /// Lines marked with Tab (`--multi`), by index.
  private(set) var marked = Set<Int>()
  /// The selected row, counted in ranked matches.
  private(set) var selection = 0

  /// How many lines match.
  var matchCount: Int { matcher.isEmpty ? lines.count : keys.count }

  /// Adds input as it arrives and searches the new whole lines with the current query.
  func append(_ chunk: UnsafeRawBufferPointer) -> Bool {
    guard lines.append(chunk) else { return false }
    searchNewLines()
    return true
  }

  /// The end of input.
  func finishInput() {
    lines.finish()
    inputFinished = true
    searchNewLines()
  }

  /// A new query: searched among the previous matches when it only adds to the end of the
  /// previous one (every line matching it matches that), among all lines otherwise.
  func setQuery(_ newQuery: String) {
    guard newQuery != query else { return }
    let narrows = !query.isEmpty && newQuery.hasPrefix(query)
    query = newQuery
    matcher = FuzzyMatcher(query: newQuery)
    selection = 0
    rankedFor = -1
    if matcher.isEmpty {
      keys = []
      searched = lines.count
      return
    }
    if narrows {
      let previous = keys
      keys = Self.search(lines, matcher, indices: previous)
    } else {
      keys = Self.search(lines, matcher, from: 0, to: lines.count)
    }
    searched = lines.count
  }

  private func searchNewLines() {
    guard searched < lines.count else { return }
    if !matcher.isEmpty {
      keys += Self.search(lines, matcher, from: searched, to: lines.count)
      rankedFor = -1
    }
    searched = lines.count
  }

  // MARK: Ranking

  /// The line index of ranked match `rank`.
  func lineIndex(atRank rank: Int) -> Int? {
    guard rank >= 0, rank < matchCount else { return nil }
    if matcher.isEmpty { return rank }
    ensureRanked(through: rank)
    return Int(truncatingIfNeeded: ranked[rank] & 0xFFFF_FFFF)
  }

  /// Ranks at least the first `rank + 1` matches: the best ones are selected out of the
  /// unranked keys with a bounded sorted buffer (one comparison for most keys), in chunks of
  /// at least 256 so scrolling does not select again at every row.
  private func ensureRanked(through rank: Int) {
    if rankedFor == keys.count && rank < ranked.count { return }
    let wanted = min(keys.count, max(256, (rank + 1) * 2))
    ranked = Self.best(wanted, of: keys)
    rankedFor = keys.count
  }

  nonisolated static func best(_ count: Int, of keys: [UInt64]) -> [UInt64] {
    if count >= keys.count { return keys.sorted() }
    var top: [UInt64] = []
    top.reserveCapacity(count + 1)
    for key in keys {
      if top.count == count {
        guard key < top[count - 1] else { continue }
        top.removeLast()
      }
      // Binary search for the insertion point.
      var low = 0
      var high = top.count
      while low < high {
        let middle = (low + high) / 2
        if top[middle] < key { low = middle + 1 } else { high = middle }
      }
      top.insert(key, at: low)
    }
    return top
  }

  // MARK: Selection

  func moveSelection(by rows: Int) {
    guard matchCount > 0 else {
      selection = 0
      return
    }
    selection = min(max(0, selection + rows), matchCount - 1)
  }

  func select(rank: Int) {
    guard rank >= 0, rank < matchCount else { return }
    selection = rank
  }

  /// Marks or unmarks the selected line (`--multi`).
  func toggleMark() {
    guard let index = lineIndex(atRank: selection) else { return }
    if marked.remove(index) == nil { marked.insert(index) }
  }

  /// What Return chooses: the marked lines in input order, or else the selected one.
  var chosenLines: [String] {
    if !marked.isEmpty { return marked.sorted().map { lines.line($0) } }
    return lineIndex(atRank: selection).map { [lines.line($0)] } ?? []
  }

  // MARK: Searching

  /// A line's key: smaller is better. The score is kept in 16 bits (scores stay far below),
  /// offset so that higher scores give smaller keys.
  @inline(__always)
  nonisolated static func key(score: Int32, length: Int, index: Int) -> UInt64 {
    let ranked = UInt64(UInt16(clamping: 0x8000 - Int(score)))
    return ranked << 48 | UInt64(UInt16(clamping: length)) << 32 | UInt64(UInt32(truncatingIfNeeded: index))
  }

  /// Searches lines `start..<end`, in two halves at once when there are many.
  nonisolated static func search(_ lines: LineStore, _ matcher: FuzzyMatcher, from start: Int, to end: Int)
    -> [UInt64]
  {
    lines.withLines { bytes, ends in
      let count = end - start
      let parts = count >= 200_000 ? 2 : 1
      var results = [[UInt64]](repeating: [], count: parts)
      nonisolated(unsafe) let bytesCopy = bytes
      nonisolated(unsafe) let endsCopy = ends
      results.withUnsafeMutableBufferPointer { results in
        nonisolated(unsafe) let output = results
        DispatchQueue.concurrentPerform(iterations: parts) { part in
          let first = start + count * part / parts
          let last = start + count * (part + 1) / parts
          var found: [UInt64] = []
          for index in first..<last {
            let line = UnsafeBufferPointer(
              rebasing: bytesCopy[LineStore.range(of: index, bytes: bytesCopy, ends: endsCopy)])
            if let score = matcher.score(line) {
              found.append(key(score: score, length: line.count, index: index))
            }
          }
          output[part] = found
        }
      }
      return parts == 1 ? results[0] : results[0] + results[1]
    }
  }

  /// Searches the lines the keys name (the previous query's matches).
  nonisolated static func search(_ lines: LineStore, _ matcher: FuzzyMatcher, indices keys: [UInt64])
    -> [UInt64]
  {
    lines.withLines { bytes, ends in
      var found: [UInt64] = []
      for previous in keys {
        let index = Int(truncatingIfNeeded: previous & 0xFFFF_FFFF)
        let line = UnsafeBufferPointer(rebasing: bytes[LineStore.range(of: index, bytes: bytes, ends: ends)])
        if let score = matcher.score(line) {
          found.append(key(score: score, length: line.count, index: index))
        }
      }
      return found
    }
  }
}
