import Foundation
import ResponderKit
import Testing

@testable import TerminalHost

/// The mouse encodings as a real terminal writes them: an inner tmux reads SGR reports as its
/// terminal's input and re-encodes them for a program that asked for X10 (1000), UTF-8 (1005)
/// or SGR (1006) reports; the parser must decode each capture to the same touches.
@Suite(.serialized) struct TmuxMouseEncodingTests {
  /// Left press and release at column 150, row 5; at 250, 30 (past X10's reach: tmux clamps it
  /// to 0-based 222); the wheel up at 3, 4. SGR, 1-based.
  static let clicks = "\u{1b}[<0;150;5M\u{1b}[<0;150;5m\u{1b}[<0;250;30M\u{1b}[<0;250;30m\u{1b}[<64;3;4M"

  static func expected(farColumn: Double) -> [TerminalInput] {
    func left(_ phase: TouchPhase, _ x: Double, _ y: Double) -> TerminalInput {
      .event(.touches([TouchSample(phase: phase, location: Point(x: x, y: y))]))
    }
    return [
      left(.began, 149, 4), left(.ended, 149, 4), left(.began, farColumn, 29), left(.ended, farColumn, 29),
      .event(.scroll(ScrollSample(location: Point(x: 2, y: 3), dy: -1))),
    ]
  }

  @Test(arguments: [("1000", false, 222.0), ("1000;1005", true, 249.0), ("1000;1006", false, 249.0)])
  func tmuxReportsDecode(mode: String, utf8: Bool, farColumn: Double) throws {
    let session = try TmuxSession(width: 300, height: 40)
    let inner = session.socket + "-inner"
    defer { _ = try? TmuxSession.spawn(["tmux", "-L", inner, "kill-server"], capturing: false) }
    let output = session.workDirectory.appendingPathComponent("mouse.bin").path
    let script = session.workDirectory.appendingPathComponent("capture.sh").path
    try """
    stty raw -echo
    printf '\\033[?%sh' "$1"
    printf 'ready\\r\\n'
    exec cat > "$2"
    """.write(toFile: script, atomically: true, encoding: .utf8)
    try session.run(
      "env -u TMUX tmux -L \(inner) -f /dev/null new -s i \\; set -g mouse on \\; set -g status off "
        + "\\; send-keys 'clear; sh \(script) \"\(mode)\" \(output)' Enter")
    try wait { try session.screen().contains("ready") }
    let hex = Array(Self.clicks.utf8).map { String(format: "%02x", $0) }
    try session.tmux(["send-keys", "-t", "main", "-H"] + hex)
    var parser = InputParser()
    parser.utf8MouseCoordinates = utf8
    var items: [TerminalInput] = []
    try wait {
      let bytes = FileManager.default.contents(atPath: output).map { Array($0) } ?? []
      var copy = parser
      items = copy.parse(bytes, at: 0)
      return items.count >= 5
    }
    #expect(items == Self.expected(farColumn: farColumn))
  }

  /// Polls `condition` every 50 ms for up to 10 s.
  func wait(_ condition: () throws -> Bool) throws {
    for _ in 0..<200 {
      if try condition() { return }
      usleep(50_000)
    }
    Issue.record("timed out")
  }
}
