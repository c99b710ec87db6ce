import Glibc

/// A signal the run loop handles gracefully, as an event rather than in a signal handler.
public enum TerminalSignal: Hashable, Sendable, CaseIterable {
  /// `SIGINT`: someone ran `kill -INT` (in raw mode Ctrl-C is a key, not this).
  case interrupt
  /// `SIGTERM`: asked to quit.
  case terminate
  /// `SIGHUP`: the terminal went away; shut down without drawing.
  case hangUp
  /// `SIGQUIT`.
  case quit
  /// `SIGTSTP`: suspend (call ``Terminal/suspend()``).
  case suspend
  /// `SIGCONT`: continued after a stop someone else caused; re-enter modes and repaint in full.
  case resume
  /// `SIGWINCH`: the window size changed; read ``Terminal/size()`` and repaint.
  case windowSizeChange

  /// The signal number.
  public var number: Int32 {
    switch self {
    case .interrupt: return SIGINT
    case .terminate: return SIGTERM
    case .hangUp: return SIGHUP
    case .quit: return SIGQUIT
    case .suspend: return SIGTSTP
    case .resume: return SIGCONT
    case .windowSizeChange: return SIGWINCH
    }
  }

  /// Whether the app should restore the terminal and exit.
  public var requestsShutdown: Bool {
    switch self {
    case .interrupt, .terminate, .hangUp, .quit: return true
    case .suspend, .resume, .windowSizeChange: return false
    }
  }
}
