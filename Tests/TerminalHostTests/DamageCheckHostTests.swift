import Foundation
import Glibc
import ResponderKit
import Testing

@testable import TerminalHost

/// ``Application/checksDamage`` under a running host: a view that changes what it draws
/// without `setNeedsDisplay()` does not stop the user's app; the screen drawn anew is what the
/// terminal shows, and the view is named on standard error.
@Suite("Damage check in the host")
struct DamageCheckHostTests {
  @Test func aRunningHostShowsTheScreenDrawnAnewAndNamesTheForgetfulView() async {
    await #expect(processExitsWith: .success) {
      let input = try PseudoTerminal()
      let output = try PseudoTerminal()
      // Standard error to a file (not a terminal, so the host does not capture it).
      let errors = "\(NSTemporaryDirectory())damage-check-\(getpid()).txt"
      let file = open(errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
      func check(_ condition: Bool, _ code: Int32, _ detail: @autoclosure () -> String) {
        if !condition {
          FileHandle.standardOutput.write(Data("DamageCheckHostTests: \(detail())\n".utf8))
          exit(code)
        }
      }
      check(file >= 0 && dup2(file, STDERR_FILENO) >= 0, 2, "standard error to \(errors): \(errno)")
      final class Forgetful: View {
        var text = "before"
        override func draw(in canvas: Canvas) { _ = canvas.draw(text, x: 0, y: 0) }
      }
      let (host, forgetful, marked) = try await MainActor.run {
        let app = Application()
        app.checksDamage = true
        let window = Window()
        let root = View()
        let forgetful = Forgetful(frame: Rect(x: 0, y: 0, width: 20, height: 1))
        let marked = Label(frame: Rect(x: 0, y: 5, width: 20, height: 1))
        root.addSubview(forgetful)
        root.addSubview(marked)
        window.rootView = root
        app.addWindow(window)
        window.makeKeyAndOrderFront()
        let host = TerminalHost(
          application: app, terminal: Terminal(input: input.slave, output: output.slave))
        try host.start()
        return (host, forgetful, marked)
      }
      try await Task.sleep(for: .seconds(0.3))
      let startup = String(decoding: output.drain(), as: UTF8.self)
      check(startup.contains("before"), 3, "the first frame: \(startup.debugDescription)")
      // Row 0 changes unmarked; row 5 is marked, so a frame is drawn over the last.
      await MainActor.run {
        forgetful.text = "after"
        marked.text = "marked"
      }
      try await Task.sleep(for: .seconds(0.3))
      let next = String(decoding: output.drain(), as: UTF8.self)
      check(next.contains("marked") && next.contains("after"), 4, "the next frame: \(next.debugDescription)")
      let report = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
      check(report.contains("without setNeedsDisplay()"), 5, "the report: \(report.debugDescription)")
      check(report.contains("drawn by Forgetful"), 6, "the view named: \(report.debugDescription)")
      check(report.contains("cell (0, 0)"), 7, "the cell: \(report.debugDescription)")
      unlink(errors)
      withExtendedLifetime(host) {}
      exit(0)
    }
  }
}
