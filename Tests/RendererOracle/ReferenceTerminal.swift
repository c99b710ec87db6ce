import CVTermOracle

/// libvterm's screen (through Tests/VTermOracle's driver): the terminal emulator, not this
/// project's, that the renderer's bytes are checked against.
public final class ReferenceTerminal {
  private var terminal: OpaquePointer
  /// The screen size.
  public private(set) var columns: Int
  /// The screen size.
  public private(set) var rows: Int

  /// A blank screen of the given size.
  public init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
    terminal = oracle_new(Int32(rows), Int32(columns))
  }

  deinit { oracle_free(terminal) }

  /// Changes the size as a terminal window does (what fits is kept).
  public func resize(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
    oracle_resize(terminal, Int32(rows), Int32(columns))
  }

  /// Feeds bytes as a pty would.
  public func write(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { oracle_write(terminal, $0.baseAddress, $0.count) }
  }

  /// What libvterm answered since the last call (a cursor position report for each `CSI 6 n`),
  /// as a terminal writes its replies to the application.
  public func replies() -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1024)
    while true {
      let count = chunk.withUnsafeMutableBufferPointer {
        oracle_read_output(terminal, $0.baseAddress, $0.count)
      }
      if count == 0 { return bytes }
      bytes += chunk[0..<count]
    }
  }

  /// One cell of the screen.
  public func cell(column: Int, row: Int) -> OracleCell {
    var cell = OracleCell()
    oracle_cell(terminal, Int32(row), Int32(column), &cell)
    return cell
  }

  /// The cursor, 0-based, and whether it is shown.
  public var cursor: (column: Int, row: Int, visible: Bool) {
    var row: Int32 = 0
    var column: Int32 = 0
    var visible: Int32 = 0
    oracle_cursor(terminal, &row, &column, &visible)
    return (Int(column), Int(row), visible != 0)
  }

  /// How many sequences libvterm did not recognise, and the last of them.
  public var unrecognised: (count: Int, last: String) {
    var last = [CChar](repeating: 0, count: 64)
    let count = oracle_unrecognised(terminal, &last)
    return (
      Int(count), String(decoding: last.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    )
  }
}

extension OracleCell {
  /// The cell's scalars; a cell libvterm erased (no scalar) reads as a space.
  public var scalars: [UInt32] {
    if continuation != 0 { return [] }
    if count == 0 { return [0x20] }
    return withUnsafeBytes(of: chars) { Array($0.bindMemory(to: UInt32.self).prefix(Int(count))) }
  }
}
