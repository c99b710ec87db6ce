import RendererOracle
import ResponderKit
import TerminalHost
import Testing

/// The renderer's bytes replayed through libvterm, an emulator that is not this project's
/// (RendererOracle), frame after frame: every cell and the cursor must be what the frame means.
/// `make fuzz` runs the same check for longer (the `renderer` target).
@Suite("Renderer against libvterm")
struct RendererDifferentialTests {
  /// 24 seeds of 120 frames: every change, size and depth many times over.
  @Test(arguments: 1...24 as ClosedRange<UInt64>)
  func randomFrameSequencesShowExactlyInLibvterm(seed: UInt64) throws {
    var script = FrameScript(random: SeededGenerator(seed: seed))
    let summary = try RendererDifferential.run(&script, frames: 120)
    #expect(summary.frames == 120)
  }

  /// Every attribute set with every kind of colour on both sides, drawn in an order and its
  /// reverse (each change once incremental, once after a reset): no SGR has more than the 16
  /// parameters st, the Linux console and libvterm keep, and libvterm shows every cell's style.
  /// A reset, seven attributes and two RGB colours are 18; `make fuzz` found the crash
  /// (Tests/Fuzzers/Corpora/renderer/sgr-of-17-parameters).
  @Test func everyStyleIsShownWithNoSGROfMoreThanSixteenParameters() throws {
    let colors: [Color] = [.default, .palette(3), .palette(12), .palette(200), .rgb(255, 128, 7)]
    var styles: [TextStyle] = []
    for bits in 0..<128 as Range<UInt8> {
      for foreground in colors {
        for background in colors {
          styles.append(
            TextStyle(foreground: foreground, background: background, attributes: .init(rawValue: bits)))
        }
      }
    }
    var longest = 0
    for order in [styles, styles.reversed()] {
      let columns = 80
      var frame = CellBuffer(columns: columns, rows: order.count / columns)
      for (index, style) in order.enumerated() {
        frame[index % columns, index / columns] = Cell("x", style: style)
      }
      var renderer = Renderer()
      renderer.colorDepth = .trueColor
      let bytes = renderer.render(frame, cursor: nil)
      // Required: libvterm 0.1.4 would write past its array.
      try #require(RendererDifferential.overlongControlSequence(in: bytes) == nil)
      for sgr in RendererDifferential.controlSequences(in: bytes) where bytes[sgr.range.last!] == 0x6D {
        longest = max(longest, sgr.parameters)
      }
      let terminal = ReferenceTerminal(columns: columns, rows: frame.rows)
      terminal.write(bytes)
      for (index, style) in order.enumerated() {
        let cell = terminal.cell(column: index % columns, row: index / columns)
        let shown =
          RendererDifferential.same(style.foreground, cell.foreground)
          && RendererDifferential.same(style.background, cell.background)
          && RendererDifferential.sameAttributes(style.attributes, cell)
        #expect(shown, "\(style) at \(index)")
      }
    }
    // Not vacuous: some change needed all 16.
    #expect(longest == RendererDifferential.maximumParameters)
  }

  /// Every change kind and every depth occurs in the seeds above (the script is not stuck).
  @Test func theScriptsCoverEveryChangeAndDepth() {
    var changes = Set<String>()
    var depths = Set<ColorDepth>()
    var sizes = Set<Int>()
    for seed in 1...24 as ClosedRange<UInt64> {
      var script = FrameScript(random: SeededGenerator(seed: seed))
      for _ in 0..<120 {
        let step = script.next()
        changes.insert(step.change.rawValue)
        depths.insert(step.colorDepth)
        sizes.insert(step.frame.columns * step.frame.rows)
      }
    }
    #expect(changes == Set(FrameScript<SeededGenerator>.Change.allCases.map(\.rawValue)))
    #expect(depths == Set(ColorDepth.allCases))
    #expect(sizes.contains(1) && sizes.contains(200 * 60))
  }

  /// A row holding a cluster libvterm measures otherwise than the frame (✈️ one column,
  /// 👩‍💻 four) stays intact after it, also with the cluster in the last columns.
  @Test(arguments: FrameScript<SeededGenerator>.varying)
  func theRowAfterAClusterOfVaryingWidthIsIntact(cluster: Character) throws {
    for column in [0, 3, 8] {
      var frame = CellBuffer(columns: 10, rows: 2)
      for x in 0..<10 { frame[x, 0] = Cell("abcdefghij"[String.Index(utf16Offset: x, in: "abcdefghij")]) }
      frame[column, 0] = Cell(cluster)
      if Cell(cluster).width == 2 { frame[column + 1, 0] = .continuation(.plain) }
      frame[0, 1] = Cell("z")
      let terminal = ReferenceTerminal(columns: 10, rows: 2)
      var renderer = Renderer()
      terminal.write(renderer.render(frame, cursor: CursorPlacement(column: 9, row: 1)))
      let skipped = column..<column + Int(Cell(cluster).width)
      for x in 0..<10 where !skipped.contains(x) {
        #expect(
          terminal.cell(column: x, row: 0).scalars == frame[x, 0].text.unicodeScalars.map(\.value),
          "\(cluster) at \(column): column \(x)")
      }
      #expect(terminal.cell(column: 0, row: 1).scalars == [0x7A], "\(cluster) at \(column): next row")
      #expect(terminal.cursor.column == 9 && terminal.cursor.row == 1)
    }
  }

  /// Trusting the frame's widths (as ``Renderer/graphemeClustering`` does, for terminals that
  /// report mode 2027) damages the row in libvterm: the check above can fail.
  @Test func trustingTheWidthsDamagesTheRowInATerminalThatDisagrees() {
    var frame = CellBuffer(columns: 8, rows: 1)
    frame[0, 0] = Cell("✈️")
    frame[1, 0] = .continuation(.plain)
    for (x, letter) in "abcdef".enumerated() { frame[x + 2, 0] = Cell(letter) }
    var renderer = Renderer()
    renderer.graphemeClustering = true
    let terminal = ReferenceTerminal(columns: 8, rows: 1)
    terminal.write(renderer.render(frame, cursor: nil))
    #expect(terminal.cell(column: 2, row: 0).scalars != [0x61])
  }

  /// Confinement costs bytes only where such a cluster is drawn.
  @Test func anOrdinaryScreenCostsNoByteMore() {
    var frame = CellBuffer(columns: 20, rows: 2)
    for (x, letter) in "plain 中文 😀 text".enumerated() { frame[x, 0] = Cell(letter) }
    var trusting = Renderer()
    trusting.graphemeClustering = true
    var confining = Renderer()
    #expect(confining.render(frame, cursor: nil) == trusting.render(frame, cursor: nil))
  }
}
