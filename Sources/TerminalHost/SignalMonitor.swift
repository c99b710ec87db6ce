import Dispatch
import Glibc

/// Turns `SIGINT`, `SIGTERM`, `SIGHUP`, `SIGQUIT`, `SIGTSTP`, `SIGCONT` and `SIGWINCH` into
/// events on a dispatch queue (by default the main queue, so handlers run on the main actor's
/// thread), instead of handler code running at an arbitrary point.
///
/// While started, the signals' dispositions are `SIG_IGN` — so their default actions (exit,
/// stop) do not happen behind the app's back — and dispatch sources report them. ``stop()``
/// (or releasing the monitor) cancels the sources and puts back the dispositions found at
/// ``start()``.
public final class SignalMonitor {
  private let queue: DispatchQueue
  private let signals: [TerminalSignal]
  private let handler: @Sendable (TerminalSignal) -> Void
  private var sources: [any DispatchSourceSignal] = []
  private var previous: [(Int32, sigaction)] = []

  /// A monitor for `signals`, calling `handler` on `queue` once per delivery (deliveries that
  /// arrive together may be coalesced, as with any signal).
  public init(
    signals: [TerminalSignal] = TerminalSignal.allCases, queue: DispatchQueue = .main,
    handler: @escaping @Sendable (TerminalSignal) -> Void
  ) {
    self.signals = signals
    self.queue = queue
    self.handler = handler
  }

  deinit { stop() }

  /// Whether the monitor is started.
  public var isRunning: Bool { !sources.isEmpty }

  /// Ignores the signals' default actions and starts reporting them. Idempotent.
  public func start() {
    guard sources.isEmpty else { return }
    for signal in signals {
      var ignore = sigaction()
      ignore.__sigaction_handler.sa_handler = SIG_IGN
      sigemptyset(&ignore.sa_mask)
      var old = sigaction()
      sigaction(signal.number, &ignore, &old)
      previous.append((signal.number, old))
      let source = DispatchSource.makeSignalSource(signal: signal.number, queue: queue)
      let handler = self.handler
      source.setEventHandler { handler(signal) }
      source.resume()
      sources.append(source)
    }
  }

  /// Stops reporting and puts back the previous dispositions. Idempotent.
  public func stop() {
    for source in sources { source.cancel() }
    sources.removeAll()
    for (number, var action) in previous.reversed() { sigaction(number, &action, nil) }
    previous.removeAll()
  }
}
