import Glibc
import ResponderKit
import Testing

@testable import TerminalHost

/// These tests share the process-wide crash record and tty state, so they run one at a time.
@Suite("Terminal", .serialized)
struct TerminalTests {
  static let fullSet: [TerminalMode] = [
    .alternateScreen, .hiddenCursor, .mouseButtons, .mouseDrag, .sgrMouse, .bracketedPaste,
    .focusEvents, .kittyKeyboard(flags: 0b11111),
  ]

  @Test func enableAndRestoreWriteTheGoldenSequencesInReverseOrder() throws {
    let pty = try PseudoTerminal()
    defer { pty.close() }
    let terminal = Terminal(input: pty.slave, output: pty.slave)
    try terminal.enterRawMode()
    try terminal.enable(Self.fullSet)
    try terminal.enable([.modifyOtherKeys(level: 2), .mouseMotion, .sgrPixelMouse])
    let enabled = pty.drain()
    try terminal.restore()
    let restored = pty.drain()
    try expectGolden(enabled, named: "modes-enable")
    try expectGolden(restored, named: "modes-restore")
    #expect(terminal.enabledModes.isEmpty)
  }

  @Test func rawModeIsEnteredAndTheSavedTermiosRestoredBitForBit() throws {
    let pty = try PseudoTerminal()
    defer { pty.close() }
    let before = pty.attributes
    let terminal = Terminal(input: pty.slave, output: pty.slave)
    try terminal.enterRawMode()
    let raw = pty.attributes
    #expect(raw.c_lflag & tcflag_t(ICANON | ECHO | ISIG | IEXTEN) == 0)
    #expect(raw.c_oflag & tcflag_t(OPOST) == 0)
    #expect(raw.c_iflag & tcflag_t(ICRNL | IXON) == 0)
    #expect(raw.c_cc.6 == 1)  // VMIN
    try terminal.restore()
    #expect(sameAttributes(pty.attributes, before))
  }

  @Test func enableTwiceThenDisableTwiceLeavesTheTerminalAsItWas() throws {
    let pty = try PseudoTerminal()
    defer { pty.close() }
    let before = pty.attributes
    let terminal = Terminal(input: pty.slave, output: pty.slave)
    try terminal.enterRawMode()
    try terminal.enable([.alternateScreen, .bracketedPaste])
    try terminal.enterRawMode()
    try terminal.enable([.alternateScreen, .bracketedPaste])
    #expect(terminal.enabledModes == [.alternateScreen, .bracketedPaste])
    // Read before the restore, which discards output the terminal has not read yet.
    let enabled = pty.drain()
    try terminal.restore()
    try terminal.restore()
    #expect(sameAttributes(pty.attributes, before))
    let restored = pty.drain()
    #expect(occurrences(of: TerminalMode.alternateScreen.enableSequence, in: enabled) == 1)
    #expect(occurrences(of: TerminalMode.alternateScreen.disableSequence, in: restored) == 1)
    #expect(occurrences(of: TerminalMode.bracketedPaste.disableSequence, in: restored) == 1)
  }

  @Test func disableSwitchesOffOnlyTheGivenModes() throws {
    let fake = FakeSystem()
    let terminal = Terminal(input: 0, output: 1, system: fake.calls_)
    try terminal.enable([.mouseButtons, .sgrMouse, .focusEvents])
    fake.written.removeAll()
    try terminal.disable([.sgrMouse, .mouseButtons, .bracketedPaste])
    #expect(escapedText(fake.written) == "\\e[?1006l\\e[?1000l")
    #expect(terminal.enabledModes == [.focusEvents])
    try terminal.restore()
  }

  @Test func windowSizeComesFromTheTerminal() throws {
    let pty = try PseudoTerminal(columns: 200, rows: 60)
    defer { pty.close() }
    #expect(try Terminal(input: pty.slave, output: pty.slave).size() == TerminalSize(columns: 200, rows: 60))
  }

  // MARK: - Fault injection

  @Test func interruptedCallsAreRetriedOncePerInterruption() throws {
    let fake = FakeSystem()
    let before = fake.attributes
    fake.faults = [.getAttributes: [EINTR], .setAttributes: [EINTR, EINTR], .write: [EINTR, EINTR, EINTR]]
    let terminal = Terminal(input: 0, output: 1, system: fake.calls_)
    try terminal.enterRawMode()
    try terminal.enable([.alternateScreen])
    try terminal.restore()
    #expect(terminal.interruptedRetries == 6)
    #expect(fake.calls[.write] == 5)  // 3 interrupted, then enable and restore
    #expect(escapedText(fake.written) == "\\e[?1049h\\e[?1049l")
    #expect(sameAttributes(fake.attributes, before))
  }

