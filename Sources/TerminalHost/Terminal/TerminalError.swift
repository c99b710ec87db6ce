/// Why a terminal operation failed.
public enum TerminalError: Error, Hashable, Sendable {
  /// The terminal is gone: `read` returned end of file or a read or write failed with `EIO`.
  /// The run loop should shut down (restoring what it can) rather than retry.
  case hangUp
  /// The terminal took no output for longer than the write allowed (``Terminal/writeTimeout``,
  /// or ``Terminal/restoreTimeout`` on the way out): it stopped reading.
  case outputStalled
  /// A system call failed; `call` names it (for example `"tcsetattr"`) and `errno` says why.
  case systemCall(call: String, errno: Int32)
  /// Neither standard input and output nor a controlling terminal (`/dev/tty`) is a terminal:
  /// the process was started with no terminal at all (cron, a service, `setsid`).
  case noTerminal
}

extension TerminalError: CustomStringConvertible {
  /// A one-line explanation.
  public var description: String {
    switch self {
    case .hangUp: return "the terminal hung up (end of file or EIO)"
    case .outputStalled: return "the terminal stopped reading output"
    case .systemCall("isatty", _):
      // What a person sees when the app is run from a pipe, a script or an IDE's console.
      return "its input is not a terminal; run it in a terminal window (not through a pipe or a file)"
    case .systemCall(let call, let errno): return "\(call) failed with errno \(errno)"
    case .noTerminal:
      return
        "there is no terminal for its keys and screen (standard input and output are not terminals, "
        + "and there is no /dev/tty); run it from a terminal window"
    }
  }
}
