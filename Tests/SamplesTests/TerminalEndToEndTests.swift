import Foundation
import Glibc
import Testing

@testable import EventReplay

/// Runs a real sample in tmux and checks what a person would: the screen, and that the
/// terminal is exactly as before once the app is gone — after quitting and after each signal.
@Suite("Terminal end to end (tmux)", .serialized)
struct TerminalEndToEndTests {
  let binary = TmuxSession.productPath("KeyViewer")

  /// Starts KeyViewer from a shell that saves `stty -g` before and after and prints the status.
  func launch(_ session: TmuxSession) throws {
    try session.launch("\(binary) --layout us")
    #expect(try session.waitFor("KeyViewer —"), "the app did not draw its first frame")
    #expect(try session.format("#{alternate_on}") == "1")
    // xterm-256color's smkx (`CSI ? 1 h ESC =`): tmux's pane in application keypad and cursor mode.
    #expect(try session.format("#{keypad_flag}#{keypad_cursor_flag}") == "11")
  }

  @Test func typingResizingAndQuittingLeaveTheTerminalAsItWas() throws {
    let session = try TmuxSession(width: 100, height: 20)
    try launch(session)
    try session.send("x")
    #expect(try session.waitFor { $0.contains("down   —    x") })
    try session.sendLiteral("\u{1b}[1;5A")  // Control+Up, as xterm sends it
    #expect(try session.waitFor("Up              —       Control"))
    try session.resize(width: 70, height: 12)
    #expect(try session.waitFor { _ in (try? session.format("#{pane_width}x#{pane_height}")) == "70x12" })
    try session.send("z")
    #expect(try session.waitFor { $0.contains("KeyViewer —") && $0.contains("down   —    z") })
    try session.send("C-q")
    try session.expectRestored(status: 0)
  }

  @Test(arguments: [("TERM", SIGTERM), ("INT", SIGINT), ("HUP", SIGHUP), ("QUIT", SIGQUIT)])
  func aSignalRestoresTheTerminal(name: String, number: Int32) throws {
    let session = try TmuxSession(width: 100, height: 20)
    try launch(session)
    let pid = try #require(try session.foregroundPID())
    kill(pid, number)
    try session.expectRestored(status: 128 + number)
  }

  @Test func suspendingRestoresTheTerminalAndResumingRepaints() throws {
    let session = try TmuxSession(width: 100, height: 20)
    try launch(session)
    try session.send("C-z")
    #expect(try session.waitFor("Stopped"))
    #expect(try session.format("#{alternate_on}") == "0")
    #expect(try session.format("#{keypad_flag}#{keypad_cursor_flag}") == "00")
    try session.run("stty -g > \(session.file("stopped").path)")
    // Wait for the content, not the file: the shell creates it before stty has written to it.
    #expect(
      try session.waitFor { _ in
        (try? String(contentsOf: session.file("stopped"), encoding: .utf8))?.isEmpty == false
      })
    let before = try String(contentsOf: session.file("before"), encoding: .utf8)
    #expect(try String(contentsOf: session.file("stopped"), encoding: .utf8) == before)
    // The shell ran the rest of the line when the job stopped; the resumed job reports again.
    try FileManager.default.removeItem(at: session.file("after"))
    try session.run("fg; echo \"RESUMED=$?\"; stty -g > \(session.file("after").path)")
    #expect(try session.waitFor("KeyViewer —"))
    #expect(try session.format("#{alternate_on}") == "1")
    #expect(try session.format("#{keypad_flag}#{keypad_cursor_flag}") == "11")
    try session.send("y")
    #expect(try session.waitFor("down   —    y"))
    try session.send("C-q")
    try session.expectRestored(status: 0, marker: "RESUMED")
  }

  @Test func aRecordedSessionReadsBackAsTheKeysTyped() throws {
    let session = try TmuxSession(width: 100, height: 20)
    let file = session.file("session.rkrec").path
    try session.run("\(binary) --record \(file); echo \"EXIT=$?\"")
    #expect(try session.waitFor("KeyViewer —"))
    try session.send("a")
    try session.send("b")
    #expect(try session.waitFor("down   —    b"))
    try session.send("C-q")
    #expect(try session.waitFor("EXIT=0"))
    let recording = try Recording(contentsOf: URL(fileURLWithPath: file))
    let typed = recording.entries.compactMap { entry -> String? in
      guard case .key(let key) = entry.input, key.phase == .down else { return nil }
      return key.charactersIgnoringModifiers
    }
    // The Control+Q that quit is left out, so a replay ends on the last frame instead.
    #expect(typed == ["a", "b"])
    #expect(recording.entries.map(\.time) == recording.entries.map(\.time).sorted())
  }

  /// User plus system CPU time of a process so far, in clock ticks (`/proc/PID/stat`).
  func cpuTicks(_ pid: Int32) throws -> Int {
    let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
    // Fields after the command name, which is in parentheses and may hold spaces.
    let fields = stat[stat.index(after: stat.lastIndex(of: ")")!)...].split(separator: " ")
    return Int(fields[11])! + Int(fields[12])!
  }

  @Test func anIdleAppUsesNoCPU() throws {
    let session = try TmuxSession(width: 100, height: 20)
    try launch(session)
    let pid = try #require(try session.foregroundPID())
    let before = try cpuTicks(pid)
    Thread.sleep(forTimeInterval: 1)
    let after = try cpuTicks(pid)
    // No polling: a busy loop would burn about 100 ticks in that second.
    #expect(after - before <= 2, "an idle app used \(after - before) ticks of CPU in a second")
    try session.send("C-q")
    try session.expectRestored(status: 0)
  }
}
