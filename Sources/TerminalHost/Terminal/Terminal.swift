import Glibc
import ResponderKit

/// The terminal device: raw mode, the modes the app switches on, reading, writing, size, and
/// putting everything back.
///
/// Raw mode is `cfmakeraw`: no echo, no line editing, no signals from keys (Ctrl-C arrives as
/// byte 0x03 and becomes a key), and no output processing (`OPOST` off) — the renderer never
/// needs `\n` to mean `\r\n`, and sends `\r\n` itself where it wants both.
///
/// Every mode switched on is recorded; ``restore()`` switches off exactly those, in reverse
/// order, then puts back the termios saved when raw mode was first entered, bit for bit. Enabling
/// or disabling twice is harmless. While the terminal is changed, the bytes and termios needed to
/// undo it are kept where ``CrashGuard``'s signal handler can reach them.
public final class Terminal {
  /// The descriptor read for input.
  public let input: Int32
  /// The descriptor written to (usually the same tty as ``input``).
  public let output: Int32
  /// The modes switched on, in the order they were.
  public private(set) var enabledModes: [TerminalMode] = []
  /// The termios saved when raw mode was entered; `nil` when not in raw mode.
  public private(set) var savedAttributes: termios?
  /// How many times a call was retried after `EINTR` (for tests and diagnostics).
  public private(set) var interruptedRetries = 0

  var system: SystemCalls

