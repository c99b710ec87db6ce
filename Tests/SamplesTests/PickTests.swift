import EventReplay
import Foundation
import ResponderKit
import TerminalHost
import Testing

@testable import Pick

/// Pick driven headless: lines fed as standard input would bring them, keys and clicks as
/// the terminal would, the screen read back.
@Suite("Pick")
@MainActor
struct PickTests {
  func makePicker(_ lines: [String], options: PickOptions = PickOptions(), finished: Bool = true) -> (
    Picker, HeadlessDriver
  ) {
    let picker = Picker(options: options)
    let driver = HeadlessDriver(application: picker.application, size: Size(width: 40, height: 8))
    feed(picker, lines.map { $0 + "\n" }.joined())
    if finished { picker.inputEnded(nil) }
    return (picker, driver)
  }

  func feed(_ picker: Picker, _ text: String) {
    Array(text.utf8).withUnsafeBytes { picker.read($0) }
  }

  func rows(_ driver: HeadlessDriver) -> [String] {
    driver.screenText.split(separator: "\n", omittingEmptySubsequences: false).map {
      String($0).trimmingCharacters(in: .whitespaces)
    }
  }

  @Test func typingNarrowsTheListAndRanksTheTightestMatchFirst() {
    let (_, driver) = makePicker(["axbxc", "abc", "xxabcxx", "cba", "a b c"])
    driver.type("abc")
    let screen = rows(driver)
    #expect(screen[0] == "> abc")
    #expect(screen[1] == "4/5")
    // The rule fzf documents: a match at word starts (the line's start, after a space) earns
    // the boundary bonus, the first character's twice; a run inside a word earns only the
    // consecutive bonus; each gap costs. So "a b c" (three word starts) beats "axbxc" (one,
    // doubled, and two gaps), which beats "xxabcxx" (a run with no word start).
    #expect(Array(screen[2...5]) == ["> abc", "a b c", "axbxc", "xxabcxx"])
  }

  @Test func matchedCharactersAreHighlighted() throws {
    let (_, driver) = makePicker(["hello world"])
    driver.type("hw")
    let screen = driver.screen
    let h = screen[2, 2]
    let e = screen[3, 2]
    let w = screen[8, 2]
    #expect(h.text == "h" && w.text == "w" && e.text == "e")
    #expect(h.style.attributes.contains(.bold) && w.style.attributes.contains(.bold))
    #expect(!e.style.attributes.contains(.bold))
  }

  @Test func returnChoosesTheSelectedLineAndExitsZero() {
    let (picker, driver) = makePicker((1...20).map(String.init))
    driver.press("Down")
    driver.press("Down")
    driver.press("Return")
    #expect(picker.application.isTerminated)
    #expect(picker.model.chosenLines == ["3"])
    #expect(picker.status == 0)
  }

  @Test(arguments: ["Escape", "Control+c", "Control+g"])
  func cancellingExitsOneAndChoosesNothingToPrint(key: String) {
    let (picker, driver) = makePicker(["a", "b"])
    driver.press(key)
    #expect(picker.application.isTerminated)
    #expect(picker.view.accepted == false)
    #expect(picker.status == 1)
  }

  @Test func withMultiTabMarksLinesAndReturnChoosesThemInInputOrder() {
    var options = PickOptions()
    options.multi = true
    let (picker, driver) = makePicker(["one", "two", "three", "four"], options: options)
    driver.press("Down")
    driver.press("Down")
    driver.press("Tab")  // marks "three", moves to "four"
    driver.press("Up")
    driver.press("Up")
    driver.press("Up")
    driver.press("Tab")  // marks "one"
    #expect(rows(driver)[1].hasSuffix("(2 marked)"))
    driver.press("Return")
    #expect(picker.model.chosenLines == ["one", "three"])
  }

  @Test func pageKeysMoveAPageAndTheListScrollsWithTheSelection() {
    let (picker, driver) = makePicker((1...100).map(String.init))
    driver.press("Page_Down")
    driver.press("Page_Down")
    #expect(picker.model.selection == 12)
    #expect(rows(driver).contains("> 13"))
    driver.press("Page_Up")
    #expect(picker.model.selection == 6)
  }

  @Test func aClickSelectsARowAndASecondClickChoosesIt() {
    let (picker, driver) = makePicker(["alpha", "beta", "gamma"])
    driver.tap(x: 4, y: 4)
    #expect(picker.model.selection == 2)
    #expect(rows(driver)[4] == "> gamma")
    driver.scroll(x: 4, y: 3, dy: -1)
    #expect(picker.model.selection == 1)
    driver.tap(x: 4, y: 3)
    driver.tap(x: 4, y: 3)
    #expect(picker.application.isTerminated)
    #expect(picker.model.chosenLines == ["beta"])
  }

