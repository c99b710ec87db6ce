import Foundation
import ResponderKit
import TerminalHost

extension HeadlessDriver {
  /// Feeds bytes exactly as a terminal sent them — keys in any encoding (legacy, xterm's
  /// modifyOtherKeys, kitty's protocol), mouse reports, a bracketed paste, focus reports,
  /// replies — through the real `InputParser`, and delivers the events it
  /// decodes as the live host does: each one after a ``step``, an unrequested cursor report
  /// that is F3 with modifiers as that key. So a test replays what a terminal sent, bytes
  /// captured from a real one included, and goes through the same decoding as a user's keys.
  ///
  /// With `settling` (the default) a sequence cut off at the end, such as a lone ESC, is
  /// settled at once, as when the escape timeout has passed (a lone ESC is the Escape key);
  /// without it, it waits for the next call, as between two reads. A bracketed paste never
  /// times out: its text waits for the end marker, in this call or a later one.
  ///
  /// Returns everything decoded, in order: the events delivered and what the host would keep
  /// for itself (replies, pointer reports without an event, unknown sequences).
  @discardableResult
  public func send(terminalBytes bytes: some Sequence<UInt8>, settling: Bool = true) -> [TerminalInput] {
    var items: [TerminalInput] = []
    let bytes = Array(bytes)
    bytes.withUnsafeBytes { terminalParser.parse($0, at: now, into: &items) }
    if settling { terminalParser.expire(at: now + terminalParser.escapeTimeout, into: &items) }
    for item in items {
      switch item {
      case .event(let event):
        send(event)
      case .reply(let reply):
        if let key = InputParser.functionKey(forUnrequested: reply, at: now) { send(.key(key)) }
      case .pointer, .unknown:
        break
      }
    }
    return items
  }

  /// ``send(terminalBytes:settling:)`` with the UTF-8 of `text`: escapes written as `\u{1B}`.
  @discardableResult
  public func send(terminalBytes text: String, settling: Bool = true) -> [TerminalInput] {
    send(terminalBytes: Array(text.utf8), settling: settling)
  }
}