  /// A terminal on the given descriptors (by default standard input and output).
  public convenience init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) {
    self.init(input: input, output: output, system: .live)
  }

  init(input: Int32, output: Int32, system: SystemCalls) {
    self.input = input
    self.output = output
    self.system = system
  }

  /// Whether raw mode is on.
  public var isRaw: Bool { savedAttributes != nil }

  /// The bytes ``restore()`` writes: every enabled mode's disable sequence, last enabled first.
  public var restoreSequence: [UInt8] {
    enabledModes.reversed().flatMap(\.disableSequence)
  }

  // MARK: - Raw mode

  /// Saves the current termios and switches to raw mode. Does nothing if already raw.
  public func enterRawMode() throws {
    guard savedAttributes == nil else { return }
    var original = termios()
    try retrying("tcgetattr") { system.getAttributes(input, &original) }
    var raw = original
    cfmakeraw(&raw)  // also VMIN 1, VTIME 0: a read returns as soon as one byte is there
    savedAttributes = original
    publish()
    do {
      try retrying("tcsetattr") { system.setAttributes(input, TCSADRAIN, raw) }
    } catch {
      savedAttributes = nil
      publish()
      throw error
    }
  }

  /// Puts back the termios saved by ``enterRawMode()``. Does nothing if not raw.
  public func exitRawMode() throws {
    guard let saved = savedAttributes else { return }
    try retrying("tcsetattr") { system.setAttributes(input, TCSADRAIN, saved) }
    savedAttributes = nil
    publish()
  }

  // MARK: - Modes

  /// Switches on the modes not already on, in one write.
  public func enable(_ modes: [TerminalMode]) throws {
    var bytes: [UInt8] = []
    var added: [TerminalMode] = []
    for mode in modes where !enabledModes.contains(mode) && !added.contains(mode) {
      bytes += mode.enableSequence
      added.append(mode)
    }
    guard !added.isEmpty else { return }
    // Recorded before the write: if the write is cut short the restore still covers them.
    enabledModes += added
    publish()
    try write(bytes)
  }

  /// Switches off the given modes that are on, last enabled first.
  public func disable(_ modes: [TerminalMode]) throws {
    let removing = enabledModes.reversed().filter { modes.contains($0) }
    guard !removing.isEmpty else { return }
    try write(removing.flatMap(\.disableSequence))
    enabledModes.removeAll { modes.contains($0) }
    publish()
  }

  /// Switches off every enabled mode (reverse order) and leaves raw mode. Tries every step even
  /// if one fails, then throws the first failure. Calling it again does nothing.
  public func restore() throws {
    var firstError: (any Error)?
    if !enabledModes.isEmpty {
      do { try write(restoreSequence) } catch { firstError = error }
      enabledModes.removeAll()
    }
    do { try exitRawMode() } catch { firstError = firstError ?? error }
    if firstError != nil {
      savedAttributes = nil
    }
    publish()
    if let firstError { throw firstError }
  }

  // MARK: - Suspend

  /// Ctrl-Z for a full-screen app: restores the terminal, stops the process group with
  /// `SIGTSTP` (default action, as the shell expects), and when continued takes the shell's
  /// current settings as the new saved termios, re-enters raw mode and the same modes.
  /// The caller must then repaint in full (``Renderer/invalidate()``).
  public func suspend() throws {
    let modes = enabledModes
    let wasRaw = isRaw
    try restore()
    var previous = sigaction()
    var defaultAction = sigaction()
    defaultAction.__sigaction_handler.sa_handler = SIG_DFL
    sigemptyset(&defaultAction.sa_mask)
    sigaction(SIGTSTP, &defaultAction, &previous)
    var unblock = sigset_t()
    var oldMask = sigset_t()
    sigemptyset(&unblock)
    sigaddset(&unblock, SIGTSTP)
    pthread_sigmask(SIG_UNBLOCK, &unblock, &oldMask)
    _ = system.signalProcessGroup(SIGTSTP)
    // Stopped here until SIGCONT.
    pthread_sigmask(SIG_SETMASK, &oldMask, nil)
    sigaction(SIGTSTP, &previous, nil)
    if wasRaw { try enterRawMode() }
    try enable(modes)
  }

  // MARK: - I/O

  /// The window size (`TIOCGWINSZ` on the output).
  public func size() throws -> TerminalSize {
    var size = winsize()
    try retrying("ioctl(TIOCGWINSZ)") { system.windowSize(output, &size) }
    return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
  }

  /// Writes all of `bytes`: retries `EINTR`, continues after partial writes, waits when a
  /// non-blocking descriptor says `EAGAIN`. `EIO` means the terminal hung up.
  public func write(_ bytes: [UInt8]) throws {
    try bytes.withUnsafeBytes { try write($0) }
  }

  /// Writes all of `bytes`; see ``write(_:)-([UInt8])``.
  public func write(_ bytes: UnsafeRawBufferPointer) throws {
    guard var next = bytes.baseAddress else { return }
    var remaining = bytes.count
    while remaining > 0 {
      let (n, error) = system.write(output, next, remaining)
      if n >= 0 {
        next += n
        remaining -= n
        continue
      }
      switch error {
      case EINTR:
        interruptedRetries += 1
      case EAGAIN, EWOULDBLOCK:
        try retrying("poll") { system.waitWritable(output) }
      case EIO:
        throw TerminalError.hangUp
      default:
        throw TerminalError.systemCall(call: "write", errno: error)
      }
    }
  }

  /// Reads what is available into `buffer` and returns the count; 0 when a non-blocking
  /// descriptor has nothing (`EAGAIN`). End of file or `EIO` throw ``TerminalError/hangUp``:
  /// the terminal is gone, and the run loop must shut down instead of reading again.
  public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
    while true {
      let (n, error) = system.read(input, base, buffer.count)
      if n > 0 { return n }
      if n == 0 { throw TerminalError.hangUp }
      switch error {
      case EINTR: interruptedRetries += 1
      case EAGAIN, EWOULDBLOCK: return 0
      case EIO: throw TerminalError.hangUp
      default: throw TerminalError.systemCall(call: "read", errno: error)
      }
    }
  }

  // MARK: - Helpers

  private func retrying(_ call: String, _ body: () -> (CInt, CInt)) throws {
    while true {
      let (result, error) = body()
      if result >= 0 { return }
      if error == EINTR {
        interruptedRetries += 1
        continue
      }
      if error == EIO { throw TerminalError.hangUp }
      throw TerminalError.systemCall(call: call, errno: error)
    }
  }

  /// Keeps the crash handler's copy of "what to undo" current.
  private func publish() {
    if enabledModes.isEmpty && savedAttributes == nil {
      CrashStorage.shared.clear()
    } else {
      CrashStorage.shared.publish(
        fd: output, attributesFD: input, restoreBytes: restoreSequence, attributes: savedAttributes)
    }
  }
}
