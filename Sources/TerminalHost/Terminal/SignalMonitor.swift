import Dispatch
import Glibc

/// Turns `SIGINT`, `SIGTERM`, `SIGHUP`, `SIGQUIT`, `SIGTSTP`, `SIGCONT` and `SIGWINCH` into
/// events on a dispatch queue (by default the main queue, so handlers run on the main actor's
/// thread), instead of handler code running at an arbitrary point.
///
/// While started, each signal has a tiny handler that writes the signal number into a pipe (the
/// self-pipe pattern: `write` is async-signal-safe), and a dispatch read source on the pipe
/// calls `handler`. So the default actions (exit, stop) do not happen behind the app's back.
/// `DispatchSource.makeSignalSource` alone is not enough on Linux: libdispatch reads signals with
/// `signalfd`, which misses a signal that another thread without it blocked takes first (the
/// disposition must then be `SIG_IGN`, and an ignored signal is discarded). ``stop()`` (or
/// releasing the monitor) puts back the handlers found at ``start()``.
public final class SignalMonitor {
  private let queue: DispatchQueue
  private let signals: [TerminalSignal]
  private let handler: @Sendable (TerminalSignal) -> Void
  private var source: (any DispatchSourceRead)?
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
  public var isRunning: Bool { source != nil }

  /// Installs the handlers and starts reporting. Idempotent.
  public func start() {
    guard source == nil else { return }
    let pipe = SignalPipe.shared
    let readEnd = pipe.readEnd
    let signals = self.signals
    let handler = self.handler
    let source = DispatchSource.makeReadSource(fileDescriptor: readEnd, queue: queue)
    source.setEventHandler {
      var buffer = [UInt8](repeating: 0, count: 64)
      let n = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
      guard n > 0 else { return }
      for number in buffer[0..<n] {
        if let signal = signals.first(where: { $0.number == Int32(number) }) { handler(signal) }
      }
    }
    source.resume()
    self.source = source
    for signal in signals {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = forwardSignal
      action.sa_flags = SA_RESTART
      sigemptyset(&action.sa_mask)
      var old = sigaction()
      sigaction(signal.number, &action, &old)
      previous.append((signal.number, old))
    }
  }

  /// Stops reporting and puts back the previous handlers. Idempotent.
  public func stop() {
    for (number, var action) in previous.reversed() { sigaction(number, &action, nil) }
    previous.removeAll()
    source?.cancel()
    source = nil
  }
}

/// The process's signal pipe, created once and never closed, so a handler can always write.
final class SignalPipe: Sendable {
  static let shared = SignalPipe()
  let readEnd: Int32
  let writeEnd: Int32

  private init() {
    var ends: [Int32] = [-1, -1]
    // Non-blocking both ways: a full pipe drops (coalesces) rather than blocking a handler.
    _ = pipe(&ends)
    for end in ends {
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    readEnd = ends[0]
    writeEnd = ends[1]
  }
}

/// The signal handler: one byte, the signal number, into the pipe. Async-signal-safe; keeps
/// `errno` as it was.
private func forwardSignal(_ signal: Int32) {
  let saved = errno
  var byte = UInt8(truncatingIfNeeded: signal)
  _ = write(SignalPipe.shared.writeEnd, &byte, 1)
  errno = saved
}
