import EventReplay
import Foundation
import ResponderKit

/// Collects the inputs of a session, with times from its start, for `--record`.
@MainActor
final class SessionRecorder {
  private(set) var recording: Recording
  private var start: TimeInterval?

  init(screenSize: Size) {
    recording = Recording(screenSize: screenSize)
  }

  /// Adds an input at its own timestamp, measured from the first input recorded.
  func record(_ input: InputEvent) {
    let stamp = input.timestamp
    let origin = start ?? stamp
    start = origin
    let time = max(recording.entries.last?.time ?? 0, stamp - origin)
    recording.append(input, at: time)
  }
}
