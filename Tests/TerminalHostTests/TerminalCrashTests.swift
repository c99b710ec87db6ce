import Dispatch
import Foundation
import Glibc
import Testing

@testable import TerminalHost

/// Where the user's own crash handler writes its marker (a C handler cannot capture).
nonisolated(unsafe) private var userHandlerFD: Int32 = -1

/// The modes the crashing child switches on; the restore is their disable sequences reversed.
private let crashModes: [TerminalMode] = [.alternateScreen, .hiddenCursor, .bracketedPaste]

/// Opens the pty slave by path, enters raw mode and the modes, and installs the crash guard.
private func prepareChild(path: String) throws -> Terminal {
  let fd = open(path, O_RDWR | O_NOCTTY)
  let terminal = Terminal(input: fd, output: fd)
  try terminal.enterRawMode()
  try terminal.enable(crashModes)
  return terminal
}

/// Crash restore in a child process on a pseudo-terminal (exit tests): the child enters raw mode
/// and the modes, then crashes; the parent checks the termios and the bytes the child wrote.
@Suite("Terminal crash restore")
struct TerminalCrashTests {
  private static var restoreBytes: [UInt8] { crashModes.reversed().flatMap(\.disableSequence) }

  private func check(_ pty: PseudoTerminal, before: termios, marker: [UInt8]? = nil) {
    #expect(sameAttributes(pty.attributes, before), "termios restored")
    let bytes = pty.drain()
    #expect(occurrences(of: Self.restoreBytes, in: bytes) == 1, "restore bytes once: \(escapedText(bytes))")
    if let marker { #expect(occurrences(of: marker, in: bytes) == 1, "user handler ran") }
  }

  @Test func aSwiftTrapRestoresTheTerminalAndStillDiesBySIGILL() async throws {
    let pty = try PseudoTerminal()
    defer { pty.close() }
    let before = pty.attributes
    let path = pty.slavePath
    let result = await #expect(processExitsWith: .signal(SIGILL), observing: [\.standardErrorContent]) {
      [path = path as String] in
      let terminal = try prepareChild(path: path)
      CrashGuard.install()
      let values: [Int] = []
      _ = values[terminal.enabledModes.count]  // index out of range: a Swift trap
    }
    check(pty, before: before)
    let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(stderr.contains("Fatal error: Index out of range"), "the runtime's crash report is still printed")
  }

  @Test func abortRestoresTheTerminalAndStillDiesBySIGABRT() async throws {
    let pty = try PseudoTerminal()
    defer { pty.close() }
    let before = pty.attributes
    let path = pty.slavePath
    await #expect(processExitsWith: .signal(SIGABRT)) { [path = path as String] in
      _ = try prepareChild(path: path)
      CrashGuard.install()
      abort()
    }
    check(pty, before: before)
  }

  @Test func aRaisedSIGSEGVRestoresTheTerminal() async throws {
    let pty = try PseudoTerminal()
    defer { pty.close() }
    let before = pty.attributes
    let path = pty.slavePath
    await #expect(processExitsWith: .signal(SIGSEGV)) { [path = path as String] in
      _ = try prepareChild(path: path)
      CrashGuard.install()
      raise(SIGSEGV)
    }
    check(pty, before: before)
  }

  @Test func aHandlerInstalledEarlierStillRunsAndTheRestoreHappensOnce() async throws {
    let pty = try PseudoTerminal()
    defer { pty.close() }
    let before = pty.attributes
    let path = pty.slavePath
    await #expect(processExitsWith: .signal(SIGILL)) { [path = path as String] in
      let terminal = try prepareChild(path: path)
      userHandlerFD = terminal.output
      // The app's own handler, installed before ours (after the Swift backtracer's).
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { signal in
        _ = "<user>".withCString { write(userHandlerFD, $0, 6) }
        Glibc.signal(signal, SIG_DFL)
      }
      sigemptyset(&action.sa_mask)
      sigaction(SIGILL, &action, nil)
      CrashGuard.install()
      CrashGuard.install()  // twice: still one handler
      fatalError("boom")
    }
    check(pty, before: before, marker: Array("<user>".utf8))
  }

  @Test func aNormalRestoreBeforeTheCrashMeansNoSecondRestore() async throws {
    let pty = try PseudoTerminal()
    defer { pty.close() }
    let before = pty.attributes
    let path = pty.slavePath
    await #expect(processExitsWith: .signal(SIGILL)) { [path = path as String] in
      let terminal = try prepareChild(path: path)
      CrashGuard.install()
      try terminal.restore()
      fatalError("after restore")
    }
    check(pty, before: before)
  }
}

@Suite("Signal monitor")
struct TerminalSignalMonitorTests {
  @Test func signalsArriveAsEventsOnTheQueueAndDispositionsAreRestored() throws {
    var original = sigaction()
    sigaction(SIGWINCH, nil, &original)
    let received = DispatchSemaphore(value: 0)
    let seen = LockedList()
    let monitor = SignalMonitor(
      signals: [.windowSizeChange, .resume], queue: DispatchQueue(label: "signals")
    ) { signal in
      seen.append(signal)
      received.signal()
    }
    monitor.start()
    monitor.start()
    var during = sigaction()
    sigaction(SIGWINCH, nil, &during)
    #expect(
      unsafeBitCast(during.__sigaction_handler.sa_handler, to: Int.self)
        != unsafeBitCast(original.__sigaction_handler.sa_handler, to: Int.self))
    kill(getpid(), SIGWINCH)
    #expect(received.wait(timeout: .now() + 10) == .success)
    kill(getpid(), SIGCONT)
    #expect(received.wait(timeout: .now() + 10) == .success)
    #expect(seen.values == [.windowSizeChange, .resume])
    monitor.stop()
    var after = sigaction()
    sigaction(SIGWINCH, nil, &after)
    #expect(
      unsafeBitCast(after.__sigaction_handler.sa_handler, to: Int.self)
        == unsafeBitCast(original.__sigaction_handler.sa_handler, to: Int.self))
    #expect(TerminalSignal.terminate.requestsShutdown && !TerminalSignal.windowSizeChange.requestsShutdown)
  }
}

private final class LockedList: @unchecked Sendable {
  private let lock = NSLock()
  private var list: [TerminalSignal] = []
  func append(_ signal: TerminalSignal) { lock.withLock { list.append(signal) } }
  var values: [TerminalSignal] { lock.withLock { list } }
}
