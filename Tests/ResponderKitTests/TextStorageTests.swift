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

  private func randomText(_ random: inout SeededGenerator, pieces count: Int) -> String {
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
    var random = SeededGenerator(state: seed)
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
    var random = SeededGenerator(state: 7)
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

  // MARK: Chunk boundaries

  /// The storage agrees with a plain `String` of `text`: count, characters walked from every
  /// chunk boundary and just before it, forward and backward, and columns there.
  private func expectAgrees(_ storage: TextStorage, with text: String, _ comment: Comment? = nil) {
    let characters = Array(text)
    #expect(storage.string == text, comment)
    #expect(storage.count == characters.count, comment)
    let length = TextStorage.chunkLength
    let positions = Set(
      [0, characters.count]
        + stride(from: 0, through: characters.count, by: length / 2).flatMap {
          [$0, max(0, $0 - 1), min(characters.count, $0 + 1)]
        })
    for position in positions.sorted() {
      var forward: [Character] = []
      storage.walk(from: position) { character in
        forward.append(character)
        return forward.count < 3
      }
      #expect(forward == Array(characters[position..<min(characters.count, position + 3)]), comment)
      var backward: [Character] = []
      storage.walkBackward(from: position) { character in
        backward.append(character)
        return backward.count < 3
      }
      #expect(backward == Array(characters[max(0, position - 3)..<position].reversed()), comment)
      #expect(storage.column(of: position) == TextMetrics.width(of: String(characters[..<position])), comment)
    }
  }

  /// Text whose `TextStorage.chunkLength`th byte falls inside `cluster`, so cutting it into
  /// chunks at a byte count would split that character.
  private func textSplitting(_ cluster: String) -> String {
    String(repeating: "a", count: TextStorage.chunkLength - 1) + cluster
      + String(repeating: "b", count: 2 * TextStorage.chunkLength)
  }

  @Test(arguments: ["e\u{301}", "\r\n", "👩\u{200D}💻", "🇫🇷", "漢字", "👍🏽"])
  func aCharacterAcrossTheByteWhereAChunkIsCutStaysOneCharacter(cluster: String) {
    let text = textSplitting(cluster)
    expectAgrees(TextStorage(text), with: text)
  }

  @Test func longNonASCIITextIsCutBetweenCharacters() {
    let text = String(repeating: "漢e\u{301}👩\u{200D}💻", count: 2000)
    expectAgrees(TextStorage(text), with: text)
  }

  @Test(arguments: ["\u{301}", "\u{200D}💻", "\n", "x", "\r"])
  func textInsertedAtAChunkBoundaryJoinsTheCharacterBeforeItAsAStringWould(inserted: String) {
    let prefix = String(repeating: "a", count: TextStorage.chunkLength - 1)
    let text = prefix + "👩" + String(repeating: "b", count: 2 * TextStorage.chunkLength)
    let storage = TextStorage(text)
    // The first chunk ends just before the last two ASCII letters ahead of the emoji (the last
    // place two ASCII bytes meet): edits there, between the letters, before and after the emoji.
    for position in (TextStorage.chunkLength - 3)...TextStorage.chunkLength {
      let edit = storage.replace(position..<position, with: inserted)
      expectAgrees(
        storage, with: model(text, replacing: position..<position, with: inserted), "at \(position)")
      _ = storage.apply(edit.undo)
      expectAgrees(storage, with: text, "undo at \(position)")
    }
  }

  @Test func aLineFeedInsertedAfterACarriageReturnMakesOneCharacter() {
    let text =
      String(repeating: "a", count: TextStorage.chunkLength - 1) + "\r" + String(repeating: "b", count: 1500)
    let storage = TextStorage(text)
    let position = TextStorage.chunkLength
    let edit = storage.replace(position..<position, with: "\n")
    expectAgrees(storage, with: model(text, replacing: position..<position, with: "\n"))
    #expect(storage.count == text.count, "CR LF is one character")
    _ = storage.apply(edit.undo)
    expectAgrees(storage, with: text)
  }

  @Test func deletingAcrossAChunkBoundaryAndUndoingItRestoresTheText() {
    let text = String(repeating: "abc ", count: TextStorage.chunkLength)
    let storage = TextStorage(text)
    let range = (TextStorage.chunkLength - 2)..<(2 * TextStorage.chunkLength + 3)
    let edit = storage.replace(range, with: "")
    expectAgrees(storage, with: model(text, replacing: range, with: ""))
    _ = storage.apply(edit.undo)
    expectAgrees(storage, with: text)
  }

  @Test func pastedLineBreaksOfEveryKindBecomeOneSpaceInAField() {
    // Character.isNewline's set: LF, VT, FF, CR, CR LF, NEL, LS, PS.
    let pasted = "a\nb\u{0B}c\u{0C}d\re\r\nf\u{85}g\u{2028}h\u{2029}i"
    #expect(pasted.replacingNewlinesWithSpaces() == String(pasted.map { $0.isNewline ? " " : $0 }))
    #expect(pasted.replacingNewlinesWithSpaces() == "a b c d e f g h i")
    #expect("e\u{301}\r\n漢".replacingNewlinesWithSpaces() == "e\u{301} 漢")
  }

  @Test func pastedCarriageReturnsBecomeOneLineFeedEach() {
    #expect("a\r\nb\rc\n\r\r\nd".replacingCarriageReturnsWithLineFeeds() == "a\nb\nc\n\n\nd")
    #expect("plain\ntext".replacingCarriageReturnsWithLineFeeds() == "plain\ntext")
  }

  @Test func theReadersOfOneChangeShareOneCopyOfTheText() {
    let storage = TextStorage(String(repeating: "abc ", count: 3 * TextStorage.chunkLength))
    storage.replace(5..<5, with: "x")
    let before = storage.charactersVisited
    let first = storage.string
    let second = storage.string
    #expect(first == second)
    #expect(storage.charactersVisited - before == storage.count, "one copy for both reads")
    storage.replace(0..<1, with: "")
    #expect(storage.string == String(first.dropFirst()), "a change builds the text again")
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
