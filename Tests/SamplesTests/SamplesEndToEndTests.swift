import EventReplay
import Foundation
import Testing

/// Notes and TouchLab run for real in tmux: keys and SGR mouse sequences in, the screen out,
/// and the terminal exactly as before once the app has quit.
@Suite("Notes and TouchLab end to end (tmux)", .serialized)
struct SamplesEndToEndTests {
  /// Runs `command` from a shell that saves `stty -g` before and after and prints the status.
  func launch(_ session: TmuxSession, _ command: String, firstFrame: String) throws {
    let before = session.file("before").path
    let after = session.file("after").path
    try session.run("stty -g > \(before); \(command); echo \"EXIT=$?\"; stty -g > \(after)")
    #expect(try session.waitFor(firstFrame), "the app did not draw its first frame")
    #expect(try session.format("#{alternate_on}") == "1")
  }

  /// After the app is gone: exit status 0, the tty settings bit for bit, the main screen back.
  func expectRestored(_ session: TmuxSession) throws {
    #expect(try session.waitFor("EXIT=0"))
    // Wait for the content, not the file: the shell creates it before stty has written to it.
    #expect(
      try session.waitFor { _ in
        (try? String(contentsOf: session.file("after"), encoding: .utf8))?.isEmpty == false
      })
    let before = try String(contentsOf: session.file("before"), encoding: .utf8)
    let after = try String(contentsOf: session.file("after"), encoding: .utf8)
    #expect(before == after, "stty settings differ after exit")
    #expect(try session.format("#{alternate_on}") == "0")
    #expect(try session.format("#{cursor_flag}") == "1", "cursor left hidden")
    #expect(try session.format("#{keypad_flag}#{keypad_cursor_flag}") == "00", "keypad left on")
  }

  /// A click at a 1-based cell, as xterm's SGR mouse mode reports it.
  func click(_ session: TmuxSession, column: Int, row: Int) throws {
    try session.sendLiteral("\u{1b}[<0;\(column);\(row)M")
    try session.sendLiteral("\u{1b}[<0;\(column);\(row)m")
  }

  @Test func notesAddsEditsByClickAndSavesItsFile() throws {
    let session = try TmuxSession(width: 80, height: 20)
    let data = session.file("notes.json")
    try launch(session, "\(TmuxSession.productPath("Notes")) --data \(data.path)", firstFrame: "3 notes")
    try session.send("C-n")
    #expect(try session.waitFor("New Note"))
    try session.sendLiteral("Tmux note")
    try session.send("Tab")
    try session.sendLiteral("first line")
    try session.send("C-s")
    #expect(
      try session.waitFor { $0.contains("Tmux note") && $0.contains("first line") && $0.contains("4 notes") })
    try click(session, column: 6, row: 3)
    #expect(try session.waitFor("Edit Note"))
    try session.sendLiteral(" edited")
    try session.send("Escape")
    #expect(try session.waitFor("Discard your changes?"))
    try session.send("Right")
    try session.send("Enter")  // Discard
    #expect(try session.waitFor { $0.contains("4 notes") && !$0.contains("edited") })
    try session.send("C-q")
    try expectRestored(session)
    let saved = try String(contentsOf: data, encoding: .utf8)
    #expect(saved.contains("\"title\" : \"Tmux note\""))
  }

  @Test func touchLabReplaysTwoFingersLogsAClickAndRecordsTheSession() throws {
    let session = try TmuxSession(width: 80, height: 24)
    let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Samples/TouchLab/two-finger.rkrec")
    let record = session.file("session.rkrec")
    try launch(
      session, "\(TmuxSession.productPath("TouchLab")) --replay \(example.path) --record \(record.path)",
      firstFrame: "TouchLab — controls and the events")
    // The replay: both fingers' controls log, the button's press and the slider's drag.
    #expect(
      try session.waitFor {
        $0.contains("buttonPressed → target: LabViewController (via responder chain)")
          && $0.contains("Slider A   touchUpInside")
      })
    try click(session, column: 15, row: 10)  // Ghost
    #expect(try session.waitFor("ghostTapped dropped: target is gone (didDropActionNotification)"))
    try session.send("C-q")
    try expectRestored(session)
    let recording = try Recording(contentsOf: record)
    let text = recording.text
    #expect(text.contains("touch 0 began 14 2; 1 began 12 4"), "the replayed touches are recorded")
    #expect(text.contains("touch 0 began 14 9"), "the mouse click is recorded")
  }

  /// The Gestures screen live: the recording's pinch and rotation on the real clock, then a
  /// mouse click (a tap once the double tap's wait is over) and a drag (a pan and a swipe).
  @Test func touchLabGesturesScreenLogsRecognizersLive() throws {
    let session = try TmuxSession(width: 80, height: 24)
    let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Samples/TouchLab/gestures.rkrec")
    try launch(
      session, "\(TmuxSession.productPath("TouchLab")) --gestures --replay \(example.path)",
      firstFrame: "TouchLab — Gestures and their states")
    #expect(try session.waitFor("Rotation   ended at 40,5 rotation 0.64 rad"))
    #expect(try session.screen().contains("Pinch      ended at 40,5 scale 0.40"))
    try session.send("C-l")
    try click(session, column: 21, row: 6)
    #expect(try session.waitFor("Tap        recognized at 20,4"))
    try session.sendLiteral("\u{1b}[<0;11;8M")
    for column in [14, 17, 20, 23, 27] { try session.sendLiteral("\u{1b}[<32;\(column);8M") }
    try session.sendLiteral("\u{1b}[<0;27;8m")
    #expect(try session.waitFor("Pan        ended at 26,6 translation 16,0"))
    #expect(try session.screen().contains("Swipe      recognized"))
    try session.send("C-g")
    #expect(try session.waitFor("TouchLab — controls and the events"))
    try session.send("C-q")
    try expectRestored(session)
  }
}
