import Foundation
import ResponderKit
import Testing

@testable import TerminalHost

/// Any-event mouse tracking (1003) is switched on only while something tracks the pointer,
/// through the terminal's modes so it is restored, and switching it off keeps drag reports
/// (issue 38).
@Suite("Motion reporting")
struct MotionReportingTests {
  @Test func motionReportsGoOnAndOffKeepingDragReportsAndAreRestoredOnExit() throws {
    let pty = try PseudoTerminal()
    defer { pty.close() }
    let terminal = Terminal(input: pty.slave, output: pty.slave)
    try terminal.enable([.mouseButtons, .mouseDrag, .sgrMouse])
    _ = pty.drain()
    try terminal.reportsMotion(true)
    #expect(String(decoding: pty.drain(), as: UTF8.self) == "\u{1b}[?1003h")
    try terminal.reportsMotion(true)
    #expect(pty.drain().isEmpty, "asked twice, written once")
    try terminal.reportsMotion(false)
    // xterm's 1003 off leaves no tracking at all, so 1002 is asked for again.
    #expect(String(decoding: pty.drain(), as: UTF8.self) == "\u{1b}[?1003l\u{1b}[?1002h")
    try terminal.reportsMotion(true)
    _ = pty.drain()
    try terminal.restore()
    let restore = String(decoding: pty.drain(), as: UTF8.self)
    #expect(restore.hasPrefix("\u{1b}[?1003l"), "\(restore.debugDescription)")
  }
}
