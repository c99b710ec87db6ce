import Dispatch
import Foundation
import ResponderKit

extension TerminalHost {
  /// Makes ``ResponderKit/Pasteboard/general`` reach the terminal's clipboard through
  /// ``pasteboard``.
  func connectPasteboard() {
    pasteboard.output = { [weak self] bytes in self?.writeBetweenFrames(bytes) }
    pasteboard.ask = { [weak self] query, timeout, limit in
      self?.askTerminal(query, timeout: timeout, maximumLength: limit) ?? nil
    }
    Pasteboard.general.transport = pasteboard
  }

  /// Writes bytes that are not a frame: after the rest of the frame, so no sequence is cut.
  func writeBetweenFrames(_ bytes: [UInt8]) {
    finishPendingOutput()
    try? terminal.write(bytes)
  }

  /// Sends `query` and reads until its OSC 52 answer or `timeout`. The input read meanwhile
  /// (keys typed while waiting) is parsed at once, in order, and delivered on the next turn.
  /// Returns nil when no answer came in time, `.some(nil)` when it was too long.
  func askTerminal(_ query: [UInt8], timeout: Duration, maximumLength: Int) -> [UInt8]?? {
    writeBetweenFrames(query)
    let wait = ClipboardReplyScanner.awaitAnswer(on: terminal, timeout: timeout, maximumLength: maximumLength)
    if !wait.otherInput.isEmpty {
      var pending: [TerminalInput] = []
      wait.otherInput.withUnsafeBytes { parser.parse($0, at: TerminalHost.now, into: &pending) }
      DispatchQueue.main.async { [weak self] in
        MainActor.assumeIsolated {
          guard let self else { return }
          self.items = pending
          self.deliver()
          self.scheduleEscapeTimer()
        }
      }
    }
    return wait.answered ? .some(wait.payload) : .none
  }
}
