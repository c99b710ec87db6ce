import ResponderKit
import Testing

@testable import EventReplay

/// The recording lines for what the kitty protocol adds: `text "…"` for text-only input and
/// `unshifted=` for the key pressed before Shift.
@Suite struct TextAndUnshiftedRecordingTests {
  @Test func textAndUnshiftedKeysRoundTrip() throws {
    let text = """
      responderkit-recording 1
      0.100 key down Shift+! unshifted=1
      0.200 text "hé"
      """
    let recording = try Recording(parsing: text)
    guard case .key(let key) = recording.entries[0].input else {
      Issue.record("not a key: \(recording.entries[0].input)")
      return
    }
    #expect(key.keysym == Keysym(0x21))
    #expect(key.unshiftedKeysym == Keysym(0x31))
    #expect(recording.entries[1].input == .text("hé", timestamp: 0.2))
    #expect(try Recording(parsing: recording.text) == recording)
    #expect(recording.text.contains("unshifted=1"))
  }

  @Test func aBadUnshiftedKeyNamesItsField() {
    #expect {
      try Recording(parsing: "responderkit-recording 1\n0.1 key down ! unshifted=Shift+1")
    } throws: { error in
      (error as? RecordingError)?.field == "unshifted"
    }
  }
}
