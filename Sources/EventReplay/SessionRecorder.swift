import Foundation
import ResponderKit
import TerminalHost

/// Records a live terminal session as a ``Recording``: every input the host delivers, with
/// times counted from the first one, written to a file when the app exits. Given the launch
/// time, the recording also keeps how long the app ran before that first input
/// (``Recording/launchDelay``), which a replay waits again.
///
///     var configuration = TerminalHost.Configuration()
///     let recorder = SessionRecorder(writingTo: URL(fileURLWithPath: "session.rkrec"))
///     recorder.attach(to: &configuration)
///     TerminalHost.run(app, configuration: configuration)
@MainActor
public final class SessionRecorder {
  /// Where the recording is written.
  public let url: URL
  /// What was recorded so far.
  public private(set) var recording: Recording
  private var start: TimeInterval?
  private let launchTime: TimeInterval?

  /// A recorder that will write to `url`; the screen size is filled in from the first resize
  /// or left at the default. `launchTime`, on the inputs' clock (the system uptime under the
  /// terminal host), is when the app launched; nil leaves ``Recording/launchDelay`` unknown.
  public init(
    writingTo url: URL, screenSize: Size = Size(width: 80, height: 24), launchTime: TimeInterval? = nil
  ) {
    self.url = url
    self.recording = Recording(screenSize: screenSize)
    self.launchTime = launchTime
  }

  /// Adds an input, timed from the first one.
  public func record(_ input: InputEvent) {
    let origin = start ?? input.timestamp
    if start == nil, let launchTime { recording.launchDelay = max(0, origin - launchTime) }
    start = origin
    let time = max(recording.entries.last?.time ?? 0, input.timestamp - origin)
    if case .resize(let size, _) = input, recording.entries.isEmpty {
      recording.screenSize = size
      return
    }
    recording.append(input.restamped(at: time), at: time)
  }

  /// Writes the recording; errors go to standard error (the terminal is restored by then).
  public func write() {
    do {
      try recording.write(to: url)
    } catch {
      FileHandle.standardError.write(Data("could not write the recording to \(url.path): \(error)\n".utf8))
    }
  }

  /// Makes the host feed this recorder and write it at exit, keeping any observer and exit
  /// hook already configured.
  public func attach(to configuration: inout TerminalHost.Configuration) {
    let previousObserver = configuration.inputObserver
    let previousExit = configuration.willExit
    configuration.inputObserver = { [self] input in
      previousObserver?(input)
      record(input)
    }
    configuration.willExit = { [self] in
      write()
      previousExit?()
    }
  }
}
