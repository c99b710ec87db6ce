import RendererOracle
import ResponderKit
import Testing

@testable import TerminalHost

/// The renderer told which rows changed (what damage tracking gives the host) writes exactly
/// the bytes it writes when it compares every row: the bytes of the unhinted renderer are the
/// ones the libvterm differential test and the golden files check.
@Suite("Renderer told the changed rows")
struct RendererChangedRowsTests {
  /// The rows of `frame` that differ from `previous` (every row when the sizes differ).
  private func changedRows(_ frame: CellBuffer, after previous: CellBuffer?) -> [Bool] {
    (0..<frame.rows).map { y in
      guard let previous, previous.columns == frame.columns, previous.rows == frame.rows else { return true }
      return (0..<frame.columns).contains { previous[$0, y] != frame[$0, y] }
    }
  }

  /// Random frame sequences (every change kind: one cell, one line, scrolls, resizes, wide
  /// characters in the last column, clusters of varying width, every depth); the hint marks
  /// the changed rows and, on odd seeds, some unchanged rows too.
  @Test(arguments: 1...12 as ClosedRange<UInt64>)
  func aHintOfTheChangedRowsWritesTheBytesOfAFullComparison(seed: UInt64) {
    var script = FrameScript(random: SeededGenerator(seed: seed))
    var extra = SeededGenerator(seed: seed &* 7919)
    var comparing = Renderer()
    // Every third seed measures clusters of varying width too, the terminal answering each
    // probe with a random width: a width learned redraws cells the hint says are unchanged.
    comparing.probesWidths = seed % 3 == 0
    var hinted = comparing
    var previous: CellBuffer?
    for index in 0..<150 {
      let step = script.next()
      comparing.colorDepth = step.colorDepth
      hinted.colorDepth = step.colorDepth
      if index == 75 {
        comparing.invalidate()
        hinted.invalidate()
      }
      var hint = changedRows(step.frame, after: previous)
      if seed % 2 == 1 { hint = hint.map { $0 || extra.next() % 5 == 0 } }
      let (expected, actual) = draw(
        step.frame, cursor: step.cursor, comparing: &comparing, hinted: &hinted, changedRows: hint)
      #expect(actual == expected, "seed \(seed), frame \(index) (\(step.change.rawValue))")
      let probes = comparing.takeWidthProbes()
      #expect(hinted.takeWidthProbes().map(\.cluster) == probes.map(\.cluster))
      for probe in probes {
        let width = Int(extra.next() % 4) + 1
        comparing.recordWidth(width, of: probe.cluster)
        hinted.recordWidth(width, of: probe.cluster)
      }
      previous = step.frame
    }
  }

  /// A row shown otherwise than the frame holds it (a wide character with no room, drawn as a
  /// blank) is compared again although the hint says it is unchanged.
  @Test func aRowTheTerminalShowsOtherwiseIsComparedWhateverTheHint() {
    var frame = CellBuffer(columns: 4, rows: 2)
    frame[3, 0] = Cell("中")  // last column: drawn as a blank
    var comparing = Renderer()
    var hinted = Renderer()
    #expect(hinted.render(frame, cursor: nil) == comparing.render(frame, cursor: nil))
    frame[0, 1] = Cell("x")
    let (expected, actual) = draw(frame, comparing: &comparing, hinted: &hinted, changedRows: [false, true])
    #expect(actual == expected)
  }

  /// A cluster the terminal measured wider than the frame is drawn again in the next frame
  /// although the hint says its row is unchanged: the confined drawing may have been cut by
  /// the cell after it.
  @Test func aClusterMeasuredWiderIsDrawnAgainWhateverTheHint() {
    var frame = CellBuffer(columns: 8, rows: 2)
    frame[2, 0] = Cell("👩‍💻")
    frame[3, 0] = .continuation(.plain)
    var comparing = Renderer()
    comparing.probesWidths = true
    var hinted = comparing
    #expect(hinted.render(frame, cursor: nil) == comparing.render(frame, cursor: nil))
    #expect(hinted.takeWidthProbes().count == 1)
    comparing.recordWidth(4, of: "👩‍💻")
    hinted.recordWidth(4, of: "👩‍💻")
    frame[0, 1] = Cell("x")
    let (expected, actual) = draw(frame, comparing: &comparing, hinted: &hinted, changedRows: [false, true])
    #expect(actual == expected)
    #expect(String(decoding: actual, as: UTF8.self).contains("👩"), "the stand-in that fits")
  }

  /// The bytes of `frame` from the renderer that compares every row, and from the one told
  /// `changedRows`.
  private func draw(
    _ frame: CellBuffer, cursor: CursorPlacement? = nil, comparing: inout Renderer, hinted: inout Renderer,
    changedRows: [Bool]
  ) -> (expected: [UInt8], actual: [UInt8]) {
    var expected: [UInt8] = []
    var actual: [UInt8] = []
    comparing.render(frame, cursor: cursor, into: &expected)
    hinted.render(frame, cursor: cursor, changedRows: changedRows, into: &actual)
    return (expected, actual)
  }
}
