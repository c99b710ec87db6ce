import Foundation
import Glibc
import Testing

/// The host's exit paths and main loop, run as a person runs an app: `HostProbe` in a shell in
/// tmux, with the Swift backtracer on as users have it (`interactive=no` only skips its 30 s
/// prompt). Each fault must leave the shell's termios bit for bit as it was, the alternate
/// screen and every mode off, the process dead by the right signal (status 128 + n), and the
/// crash message on the normal screen.
@Suite("Host faults end to end (tmux)")
struct HostFaultEndToEndTests {
  let binary = TmuxSession.productPath("HostProbe")

  static let crashSignals: [(key: String, number: Int32)] = [
    ("s", SIGSEGV), ("a", SIGABRT), ("b", SIGBUS), ("f", SIGFPE), ("i", SIGILL), ("t", SIGTRAP),
  ]

  /// Starts the probe and waits for its first frame; returns its process id.
  @discardableResult
  func launch(_ session: TmuxSession, ignoringTTYSignals: Bool = false) throws -> Int32 {
    let command = "SWIFT_BACKTRACE=interactive=no \(binary)"
    // Ignored SIGTTOU and SIGTTIN stay ignored across exec: the kernel then lets a background
    // job change the terminal, and fails its reads with EIO instead of stopping it.
    try session.launch(ignoringTTYSignals ? "(trap '' TTOU TTIN; exec env \(command))" : command)
    #expect(try session.waitFor("HostProbe — pid"), "the probe did not draw its first frame")
    #expect(try session.format("#{alternate_on}") == "1")
    return try #require(try session.foregroundPID())
  }

  /// The backtracer's report, on the normal screen once the app is gone, and finished: the
  /// process must not die while the backtracer still reads its memory (a half-written report,
  /// and a `swift-backtrace` left waiting for ever).
  func expectCrashReport(_ session: TmuxSession, _ text: String = "Program crashed") throws {
    let history = try session.history()
    #expect(history.contains(text), "\"\(text)\" not shown after the crash")
    #expect(history.contains("Backtrace took"), "the backtrace was cut short")
  }

  @Test(arguments: crashSignals)
  func aCrashSignalSentFromOutsideRestoresAndKills(key: String, number: Int32) throws {
    let session = try TmuxSession(width: 100, height: 30)
    let pid = try launch(session)
    kill(pid, number)
    try session.expectRestored(status: 128 + number, timeout: 60)
    try expectCrashReport(session)
  }

  @Test(arguments: crashSignals)
  func aCrashSignalRaisedInAHandlerRestoresAndKills(key: String, number: Int32) throws {
    let session = try TmuxSession(width: 100, height: 30)
    try launch(session)
    try session.send(key)
    try session.expectRestored(status: 128 + number, timeout: 60)
    // Written to standard error while the app owned the screen: kept, and shown after.
    try expectCrashReport(session, "probe: raising signal \(number)")
    try expectCrashReport(session)
  }

  @Test func aStackOverflowInAHandlerRestoresAndKillsBySIGSEGV() throws {
    let session = try TmuxSession(width: 100, height: 30)
    try launch(session)
    try session.send("o")
    try session.expectRestored(status: 128 + SIGSEGV, timeout: 60)
    try expectCrashReport(session)
  }

  @Test func aFatalErrorMessageIsShownAfterTheRestore() throws {
    let session = try TmuxSession(width: 100, height: 30)
    try launch(session)
    try session.send("x")
    // A Swift trap is SIGILL on x86_64 and SIGTRAP on arm64.
    #if arch(x86_64)
      try session.expectRestored(status: 128 + SIGILL, timeout: 60)
    #else
      try session.expectRestored(status: 128 + SIGTRAP, timeout: 60)
    #endif
    try expectCrashReport(session, "Fatal error: probe fatal error")
  }

  @Test func standardErrorIsKeptOffTheUIAndShownAfterExit() throws {
    let session = try TmuxSession(width: 100, height: 30)
    try launch(session)
    try session.send("e")
    try session.send("q")
    try session.expectRestored(status: 0)
    #expect(try session.history().contains("probe: a warning on stderr"))
  }