  @Test func partialWritesAndWouldBlockStillWriteEveryByteInOrder() throws {
    var renderer = Renderer()
    var scene = CellBuffer(columns: 40, rows: 10)
    for x in 0..<40 { scene[x, x % 10] = Cell(x % 3 == 0 ? "字" : "a") }
    let frame = renderer.render(scene, cursor: CursorPlacement(column: 3, row: 4))

    let fake = FakeSystem()
    fake.maximumWrite = 7
    fake.faults = [.write: [EAGAIN, EINTR, EAGAIN]]
    let terminal = Terminal(input: 0, output: 1, system: fake.calls_)
    try terminal.write(frame)
    #expect(fake.written == frame)
    #expect(fake.calls[.waitWritable] == 2)
  }

  @Test func ioErrorOnWriteIsAHangUp() {
    let fake = FakeSystem()
    fake.faults = [.write: [EIO]]
    let terminal = Terminal(input: 0, output: 1, system: fake.calls_)
    #expect(throws: TerminalError.hangUp) { try terminal.write(Array("x".utf8)) }
    fake.faults = [.write: [ENOSPC]]
    #expect(throws: TerminalError.systemCall(call: "write", errno: ENOSPC)) {
      try terminal.write(Array("x".utf8))
    }
  }

  @Test func endOfFileOrIOErrorOnReadIsAHangUpAndWouldBlockIsNoData() throws {
    let fake = FakeSystem()
    let terminal = Terminal(input: 0, output: 1, system: fake.calls_)
    var buffer = [UInt8](repeating: 0, count: 16)
    fake.input = Array("hi".utf8)
    fake.faults = [.read: [EINTR, EAGAIN]]
    let first = try buffer.withUnsafeMutableBytes { try terminal.read(into: $0) }
    #expect(first == 0)  // EINTR retried, then EAGAIN: nothing there
    #expect(try buffer.withUnsafeMutableBytes { try terminal.read(into: $0) } == 2)
    #expect(buffer.prefix(2) == [0x68, 0x69])
    #expect(throws: TerminalError.hangUp) {
      _ = try buffer.withUnsafeMutableBytes { try terminal.read(into: $0) }
    }
    fake.faults = [.read: [EIO]]
    #expect(throws: TerminalError.hangUp) {
      _ = try buffer.withUnsafeMutableBytes { try terminal.read(into: $0) }
    }
  }

  @Test func aFailedRestoreStillTriesEveryStepAndReportsTheFirstError() {
    let fake = FakeSystem()
    let before = fake.attributes
    let terminal = Terminal(input: 0, output: 1, system: fake.calls_)
    #expect(throws: Never.self) {
      try terminal.enterRawMode()
      try terminal.enable([.alternateScreen])
    }
    fake.faults = [.write: [EIO]]
    #expect(throws: TerminalError.hangUp) { try terminal.restore() }
    #expect(sameAttributes(fake.attributes, before))
    #expect(!terminal.isRaw && terminal.enabledModes.isEmpty)
  }

  @Test func suspendRestoresStopsTheGroupAndReentersTheSameModes() throws {
    let fake = FakeSystem()
    let original = fake.attributes
    let terminal = Terminal(input: 0, output: 1, system: fake.calls_)
    try terminal.enterRawMode()
    try terminal.enable([.alternateScreen, .bracketedPaste])
    fake.written.removeAll()
    try terminal.suspend()
    #expect(fake.signalsSent == [SIGTSTP])
    #expect(escapedText(fake.written) == "\\e[?2004l\\e[?1049l\\e[?1049h\\e[?2004h")
    #expect(terminal.isRaw && terminal.enabledModes == [.alternateScreen, .bracketedPaste])
    try terminal.restore()
    #expect(sameAttributes(fake.attributes, original))
  }

  @Test func crashRecordFollowsTheEnabledModes() throws {
    let fake = FakeSystem()
    let terminal = Terminal(input: 0, output: 1, system: fake.calls_)
    try terminal.enable([.alternateScreen, .hiddenCursor])
    let record = currentCrashRecord()
    #expect(record.active && escapedText(record.bytes) == "\\e[?25h\\e[?1049l")
    try terminal.restore()
    #expect(!currentCrashRecord().active)
  }
}
