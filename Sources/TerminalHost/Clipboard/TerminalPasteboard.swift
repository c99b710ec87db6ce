import Foundation
import ResponderKit

/// The `PasteboardTransport` of a terminal: `Pasteboard.general`
/// reaches the system clipboard through OSC 52 (``ClipboardSequence``). ``TerminalHost``
/// connects it when it starts.
///
/// A write sends the whole text base64-encoded (wrapped for GNU screen; tmux handles OSC 52
/// itself, as its `set-clipboard` option says); a text whose sequence would pass
/// ``maximumSequenceLength`` is not sent (``lastWriteWasSent`` is false) and stays in the
/// pasteboard's in-process copy. A read sends the OSC 52 query and waits up to
/// ``readTimeout`` for the answer; a terminal that does not answer in time is not asked
/// again in this session (xterm refuses by default, kitty asks its user first), and the
/// pasteboard answers with its in-process copy. Terminals' own paste keys (bracketed paste)
/// arrive as `paste(_:)` as before, without this.
@MainActor
public final class TerminalPasteboard: PasteboardTransport {
  /// Whether the terminal answers the OSC 52 query.
  public enum ReadSupport: Sendable, Hashable {
    /// Not asked yet.
    case unknown
    /// It answered.
    case answers
    /// It did not answer within ``TerminalPasteboard/readTimeout``: not asked again.
    case refuses
  }

  /// Creates the transport for the terminal the environment describes (GNU screen wraps).
  public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
    passthrough = ClipboardSequence.Passthrough.detect(environment: environment)
    maximumSequenceLength = passthrough == .screen ? 100_000 : 1 << 20
  }

  /// How the sequences are wrapped.
  public var passthrough: ClipboardSequence.Passthrough

  /// The longest OSC 52 sequence written, in bytes: 1 MiB (tmux's and xterm's input buffers
  /// take that; kitty more), 100 000 inside screen (hterm's `osc52.sh` limit).
  public var maximumSequenceLength: Int

  /// The longest answer read, in bytes of base64; a longer answer is dropped.
  public var maximumAnswerLength = 16 << 20

  /// How long a read waits for the terminal's answer, once per session at most when it never
  /// comes.
  public var readTimeout: Duration = .milliseconds(200)

  /// What is known of the terminal's answers.
  public private(set) var readSupport = ReadSupport.unknown

  /// Whether the last write went to the terminal (false: the text was too long for
  /// ``maximumSequenceLength``, or no terminal is connected).
  public private(set) var lastWriteWasSent = false

  /// Writes bytes to the terminal between frames (set by the host).
  var output: ((_ bytes: [UInt8]) -> Void)?
  /// Sends the query and waits for the answer's payload: nil when none came in time, `.some(nil)`
  /// when one came that was too long (set by the host).
  var ask: ((_ query: [UInt8], _ timeout: Duration, _ maximumLength: Int) -> [UInt8]??)?

  /// Sends the new contents with OSC 52.
  public func pasteboard(_ pasteboard: Pasteboard, didChangeTo string: String?) {
    guard let output,
      let bytes = ClipboardSequence.write(
        string, passthrough: passthrough, maximumLength: maximumSequenceLength)
    else {
      lastWriteWasSent = false
      return
    }
    output(bytes)
    lastWriteWasSent = true
  }

  /// Asks the terminal (unless it did not answer before) and decodes the answer.
  public func readString(for pasteboard: Pasteboard) -> String? {
    guard readSupport != .refuses, let ask else { return nil }
    guard
      let answer = ask(ClipboardSequence.query(passthrough: passthrough), readTimeout, maximumAnswerLength)
    else {
      readSupport = .refuses
      return nil
    }
    readSupport = .answers
    return answer.flatMap { ClipboardSequence.decodeReply($0, maximumLength: maximumAnswerLength) }
  }

  /// True until the terminal failed to answer once.
  public var mayReadString: Bool { ask != nil && readSupport != .refuses }
}