  @Test func runLoopSourcesAllRunOnTheMainThread() throws {
    let session = try TmuxSession(width: 100, height: 30)
    try launch(session)
    let ran = ["foundation-timer", "app-timer", "main-queue", "task"].map { "\($0): ran" }
    #expect(
      try session.waitFor { screen in ran.allSatisfy(screen.contains) },
      "Foundation Timer, application timer, main queue and Task all run")
    #expect(try session.screen().contains("off-main-thread: 0"))
    try session.send("q")
    try session.expectRestored(status: 0)
  }

  @Test(arguments: [("bg", false), ("kill -CONT %1", false), ("bg", true), ("kill -CONT %1", true)])
  func continuedInTheBackgroundItWaitsForTheForeground(command: String, ignoringTTYSignals: Bool) throws {
    let session = try TmuxSession(width: 100, height: 30)
    try launch(session, ignoringTTYSignals: ignoringTTYSignals)
    try session.send("C-z")
    #expect(try session.waitFor("Stopped"))
    try session.run("clear; \(command); sleep 0.5; jobs; stty -g > \(session.file("background").path)")
    // Continued, it found itself in the background and stopped again for the terminal
    // (`jobs` runs after `clear`, so this is its report, not the one of Control-Z).
    #expect(try session.waitFor("Stopped"), "the job did not stop again in the background")
    #expect(try session.format("#{alternate_on}") == "0", "the background job took the screen")
    #expect(
      try session.waitFor { _ in
        (try? String(contentsOf: session.file("background"), encoding: .utf8))?.isEmpty == false
      })
    let before = try String(contentsOf: session.file("before"), encoding: .utf8)
    #expect(try String(contentsOf: session.file("background"), encoding: .utf8) == before)
    try FileManager.default.removeItem(at: session.file("after"))
    try session.run("fg; echo \"RESUMED=$?\"; stty -g > \(session.file("after").path)")
    #expect(try session.waitFor("HostProbe — pid"))
    #expect(try session.format("#{alternate_on}") == "1")
    try session.send("q")
    try session.expectRestored(status: 0, marker: "RESUMED")
  }

  @Test func aStalledTerminalStillQuitsAtOnceOnSIGTERM() throws {
    let session = try TmuxSession(width: 100, height: 30)
    let pid = try launch(session)
    try session.send("w")  // every cell redrawn every 5 ms
    #expect(try session.waitFor("AAAA") || session.waitFor("BBBB"))
    // tmux stops reading the pane: the app's output fills the pty and stalls.
    let server = try #require(Int32(try session.format("#{pid}")))
    kill(server, SIGSTOP)
    defer { kill(server, SIGCONT) }
    Thread.sleep(forTimeInterval: 0.5)
    let start = Date()
    kill(pid, SIGTERM)
    while kill(pid, 0) == 0 && Date().timeIntervalSince(start) < 10 {
      Thread.sleep(forTimeInterval: 0.005)
    }
    let elapsed = Date().timeIntervalSince(start)
    // 100 ms is the promise; the bound allows for a loaded machine.
    #expect(elapsed < 1, "exit took \(elapsed) s after SIGTERM on a stalled terminal")
    kill(server, SIGCONT)
    try session.expectRestored(status: 128 + SIGTERM)
  }

  @Test func controlLRepaintsAScreenSomethingElseWroteOver() throws {
    let session = try TmuxSession(width: 100, height: 30)
    try launch(session)
    // Another process writes to the terminal behind the app's back.
    let tty = open(try session.format("#{pane_tty}"), O_WRONLY | O_NOCTTY)
    #expect(tty >= 0)
    _ = "\u{1b}[3;1HGARBAGE".withCString { write(tty, $0, strlen($0)) }
    close(tty)
    #expect(try session.waitFor("GARBAGE"))
    try session.send("C-l")
    #expect(try session.waitFor { !$0.contains("GARBAGE") && $0.contains("app-timer: ") })
    try session.send("q")
    try session.expectRestored(status: 0)
  }
}
