import Foundation
import Glibc
import ResponderKit
import TerminalHost

/// Carries out the host's `--record` and `--replay` options (`HostOptions`) for an app.
///
/// `--record FILE` opens the file at launch, so a path that cannot be written fails before the
/// app starts rather than after the session is lost; the recording starts with the terminal's
/// real size and is written when the app exits. The input that quits the app is left out, so
/// replaying the recording ends on its last frame instead of quitting.
///
/// `--replay FILE` feeds the recording into the running app, each input at its recorded time
/// after the recording's launch delay (the time the recorded app ran before its first input;
/// a version 1 recording, which lacks it, waits `replayDelay`), restamped on the terminal's
/// clock so live input mixes in correctly.
///
///     let (host, _) = HostOptions.parse(usage: usage) { … }
///     var configuration = TerminalHost.Configuration()
///     let session = try RecordingSession(options: host, application: app, configuration: &configuration)
///     withExtendedLifetime(session) { TerminalHost.run(app, configuration: configuration) }
@MainActor
public final class RecordingSession {
  /// What `--record` collects, or nil without it.
  public let recorder: SessionRecorder?
  /// The recording `--replay` plays, or nil without it.
  public let replay: Recording?
  private let recordFile: FileHandle?
  /// The input just delivered, recorded once its handling ended without quitting.
  private var pending: InputEvent?

  /// Opens the files `options` name, hooks recording into `configuration` and schedules the
  /// replay to start after the recording's `launchDelay`, or `replayDelay` seconds from now
  /// when it has none. Throws a `FileError` when the record file cannot be created, and the reader's error for
  /// a recording that cannot be read.
  public init(
    options: HostOptions, application: Application, configuration: inout TerminalHost.Configuration,
    terminalSize: TerminalSize? = try? Terminal().size(), replayDelay: TimeInterval = 0.5
  ) throws {
    if let url = options.replayURL {
      do {
        replay = try Recording(contentsOf: url)
      } catch let error as RecordingError {
        throw error
      } catch {
        throw FileError(error, operation: .read, path: url.path)
      }
    } else {
      replay = nil
    }
    if let url = options.recordURL {
      let fd = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
      guard fd >= 0 else { throw FileError(errno: errno, operation: .create, path: url.path) }
      recordFile = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
      var size = application.screenSize
      if let terminalSize, terminalSize.columns > 0, terminalSize.rows > 0 {
        size = Size(width: terminalSize.columns, height: terminalSize.rows)
      }
      // Now is the launch, near enough: the host runs the app right after this session opens.
      recorder = SessionRecorder(
        writingTo: url, screenSize: size, launchTime: ProcessInfo.processInfo.systemUptime)
    } else {
      recordFile = nil
      recorder = nil
    }
    if recorder != nil { attach(to: &configuration) }
    if let replay { schedule(replay, into: application, after: replay.launchDelay ?? replayDelay) }
  }

  private func attach(to configuration: inout TerminalHost.Configuration) {
    let previousObserver = configuration.inputObserver
    let previousExit = configuration.willExit
    configuration.inputObserver = { [self] input in
      previousObserver?(input)
      observe(input)
    }
    configuration.willExit = { [self] in
      // Still pending at exit: its handling quit the app, so it is not recorded.
      pending = nil
      write()
      previousExit?()
    }
  }

  /// Holds `input` until the turn that delivers it ends: an input that quits the app never
  /// comes back here (the process exits inside its handling).
  func observe(_ input: InputEvent) {
    flush()
    pending = input
    DispatchQueue.main.async { [weak self] in
      MainActor.assumeIsolated { self?.flush() }
    }
  }

  private func flush() {
    if let pending { recorder?.record(pending) }
    pending = nil
  }

  /// Writes the recording through the file opened at launch; a failure goes to standard
  /// error (the terminal is restored by then).
  func write() {
    guard let recorder, let recordFile else { return }
    do {
      try recordFile.truncate(atOffset: 0)
      try recordFile.write(contentsOf: Data(recorder.recording.text.utf8))
      try recordFile.synchronize()
    } catch {
      let sentence = FileError(error, operation: .save, path: recorder.url.path)
      FileHandle.standardError.write(Data("could not write the recording: \(sentence)\n".utf8))
    }
  }

  /// Feeds a recording into the running app: each input at its recorded time after `delay`
  /// seconds, restamped with the time it is delivered, and recorded when recording too.
  private func schedule(_ recording: Recording, into app: Application, after delay: TimeInterval) {
    for entry in recording.entries {
      DispatchQueue.main.asyncAfter(deadline: .now() + delay + entry.time) { [weak self, weak app] in
        MainActor.assumeIsolated {
          guard let app else { return }
          // On the terminal's clock (uptime), so replayed and live inputs mix correctly.
          let input = entry.input.restamped(at: ProcessInfo.processInfo.systemUptime)
          self?.observe(input)
          app.handle(input)
        }
      }
    }
  }
}
