import Foundation
import ResponderKit
import TerminalHost
import Testing

/// The renderer's bytes for clusters terminals measure differently, shown by a real emulator:
/// tmux (3.3a on Debian 12 takes ✈️ as one column, as libvterm does). Every row is drawn over a
/// screen full of `X`, so a row the terminal shifted leaves a stale `X` at its end, and a row
/// it spilled over or a scroll damages the rows below.
@Suite("Clusters of varying width in tmux", .serialized)
struct VaryingWidthTmuxTests {
  static let columns = 30
  static let clusters: [Character] = ["✈️", "❤️", "👩‍💻", "🇩🇪", "👍🏽", "🫠"]

  /// Row y: the cluster at column 2 + y, `B`s around it; the last row holds 👩‍💻 in its last two
  /// columns, which confinement draws as 👩 (a wider rendering would wrap).
  static var frames: (CellBuffer, CellBuffer) {
    let rows = clusters.count + 2
    let full = CellBuffer(columns: columns, rows: rows, fill: Cell("X"))
    var frame = CellBuffer(columns: columns, rows: rows, fill: Cell("B"))
    for (y, cluster) in clusters.enumerated() {
      frame[2 + y, y] = Cell(cluster)
      frame[3 + y, y] = .continuation(.plain)
    }
    frame[columns - 2, clusters.count] = Cell("👩‍💻")
    frame[columns - 1, clusters.count] = .continuation(.plain)
    for (x, letter) in "row below".enumerated() { frame[x, rows - 1] = Cell(letter) }
    return (full, frame)
  }

  /// The same screen at 80×24 over one full of `X` (the rows below it blank), as the renderer
  /// draws it confined and by the frame's widths: the bytes `make terminals` shows in xterm and
  /// kitty (Tests/Terminals/widths.py), kept in Tests/Terminals/Widths and checked here
  /// (`UPDATE_GOLDEN=1` rewrites them).
  @Test(arguments: [false, true])
  func theEmulatorStepShowsTheRenderersBytes(trusting: Bool) throws {
    var full = CellBuffer(columns: 80, rows: 24, fill: Cell("X"))
    var frame = CellBuffer(columns: 80, rows: 24)
    let (_, small) = Self.frames
    for y in 0..<small.rows {
      for x in 0..<80 { frame[x, y] = x < Self.columns ? small[x, y] : Cell("B") }
    }
    // The row with 👩‍💻 in its last columns, and the reference row below it, at 80 columns.
    for x in Self.columns - 2..<80 { frame[x, Self.clusters.count] = Cell("B") }
    frame[78, Self.clusters.count] = Cell("👩‍💻")
    frame[79, Self.clusters.count] = .continuation(.plain)
    for x in 0..<80 { frame[x, Self.clusters.count + 1] = Cell("B") }
    for y in small.rows..<24 { for x in 0..<80 { full[x, y] = .blank() } }
    var renderer = Renderer()
    renderer.graphemeClustering = trusting
    let bytes = renderer.render(full, cursor: nil) + renderer.render(frame, cursor: nil)
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Terminals/Widths/\(trusting ? "trusted" : "confined").bytes")
    if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" { try Data(bytes).write(to: file) }
    #expect(try Data(contentsOf: file) == Data(bytes), "\(file.path): UPDATE_GOLDEN=1 rewrites it")
  }

  /// The rows tmux shows after `bytes`, drawn by `cat` in a pane of the frames' size.
  func shown(_ bytes: [UInt8]) throws -> [String] {
    let session = try TmuxSession(width: Self.columns, height: Self.clusters.count + 2)
    let file = session.file("frames")
    try Data(bytes).write(to: file)
    try session.run("cat \(file.path); sleep 30")
    #expect(try session.waitFor("row below"))
    return try session.screen().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// The rows not as the frame means them: each cluster row must hold the `B`s before the
  /// cluster, then what the terminal made of the cluster (the cluster, or its first scalars, with
  /// the blanks a narrower rendering leaves), then exactly the `B`s after it; the row with a
  /// cluster at its end, then the row below, must be intact.
  func damagedRows(_ rows: [String]) -> [String] {
    var damaged: [String] = []
    for (y, cluster) in Self.clusters.enumerated() {
      let before = String(repeating: "B", count: 2 + y)
      let after = String(repeating: "B", count: Self.columns - 4 - y)
      let row = rows[y]
      guard row.hasPrefix(before), row.hasSuffix(after), row.count >= before.count + after.count else {
        damaged.append("row \(y): \(row)")
        continue
      }
      let middle = row.dropFirst(before.count).dropLast(after.count).unicodeScalars.filter { $0 != " " }
      if middle.isEmpty || !cluster.unicodeScalars.starts(with: middle) { damaged.append("row \(y): \(row)") }
    }
    let end = Self.clusters.count
    if rows[end] != String(repeating: "B", count: Self.columns - 2) + "👩" {
      damaged.append("row \(end): \(rows[end])")
    }
    if !rows[end + 1].hasPrefix("row below") { damaged.append("row \(end + 1): \(rows[end + 1])") }
    return damaged
  }

  @Test func everyRowAfterAClusterIsIntactInTmux() throws {
    let (full, frame) = Self.frames
    var renderer = Renderer()
    let rows = try shown(renderer.render(full, cursor: nil) + renderer.render(frame, cursor: nil))
    #expect(damagedRows(rows) == [])
  }

  /// Written by the frame's own widths (as for a terminal that reports mode 2027), rows are
  /// shifted or spilled over in tmux: the check above can fail.
  @Test func trustedWidthsDamageRowsInTmux() throws {
    let (full, frame) = Self.frames
    var renderer = Renderer()
    renderer.graphemeClustering = true
    let rows = try shown(renderer.render(full, cursor: nil) + renderer.render(frame, cursor: nil))
    #expect(!damagedRows(rows).isEmpty, "\(rows)")
  }
}
