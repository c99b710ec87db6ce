import CMalloc
import Testing

@testable import ResponderKit

/// The shared text storage of TextField and TextView: exact undo over random edits, and the
/// cost of a 10 MB paste (issue 13, defect 4).
@MainActor
struct TextStorageTests {
  /// Characters that join their neighbours (a combining accent, a ZWJ emoji), wide ones and
  /// newlines, so the edits cross grapheme and chunk boundaries.
  private static let pieces = [
    "a", "b", " ", "\n", "é", "e\u{301}", "\u{301}", "漢", "👍🏽", "👩\u{200D}💻", "\u{200D}", "xyz ",
  ]

  /// Deterministic random numbers (SplitMix64), so a failure reproduces.
  private struct Generator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9e37_79b9_7f4a_7c15
      var z = state
      z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
      z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
      return z ^ (z >> 31)
    }
  }

  private func randomText(_ random: inout Generator, pieces count: Int) -> String {
    (0..<count).map { _ in Self.pieces.randomElement(using: &random)! }.joined()
  }

  /// A plain `String` with the same edit, by `Character` offsets.
  private func model(_ text: String, replacing range: Range<Int>, with string: String) -> String {
    var text = text
    let lower = text.index(text.startIndex, offsetBy: range.lowerBound)
    let upper = text.index(lower, offsetBy: range.count)
    text.replaceSubrange(lower..<upper, with: string)
    return text
  }

  @Test(arguments: [1, 2, 3])
  func undoAndRedoRestoreExactlyWhatAPlainStringHadAfterRandomEdits(seed: UInt64) {
    var random = Generator(state: seed)
    let h = ControlHarness()
    let view = h.add(TextView(frame: Rect(x: 0, y: 0, width: 7, height: 4)))
    h.window.makeFirstResponder(view)
    let undoManager = view.undoManager!
    // Long enough that chunks are cut and joined again.
    var expected = [randomText(&random, pieces: 900)]
    view.text = expected[0]
    #expect(view.text == expected[0])
    var points: [Int] = []
    for _ in 0..<300 {
      let text = expected[expected.count - 1]
      let count = text.count
      let lower = Int.random(in: 0...count, using: &random)
      let upper = Int.random(
        in: lower...min(count, lower + Int.random(in: 0...3, using: &random)), using: &random)
      // Mostly small changes, now and then a paste longer than a chunk.
      let pieces = Int.random(in: 0...30, using: &random) == 0 ? 1500 : Int.random(in: 0...3, using: &random)
      let replacement = randomText(&random, pieces: pieces)
      guard lower < upper || !replacement.isEmpty else { continue }
      points.append(view.insertionPoint)
      view.replaceCharacters(in: lower..<upper, with: replacement)
      undoManager.endImplicitGroupingIfNeeded()
      expected.append(model(text, replacing: lower..<upper, with: replacement))
      #expect(view.text == expected[expected.count - 1])
      #expect(view.storage.count == expected[expected.count - 1].count)
    }
    for step in stride(from: expected.count - 2, through: 0, by: -1) {
      undoManager.undo()
      #expect(view.text == expected[step], "undo to step \(step)")
      #expect(view.insertionPoint == points[step], "undo puts the insertion point back (step \(step))")
    }
    #expect(!undoManager.canUndo)
    for step in 1..<expected.count {
      undoManager.redo()
      #expect(view.text == expected[step], "redo to step \(step)")
    }
    #expect(!undoManager.canRedo)
  }

  @Test func wrappingKeptAcrossEditsMatchesWrappingTheTextAfresh() {
    var random = Generator(state: 7)
    let h = ControlHarness()
    let frame = Rect(x: 0, y: 0, width: 9, height: 4)
    let view = h.add(TextView(frame: frame, text: randomText(&random, pieces: 600)))
    h.window.makeFirstResponder(view)
    for step in 0..<200 {
      // Ask for the insertion point's line first, so only part of the text is wrapped.
      view.insertionPoint = Int.random(in: 0...view.storage.count, using: &random)
      _ = view.position(of: view.insertionPoint)
      let upper = min(view.storage.count, view.insertionPoint + Int.random(in: 0...2, using: &random))
      view.replaceCharacters(
        in: view.insertionPoint..<upper,
        with: randomText(&random, pieces: Int.random(in: 0...2, using: &random)))
      let fresh = TextView(frame: frame, text: view.text)
      #expect(view.displayedLines == fresh.displayedLines, "after edit \(step)")
      #expect(view.position(of: view.insertionPoint) == fresh.position(of: view.insertionPoint))
    }
  }

  // MARK: A 10 MB paste

  /// 10 MB of ASCII text in lines of 79 characters and a newline.
  private static let tenMegabytes: String = {
    let line = String(repeating: "lorem ipsum dolor sit amet ", count: 3).prefix(79) + "\n"
    return String(repeating: String(line), count: 10_000_000 / 80)
  }()

  private func heapInUse() -> Int { Int(mallinfo2().uordblks) }

  /// Characters the storage reads for one key and the redraw after it.
  private func charactersRead(_ storage: TextStorage, _ h: ControlHarness, _ press: () -> Void) -> Int {
    let before = storage.charactersVisited
    press()
    _ = h.screen
    return storage.charactersVisited - before
  }

  /// A few chunks around the insertion point, never the text.
  private let bound = 8 * TextStorage.chunkLength

  @Test func aTenMegabytePasteIntoAFieldTakesLittleMemoryAndKeysReadOnlyNearTheInsertionPoint() {
    let paste = Self.tenMegabytes
    let h = ControlHarness()
    let field = h.add(TextField(frame: Rect(x: 0, y: 0, width: 40, height: 1)))
    h.window.makeFirstResponder(field)
    let heap = heapInUse()
    field.insertText(paste)
    _ = h.screen
    #expect(charactersRead(field.storage, h) { h.type("x") } < bound)
    #expect(charactersRead(field.storage, h) { h.key(.backSpace) } < bound)
    #expect(charactersRead(field.storage, h) { h.key(.left) } < bound)
    field.insertionPoint = 5_000_000
    _ = h.screen
    #expect(charactersRead(field.storage, h) { h.type("y") } < bound)
    #expect(charactersRead(field.storage, h) { h.key(.delete) } < bound)
    #expect(charactersRead(field.storage, h) { field.undoManager?.undo() } < bound)
    let growth = heapInUse() - heap
    // Before the shared storage each key kept a copy of the text, at 16 bytes a character.
    #expect(growth < 2 * paste.utf8.count, "the heap grew by \(growth) bytes")
    #expect(field.storage.count == paste.count + 1)
  }

  @Test func aTenMegabytePasteIntoATextViewTakesLittleMemoryAndKeysReadOnlyNearTheInsertionPoint() {
    let paste = Self.tenMegabytes
    let h = ControlHarness()
    let view = h.add(TextView(frame: Rect(x: 0, y: 0, width: 40, height: 10)))
    h.window.makeFirstResponder(view)
    let heap = heapInUse()
    view.insertText(paste)
    _ = h.screen
    #expect(charactersRead(view.storage, h) { h.type("x") } < bound)
    #expect(charactersRead(view.storage, h) { h.key(.returnKey) } < bound)
    #expect(charactersRead(view.storage, h) { h.key(.backSpace) } < bound)
    #expect(charactersRead(view.storage, h) { h.key(.up) } < bound)
    #expect(charactersRead(view.storage, h) { h.key(.pageUp) } < bound)
    #expect(charactersRead(view.storage, h) { h.type("z") } < bound)
    #expect(h.rows(10).contains { $0.contains("z") })
    let growth = heapInUse() - heap
    #expect(growth < 2 * paste.utf8.count, "the heap grew by \(growth) bytes")
  }
}
