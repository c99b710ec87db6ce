import Testing

@testable import ResponderKit

/// The storage's search against the definition: a walk over the text's characters comparing
/// each lowercased, over texts long enough to cross chunks, with ASCII and other characters.
struct TextStorageFindTests {
  private func reference(_ text: [Character], _ query: [Character], in range: Range<Int>, caseSensitive: Bool)
    -> [Range<Int>]
  {
    let fold: (Character) -> String = { caseSensitive ? String($0) : String($0).lowercased() }
    let needle = query.map(fold)
    guard !needle.isEmpty, range.count >= needle.count else { return [] }
    return (range.lowerBound...(range.upperBound - needle.count)).filter { start in
      (0..<needle.count).allSatisfy { fold(text[start + $0]) == needle[$0] }
    }.map { $0..<($0 + needle.count) }
  }

  @Test func firstAndLastMatchAgreeWithACharacterWalk() {
    var generator = SeededGenerator(state: 36)
    let alphabet: [Character] = ["a", "b", "A", "B", " ", "\n", "é", "É", "日", "e\u{301}", "\r\n"]
    for round in 0..<40 {
      let length =
        round < 20
        ? Int.random(in: 0..<40, using: &generator) : Int.random(in: 1000..<3000, using: &generator)
      let text = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
      let storage = TextStorage(String(text))
      let characters = Array(storage.string)
      let query = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
        alphabet.randomElement(using: &generator)!
      }
      let lower = Int.random(in: 0...characters.count, using: &generator)
      let upper = Int.random(in: lower...characters.count, using: &generator)
      for caseSensitive in [false, true] {
        let expected = reference(
          characters, Array(String(query)), in: lower..<upper, caseSensitive: caseSensitive)
        #expect(
          storage.firstMatch(of: String(query), in: lower..<upper, caseSensitive: caseSensitive)
            == expected.first)
        #expect(
          storage.lastMatch(of: String(query), in: lower..<upper, caseSensitive: caseSensitive)
            == expected.last)
        // All matches without overlaps: each next one from the end of the one before.
        var disjoint: [Range<Int>] = []
        for match in expected where match.lowerBound >= (disjoint.last?.upperBound ?? 0) {
          disjoint.append(match)
        }
        #expect(
          storage.matches(of: String(query), in: lower..<upper, caseSensitive: caseSensitive) == disjoint)
      }
    }
  }

  @Test func aMatchAcrossAChunkBoundaryIsFound() {
    let text =
      String(repeating: "x", count: TextStorage.chunkLength - 2) + "needle"
      + String(repeating: "y", count: 3000)
    let storage = TextStorage(text)
    let start = TextStorage.chunkLength - 2
    #expect(
      storage.firstMatch(of: "NEEDLE", in: 0..<storage.count, caseSensitive: false) == start..<(start + 6))
    #expect(
      storage.lastMatch(of: "needle", in: 0..<storage.count, caseSensitive: true) == start..<(start + 6))
    #expect(storage.firstMatch(of: "NEEDLE", in: 0..<storage.count, caseSensitive: true) == nil)
  }
}
