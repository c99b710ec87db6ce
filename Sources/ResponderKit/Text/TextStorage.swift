/// The characters of a ``TextField`` or ``TextView``, kept in chunks of about a thousand
/// `Character`s so an edit, a caret column or a visible line costs work near the edit, not
/// the whole text.
///
/// Each chunk is a `String` (UTF-8, about one byte per ASCII character) with its character
/// count, its width in terminal columns and the index of every 64th character, so positions
/// and columns are found by adding whole chunks and walking a little inside one. Positions are
/// `Character` indices of ``string``, counted as `String` counts them: an edit takes in the
/// characters around it that the new text joins (a typed combining accent and the letter
/// before it), so chunk boundaries stay between characters and undo restores them exactly.
///
/// ASCII is the fast path (a paste is mostly ASCII): two ASCII scalars are always two
/// characters except CR LF (UAX #29, GB3), so a chunk of ASCII without CR is measured, indexed
/// and walked byte by byte, chunks are cut between two such bytes, and an edit whose ends
/// touch only such bytes needs no margin. Anything else takes the `Character` path.
final class TextStorage {
  /// Characters per chunk when text is cut; an edited chunk is cut again past twice this
  /// many bytes.
  static let chunkLength = 1024

  /// Characters between the string indices a chunk keeps, so finding a position in a chunk
  /// walks fewer than this many characters.
  static let markStride = 64

  private struct Chunk {
    var text: String
    var count: Int
    var width: Int
    /// The index of every ``markStride``th character (empty when `isASCII`).
    var marks: [String.Index]
    /// ASCII without CR: every byte is one character, so offsets are byte offsets.
    var isASCII = false
  }

  /// A replacement, as recorded for undo: put `text` in place of the characters in `range`.
  struct Edit {
    var range: Range<Int>
    var text: String
  }

  /// Never empty: empty text is one empty chunk.
  private var chunks: [Chunk]

  /// The chunk found last, with the position and the column of its first character. Lookups
  /// move from it chunk by chunk, so finding a place near the last one (the next line, the
  /// insertion point after a key) costs no scan from the top.
  private var lastLocated = (chunk: 0, start: 0, column: 0)

  /// The number of characters.
  private(set) var count = 0

  /// Characters read so far (walked, measured or copied), for tests that prove an edit or a
  /// redraw costs work proportional to what is on screen rather than to the text's length.
  private(set) var charactersVisited = 0

  init(_ string: String = "") {
    chunks = []
    replaceAll(with: string)
  }

  /// The whole text, built at the first read after a change and kept until the next one, so
  /// the readers of one change (a delegate, a binding's commit and its refresh, which then
  /// compares two strings sharing one buffer) pay for one copy of the text between them.
  private var builtString: String?

  /// The whole text. Reading it after a change copies every chunk; views read only what they
  /// draw.
  var string: String {
    get {
      if let builtString { return builtString }
      var result = ""
      result.reserveCapacity(chunks.reduce(0) { $0 + $1.text.utf8.count })
      for chunk in chunks { result += chunk.text }
      charactersVisited += count
      builtString = result
      return result
    }
    set { replaceAll(with: newValue) }
  }

  var isEmpty: Bool { count == 0 }

  private func replaceAll(with string: String) {
    builtString = nil
    chunks = cut(string[...])
    if chunks.isEmpty { chunks = [measure("")] }
    lastLocated = (0, 0, 0)
    count = chunks.reduce(0) { $0 + $1.count }
  }

  /// `text` cut into chunks of about ``chunkLength`` bytes, measured: between two ASCII
  /// bytes that are not CR LF when there are such within a few bytes of the length (no
  /// grapheme walk), else after ``chunkLength`` characters.
  private func cut(_ text: Substring) -> [Chunk] {
    var result: [Chunk] = []
    let utf8 = text.utf8
    var start = text.startIndex
    while start < text.endIndex {
      var end = utf8.index(start, offsetBy: Self.chunkLength, limitedBy: text.endIndex) ?? text.endIndex
      var tries = 0
      while end < text.endIndex, tries < Self.markStride,
        !Self.isBoundary(utf8[utf8.index(before: end)], utf8[end])
      {
        utf8.formIndex(before: &end)
        tries += 1
      }
      if end < text.endIndex, tries == Self.markStride {
        end = text.index(start, offsetBy: Self.chunkLength, limitedBy: text.endIndex) ?? text.endIndex
      }
      result.append(measure(String(text[start..<end])))
      start = end
    }
    return result
  }

