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
  /// The descriptor writes go to: ``output``, or after ``useNonBlockingOutput()`` a
  /// non-blocking descriptor of its own for the same device.
  public private(set) var writeDescriptor: Int32

  var system: SystemCalls

  /// How long a write waits for a terminal that takes no bytes before it gives up with
  /// ``TerminalError/outputStalled``; the restore on the way out waits ``restoreTimeout``.
  public static let writeTimeout: Duration = .seconds(1)
  /// How long ``restore()`` waits for a terminal that takes no bytes (after discarding pending
  /// output), so a stalled terminal cannot keep a quitting app alive.
  public static let restoreTimeout: Duration = .milliseconds(100)

  /// A terminal on the given descriptors (by default standard input and output).
  public convenience init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) {
    self.init(input: input, output: output, system: .live)
  }

  init(input: Int32, output: Int32, system: SystemCalls) {
    self.input = input
    self.output = output
    self.writeDescriptor = output
    self.system = system
  }

  /// Opens the output device again with `O_NONBLOCK`, and writes there from now on: a new open
  /// file description, so the shell's descriptors stay blocking. Then ``write(someOf:)`` never
  /// waits, and ``write(_:)-([UInt8])`` waits at most ``writeTimeout``. Does nothing when the
  /// output is not a terminal device or it cannot be opened.
  public func useNonBlockingOutput() {
    guard writeDescriptor == output, let name = ttyname(output) else { return }
    let fd = open(name, O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { return }
    writeDescriptor = fd
    publish()
  }

  /// Whether this process's group is the terminal's foreground group. A background group must
  /// not change the terminal (the kernel stops it with `SIGTTOU` or `SIGTTIN`, or fails its
  /// reads with `EIO`). True when the input is not a controlling terminal.
  public var isForeground: Bool {
    let (group, _) = system.foregroundGroup(input)
    return group < 0 || group == getpgrp()
  }

  /// In the background, stops the process group with `SIGTTOU` (default action) as the kernel
  /// does when a background job touches the terminal, so the shell reports it stopped and `fg`
  /// continues it (also when the process ignores `SIGTTOU`: the default action is put in place
  /// for the stop). Returns whether the group is in the foreground afterwards (false for an
  /// orphaned group, which the kernel does not stop).
  @discardableResult
  public func waitForForeground() -> Bool {
    guard !isForeground else { return true }
    stopProcessGroup(with: SIGTTOU)
    return isForeground
  }

  /// Whether raw mode is on.
  public var isRaw: Bool { savedAttributes != nil }

  /// The bytes ``restore()`` writes: ``restorePreamble``, then every enabled mode's disable
  /// sequence, last enabled first.
  public var restoreSequence: [UInt8] {
    restorePreamble + enabledModes.reversed().flatMap(\.disableSequence)
  }

  /// Bytes written before the modes are switched off on every way out — ``restore()``,
  /// ``suspend()`` and ``CrashGuard``'s handler — such as an inline app's move of the cursor
  /// below its region. Written only while a mode is on.
  public var restorePreamble: [UInt8] = [] {
    didSet { publish() }
  }

  /// The terminal for an app whose standard input or output may be data (`ls | app | wc`):
  /// standard input and output when both are terminals, else the controlling terminal,
  /// `/dev/tty`, opened for both, so keys and the screen never touch the data. Throws
  /// ``TerminalError/noTerminal`` when the process has no terminal at all.
  public static func forCommandLine() throws(TerminalError) -> Terminal {
    if isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 { return Terminal() }
    let fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard fd >= 0, isatty(fd) == 1 else {
      if fd >= 0 { close(fd) }
      throw .noTerminal
    }
    return Terminal(input: fd, output: fd)
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
    // TCSANOW: output already written was processed when written, and waiting for it to drain
    // would hang on a stalled terminal.
    try retrying("tcsetattr") { system.setAttributes(input, TCSANOW, saved) }
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

  /// Switches off every enabled mode (reverse order) and leaves raw mode. Output the terminal
  /// has not taken yet is discarded first (`tcflush(TCOFLUSH)`), so a stalled terminal cannot
  /// block the way out; the restore bytes wait at most ``restoreTimeout``. Then standard error
  /// is put back and shows what ``StandardErrorCapture`` kept. Tries every step even if one
  /// fails, then throws the first failure. Calling it again does nothing.
  public func restore() throws {
    var firstError: (any Error)?
    if !enabledModes.isEmpty {
      _ = system.flushOutput(writeDescriptor)
      do { try write(restoreSequence, timeout: Self.restoreTimeout) } catch { firstError = error }
      enabledModes.removeAll()
    }
    do { try exitRawMode() } catch { firstError = firstError ?? error }
    if firstError != nil {
      savedAttributes = nil
    }
    publish()
    StandardErrorCapture.end()
    if let firstError { throw firstError }
  }

  // MARK: - Suspend

  /// Ctrl-Z for a full-screen app: restores the terminal, stops the process group with
  /// `SIGTSTP` (default action, as the shell expects), and when continued takes the shell's
  /// current settings as the new saved termios, re-enters raw mode and the same modes.
  /// The caller must then repaint in full (``Renderer/invalidate()``).
  ///
  /// Continued in the background (`bg`, or `kill -CONT` without `fg`), it does not take the
  /// terminal: it returns with ``isSuspended`` still true, after ``waitForForeground()`` was
  /// tried once; call ``resume()`` when ``isForeground`` (``TerminalHost`` retries on every
  /// `SIGCONT` and every 100 ms).
  public func suspend() throws {
    suspendedState = (enabledModes, isRaw)
    try restore()
    stopProcessGroup(with: SIGTSTP)
    // Stopped here until SIGCONT.
    if waitForForeground() { try resume() }
  }

  /// Whether ``suspend()`` gave the terminal back and ``resume()`` has not taken it again.
  public var isSuspended: Bool { suspendedState != nil }

  /// After ``suspend()``: takes the shell's current settings as the new saved termios and
  /// re-enters raw mode and the same modes. Does nothing when not suspended.
  public func resume() throws {
    guard let (modes, wasRaw) = suspendedState else { return }
    suspendedState = nil
    if wasRaw { try enterRawMode() }
    try enable(modes)
  }

  /// After a stop this process did not ask for (`kill -STOP`, then `fg`): the shell may have
  /// put its own termios and modes back, so sets raw mode and every enabled mode again — all
  /// but the kitty keyboard flags, which are a stack a second push would leave one deeper.
  public func reapply() throws {
    if let saved = savedAttributes {
      var raw = saved
      cfmakeraw(&raw)
      try retrying("tcsetattr") { system.setAttributes(input, TCSANOW, raw) }
    }
    try write(
      enabledModes.flatMap { mode -> [UInt8] in
        if case .kittyKeyboard = mode { return [] }
        return mode.enableSequence
      })
  }

  private var suspendedState: (modes: [TerminalMode], wasRaw: Bool)?

  /// Sends `signal` to the process group with its default action and unblocked, as a shell's
  /// Control-Z or the kernel's `SIGTTOU` would; returns once the group is continued.
  private func stopProcessGroup(with signal: Int32) {
    var previous = sigaction()
    var defaultAction = sigaction()
    defaultAction.__sigaction_handler.sa_handler = SIG_DFL
    sigemptyset(&defaultAction.sa_mask)
    sigaction(signal, &defaultAction, &previous)
    var unblock = sigset_t()
    var oldMask = sigset_t()
    sigemptyset(&unblock)
    sigaddset(&unblock, signal)
    pthread_sigmask(SIG_UNBLOCK, &unblock, &oldMask)
    _ = system.signalProcessGroup(signal)
    pthread_sigmask(SIG_SETMASK, &oldMask, nil)
    sigaction(signal, &previous, nil)
  }

  // MARK: - I/O

  /// The window size (`TIOCGWINSZ` on the output), each side clamped to
  /// ``TerminalSize/maximum``: a terminal that reports 65535×65535 gets a bounded screen, not a
  /// multi-gigabyte one.
  public func size() throws -> TerminalSize {
    var size = winsize()
    try retrying("ioctl(TIOCGWINSZ)") { system.windowSize(output, &size) }
    return TerminalSize(
      columns: min(Int(size.ws_col), TerminalSize.maximum.columns),
      rows: min(Int(size.ws_row), TerminalSize.maximum.rows))
  }

  /// Writes all of `bytes`: retries `EINTR`, continues after partial writes, waits when a
  /// non-blocking descriptor says `EAGAIN` — up to ``writeTimeout`` without progress, then
  /// throws ``TerminalError/outputStalled``. `EIO` means the terminal hung up.
  public func write(_ bytes: [UInt8]) throws {
    try bytes.withUnsafeBytes { try write($0) }
  }

  /// Writes all of `bytes`; see ``write(_:)-([UInt8])``.
  public func write(_ bytes: UnsafeRawBufferPointer) throws {
    try write(bytes, timeout: Self.writeTimeout)
  }

  private func write(_ bytes: [UInt8], timeout: Duration) throws {
    try bytes.withUnsafeBytes { try write($0, timeout: timeout) }
  }

  private func write(_ bytes: UnsafeRawBufferPointer, timeout: Duration) throws {
    var offset = 0
    while offset < bytes.count {
      let n = try write(someOf: UnsafeRawBufferPointer(rebasing: bytes[offset...]))
      offset += n
      if n == 0 {
        let (seconds, attoseconds) = timeout.components
        let milliseconds = CInt(seconds * 1000 + attoseconds / 1_000_000_000_000_000)
        var ready: CInt = 0
        try retrying("poll") {
          let result = system.waitWritable(writeDescriptor, milliseconds)
          ready = result.0
          return result
        }
        if ready == 0 { throw TerminalError.outputStalled }
      }
    }
  }

  /// Writes what the terminal takes now and returns the count: 0 when a non-blocking
  /// descriptor is full (`EAGAIN`). Retries `EINTR`; `EIO` throws ``TerminalError/hangUp``.
  public func write(someOf bytes: UnsafeRawBufferPointer) throws -> Int {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return 0 }
    while true {
      let (n, error) = system.write(writeDescriptor, base, bytes.count)
      if n >= 0 { return n }
      switch error {
      case EINTR: interruptedRetries += 1
      case EAGAIN, EWOULDBLOCK: return 0
      case EIO: throw TerminalError.hangUp
      default: throw TerminalError.systemCall(call: "write", errno: error)
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
        fd: writeDescriptor, attributesFD: input, restoreBytes: restoreSequence, attributes: savedAttributes)
    }
  }
}
