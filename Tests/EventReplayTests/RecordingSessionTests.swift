import Foundation
import ResponderKit
import TerminalHost
import TestSupport
import Testing

@testable import EventReplay

@Suite("Recording session (--record, --replay)")
@MainActor
struct RecordingSessionTests {
  let directory: URL
  /// Removes the directory when the test ends, passed, failed or thrown.
  private let scratchDirectory: ScratchDirectory

  init() throws {
    scratchDirectory = try ScratchDirectory("session")
    directory = scratchDirectory.url
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  func options(record: String? = nil, replay: String? = nil) -> HostOptions {
    var options = HostOptions()
    options.recordURL = record.map { directory.appendingPathComponent($0) }
    options.replayURL = replay.map { URL(fileURLWithPath: $0) }
    return options
  }

  @Test func theRecordFileIsCreatedAtLaunchWithTheTerminalsSize() throws {
    var configuration = TerminalHost.Configuration()
    let session = try RecordingSession(
      options: options(record: "s.rkrec"), application: Application(), configuration: &configuration,
      terminalSize: TerminalSize(columns: 132, rows: 43))
    #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("s.rkrec").path))
    #expect(session.recorder?.recording.screenSize == Size(width: 132, height: 43))
  }

  @Test func aRecordFileThatCannotBeCreatedFailsAtOnceWithASentence() {
    var configuration = TerminalHost.Configuration()
    let error = #expect(throws: FileError.self) {
      try RecordingSession(
        options: options(record: "missing/s.rkrec"), application: Application(),
        configuration: &configuration)
    }
    #expect(
      error?.description == "Cannot create \(directory.path)/missing/s.rkrec: the folder does not exist")
  }

  /// The input whose handling quits the app never gets past its turn; it is left out, so a
  /// replay of the recording ends on the frame before it.
  @Test func theInputThatQuitsIsLeftOut() throws {
    var configuration = TerminalHost.Configuration()
    let session = try RecordingSession(
      options: options(record: "s.rkrec"), application: Application(), configuration: &configuration,
      terminalSize: TerminalSize(columns: 80, rows: 24))
    configuration.inputObserver?(.paste("kept", timestamp: 10))
    configuration.inputObserver?(.paste("quits", timestamp: 11))
    configuration.willExit?()
    let written = try Recording(contentsOf: directory.appendingPathComponent("s.rkrec"))
    #expect(written.entries.map(\.input) == [.paste("kept", timestamp: 0)])
    #expect(session.recorder?.recording == written)
  }

  @Test func aReplayThatCannotBeParsedNamesTheLine() throws {
    let bad = directory.appendingPathComponent("bad.rkrec")
    try "responderkit-recording 1\nsize 80 24\n0.000 frobnicate\n".write(
      to: bad, atomically: true, encoding: .utf8)
    var configuration = TerminalHost.Configuration()
    let error = #expect(throws: RecordingError.self) {
      try RecordingSession(
        options: options(replay: bad.path), application: Application(), configuration: &configuration)
    }
    #expect(error?.description.hasPrefix("line 3") == true)
  }
}
