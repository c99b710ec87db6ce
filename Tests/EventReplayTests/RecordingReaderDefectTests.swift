import Foundation
import ResponderKit
import Testing

@testable import EventReplay
@testable import InputFuzzers

/// Issue 13, defects 1–3: bad numbers, text that did not round-trip, and absurd sizes.
@Suite("Recording reader defects")
struct RecordingReaderDefectTests {
  static let header = "responderkit-recording 1\n"

  /// Reads `body` after the header and returns the error's line and field.
  static func failure(_ body: String) -> (line: Int, field: String)? {
    do {
      _ = try Recording(parsing: header + body)
      return nil
    } catch {
      return (error.line, error.field)
    }
  }

  /// Defect 1: `code=4294967296` trapped converting to UInt32. Every number of every entry
  /// kind now has a range, and a value outside it (or too large for any integer) names its
  /// line and field.
  @Test(
    "an out-of-range number is a typed error naming its line and field",
    arguments: [
      ("0 key down a code=4294967296", "code"),
      ("0 key down a code=-1", "code"),
      ("0 key down a code=99999999999999999999999", "code"),
      ("0 key down a code=1.5", "code"),
      ("1e10 key down a", "time"),
      ("-1 key down a", "time"),
      ("nan key down a", "time"),
      ("0 touch 99999999999999999999 began 1 1", "id"),
      ("0 touch -1 began 1 1", "id"),
      ("0 touch 0 began 1e7 1", "x"),
      ("0 touch 0 began 1 -inf", "y"),
      ("0 scroll 1 1 1e300 0", "dx"),
      ("0 scroll 1 1 0 -2000000", "dy"),
      ("0 scroll 1e999 1 0 0", "x"),
      ("size 0 24", "width"),
      ("size 80 99999999999999999999", "height"),
      ("0 resize 80.5 24", "width"),
    ])
  func outOfRangeNumber(line: String, field: String) {
    let failure = Self.failure("# comment\n" + line + "\n")
    #expect(failure?.line == 3)
    #expect(failure?.field == field)
  }

  @Test func theLargestValuesInRangeAreRead() throws {
    let recording = try Recording(
      parsing: Self.header
        + "size 2000 1000\n1000000000 key down a code=4294967295\n1000000000 touch 0 began -1000000 1000000\n"
    )
    #expect(recording.screenSize == Recording.maximumScreenSize)
    guard case .key(let key) = recording.entries.first?.input else {
      Issue.record("no key")
      return
    }
    #expect(key.keyCode == UInt32.max)
  }

  /// Defect 2: a paste starting with a combining mark was written raw after the quote, which
  /// made quote and mark one Character the reader did not see as a quote.
  @Test func textStartingWithACombiningMarkRoundTrips() throws {
    var recording = Recording()
    recording.append(.paste("\u{301}x", timestamp: 0), at: 0)
    recording.append(.key(KeyEvent(keysym: Keysym(unicodeScalar: "\u{301}"), characters: "\u{301}")), at: 0)
    let again = try Recording(parsing: recording.text)
    #expect(again == recording)
    #expect(again.text.unicodeScalars.elementsEqual(recording.text.unicodeScalars))
  }

  /// Found by the round-trip property: a combining mark as the key after a modifier
  /// (`Meta+\u{30f}`) or after `base=` made "+" or "=" one Character with it, so the reader
  /// did not split there.
  @Test func aCombiningMarkKeyAfterAModifierOrFieldNameRoundTrips() throws {
    var recording = Recording()
    var key = KeyEvent(keysym: Keysym(unicodeScalar: "\u{30f}"), modifierFlags: .meta)
    key.baseLayoutKeysym = Keysym(unicodeScalar: "\u{301}")
    key.unshiftedKeysym = Keysym(unicodeScalar: "\u{302}")
    recording.append(.key(key), at: 0)
    #expect(recording.text.contains("Meta+\u{30f} base=\u{301} unshifted=\u{302}"))
    let again = try Recording(parsing: recording.text)
    #expect(again == recording)
  }

  /// Found by the recording fuzz target: a key field with no name (`=CapsLock`) gave an error
  /// whose field was empty.
  @Test func aKeyFieldWithNoNameIsAnErrorInTheKeyField() {
    let failure = Self.failure("0 key down a =CapsLock\n")
    #expect(failure?.line == 2)
    #expect(failure?.field == "key")
  }

  /// Defect 2: a lone surrogate escape was dropped (high) or replaced (low) silently.
  @Test(
    "a lone surrogate escape is a typed error naming the line",
    arguments: [#""\ud800""#, #""a\ud800b""#, #""\udc00""#, #""\ud800\u0041""#, #""\udbff\udbff""#])
  func loneSurrogate(literal: String) {
    #expect {
      try Recording(parsing: Self.header + "0 focus in\n0 paste " + literal + "\n")
    } throws: { error in
      guard let error = error as? RecordingError else { return false }
      return error.line == 3 && error.field == "text" && error.message.contains("surrogate")
    }
  }

  @Test func aSurrogatePairEscapeIsOneScalar() throws {
    let recording = try Recording(parsing: Self.header + #"0 paste "\ud83d\ude00""# + "\n")
    #expect(recording.entries.first?.input == .paste("😀", timestamp: 0))
  }

  /// Defect 2: "\r\n" is one Character, so splitting on "\n" found no lines at all.
  @Test func aCRLFFileIsRead() throws {
    let lf = RecordingFormatTests.sample + "\n"
    let crlf = lf.replacingOccurrences(of: "\n", with: "\r\n")
    #expect(try Recording(parsing: crlf) == Recording(parsing: lf))
  }

  /// Defect 2: a version too large for Int read as "missing".
  @Test func anOverflowingVersionIsUnsupportedNotMissing() {
    #expect {
      try Recording(parsing: "responderkit-recording 99999999999999999999999\n")
    } throws: { error in
      guard let error = error as? RecordingError else { return false }
      return error.line == 1 && error.field == "version"
        && error.message.contains("99999999999999999999999 is not supported")
    }
  }

  /// Defect 2, the property: whatever the writer produces, the reader gives back exactly.
  @Test func everyGeneratedRecordingRoundTrips() {
    var random = SeededGenerator(seed: 13)
    for index in 0..<2000 {
      let recording = RecordingGenerator.recording(using: &random)
      let problems = RecordingInvariants.roundTripProblems(recording)
      #expect(problems.isEmpty, "recording \(index) of seed 13: \(problems.first ?? "")")
      if !problems.isEmpty { break }
    }
  }

  /// Defect 3: `size 100000 100000` allocated hundreds of GB at replay. Sizes above
  /// ``Recording/maximumScreenSize`` are rejected, naming the line.
  @Test(
    "a size above the maximum is rejected with its line",
    arguments: [
      ("size 100000 100000", "width"), ("size 2001 24", "width"), ("size 80 1001", "height"),
      ("0 resize 100000 100000", "width"), ("0 resize 80 1001", "height"),
    ])
  func absurdSize(line: String, field: String) {
    let failure = Self.failure("0 focus in\n" + line + "\n")
    #expect(failure?.line == 3)
    #expect(failure?.field == field)
  }
}
