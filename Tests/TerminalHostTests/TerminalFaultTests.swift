import Glibc
import ResponderKit
import Testing

@testable import TerminalHost

/// The terminal's answers to a stalled or absurd terminal and to a job in the background.
@Suite("Terminal faults", .serialized)
struct TerminalFaultTests {
  @Test func anAbsurdWindowSizeIsClampedToTheDocumentedMaximum() throws {
    let fake = FakeSystem()
    fake.windowSize = (65535, 65535)
    let terminal = Terminal(input: 0, output: 1, system: fake.calls_)
    #expect(try terminal.size() == TerminalSize.maximum)
    fake.windowSize = (300, 100)
    #expect(try terminal.size() == TerminalSize(columns: 300, rows: 100))
  }

  @Test func theRestoreDiscardsPendingOutputBeforeWritingAndGivesUpOnAStalledTerminal() throws {
    let fake = FakeSystem()
    let before = fake.attributes
    let terminal = Terminal(input: 0, output: 1, system: fake.calls_)
    try terminal.enterRawMode()
    try terminal.enable([.alternateScreen])
    fake.log.removeAll()
    // The terminal takes nothing: every write would block, every wait times out.
    fake.faults = [.write: [EAGAIN, EAGAIN]]
    fake.becomesWritable = false
    #expect(throws: TerminalError.outputStalled) { try terminal.restore() }
    #expect(fake.log.prefix(3) == [.flush, .write, .waitWritable])
    #expect(sameAttributes(fake.attributes, before), "termios restored even so")
    #expect(!terminal.isRaw && terminal.enabledModes.isEmpty)
  }

  @Test func aNonBlockingWriteTakesWhatTheTerminalTakesNow() throws {
    let fake = FakeSystem()
    fake.maximumWrite = 3
    let terminal = Terminal(input: 0, output: 1, system: fake.calls_)
    let bytes: [UInt8] = Array("frame".utf8)
    #expect(try bytes.withUnsafeBytes { try terminal.write(someOf: $0) } == 3)
    fake.faults = [.write: [EINTR, EAGAIN]]
    #expect(try bytes.withUnsafeBytes { try terminal.write(someOf: $0) } == 0)
    fake.faults = [.write: [EIO]]
    #expect(throws: TerminalError.hangUp) { _ = try bytes.withUnsafeBytes { try terminal.write(someOf: $0) } }
    #expect(fake.calls[.waitWritable] == nil, "it never waits")
  }

  @Test func suspendedAndContinuedInTheBackgroundItStopsForTheTerminalAndTakesItOnlyInTheForeground()
    throws
  {
    let fake = FakeSystem()
    let terminal = Terminal(input: 0, output: 1, system: fake.calls_)
    try terminal.enterRawMode()
    try terminal.enable([.alternateScreen, .bracketedPaste])
    fake.written.removeAll()
    // Another process group owns the terminal, and stopping with SIGTTOU does not change that
    // (the fake does not stop): the terminal is left alone.
    fake.foregroundGroup = getpgrp() + 1
    try terminal.suspend()
    #expect(fake.signalsSent == [SIGTSTP, SIGTTOU])
    #expect(terminal.isSuspended && !terminal.isRaw && terminal.enabledModes.isEmpty)
    #expect(escapedText(fake.written) == "\\e[?2004l\\e[?1049l", "nothing written in the background")
    #expect(!terminal.waitForForeground())
    // In the foreground again: the same modes come back.
    fake.foregroundGroup = getpgrp()
    #expect(terminal.waitForForeground())
    try terminal.resume()
    #expect(!terminal.isSuspended && terminal.isRaw)
    #expect(terminal.enabledModes == [.alternateScreen, .bracketedPaste])
    #expect(escapedText(fake.written) == "\\e[?2004l\\e[?1049l\\e[?1049h\\e[?2004h")
    try terminal.restore()
  }
}

extension TerminalFaultTests {
  @Test func reapplyingAfterAForeignStopSetsRawModeAndModesAgainButPushesNoKittyFlags() throws {
    let fake = FakeSystem()
    let terminal = Terminal(input: 0, output: 1, system: fake.calls_)
    try terminal.enterRawMode()
    try terminal.enable([.alternateScreen, .kittyKeyboard(flags: 0b111), .bracketedPaste])
    fake.attributes = FakeSystem().attributes  // the shell put its own settings back
    fake.written.removeAll()
    try terminal.reapply()
    #expect(fake.attributes.c_lflag & tcflag_t(ICANON | ECHO) == 0, "raw again")
    #expect(escapedText(fake.written) == "\\e[?1049h\\e[?2004h")
    try terminal.restore()
  }
}

/// Standard error while the app owns the screen, in a child process on a pseudo-terminal (with
/// the crash tests, which `make sanitize` skips: the sanitizer's exit report would change the
/// child's status).
extension TerminalCrashTests {
  @Test func whatIsWrittenWhileCapturingAppearsOnlyAfterTheRestore() async throws {
    let pty = try PseudoTerminal()
    defer { pty.close() }
    let path = pty.slavePath
    await #expect(processExitsWith: .success) { [path = path as String] in
      let fd = open(path, O_RDWR | O_NOCTTY)
      dup2(fd, STDERR_FILENO)
      let terminal = Terminal(input: fd, output: fd)
      try terminal.enterRawMode()
      try terminal.enable([.alternateScreen])
      guard StandardErrorCapture.begin(), StandardErrorCapture.isCapturing else { exit(3) }
      _ = "a library's warning\n".withCString { write(STDERR_FILENO, $0, strlen($0)) }
      _ = "<ui>".withCString { write(fd, $0, 4) }
      try terminal.restore()  // ends the capture: the text follows the restore
      guard !StandardErrorCapture.isCapturing else { exit(4) }
      _ = "<after>".withCString { write(STDERR_FILENO, $0, 7) }
      exit(0)
    }
    // The restore discards what the terminal had not read yet, so the start may be gone; the
    // captured line must come once, right after the restore bytes.
    let text = String(decoding: pty.drain(), as: UTF8.self)
    #expect(text.hasSuffix("\u{1b}[?1049la library's warning\r\n<after>"), "\(text.debugDescription)")
    #expect(text.components(separatedBy: "warning").count == 2)
  }
}

/// The whole host in a child process, on pseudo-terminals the test controls.
extension TerminalCrashTests {
  @Test func aHangUpSeenOnAWriteExitsLikeOneSeenOnARead() async throws {
    await #expect(processExitsWith: .exitCode(128 + SIGHUP)) {
      // Input from a terminal that stays; output to one whose other side is gone, so only a
      // write can notice.
      let input = try PseudoTerminal()
      let output = try PseudoTerminal()
      let host = try await MainActor.run {
        let app = Application()
        let window = Window()
        window.rootView = View()
        app.addWindow(window)
        window.makeKeyAndOrderFront()
        let terminal = Terminal(input: input.slave, output: output.slave)
        let host = TerminalHost(application: app, terminal: terminal)
        try host.start()
        _ = Glibc.close(output.master)
        app.setNeedsDisplay()
        app.screenSize = Size(width: 10, height: 3)  // a change to draw
        return host
      }
      try await Task.sleep(for: .seconds(10))
      withExtendedLifetime(host) {}
    }
  }
}
