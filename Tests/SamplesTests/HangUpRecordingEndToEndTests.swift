import EventReplay
import Foundation
import Glibc
import Testing

/// Closing the terminal must not lose a recording: killing the tmux pane sends SIGHUP, and the
/// shell forwards one of its own. Before the fix the host put back the default signal actions
/// before it wrote the recording, so the second SIGHUP killed it first (a 0-byte file in 12 of
/// 33 tries).
@Suite("Hang-up keeps the recording (tmux)", .serialized)
struct HangUpRecordingEndToEndTests {
  @Test func killingThePaneThirtyTimesLeavesACompleteRecordingEveryTime() throws {
    let binary = TmuxSession.productPath("TouchLab")
    var complete = 0
    for attempt in 1...30 {
      let session = try TmuxSession(width: 80, height: 24)
      let record = session.file("hangup-\(attempt).rkrec")
      try session.run("\(binary) --record \(record.path)")
      try #require(
        try session.waitFor("TouchLab — controls and the events"), "attempt \(attempt): no first frame")
      let pid = try #require(try session.foregroundPID())
      try session.send("Tab")
      Thread.sleep(forTimeInterval: 0.05)
      try session.tmux(capturing: false, ["kill-pane", "-t", "main"])
      // The app is no child of ours: wait until it is gone, then read what it left.
      let deadline = Date().addingTimeInterval(10)
      while kill(pid, 0) == 0, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
      #expect(kill(pid, 0) != 0, "attempt \(attempt): the app outlived its terminal")
      let recording = try? Recording(contentsOf: record)
      if let recording, recording.text.contains("key "), recording.text.hasSuffix("\n") {
        complete += 1
      } else {
        Issue.record("attempt \(attempt): recording missing or cut short")
      }
    }
    #expect(complete == 30)
  }
}
