import Testing

@testable import ResponderKit

/// The view's known lines after edits, against the same text wrapped from scratch: an edit
/// rewraps only the lines around it and keeps those after the next newline, moved by the
/// edit's length, so every answer must still be what a fresh view gives.
@MainActor
struct TextViewLineIndexTests {
  private func makeView(_ text: String, width: Double) -> (ControlHarness, TextView) {
    let h = ControlHarness()
    let view = h.add(TextView(frame: Rect(x: 0, y: 0, width: width, height: 5), text: text))
    h.window.makeFirstResponder(view)
    return (h, view)
  }

  /// Text with what wrapping turns on: spaces, words wider than the view, wide characters,
  /// combining marks, emoji, empty paragraphs.
  private static func randomText(_ random: inout SeededGenerator, length: Int) -> String {
    let pieces = ["a", "b", "word", " ", " ", "  ", "\n", "\n", "\n\n", "中", "é", "e\u{301}", "👩‍💻", "x"]
    var text = ""
    var count = 0
    while count < length {
      let piece = pieces.randomElement(using: &random)!
      text += piece
      count += piece.count
    }
    return text
  }

  /// 24 seeds of 100 random steps: edits (typing, deletions, pastes with newlines, long
  /// pastes, undo and redo), moves to the end and the start, scrolls and width changes, with
  /// the lines, positions and indices compared after each step.
  @Test(arguments: 1...24 as ClosedRange<UInt64>)
  func editsKeepEveryLineAsAFreshWrapHasIt(seed: UInt64) {
    var random = SeededGenerator(state: seed)
    var width = Double(Int.random(in: 1...24, using: &random))
    let (h, view) = makeView(
      Self.randomText(&random, length: Int.random(in: 0...600, using: &random)), width: width)
    for step in 0..<100 {
      let count = view.storage.count
      switch Int.random(in: 0..<20, using: &random) {
      case 0..<8:
        let lower = Int.random(in: 0...count, using: &random)
        let upper = min(count, lower + [0, 0, 1, 3, 20].randomElement(using: &random)!)
        view.replaceCharacters(
          in: lower..<upper, with: Self.randomText(&random, length: Int.random(in: 0...12, using: &random)))
      case 8:
        // Longer than what is rewrapped at once; replacing as much keeps the text short.
        let lower = Int.random(in: 0...count, using: &random)
        view.replaceCharacters(
          in: lower..<min(count, lower + 4200), with: Self.randomText(&random, length: 4200))
      case 9, 10: h.window.undoManager?.undo()
      case 11: h.window.undoManager?.redo()
      case 12: view.insertionPoint = count
      case 13: view.insertionPoint = 0
      case 14: view.scroll(by: Int.random(in: -40...40, using: &random))
      case 15:
        width = Double(Int.random(in: 1...24, using: &random))
        view.frame = Rect(x: 0, y: 0, width: width, height: 5)
      case 16: _ = view.displayedLines
      default: _ = h.screen
      }
      let (_, fresh) = makeView(view.text, width: width)
      let count2 = view.storage.count
      for index in [
        0, count2, Int.random(in: 0...count2, using: &random), Int.random(in: 0...count2, using: &random),
      ] {
        #expect(
          view.position(of: index) == fresh.position(of: index), "seed \(seed) step \(step): index \(index)")
      }
      let line = view.position(of: Int.random(in: 0...count2, using: &random)).line
      #expect(
        view.index(line: line, column: 3) == fresh.index(line: line, column: 3), "seed \(seed) step \(step)")
      if step % 10 == 9 {
        #expect(view.displayedLines == fresh.displayedLines, "seed \(seed) step \(step)")
      }
    }
  }

  /// 20,000 lines: after Control+End, typing at the top and going to the end again reads the
  /// characters of a few lines (those edited and those drawn), not the text's 1.2 million.
  @Test func typingAtTheTopDoesNotWrapTheRestAgain() {
    let line = "The quick brown fox jumps over the lazy dog, again and again.\n"
    let (h, view) = makeView(String(repeating: line, count: 20_000), width: 80)
    view.insertionPoint = view.storage.count
    _ = h.screen
    let total = view.position(of: view.storage.count).line
    #expect(total == 20_000)
    view.insertionPoint = 0
    _ = h.screen
    let before = view.storage.charactersVisited
    h.type("x")
    h.key(.returnKey)
    view.insertionPoint = view.storage.count
    _ = h.screen
    #expect(view.position(of: view.storage.count).line == total + 1)
    #expect(view.storage.charactersVisited - before < 100 * line.count)
    // Undo takes the newline back, with the lines after it still known and in place.
    h.window.undoManager?.undo()
    #expect(view.position(of: view.storage.count).line == total)
    #expect(view.storage.charactersVisited - before < 200 * line.count)
  }
}
