import Foundation
import Testing

/// The hooks only the terminal host, the headless driver and the benchmarks call are `package`
/// API (issue 27 §11): an app — a client outside this package — cannot reach them, while the
/// public API beside them still compiles.
@Suite("Host hooks are package API")
struct HostHookAccessTests {
  static let hooks = [
    "app.terminationHandler = nil", "app.terminateNow()", "app.needsDisplayHandler = nil",
    "app.timerScheduleHandler = nil", "_ = app.timerClock", "_ = app.nextTimerFireDate",
    "app.fireTimers(dueBy: 0)", "ActionTrace(capacity: 1).endOpenEntries()",
    "app.sendActionUntraced(.copy, to: nil, from: nil)",
  ]

  func client(_ line: String) -> CodeBlock {
    CodeBlock(
      file: "Client.swift", line: 1,
      code: "import ResponderKit\n@MainActor func use(_ app: Application) {\n  \(line)\n}", isFragment: false)
  }

  @Test func theirPublicNeighboursCompileForAClient() throws {
    let diagnostics = try SwiftCompiler.forThisPackage(root: DocumentationCodeTests.root)
      .check(client("app.terminate(nil); _ = app.handle(.paste(\"x\", timestamp: 0))"))
    #expect(diagnostics == nil, "\(diagnostics ?? "")")
  }

  @Test(arguments: hooks)
  func aClientCannotReachTheHook(_ line: String) throws {
    let diagnostics = try SwiftCompiler.forThisPackage(root: DocumentationCodeTests.root).check(client(line))
    #expect(diagnostics?.contains("inaccessible") == true, "\(line): \(diagnostics ?? "compiled")")
  }
}
