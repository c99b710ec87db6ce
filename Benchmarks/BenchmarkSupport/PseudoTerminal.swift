import Foundation
import Glibc

/// A pseudo-terminal pair of the given size, for a benchmark that runs a real `TerminalHost`.
public func openPseudoTerminal(rows: UInt16 = 24, columns: UInt16 = 80) -> (master: Int32, slave: Int32) {
  var master: Int32 = -1
  var slave: Int32 = -1
  var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
  guard openpty(&master, &slave, nil, nil, &size) == 0 else { fatalError("openpty: \(errno)") }
  return (master, slave)
}

/// The bytes a drain thread has read so far (read by the benchmark between its phases).
public final class DrainedBytes: @unchecked Sendable {
  /// Bytes read from the terminal.
  public var count = 0
}

/// Reads everything written to `master` on a thread of its own, as a terminal that keeps up
/// would, so the host's writes never block.
public func drainInBackground(_ master: Int32) -> DrainedBytes {
  let drained = DrainedBytes()
  Thread.detachNewThread {
    var sink = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = sink.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
      if n <= 0 { break }
      drained.count += n
    }
  }
  return drained
}