  @Test func linesThatArriveWhileTypingAreMatchedAndCounted() {
    let (picker, driver) = makePicker(["apple", "banana"], finished: false)
    driver.type("an")
    #expect(rows(driver)[1] == "1/2 …")
    // Cut in the middle of a line, as a pipe delivers it.
    feed(picker, "mango\nora")
    feed(picker, "nge\nkiwi\n")
    picker.inputEnded(nil)
    #expect(rows(driver)[1] == "3/5")
    // The selection stays on the first row, which the shorter "mango" now ranks into.
    #expect(Array(rows(driver)[2...4]) == ["> mango", "banana", "orange"])
  }

  @Test func theQueryOptionStartsFilteredAndBackSpaceWidensAgain() {
    var options = PickOptions()
    options.query = "zz"
    let (_, driver) = makePicker(["fizz", "buzz", "foo"], options: options)
    #expect(rows(driver)[1] == "2/3")
    driver.press("BackSpace")
    driver.press("BackSpace")
    #expect(rows(driver)[1] == "3/3")
    #expect(rows(driver)[2] == "> fizz")
  }

  /// Narrowing searches only the previous matches; that must find exactly what a search of
  /// every line finds, ranked the same, for any lines and any query grown a character at a
  /// time (and shrunk again).
  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func narrowingFindsWhatAFullSearchFinds(seed: UInt64) {
    var rng = PickRandom(seed: seed)
    let alphabet = Array("abcAB_-/ 01é")
    let lines = (0..<500).map { _ in
      String((0..<Int.random(in: 0...12, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! })
    }
    let narrowed = PickModel()
    Array((lines.joined(separator: "\n") + "\n").utf8).withUnsafeBytes { _ = narrowed.append($0) }
    narrowed.finishInput()
    var query = ""
    for _ in 0..<6 {
      if Int.random(in: 0..<4, using: &rng) == 0 && !query.isEmpty {
        query.removeLast()
      } else {
        query.append(alphabet.randomElement(using: &rng)!)
      }
      narrowed.setQuery(query)
      let fresh = PickModel()
      Array((lines.joined(separator: "\n") + "\n").utf8).withUnsafeBytes { _ = fresh.append($0) }
      fresh.finishInput()
      fresh.setQuery(query)
      #expect(narrowed.matchCount == fresh.matchCount, "query \(query)")
      let first = (0..<min(30, fresh.matchCount)).map { fresh.lineIndex(atRank: $0) }
      #expect((0..<min(30, narrowed.matchCount)).map { narrowed.lineIndex(atRank: $0) } == first)
      // Every match really contains the query's characters in order (ignoring case here, as
      // the query has no capital or the lines are compared as they are).
      for rank in 0..<fresh.matchCount {
        let line = lines[fresh.lineIndex(atRank: rank)!]
        #expect(Self.isSubsequence(query, of: line), "\"\(query)\" in \"\(line)\"")
      }
    }
  }

  static func isSubsequence(_ query: String, of line: String) -> Bool {
    let ignoresCase = !query.utf8.contains { $0 >= 0x41 && $0 <= 0x5A }
    let fold = { (byte: UInt8) -> UInt8 in ignoresCase && byte >= 0x41 && byte <= 0x5A ? byte + 32 : byte }
    var pattern = Array(query.utf8)[...]
    for byte in line.utf8 where fold(byte) == pattern.first.map(fold) { pattern.removeFirst() }
    return pattern.isEmpty
  }

  /// A session recorded from the keys and clicks above replays to the same screen.
  @Test func aRecordedSessionReplaysToTheSameScreen() {
    let lines = (1...300).map { "item \($0)" }
    let (_, driver) = makePicker(lines)
    driver.type("it 2")
    driver.press("Down")
    driver.tap(x: 3, y: 5)
    let recording = driver.recording
    let (_, replay) = makePicker(lines)
    #expect(replay.replay(recording) > 0)
    #expect(replay.screenText == driver.screenText)
  }

  @Test func badHeightsAreRefusedWithTheReason() {
    #expect { try PickOptions(arguments: ["--height", "tall"]) } throws: {
      ($0 as? CommandLineError)?.argument == "--height"
    }
    #expect { try PickOptions(arguments: ["--bogus"]) } throws: {
      ($0 as? CommandLineError) == CommandLineError(argument: "--bogus", reason: "unknown option")
    }
    #expect((try? PickOptions(arguments: ["--height", "12", "-m", "--query", "x"]))?.multi == true)
  }
}

/// SplitMix64: the same lines and queries for a seed on every run.
struct PickRandom: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
