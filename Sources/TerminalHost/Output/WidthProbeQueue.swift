import Foundation

/// The width probes (``WidthProbe``) a host has written and not yet had answered. A terminal
/// answers requests in the order it reads them, so a report answers the oldest probe it fits
/// (its row, a column within the cluster's reach); the probes before that one went unanswered.
/// A report that fits none is not an answer: a key (xterm's F3 with modifiers is `CSI 1 ; m R`)
/// or a report another request asked for.
///
/// A probe not answered within ``answerTime`` tells that the terminal does not answer (or
/// answers slowly): the host asks no more. It is still matched until ``forgetTime``, so a late
/// answer is not read as a key.
struct WidthProbeQueue: Sendable {
  /// How long a terminal has to answer before the host stops probing.
  static let answerTime: TimeInterval = 1
  /// How long an unanswered probe is kept to match a late answer.
  static let forgetTime: TimeInterval = 10

  private var waiting: [(probe: WidthProbe, sent: TimeInterval)] = []
  /// A probe went unanswered for ``answerTime``.
  private(set) var terminalIsSilent = false

  /// Whether any probe waits for its answer.
  var isEmpty: Bool { waiting.isEmpty }

  /// When ``expire(at:)`` next has something to do; `nil` when nothing waits.
  var nextDeadline: TimeInterval? {
    guard let first = waiting.first else { return nil }
    return first.sent + (terminalIsSilent ? Self.forgetTime : Self.answerTime)
  }

  mutating func sent(_ probes: [WidthProbe], at time: TimeInterval) {
    waiting += probes.map { ($0, time) }
  }

  /// The probe a cursor report answers and the width it gives, removed with the probes
  /// before it; `nil` when it answers none (the report is someone else's).
  mutating func answer(row: Int, column: Int) -> (cluster: Character, width: Int)? {
    for (index, entry) in waiting.enumerated() {
      if let width = entry.probe.width(reportedRow: row, column: column) {
        waiting.removeFirst(index + 1)
        return (entry.probe.cluster, width)
      }
    }
    return nil
  }

  /// Notes a probe older than ``answerTime`` (``terminalIsSilent``) and drops those older than
  /// ``forgetTime``.
  mutating func expire(at time: TimeInterval) {
    if let first = waiting.first, time >= first.sent + Self.answerTime { terminalIsSilent = true }
    waiting.removeAll { time >= $0.sent + Self.forgetTime }
  }
}
