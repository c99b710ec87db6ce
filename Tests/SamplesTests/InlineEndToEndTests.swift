import Foundation
import Glibc
import Testing

/// The inline presentation as a person sees it: `HostProbe --inline` run from a shell in tmux,
/// with lines already on the screen. The region must open at the cursor (scrolling the screen
/// up at the bottom), keep every line above it in the scrollback, follow resizes, and on every
/// way out leave or clear it as asked with the shell's termios, the cursor and the modes
/// restored, the cursor below it.
@Suite("Inline apps end to end (tmux)")
struct InlineEndToEndTests {
  let binary = TmuxSession.productPath("HostProbe")

  func rows(_ session: TmuxSession) throws -> [String] {
    try session.screen().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// The screen row where the probe's region begins, and the one where it ends.
  func region(_ session: TmuxSession) throws -> (top: Int, bottom: Int)? {
    let screen = try rows(session)
    guard let top = screen.firstIndex(where: { $0.hasPrefix("HostProbe — pid") }),
      let bottom = screen.firstIndex(where: { $0.hasPrefix("bottom ") })
    else { return nil }
    return (top, bottom)
  }

  @Test func atTheTopOfAClearedScreenTheRegionOpensBelowThePrompt() throws {
    let session = try TmuxSession(width: 100, height: 24)
    try session.run("clear")
    #expect(try session.waitFor { $0.hasPrefix("$") })
    try session.launch("\(binary) --inline 8")
    #expect(try session.waitFor("bottom 100x8"))
    let (top, bottom) = try #require(try region(session))
    let screen = try rows(session)
    // The command line the shell echoed (wrapped over as many rows as the checkout's path makes
    // it), then the region right below it.
    let prompt = try #require(screen[..<top].lastIndex { $0.hasPrefix("$ ulimit") })
    let echoed = screen[prompt..<top].joined()
    #expect(echoed.contains("--inline 8"), "\(echoed)")
    #expect(echoed.trimmingCharacters(in: .whitespaces).hasSuffix("after"), "\(echoed)")
    #expect(bottom - top == 7)
    #expect(try session.format("#{alternate_on}") == "0")
    try session.send("q")
    try session.expectRestored(status: 0)
  }

  @Test func atTheBottomTheScreenScrollsUpAndEveryLineAboveStaysInTheScrollback() throws {
    let session = try TmuxSession(width: 100, height: 24)
    try session.launch("seq 100; \(binary) --inline 8")
    #expect(try session.waitFor("bottom 100x8"))
    let (top, bottom) = try #require(try region(session))
    #expect(bottom == 23 && top == 16, "region at rows \(top)-\(bottom)")
    #expect(try rows(session)[top - 1].hasSuffix("100"))
    try session.send("q")
    try session.expectRestored(status: 0)
    let history = try session.history().split(separator: "\n").map(String.init)
    for n in [2, 50, 99, 100] { #expect(history.contains("\(n)"), "\(n) lost from the scrollback") }
    // The last frame stays, and what the shell printed next is below it.
    let last = try #require(history.lastIndex { $0.hasPrefix("bottom 100x8") })
    #expect(history[(last + 1)...].contains { $0.hasPrefix("EXIT=0") })
  }

  @Test func theRegionFollowsResizesSmallerAndLarger() throws {
    let session = try TmuxSession(width: 100, height: 30)
    try session.launch("seq 40; \(binary) --inline 50%")
    #expect(try session.waitFor("bottom 100x15"))
    try session.resize(width: 60, height: 16)
    #expect(try session.waitFor("bottom 60x8"), "not redrawn for 60x16: \((try? session.screen()) ?? "")")
    try session.resize(width: 100, height: 30)
    #expect(try session.waitFor("bottom 100x15"), "not redrawn for 100x30: \((try? session.screen()) ?? "")")
    // The region whole at its new height, and no line above it lost. (Lines of the old region
    // that the terminal pushed into its scrollback or reflowed while narrower are out of the
    // app's reach: tmux may show pieces of them above it.)
    let screen = try rows(session)
    let bottom = try #require(screen.lastIndex { $0.hasPrefix("bottom 100x15") })
    #expect(screen[bottom - 14].hasPrefix("HostProbe — pid"), "\(screen)")
    try session.send("q")
    try session.expectRestored(status: 0)
    let history = try session.history()
    #expect(history.contains("\n40\n"), "\(history)")
  }

  @Test func clearOnExitRemovesTheRegionAndTheShellContinuesWhereItBegan() throws {
    let session = try TmuxSession(width: 100, height: 24)
    try session.launch("echo before; \(binary) --inline 8 --clear; echo after")
    #expect(try session.waitFor("bottom 100x8"))
    try session.send("q")
    try session.expectRestored(status: 0)
    let screen = try rows(session)
    #expect(!screen.contains { $0.hasPrefix("HostProbe — pid") })
    let before = try #require(screen.firstIndex(of: "before"))
    #expect(screen[before + 1] == "after")
  }

  /// Every way out, inline: the probe's last frame left, the terminal restored, the status a
  /// shell reports, and the shell's next line below the region.
  @Test(arguments: [
    ("SIGTERM", SIGTERM, 128 + SIGTERM), ("SIGINT", SIGINT, 128 + SIGINT), ("SIGHUP", SIGHUP, 128 + SIGHUP),
    ("SIGSEGV", SIGSEGV, 128 + SIGSEGV),
  ])
  func everyExitPathLeavesTheRegionAndRestoresTheTerminal(name: String, signal: Int32, status: Int32) throws {
    let session = try TmuxSession(width: 100, height: 24)
    try session.launch("seq 30; SWIFT_BACKTRACE=enable=no \(binary) --inline 8")
    #expect(try session.waitFor("bottom 100x8"))
    let pid = try #require(try session.foregroundPID())
    kill(pid, signal)
    try session.expectRestored(status: status, timeout: 30)
    let history = try session.history().split(separator: "\n").map(String.init)
    let last = try #require(history.lastIndex { $0.hasPrefix("bottom 100x8") }, "\(name): frame gone")
    #expect(history[(last + 1)...].contains { $0.hasPrefix("EXIT=\(status)") }, "\(name)")
    #expect(history.contains("30"))
  }

  @Test func controlZThenFgOpensTheRegionAgainBelowWhatTheShellPrinted() throws {
    let session = try TmuxSession(width: 100, height: 30)
    try session.run("\(binary) --inline 8")
    #expect(try session.waitFor("bottom 100x8"))
    try session.send("C-z")
    #expect(try session.waitFor("Stopped"))
    #expect(try session.format("#{cursor_flag}") == "1")
    try session.run("fg")
    #expect(
      try session.waitFor { screen in
        // The region again, below the shell's "Stopped" line and its echo of fg.
        let lines = screen.split(separator: "\n").map(String.init)
        guard let stopped = lines.firstIndex(where: { $0.contains("Stopped") }),
          let frame = lines.lastIndex(where: { $0.hasPrefix("HostProbe — pid") })
        else { return false }
        return frame > stopped
      })
    try session.send("q")
    // Typed only once the probe is gone: keys typed before would be read by it.
    let deadline = Date().addingTimeInterval(10)
    while try session.foregroundPID() != nil && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    try session.run("echo DONE=$?")
    #expect(try session.waitFor("DONE=0"))
    #expect(try session.format("#{cursor_flag}") == "1")
  }

  /// `--inline HEIGHT`, which every app accepts, runs a full-screen sample inline.
  @Test func anyAppRunsInlineWithTheHostsInlineOption() throws {
    let session = try TmuxSession(width: 100, height: 30)
    try session.launch("seq 50; \(TmuxSession.productPath("TouchLab")) --inline 16")
    #expect(try session.waitFor("TouchLab — controls"))
    #expect(try session.format("#{alternate_on}") == "0")
    let screen = try rows(session)
    let top = try #require(screen.firstIndex { $0.contains("TouchLab — controls") })
    #expect(top >= 14, "the region is not the bottom 16 rows: it starts at \(top)")
    #expect(screen[13].hasSuffix("50") || screen[top - 1].hasSuffix("50"))
    try session.send("C-q")
    try session.expectRestored(status: 0)
    #expect(try session.history().contains("\n49\n"))
  }

  @Test func withNoTerminalAtAllItSaysSoAndExitsTwo() throws {
    // setsid: a new session with no controlling terminal, so /dev/tty cannot be opened.
    let output = try TmuxSession.spawn([
      "setsid", "-w", "sh", "-c", "\(binary) --inline 8 </dev/null 2>&1 | cat; exit ${PIPESTATUS:-0}",
    ])
    #expect(output.contains("there is no terminal for its keys and screen"), "\(output)")
    let status = try TmuxSession.spawn([
      "setsid", "-w", "sh", "-c", "\(binary) --inline 8 </dev/null >/dev/null 2>&1; echo $?",
    ])
    #expect(status.trimmingCharacters(in: .whitespacesAndNewlines) == "2")
  }
}