  /// Whether two adjacent bytes are certainly two characters: both ASCII, and not CR LF.
  private static func isBoundary(_ before: UInt8, _ after: UInt8) -> Bool {
    before < 0x80 && after < 0x80 && !(before == 0x0d && after == 0x0a)
  }

  /// The columns of an ASCII chunk without CR (controls take none), or nil for any other text.
  private static func asciiWidth(_ text: String) -> Int? {
    text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
      var width = 0
      for byte in bytes {
        if byte >= 0x80 || byte == 0x0d { return nil }
        if byte >= 0x20 && byte != 0x7f { width += 1 }
      }
      return width
    } ?? nil
  }

  private func measure(_ text: String) -> Chunk {
    if let width = Self.asciiWidth(text) {
      let count = text.utf8.count
      charactersVisited += count
      return Chunk(text: text, count: count, width: width, marks: [], isASCII: true)
    }
    var chunk = Chunk(text: text, count: 0, width: 0, marks: [])
    var index = text.startIndex
    while index < text.endIndex {
      if chunk.count % Self.markStride == 0 { chunk.marks.append(index) }
      let character = text[index]
      chunk.count += 1
      chunk.width += character.terminalWidth
      text.formIndex(after: &index)
    }
    charactersVisited += chunk.count
    return chunk
  }

  // MARK: Finding positions

  /// The chunk holding position `index`, with the position and column of its first
  /// character (at a boundary between chunks, either of them).
  private func locate(_ index: Int) -> (chunk: Int, start: Int, column: Int) {
    var found = lastLocated
    while index < found.start, found.chunk > 0 {
      found.chunk -= 1
      found.start -= chunks[found.chunk].count
      found.column -= chunks[found.chunk].width
    }
    while index > found.start + chunks[found.chunk].count, found.chunk < chunks.count - 1 {
      found.start += chunks[found.chunk].count
      found.column += chunks[found.chunk].width
      found.chunk += 1
    }
    lastLocated = found
    return found
  }

  /// The chunk holding the character under `column`, like ``locate(_:)``.
  private func locate(column: Int) -> (chunk: Int, start: Int, column: Int) {
    var found = lastLocated
    while column < found.column, found.chunk > 0 {
      found.chunk -= 1
      found.start -= chunks[found.chunk].count
      found.column -= chunks[found.chunk].width
    }
    while column >= found.column + chunks[found.chunk].width, found.chunk < chunks.count - 1 {
      found.start += chunks[found.chunk].count
      found.column += chunks[found.chunk].width
      found.chunk += 1
    }
    lastLocated = found
    return found
  }

  /// The `String.Index` of the `offset`th character of a chunk, from the mark before it.
  private func stringIndex(_ offset: Int, in chunk: Int) -> String.Index {
    let chunk = chunks[chunk]
    guard offset < chunk.count else { return chunk.text.endIndex }
    if chunk.isASCII { return chunk.text.utf8.index(chunk.text.startIndex, offsetBy: offset) }
    charactersVisited += offset % Self.markStride
    return chunk.text.index(chunk.marks[offset / Self.markStride], offsetBy: offset % Self.markStride)
  }

  /// Calls `body` with the characters from `index` on, until it returns false or the text ends.
  func walk(from index: Int, _ body: (Character) -> Bool) {
    walk(from: index, ascii: { body(Character(Unicode.Scalar($0))) }, other: body)
  }

  /// What wrapping needs to know of a character: its columns and whether it is a newline or
  /// a space.
  struct Glyph {
    var width: Int
    var isNewline: Bool
    var isSpace: Bool
  }

  /// Like ``walk(from:_:)`` with each character's ``Glyph``; ASCII chunks are read as bytes
  /// without making `Character`s, so wrapping a long paste costs a byte loop.
  func walkGlyphs(from index: Int, _ body: (Glyph) -> Bool) {
    walk(
      from: index,
      ascii: { byte in
        body(
          Glyph(width: byte < 0x20 || byte == 0x7f ? 0 : 1, isNewline: byte == 0x0a, isSpace: byte == 0x20))
      },
      other: { character in
        body(Glyph(width: character.terminalWidth, isNewline: character == "\n", isSpace: character == " "))
      })
  }

  /// The walk behind ``walk(from:_:)``: `ascii` gets each byte of an ASCII chunk (a whole
  /// character), `other` each character of any other chunk.
  private func walk(from index: Int, ascii: (UInt8) -> Bool, other: (Character) -> Bool) {
    guard index < count else { return }
    var (chunk, start, _) = locate(max(0, index))
    var position = stringIndex(max(0, index) - start, in: chunk)
    while true {
      let text = chunks[chunk].text
      if chunks[chunk].isASCII {
        let offset = text.utf8.distance(from: text.startIndex, to: position)
        let finished =
          text.utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes[offset...] {
              charactersVisited += 1
              if !ascii(byte) { return true }
            }
            return false
          } ?? false
        if finished { return }
        position = text.endIndex
      }
      while position < text.endIndex {
        charactersVisited += 1
        if !other(text[position]) { return }
        text.formIndex(after: &position)
      }
      chunk += 1
      guard chunk < chunks.count else { return }
      position = chunks[chunk].text.startIndex
    }
  }

  /// Calls `body` with each index in `range` and the character there, until it returns false.
  func walk(_ range: Range<Int>, _ body: (_ index: Int, Character) -> Bool) {
    var index = range.lowerBound
    walk(from: index) { character in
      guard index < range.upperBound, body(index, character) else { return false }
      index += 1
      return true
    }
  }

  /// Calls `body` with the characters before `index`, nearest first, until it returns false
  /// or the text starts.
  func walkBackward(from index: Int, _ body: (Character) -> Bool) {
    guard index > 0 else { return }
    var (chunk, start, _) = locate(min(index, count))
    var position = stringIndex(min(index, count) - start, in: chunk)
    while true {
      let text = chunks[chunk].text
      if chunks[chunk].isASCII {
        let offset = text.utf8.distance(from: text.startIndex, to: position)
        let finished =
          text.utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes[..<offset].reversed() {
              charactersVisited += 1
              if !body(Character(Unicode.Scalar(byte))) { return true }
            }
            return false
          } ?? false
        if finished { return }
        position = text.startIndex
      }
      while position > text.startIndex {
        text.formIndex(before: &position)
        charactersVisited += 1
        if !body(text[position]) { return }
      }
      chunk -= 1
      guard chunk >= 0 else { return }
      position = chunks[chunk].text.endIndex
    }
  }

  /// The characters in `range` (clamped), as a string; whole chunks are copied without
  /// walking them.
  subscript(range: Range<Int>) -> String {
    let lower = max(0, min(range.lowerBound, count))
    let upper = max(lower, min(range.upperBound, count))
    guard lower < upper else { return "" }
    var result = ""
    var (chunk, start, _) = locate(lower)
    while start < upper, chunk < chunks.count {
      let text = chunks[chunk].text
      let end = start + chunks[chunk].count
      if lower <= start && end <= upper {
        result += text
        charactersVisited += chunks[chunk].count
      } else {
        let from = stringIndex(max(lower, start) - start, in: chunk)
        let to = text.index(from, offsetBy: min(upper, end) - max(lower, start))
        charactersVisited += min(upper, end) - max(lower, start)
        result += text[from..<to]
      }
      start = end
      chunk += 1
    }
    return result
  }

  /// The columns the characters before `index` take.
  func column(of index: Int) -> Int {
    let index = max(0, min(index, count))
    let (chunk, start, startColumn) = locate(index)
    // At the end of a chunk its width is known: nothing to walk.
    if index == start + chunks[chunk].count { return startColumn + chunks[chunk].width }
    var column = startColumn
    walk(start..<index) { _, character in
      column += character.terminalWidth
      return true
    }
    return column
  }

  /// The index of the character under `column` (counted from the text's start), or the count
  /// when the column is past the end.
  func index(atColumn column: Int) -> Int {
    var (_, start, x) = locate(column: column)
    var result = count
    walk(start..<count) { index, character in
      let width = character.terminalWidth
      if column < x + width {
        result = index
        return false
      }
      x += width
      return true
    }
    return result
  }

  /// The start of the paragraph holding `index`: just after the newline before it.
  func paragraphStart(_ index: Int) -> Int {
    var start = max(0, min(index, count))
    walkBackward(from: start) { character in
      guard character != "\n" else { return false }
      start -= 1
      return true
    }
    return start
  }

  /// The end of the paragraph holding `index`: its newline, or the text's end.
  func paragraphEnd(_ index: Int) -> Int {
    var end = count
    walk(max(0, min(index, count))..<count) { index, character in
      guard character == "\n" else { return true }
      end = index
      return false
    }
    return end
  }

  // MARK: Finding text

  /// The first match of `query` that lies in `range` (clamped), or nil. Case-insensitive
  /// matching compares each character lowercased (ASCII text and an ASCII query: byte by
  /// byte, folding A–Z). Matches are whole characters: "e" does not match the "e" of "é".
  func firstMatch(of query: String, in range: Range<Int>, caseSensitive: Bool) -> Range<Int>? {
    match(of: query, in: range, caseSensitive: caseSensitive, backward: false)
  }

  /// The last match of `query` that lies in `range` (clamped), or nil.
  func lastMatch(of query: String, in range: Range<Int>, caseSensitive: Bool) -> Range<Int>? {
    match(of: query, in: range, caseSensitive: caseSensitive, backward: true)
  }

  /// Every match of `query` in `range` (clamped), without overlaps, in one pass over it (the
  /// find highlights of a frame).
  func matches(of query: String, in range: Range<Int>, caseSensitive: Bool) -> [Range<Int>] {
    var result: [Range<Int>] = []
    _ = match(of: query, in: range, caseSensitive: caseSensitive, backward: false) { found in
      result.append(found)
      return false
    }
    return result
  }

  /// Each chunk's characters in `range`, with the `query.count - 1` after them (a match may
  /// cross into the next chunk), searched in chunk order or in reverse; a match must start in
  /// its chunk, so the first one found is the first (or last) in the range. `accept` (used
  /// forward only) may decline a match to go on after it.
  private func match(
    of query: String, in range: Range<Int>, caseSensitive: Bool, backward: Bool,
    accept: (Range<Int>) -> Bool = { _ in true }
  ) -> Range<Int>? {
    let lower = max(0, min(range.lowerBound, count))
    let upper = max(lower, min(range.upperBound, count))
    let length = query.count
    guard length > 0, upper - lower >= length else { return nil }
    let needle = TextStorage.Needle(query, caseSensitive: caseSensitive)
    var starts: [(chunk: Int, start: Int)] = []
    var (chunk, start, _) = locate(lower)
    while start < upper, chunk < chunks.count {
      starts.append((chunk, start))
      start += chunks[chunk].count
      chunk += 1
    }
    var resume = lower
    for (chunk, start) in backward ? starts.reversed() : starts {
      let startsEnd = min(upper - length + 1, start + chunks[chunk].count)
      var from = max(resume, start)
      while from < startsEnd {
        guard let offset = match(needle, inChunk: chunk, at: start, starts: from..<startsEnd, upper, backward)
        else { break }
        let found = offset..<(offset + length)
        if accept(found) { return found }
        from = found.upperBound
        resume = from
      }
    }
    return nil
  }

  /// The position of the first (or last) match starting in `starts` within the chunk at
  /// `start`: ASCII chunks are searched in place, with the few bytes after them a match may
  /// reach (no string is made); others through a string of the characters.
  private func match(
    _ needle: Needle, inChunk chunk: Int, at start: Int, starts: Range<Int>, _ upper: Int, _ backward: Bool
  ) -> Int? {
    let length = needle.characters.count
    if needle.bytes != nil, chunks[chunk].isASCII, let tail = asciiTail(after: chunk, length - 1) {
      let found = chunks[chunk].text.utf8.withContiguousStorageIfAvailable { bytes in
        needle.match(
          bytes, tail: tail, starts: (starts.lowerBound - start)..<(starts.upperBound - start), last: backward
        )
      }
      if let found { return found.map { start + $0 } }
    }
    let window = self[starts.lowerBound..<min(upper, starts.upperBound + length - 1)]
    return needle.match(in: window, startsBefore: starts.count, last: backward).map { starts.lowerBound + $0 }
  }

  /// The first `count` bytes after chunk `chunk` when they are ASCII characters (fewer at the
  /// text's end), or nil.
  private func asciiTail(after chunk: Int, _ count: Int) -> [UInt8]? {
    var tail: [UInt8] = []
    var next = chunk + 1
    while tail.count < count, next < chunks.count {
      guard chunks[next].isASCII else { return nil }
      tail += chunks[next].text.utf8.prefix(count - tail.count)
      next += 1
    }
    return tail
  }

  /// A query prepared for matching: its bytes folded when it is ASCII, else its characters.
  private struct Needle {
    let bytes: [UInt8]?
    let characters: [String]
    let caseSensitive: Bool

    init(_ query: String, caseSensitive: Bool) {
      self.caseSensitive = caseSensitive
      let isASCII = query.utf8.allSatisfy { $0 < 0x80 && $0 != 0x0d }
      bytes = isASCII ? query.utf8.map { caseSensitive ? $0 : Needle.fold($0) } : nil
      characters = query.map { caseSensitive ? String($0) : String($0).lowercased() }
    }

    static func fold(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5a ? byte + 0x20 : byte }

    /// The offset of the first (or last) match starting in `starts` in ASCII `bytes`, which a
    /// match may run past into `tail`.
    func match(_ bytes: UnsafeBufferPointer<UInt8>, tail: [UInt8], starts: Range<Int>, last: Bool) -> Int? {
      guard let needle = self.bytes else { return nil }
      let fold = caseSensitive ? Needle.identity : Needle.lowercase
      let first = needle[0]
      @inline(__always) func byte(_ k: Int) -> UInt8? {
        k < bytes.count ? bytes[k] : k - bytes.count < tail.count ? tail[k - bytes.count] : nil
      }
      let upper = min(starts.upperBound, bytes.count)
      var step = 0
      while step < upper - starts.lowerBound {
        let i = last ? upper - 1 - step : starts.lowerBound + step
        step += 1
        guard fold[Int(bytes[i])] == first else { continue }
        var j = 1
        while j < needle.count, let b = byte(i + j), fold[Int(b)] == needle[j] { j += 1 }
        if j == needle.count { return i }
      }
      return nil
    }

    static let identity: [UInt8] = (0...255).map { UInt8($0) }
    static let lowercase: [UInt8] = (0...255).map { fold(UInt8($0)) }

    /// The character offset of the first (or last) match starting before `limit`.
    func match(in window: String, startsBefore limit: Int, last: Bool) -> Int? {
      var window = window
      // Bytes equal characters exactly when every character is one ASCII byte.
      if let bytes, window.utf8.count == window.count {
        return window.withUTF8 { text -> Int? in
          let count = min(limit, text.count - bytes.count + 1)
          guard count > 0 else { return nil }
          let first = bytes[0]
          for step in 0..<count {
            let i = last ? count - 1 - step : step
            if (caseSensitive ? text[i] : Needle.fold(text[i])) != first { continue }
            var j = 1
            while j < bytes.count, (caseSensitive ? text[i + j] : Needle.fold(text[i + j])) == bytes[j] {
              j += 1
            }
            if j == bytes.count { return i }
          }
          return nil
        }
      }
      let text = window.map { caseSensitive ? String($0) : String($0).lowercased() }
      let count = min(limit, text.count - characters.count + 1)
      guard count > 0 else { return nil }
      for step in 0..<count {
        let i = last ? count - 1 - step : step
        if text[i..<(i + characters.count)].elementsEqual(characters) { return i }
      }
      return nil
    }
  }

  // MARK: Editing

  /// Replaces the characters in `range` (clamped) with `string`. Returns the edit that undoes
  /// this one and the index just after the new text.
  @discardableResult
  func replace(_ range: Range<Int>, with string: String) -> (undo: Edit, end: Int) {
    let lower = max(0, min(range.lowerBound, count))
    let upper = max(lower, min(range.upperBound, count))
    if endsAreBoundaries(lower..<upper, string) {
      let oldCount = count
      let replaced = self[lower..<upper]
      splice(lower..<upper, with: string)
      let end = lower + count - oldCount + (upper - lower)
      return (Edit(range: lower..<end, text: replaced), end)
    }
    // A margin of characters each side, widened until the new text does not join the
    // characters around it (an emoji after a zero-width joiner joins across several): the
    // edit then holds every character it changes, and chunk boundaries stay between
    // characters.
    var margin = 1
    while true {
      let marginLower = max(0, lower - margin)
      let marginUpper = min(count, upper + margin)
      let new = self[marginLower..<lower] + string + self[upper..<marginUpper]
      let previous = self[max(0, marginLower - 1)..<marginLower]
      let next = self[marginUpper..<min(count, marginUpper + 1)]
      let newCount = new.count
      charactersVisited += 2 * newCount
      let joins = (previous + new + next).count != previous.count + newCount + next.count
      if joins, marginLower > 0 || marginUpper < count {
        margin += 1
        continue
      }
      let replaced = self[marginLower..<marginUpper]
      splice(marginLower..<marginUpper, with: new)
      let end = max(marginLower, marginLower + newCount - (marginUpper - upper))
      return (Edit(range: marginLower..<(marginLower + newCount), text: replaced), end)
    }
  }

  /// Whether putting `string` in place of `range` leaves every character around it as it
  /// was: each end of the new text meets an ASCII byte, and not CR LF. Reads two characters.
  private func endsAreBoundaries(_ range: Range<Int>, _ string: String) -> Bool {
    let before = range.lowerBound > 0 ? self[(range.lowerBound - 1)..<range.lowerBound].utf8.last : nil
    let after = range.upperBound < count ? self[range.upperBound..<(range.upperBound + 1)].utf8.first : nil
    func meets(_ left: UInt8?, _ right: UInt8?) -> Bool {
      guard let left, let right else { return true }
      return Self.isBoundary(left, right)
    }
    guard let first = string.utf8.first, let last = string.utf8.last else { return meets(before, after) }
    return meets(before, first) && meets(last, after)
  }

  /// Applies an edit recorded for undo, returning the edit that reverses it.
  func apply(_ edit: Edit) -> Edit {
    let oldCount = count
    let replaced = self[edit.range]
    splice(edit.range, with: edit.text)
    let newLength = count - oldCount + edit.range.count
    return Edit(range: edit.range.lowerBound..<(edit.range.lowerBound + newLength), text: replaced)
  }

  /// Replaces characters without a margin: the chunks holding the range become one string,
  /// cut again if it grew past twice the chunk length.
  private func splice(_ range: Range<Int>, with string: String) {
    builtString = nil
    let (first, firstStart, firstColumn) = locate(range.lowerBound)
    var (last, lastStart) = (first, firstStart)
    while range.upperBound > lastStart + chunks[last].count, last + 1 < chunks.count {
      lastStart += chunks[last].count
      last += 1
    }
    let head = chunks[first].text[..<stringIndex(range.lowerBound - firstStart, in: first)]
    let tail = chunks[last].text[stringIndex(range.upperBound - lastStart, in: last)...]
    let joined = String(head) + string + tail
    var replacement = [Chunk]()
    if joined.isEmpty {
      replacement = chunks.count == last - first + 1 ? [measure("")] : []
    } else {
      // Bytes bound characters from above, so this cuts only strings that may be long.
      replacement = joined.utf8.count > 2 * Self.chunkLength ? cut(joined[...]) : [measure(joined)]
    }
    let removed = chunks[first...last].reduce(0) { $0 + $1.count }
    chunks.replaceSubrange(first...last, with: replacement)
    count += replacement.reduce(0) { $0 + $1.count } - removed
    // The chunks before the edit did not move.
    lastLocated = first < chunks.count ? (first, firstStart, firstColumn) : (0, 0, 0)
  }
}
