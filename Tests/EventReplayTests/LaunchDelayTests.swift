import Foundation
import ResponderKit
import Testing

@testable import EventReplay

/// A recording keeps the time from launch to its first input, and a replay waits as long on
/// the virtual clock (issue 38); version 1 recordings, which lack it, still read and replay
/// as before.
@Suite("Recording launch delay")
@MainActor
struct LaunchDelayTests {
  static let version2 = """
    responderkit-recording 2
    size 40 12
    launch 1.250
    0.000 key down Return
    0.100 key up Return
    """

  @Test func theLaunchLineReadsAndWritesBack() throws {
    let recording = try Recording(parsing: Self.version2)
    #expect(recording.launchDelay == 1.25)
    #expect(recording.text == Self.version2 + "\n")
    #expect(try Recording(parsing: recording.text) == recording)
  }

  @Test func aVersion1RecordingStillReadsWithNoLaunchDelayAndWritesAsVersion1() throws {
    let old = "responderkit-recording 1\nsize 40 12\n0.000 key down Return\n"
    let recording = try Recording(parsing: old)
    #expect(recording.launchDelay == nil)
    #expect(recording.text == old)
  }

  @Test func aLaunchLineInVersion1OrAfterAnEntryIsAnError() {
    let inVersion1 = #expect(throws: RecordingError.self) {
      try Recording(parsing: "responderkit-recording 1\nlaunch 2\n")
    }
    #expect(inVersion1?.line == 2)
    let late = #expect(throws: RecordingError.self) {
      try Recording(parsing: "responderkit-recording 2\n0.000 focus in\nlaunch 2\n")
    }
    #expect(late?.field == "launch")
    let negative = #expect(throws: RecordingError.self) {
      try Recording(parsing: "responderkit-recording 2\nlaunch -1\n")
    }
    #expect(negative?.field == "launch")
  }

  @Test func aNewerVersionIsRefusedNamingTheVersionsRead() {
    let error = #expect(throws: RecordingError.self) { try Recording(parsing: "responderkit-recording 3\n") }
    #expect(error?.message == "version 3 is not supported (this library reads 1 to 2)")
  }

  @Test func theRecorderKeepsTheTimeFromLaunchToTheFirstInput() {
    let recorder = SessionRecorder(writingTo: URL(fileURLWithPath: "/dev/null"), launchTime: 100)
    recorder.record(.focus(true, timestamp: 100.75))
    recorder.record(.focus(false, timestamp: 101))
    #expect(recorder.recording.launchDelay == 0.75)
    #expect(recorder.recording.entries.map(\.time) == [0, 0.25])
  }

  /// An app that starts loading at launch and takes a second on its clock: recorded after
  /// the load finished, the first key must find it finished in the replay too.
  @Test func aReplayWaitsTheLaunchDelayOnTheVirtualClockBeforeTheFirstInput() async throws {
    let probe = LoadProbe()
    probe.app.startTask(named: "load") {
      try? await probe.app.sleep(for: 1)
      probe.loaded = true
    }
    let driver = probe.driver
    try await driver.replaySettling(try Recording(parsing: Self.version2), within: 600)
    #expect(driver.now == 1.35)
    #expect(probe.loadedAtFirstKey == true)
    #expect(driver.recording.entries.first?.time == 1.25)
  }

  /// The plain, synchronous replay waits the same: a timer the app set at launch has fired
  /// when the first input comes.
  @Test func aPlainReplayFiresTheLaunchTimersBeforeTheFirstInput() throws {
    let probe = LoadProbe()
    probe.app.scheduleTimer(after: 1) { _ in probe.loaded = true }
    probe.driver.replay(try Recording(parsing: Self.version2))
    #expect(probe.loadedAtFirstKey == true)
    #expect(probe.driver.now == 1.35)
  }

  @Test func theDriversOwnRecordingCountsFromLaunch() throws {
    let driver = HeadlessDriver(application: Application())
    driver.advance(by: 2)
    driver.paste("x")
    #expect(driver.recording.launchDelay == 0)
    #expect(driver.recording.text.contains("launch 0.000\n2.010 paste \"x\""))
  }
}

/// An app whose launch-time load sets `loaded`, and which notes at its first key whether the
/// load had finished.
@MainActor
final class LoadProbe {
  let app = Application()
  let driver: HeadlessDriver
  var loaded = false
  var loadedAtFirstKey: Bool?

  init() {
    let window = Window()
    app.addWindow(window)
    window.makeKeyAndOrderFront()
    driver = HeadlessDriver(application: app)
    app.keyEquivalentHandler = { [unowned self] _ in
      if loadedAtFirstKey == nil { loadedAtFirstKey = loaded }
      return true
    }
  }
}
