import Foundation
import Glibc
import ResponderKit
import Testing

@testable import TerminalHost

/// A pseudo-terminal pair for tests; the slave is the app's terminal, the master reads what the
/// app wrote.
struct PseudoTerminal {
  let master: Int32
  let slave: Int32

  init(columns: UInt16 = 80, rows: UInt16 = 24) throws {
    var master: Int32 = -1
    var slave: Int32 = -1
    guard openpty(&master, &slave, nil, nil, nil) == 0 else {
      throw TerminalError.systemCall(call: "openpty", errno: errno)
    }
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    self.master = master
    self.slave = slave
  }

  /// The slave's device path, for a child process to open.
  var slavePath: String { String(cString: ttyname(slave)) }

  var attributes: termios {
    var value = termios()
    tcgetattr(slave, &value)
    return value
  }

  /// Everything written to the slave so far (non-blocking read of the master).
  func drain() -> [UInt8] {
    let flags = fcntl(master, F_GETFL)
    _ = fcntl(master, F_SETFL, flags | O_NONBLOCK)
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let n = chunk.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
      if n <= 0 { break }
      bytes += chunk[0..<n]
    }
    return bytes
  }

  func close() {
    _ = Glibc.close(master)
    _ = Glibc.close(slave)
  }
}

/// Bitwise equality of the parts of termios a terminal has: the four flag words, the line
/// discipline, every control character and both speeds.
func sameAttributes(_ a: termios, _ b: termios) -> Bool {
  var a = a
  var b = b
  let ccEqual = withUnsafeBytes(of: &a.c_cc) { x in withUnsafeBytes(of: &b.c_cc) { y in x.elementsEqual(y) } }
  return a.c_iflag == b.c_iflag && a.c_oflag == b.c_oflag && a.c_cflag == b.c_cflag
    && a.c_lflag == b.c_lflag && a.c_line == b.c_line && ccEqual && a.c_ispeed == b.c_ispeed
    && a.c_ospeed == b.c_ospeed
}

/// Counts how often `needle` occurs in `haystack`.
func occurrences(of needle: [UInt8], in haystack: [UInt8]) -> Int {
  guard !needle.isEmpty, haystack.count >= needle.count else { return 0 }
  var count = 0
  for start in 0...(haystack.count - needle.count)
  where haystack[start..<start + needle.count].elementsEqual(needle) {
    count += 1
  }
  return count
}

/// A scripted stand-in for the kernel: each call takes the next injected fault for its kind,
/// or succeeds; writes may be cut short to `maximumWrite` bytes.
final class FakeSystem {
  enum Call: Hashable {
    case read, write, getAttributes, setAttributes, windowSize, waitWritable, flush, signal
  }
  var faults: [Call: [CInt]] = [:]
  var maximumWrite = Int.max
  var written: [UInt8] = []
  var input: [UInt8] = []
  var attributes = termios()
  var calls: [Call: Int] = [:]
  var signalsSent: [CInt] = []
  /// What `tcgetpgrp` answers: by default "not a controlling terminal" (foreground).
  var foregroundGroup: pid_t = -1
  var windowSize = (columns: UInt16(132), rows: UInt16(43))

  init() {
    attributes.c_lflag = tcflag_t(ICANON | ECHO | ISIG)
    attributes.c_oflag = tcflag_t(OPOST | ONLCR)
    attributes.c_iflag = tcflag_t(ICRNL)
  }

  /// Every call, in order.
  var log: [Call] = []
  /// Whether a wait for writability succeeds; false makes it time out (a stalled terminal).
  var becomesWritable = true

  private func fault(_ call: Call) -> CInt? {
    calls[call, default: 0] += 1
    log.append(call)
    guard var list = faults[call], !list.isEmpty else { return nil }
    let next = list.removeFirst()
    faults[call] = list
    return next
  }

  var calls_: SystemCalls {
    SystemCalls(
      read: { _, buffer, count in
        if let e = self.fault(.read) { return (-1, e) }
        let n = min(count, self.input.count)
        for i in 0..<n { buffer.storeBytes(of: self.input[i], toByteOffset: i, as: UInt8.self) }
        self.input.removeFirst(n)
        return (n, 0)
      },
      write: { _, buffer, count in
        if let e = self.fault(.write) { return (-1, e) }
        let n = min(count, self.maximumWrite)
        self.written += UnsafeRawBufferPointer(start: buffer, count: n)
        return (n, 0)
      },
      getAttributes: { _, attributes in
        if let e = self.fault(.getAttributes) { return (-1, e) }
        attributes = self.attributes
        return (0, 0)
      },
      setAttributes: { _, _, attributes in
        if let e = self.fault(.setAttributes) { return (-1, e) }
        self.attributes = attributes
        return (0, 0)
      },
      windowSize: { _, size in
        if let e = self.fault(.windowSize) { return (-1, e) }
        size.ws_col = self.windowSize.columns
        size.ws_row = self.windowSize.rows
        return (0, 0)
      },
      waitWritable: { _, _ in
        if let e = self.fault(.waitWritable) { return (-1, e) }
        return (self.becomesWritable ? 1 : 0, 0)
      },
      flushOutput: { _ in
        _ = self.fault(.flush)
        return (0, 0)
      },
      foregroundGroup: { _ in (self.foregroundGroup, self.foregroundGroup < 0 ? ENOTTY : 0) },
      signalProcessGroup: { signal in
        _ = self.fault(.signal)
        self.signalsSent.append(signal)
        return (0, 0)
      }
    )
  }
}

/// What the crash handler would write now (``CrashStorage``'s current record), and whether the
/// record is active.
func currentCrashRecord() -> (active: Bool, bytes: [UInt8]) {
  let storage = CrashStorage.shared
  let slot = storage.current.load(ordering: .acquiring)
  let record = storage.records[slot]
  let bytes = Array(
    UnsafeBufferPointer(start: storage.bytes + slot * CrashStorage.capacity, count: record.count))
  return (record.active, bytes)
}

/// In an exit test's child process: a host for a new application on the two pseudo-terminals
/// (keys read from `input`, the screen written to `output`), started.
@MainActor
func startedHost(
  _ configuration: TerminalHost.Configuration, input: PseudoTerminal, output: PseudoTerminal
) throws -> (Application, TerminalHost) {
  let app = Application()
  let host = TerminalHost(
    application: app, configuration: configuration,
    terminal: Terminal(input: input.slave, output: output.slave))
  try host.start()
  return (app, host)
}

/// In an exit test's child process: exits with `code` when `condition` is false, saying why on
/// standard error.
func exitUnless(_ condition: Bool, _ code: Int32, _ detail: @autoclosure () -> String) {
  if !condition {
    FileHandle.standardError.write(Data("\(detail())\n".utf8))
    exit(code)
  }
}
