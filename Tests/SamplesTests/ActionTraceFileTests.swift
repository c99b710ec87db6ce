import Foundation
import Testing

/// `--trace-actions FILE` and `RESPONDERKIT_TRACE_ACTIONS=FILE` on apps run by
/// `TerminalHost.run`, in a real terminal (tmux): the file fills as the app runs.
@Suite("Action trace files in tmux", .serialized)
struct ActionTraceFileTests {
  func click(_ session: TmuxSession, column: Int, row: Int) throws {
    try session.sendLiteral("\u{1b}[<0;\(column);\(row)M")
    try session.sendLiteral("\u{1b}[<0;\(column);\(row)m")
  }

  /// Waits until the file contains `text` (the app writes each entry as it finishes).
  func fileContains(_ url: URL, _ text: String, timeout: TimeInterval = 10) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    repeat {
      if let contents = try? String(contentsOf: url, encoding: .utf8), contents.contains(text) { return true }
      Thread.sleep(forTimeInterval: 0.1)
    } while Date() < deadline
    return false
  }

  @Test func theOptionWritesEachDispatchWhileTheAppRuns() throws {
    let session = try TmuxSession(width: 90, height: 26)
    let trace = session.file("trace.txt")
    try session.run("\(TmuxSession.productPath("TouchLab")) --trace-actions \(trace.path); echo EXIT=$?")
    #expect(try session.waitFor("TouchLab — "))
    try click(session, column: 15, row: 10)  // Ghost, whose target is gone
    #expect(fileContains(trace, "to a target that is gone\n    dropped: the target was deallocated"))
    #expect(fileContains(trace, "hit-test: "))
    try session.send("C-q")
    #expect(try session.waitFor("EXIT=0"))
    #expect(fileContains(trace, "key down Control+q"))
  }

  @Test func theEnvironmentVariableTracesAnyApp() throws {
    let session = try TmuxSession(width: 90, height: 26)
    let trace = session.file("keys.txt")
    try session.run(
      "RESPONDERKIT_TRACE_ACTIONS=\(trace.path) \(TmuxSession.productPath("KeyViewer")); echo EXIT=$?")
    #expect(try session.waitFor("Press keys"))
    try session.send("x")
    #expect(fileContains(trace, "key down x\n"))
    try session.send("C-q")
    #expect(try session.waitFor("EXIT=0"))
    #expect(fileContains(trace, "key down Control+q"))
    #expect(fileContains(trace, "action terminate: from KeyCommand \"Control+Q\""))
  }

  @Test func aTraceFileThatCannotBeCreatedFailsAtLaunch() throws {
    let output = try TmuxSession.spawn([
      "sh", "-c",
      "\(TmuxSession.productPath("TouchLab")) --trace-actions /nonexistent/t.txt </dev/null 2>&1; echo EXIT=$?",
    ])
    #expect(output.hasPrefix("TouchLab: Cannot create /nonexistent/t.txt: the folder does not exist"))
    #expect(output.hasSuffix("EXIT=1\n"))
  }
}
