import Foundation
import Glibc
import ResponderKit
import Testing

@testable import TerminalHost

/// The host side of hover (issue 38): a flood of motion reports is coalesced per read, and a
/// running host turns the terminal's any-event mode (1003) on while some view tracks the
/// pointer and off when none does.
@Suite("Hover in the host")
struct HoverHostTests {
  /// An SGR hover report (button 3 + motion 32) at zero-based cell x, y.
  static func hover(_ x: Int, _ y: Int) -> String { "\u{1b}[<35;\(x + 1);\(y + 1)M" }

  static func parse(_ stream: String) -> [TerminalInput] {
    var parser = InputParser()
    var items: [TerminalInput] = []
    Array(stream.utf8).withUnsafeBytes { parser.parse($0, at: 0, into: &items) }
    return items
  }

  @Test func ofARunOfMovesOnlyTheLastIsDeliveredAndClicksKeepTheirPlace() {
    var stream = (0..<500).map { HoverHostTests.hover($0 % 80, 2) }.joined()
    stream += "\u{1b}[<2;5;6M\u{1b}[<2;5;6m"  // a right click at 4, 5
    stream += (0..<500).map { HoverHostTests.hover(79 - $0 % 80, 7) }.joined()
    stream += "x"
    stream += HoverHostTests.hover(1, 1)
    let items = HoverHostTests.parse(stream)
    #expect(items.count == 1004)
    let delivered = items.indices.filter { !TerminalHost.isCoalescedMove(at: $0, of: items) }.map {
      items[$0]
    }
    let described = delivered.map { item -> String in
      switch item {
      case .event(.mouse(let m)): "\(m.buttonNumber) \(m.phase) \(Int(m.location.x)),\(Int(m.location.y))"
      case .event(.key(let k)): "key \(k.characters)"
      default: "other"
      }
    }
    // The last of each run: 499 % 80 = 19 on row 2, then 79 - 499 % 80 = 60 on row 7.
    #expect(
      described == [
        "0 moved 19,2", "1 down 4,5", "1 up 4,5", "0 moved 60,7", "key x", "0 moved 1,1",
      ])
  }

  @Test func aPressBetweenMovesIsNeverCoalescedAway() {
    let items = HoverHostTests.parse(
      HoverHostTests.hover(1, 1) + "\u{1b}[<0;3;3M" + HoverHostTests.hover(2, 2))
    #expect(
      (0..<items.count).map { TerminalHost.isCoalescedMove(at: $0, of: items) } == [false, false, false])
  }

  /// The whole host in a child process on pseudo-terminals: the bytes it writes when a
  /// tracking area comes and goes, and how many moves of a flood reach the view.
  @Test func aRunningHostAsksForMotionOnlyWhileAViewTracksAndCoalescesAFlood() async {
    await #expect(processExitsWith: .success) {
      let input = try PseudoTerminal()
      let output = try PseudoTerminal()
      func outputText(after delay: TimeInterval) async throws -> String {
        try await Task.sleep(for: .seconds(delay))
        return String(decoding: output.drain(), as: UTF8.self)
      }
      func check(_ condition: Bool, _ code: Int32, _ detail: @autoclosure () -> String) {
        if !condition {
          FileHandle.standardError.write(Data("HoverHostTests: \(detail())\n".utf8))
          exit(code)
        }
      }
      final class Hovered: View {
        var moves = 0
        var draws = 0
        var last: Point?
        override func mouseMoved(with event: Event) {
          moves += 1
          last = event.location(in: self)
          setNeedsDisplay()
        }
        override func draw(in canvas: Canvas) { draws += 1 }
      }
      let (host, view) = try await MainActor.run {
        let app = Application()
        app.checksDamage = false  // draws count frames here; the check would draw each twice
        let window = Window()
        let view = Hovered()
        window.rootView = view
        app.addWindow(window)
        window.makeKeyAndOrderFront()
        // A terminal with OSC 22 in X names (xterm), not inside tmux.
        setenv("XTERM_VERSION", "XTerm(379)", 1)
        setenv("TERM", "xterm", 1)
        unsetenv("TMUX")
        unsetenv("STY")
        unsetenv("KITTY_WINDOW_ID")
        unsetenv("TERM_PROGRAM")
        let host = TerminalHost(
          application: app, terminal: Terminal(input: input.slave, output: output.slave))
        try host.start()
        return (host, view)
      }
      let startup = try await outputText(after: 0.3)
      check(startup.contains("\u{1b}[?1002h"), 2, "drag reports at start: \(startup.debugDescription)")
      check(!startup.contains("\u{1b}[?1003h"), 3, "no view tracks yet: \(startup.debugDescription)")

      let area = await MainActor.run {
        let area = TrackingArea(rect: .zero, options: [.mouseMoved, .activeAlways, .inVisibleRect])
        area.pointerShape = .pointingHand
        view.addTrackingArea(area)
        return area
      }
      let on = try await outputText(after: 0.2)
      check(on == "\u{1b}[?1003h", 4, "a view tracks: \(on.debugDescription)")

      // 2,000 moves written at once; the host reads them in a few reads.
      let flood = Array((0..<2000).map { HoverHostTests.hover($0 % 70, $0 % 20) }.joined().utf8)
      let drawsBefore = await MainActor.run { view.draws }
      var written = 0
      while written < flood.count {
        let n = flood[written...].withUnsafeBytes { Glibc.write(input.master, $0.baseAddress, $0.count) }
        check(n > 0, 5, "write: \(errno)")
        written += n
      }
      try await Task.sleep(for: .seconds(1))
      let (moves, draws, last) = await MainActor.run { (view.moves, view.draws - drawsBefore, view.last) }
      // A pty hands a raw-mode reader at most 4 KiB at a time: ~24 KB of reports is a few
      // reads, and each delivers one move and draws at most one frame.
      check(moves >= 1 && moves <= 2000 / 100, 6, "\(moves) moves delivered of 2000")
      check(draws <= moves, 7, "\(draws) frames for \(moves) delivered moves")
      check(last == Point(x: 1999 % 70, y: 1999 % 20), 8, "the last move is at \(String(describing: last))")

      let shaped = try await outputText(after: 0)
      check(shaped == "\u{1b}]22;hand2\u{1b}\\", 10, "the pointer shape, once: \(shaped.debugDescription)")
      await MainActor.run { view.removeTrackingArea(area) }
      let off = try await outputText(after: 0.2)
      check(off == "\u{1b}[?1003l\u{1b}[?1002h", 9, "none tracks: \(off.debugDescription)")
      withExtendedLifetime(host) {}
      exit(0)
    }
  }
}
