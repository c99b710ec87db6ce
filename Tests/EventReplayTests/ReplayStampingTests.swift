import Foundation
import ResponderKit
import Testing

@testable import EventReplay

/// An application that notes every event it is sent, with its time, before delivering it.
@MainActor
final class StampLoggingApplication: Application {
  var log: [String] = []

  override func sendEvent(_ event: Event) {
    let key = event.key.map { " \($0.characters) \($0.phase)" } ?? ""
    log.append("\(event.type) \(event.timestamp)\(key)")
    super.sendEvent(event)
  }
}

@Suite("Replay stamping")
@MainActor
struct ReplayStampingTests {
  /// A recording whose inputs carry times from another clock (42, 7), as a recording made
  /// by hand or by another host may.
  func staleRecording() -> Recording {
    var recording = Recording(screenSize: Size(width: 20, height: 3))
    var key = KeyEvent.character("a", timestamp: 42)
    recording.append(.key(key), at: 0.1)
    key.phase = .up
    recording.append(.key(key), at: 0.2)
    recording.append(.paste("x", timestamp: 7), at: 0.3)
    recording.append(.key(KeyEvent.character("B", modifierFlags: .shift, timestamp: 42)), at: 0.4)
    return recording
  }

  @Test func replayedInputsReachTheAppStampedWithTheirEntryTimesAmongTheTimersDue() {
    let app = StampLoggingApplication()
    let driver = HeadlessDriver(application: app, size: Size(width: 20, height: 3))
    let window = Window()
    let editor = LineEditor(frame: Rect(x: 0, y: 0, width: 20, height: 1))
    window.rootView = editor
    app.addWindow(window)
    window.makeKeyAndOrderFront()
    window.makeFirstResponder(editor)
    app.scheduleTimer(after: 0.25) { _ in app.log.append("timer \(driver.now)") }

    let source = staleRecording()
    #expect(driver.replay(source) == 4)

    #expect(
      app.log == [
        "key 0.1 a down", "key 0.2 a up", "timer 0.25", "paste 0.3", "key 0.4 B down",
      ])
    #expect(editor.text == "axB")
    // The driver's own recording: the same inputs at the same times, each stamped with its time.
    #expect(driver.recording.entries.map(\.time) == source.entries.map(\.time))
    for (replayed, original) in zip(driver.recording.entries, source.entries) {
      #expect(replayed.input.timestamp == replayed.time)
      #expect(replayed.input == original.input.restamped(at: original.time))
    }
  }
}
