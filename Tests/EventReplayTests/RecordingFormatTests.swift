import Foundation
import ResponderKit
import TestSupport
import Testing

@testable import EventReplay

@Suite("Recording format")
struct RecordingFormatTests {
  static let sample = """
    responderkit-recording 1
    size 40 12
    # a comment
    0.000 key down a
    0.100 key down Control+c text="\\u0003" plain="c" code=46
    0.150 key up Shift+A text="A" locks=CapsLock
    0.160 key down Control+0x6d3 text="\\u0013" plain="с" base=c
    0.200 touch 0 began 10 5
    0.250 touch 0 moved 12.5 5; 1 began 30 8 mods=Alt
    0.300 scroll 10 5 0 3
    0.400 paste "two\\nlines \\"quoted\\" é"
    0.500 focus out
    0.600 resize 100 30
    """

  @Test func readsEveryKindOfEntry() throws {
    let recording = try Recording(parsing: Self.sample)
    #expect(recording.screenSize == Size(width: 40, height: 12))
    #expect(recording.entries.count == 10)
    guard case .key(let a) = recording.entries[0].input else {
      Issue.record("first entry is not a key")
      return
    }
    #expect(a.characters == "a")
    #expect(a.phase == .down)
    guard case .key(let c) = recording.entries[1].input else { return }
    #expect(c.modifierFlags == .control)
    #expect(c.characters == "\u{3}")
    #expect(c.charactersIgnoringModifiers == "c")
    #expect(c.keyCode == 46)
    guard case .key(let shifted) = recording.entries[2].input else { return }
    #expect(shifted.modifierFlags == [.shift, .capsLock])
    #expect(shifted.phase == .up)
    guard case .key(let cyrillic) = recording.entries[3].input else { return }
    #expect(cyrillic.keysym == Keysym(0x6d3))
    #expect(cyrillic.baseLayoutKeysym == Keysym(0x63))
    #expect(cyrillic.charactersIgnoringModifiers == "с")
    guard case .touches(let two) = recording.entries[5].input else { return }
    #expect(two.map(\.id) == [0, 1])
    #expect(two[0].location == Point(x: 12.5, y: 5))
    #expect(two[1].modifierFlags == .alt)
    guard case .paste(let text, _) = recording.entries[7].input else { return }
    #expect(text == "two\nlines \"quoted\" é")
    #expect(recording.entries[8].input == .focus(false, timestamp: 0.5))
  }

  @Test func writingThenReadingGivesTheSameRecording() throws {
    let recording = try Recording(parsing: Self.sample)
    let again = try Recording(parsing: recording.text)
    #expect(again == recording)
    #expect(again.text == recording.text)
  }

  @Test func aBadFieldNamesItsLineAndFieldAndKeepsWhatCameBefore() {
    let text = Self.sample.replacingOccurrences(of: "0.200 touch 0 began", with: "0.200 touch 0 begun")
    #expect {
      try Recording(parsing: text)
    } throws: { error in
      guard let error = error as? RecordingError else { return false }
      return error.line == 8 && error.field == "phase" && error.partial.entries.count == 4
        && error.description.contains("began, moved")
    }
  }

  @Test func timeGoingBackwardsIsAnError() {
    let text = "responderkit-recording 1\n1.0 key down a\n0.5 key down b\n"
    #expect {
      try Recording(parsing: text)
    } throws: { error in
      (error as? RecordingError).map { $0.line == 3 && $0.field == "time" && $0.partial.entries.count == 1 }
        ?? false
    }
  }

  @Test(arguments: [
    ("responderkit-recording 3\n", "version"),
    ("", "header"),
    ("hello\n", "header"),
    ("responderkit-recording 1\n0.1 jump 3\n", "kind"),
    ("responderkit-recording 1\nx key down a\n", "time"),
    ("responderkit-recording 1\n0.1 key sideways a\n", "phase"),
    ("responderkit-recording 1\n0.1 key down Hyperspace+a\n", "modifiers"),
    ("responderkit-recording 1\n0.1 key down Banana\n", "key"),
    ("responderkit-recording 1\n0.1 paste \"open\n", "text"),
    ("responderkit-recording 1\n0.1 touch 0 began 3\n", "touch"),
    ("responderkit-recording 1\nsize 0 10\n", "width"),
  ])
  func malformedInputIsATypedError(text: String, field: String) {
    #expect {
      try Recording(parsing: text)
    } throws: { error in
      (error as? RecordingError)?.field == field
    }
  }

  @Test func anOverlongLineIsRejectedWithoutReadingIt() {
    let long =
      "responderkit-recording 1\n0.1 paste \"" + String(repeating: "x", count: Recording.maximumLineLength)
      + "\"\n"
    #expect {
      try Recording(parsing: long)
    } throws: { error in
      (error as? RecordingError).map { $0.line == 2 && $0.field == "line" } ?? false
    }
  }
}

@Suite("Session recorder")
@MainActor
struct SessionRecorderTests {
  @Test func recordsTimesFromTheFirstInputAndTheStartingSize() throws {
    let scratch = try ScratchDirectory("recording")
    let url = scratch.appending("session.rkrec")
    let recorder = SessionRecorder(writingTo: url)
    recorder.record(.resize(Size(width: 120, height: 40), timestamp: 1000))
    recorder.record(.key(KeyEvent.character("a", timestamp: 1000.5)))
    recorder.record(.paste("hi", timestamp: 1001.25))
    recorder.write()
    let read = try Recording(contentsOf: url)
    #expect(read.screenSize == Size(width: 120, height: 40))
    #expect(read.entries.map(\.time) == [0.5, 1.25])
    #expect(read.entries.last?.input == .paste("hi", timestamp: 1.25))
  }
}
