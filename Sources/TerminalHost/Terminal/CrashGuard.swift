import Glibc
import Synchronization

/// Restores the terminal when the process crashes: a Swift trap (`SIGILL` on x86_64, `SIGTRAP`
/// on arm64), `SIGSEGV`, `SIGBUS`, `SIGFPE` or `SIGABRT`.
///
/// Swift has no panic hook, so this is a signal handler. It only does async-signal-safe work on
/// storage prepared in advance: ``Terminal`` keeps the restore bytes and the saved termios in
/// static memory up to date, and the handler discards pending output (`tcflush`), writes the
/// bytes, calls `tcsetattr`, puts standard error back (showing what ``StandardErrorCapture``
/// kept), then calls the handler that was installed before (for example the Swift runtime's
/// backtracer). Whatever that handler does — the backtracer returns for a signal it did not
/// cause — the signal is then reset to its default action, unblocked and raised again, so the
/// process dies by it (a shell reports 128 + n). The restore happens at most once, however many
/// handlers or threads crash.
///
/// A stack overflow is a `SIGSEGV` with no stack left, so the handler runs on an alternate
/// signal stack. That stack is per thread: ``install()`` gives the calling thread one, and
/// ``TerminalHost`` runs every handler on the main thread, where it installs the guard.
public enum CrashGuard {
  /// The signals that are handled.
  public static let signals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

  /// Installs the handlers, remembering the previous ones to chain to. Does nothing if already
  /// installed. Install it after any other crash handler you want to keep (it calls them).
  public static func install() {
    let storage = CrashStorage.shared
    guard !storage.installed else { return }
    ensureAlternateStack()
    for signal in signals {
      var action = sigaction()
      action.__sigaction_handler.sa_sigaction = crashHandler
      // Not deferred, as the Swift runtime's own handler is not: the backtracer reads this
      // process's memory through a thread that catches its own SIGSEGV/SIGBUS, and a fault on
      // a blocked SIGSEGV kills the process with the backtrace half written.
      action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER
      sigemptyset(&action.sa_mask)
      sigaction(signal, &action, storage.previous + Int(signal))
    }
    storage.installed = true
  }

  /// Puts back the handlers that were there before ``install()``.
  public static func uninstall() {
    let storage = CrashStorage.shared
    guard storage.installed else { return }
    for signal in signals { sigaction(signal, storage.previous + Int(signal), nil) }
    storage.installed = false
  }

  /// Whether the handlers are installed.
  public static var isInstalled: Bool { CrashStorage.shared.installed }

  /// A stack overflow is a `SIGSEGV` with no stack left to run a handler on; give it one unless
  /// someone (the Swift backtracer) already did.
  private static func ensureAlternateStack() {
    var current = stack_t()
    sigaltstack(nil, &current)
    guard current.ss_flags & Int32(SS_DISABLE) != 0 else { return }
    let size = 64 * 1024
    var stack = stack_t()
    stack.ss_sp = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
    stack.ss_size = size
    stack.ss_flags = 0
    sigaltstack(&stack, nil)
  }
}

/// What the crash handler needs, in memory allocated once and never freed or moved.
///
/// The restore record is double-buffered: the writer fills the slot not in use and then
/// publishes it with one atomic store, so a crash during an update sees a whole record.
final class CrashStorage: @unchecked Sendable {
  struct Record {
    var active = false
    var fd: Int32 = -1
    var attributesFD: Int32 = -1
    var hasAttributes = false
    var attributes = termios()
    var count = 0
  }

  static let capacity = 1024
  static let shared = CrashStorage()

  let records: UnsafeMutablePointer<Record>
  let bytes: UnsafeMutablePointer<UInt8>
  let previous: UnsafeMutablePointer<sigaction>
  let current = Atomic<Int>(0)
  let fired = Atomic<Bool>(false)
  /// The file standard error goes to while captured, and the original standard error; -1 when
  /// not capturing (see ``StandardErrorCapture``).
  let captureFile = Atomic<Int32>(-1)
  let savedStandardError = Atomic<Int32>(-1)
  var installed = false

  private init() {
    records = .allocate(capacity: 2)
    records.initialize(repeating: Record(), count: 2)
    bytes = .allocate(capacity: 2 * Self.capacity)
    bytes.initialize(repeating: 0, count: 2 * Self.capacity)
    previous = .allocate(capacity: 65)
    previous.initialize(repeating: sigaction(), count: 65)
  }

  /// Publishes what to restore; `nil` attributes means "termios was not changed".
  func publish(fd: Int32, attributesFD: Int32, restoreBytes: [UInt8], attributes: termios?) {
    let slot = 1 - current.load(ordering: .acquiring)
    let count = min(restoreBytes.count, Self.capacity)
    restoreBytes.withUnsafeBufferPointer { source in
      (bytes + slot * Self.capacity).update(from: source.baseAddress!, count: count)
    }
    records[slot] = Record(
      active: count > 0 || attributes != nil, fd: fd, attributesFD: attributesFD,
      hasAttributes: attributes != nil,
      attributes: attributes ?? termios(), count: count)
    current.store(slot, ordering: .releasing)
  }

  /// Nothing to restore any more (the terminal was restored normally).
  func clear() {
    let slot = 1 - current.load(ordering: .acquiring)
    records[slot] = Record()
    current.store(slot, ordering: .releasing)
  }

  /// Writes the restore bytes and restores termios, once. Async-signal-safe.
  func restoreOnce() {
    guard !fired.exchange(true, ordering: .acquiringAndReleasing) else { return }
    let slot = current.load(ordering: .acquiring)
    let record = records + slot
    guard record.pointee.active else { return }
    let fd = record.pointee.fd
    // Output the terminal has not taken yet is discarded, so a stalled terminal cannot block
    // the restore (and a half-written frame is cut short rather than finished).
    tcflush(fd, TCOFLUSH)
    var start = bytes + slot * Self.capacity
    var remaining = record.pointee.count
    while remaining > 0 {
      let n = write(fd, start, remaining)
      if n < 0 {
        if errno == EINTR { continue }
        break
      }
      start += n
      remaining -= n
    }
    if record.pointee.hasAttributes {
      while tcsetattr(record.pointee.attributesFD, TCSANOW, &record.pointee.attributes) < 0 && errno == EINTR
      {}
    }
  }
}

/// The crash handler: restore, chain to the previous handler, then die by the signal.
private func crashHandler(
  _ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?
) {
  let storage = CrashStorage.shared
  storage.restoreOnce()
  storage.endCapture()
  let previous = storage.previous + Int(signal)
  sigaction(signal, previous, nil)
  let handler = unsafeBitCast(previous.pointee.__sigaction_handler.sa_handler, to: Int.self)
  // 0 is SIG_DFL and 1 SIG_IGN; anything else is a function to call as the kernel would.
  if handler > 1 {
    if previous.pointee.sa_flags & SA_SIGINFO != 0 {
      previous.pointee.__sigaction_handler.sa_sigaction?(signal, info, context)
    } else {
      previous.pointee.__sigaction_handler.sa_handler?(signal)
    }
  }
  var defaultAction = sigaction()
  defaultAction.__sigaction_handler.sa_handler = SIG_DFL
  sigemptyset(&defaultAction.sa_mask)
  sigaction(signal, &defaultAction, nil)
  var unblock = sigset_t()
  sigemptyset(&unblock)
  sigaddset(&unblock, signal)
  pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
  raise(signal)
}
