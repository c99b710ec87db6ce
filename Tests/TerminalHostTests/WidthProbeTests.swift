import RendererOracle
import ResponderKit
import Testing

@testable import TerminalHost

/// The width probe (``Renderer/probesWidths``): a cursor position request after each cluster of
/// varying width drawn the first time, answered by libvterm itself (its replies read back from
/// the emulator) or by the bytes xterm sent in `make terminals`; later frames draw the cluster
/// by the answer, and every cell libvterm shows must then be the frame's.
@Suite("Width probe")
struct WidthProbeTests {
  static let columns = 24

  /// Row y holds the y-th cluster at column 2 + y over `B`s; the last row ends in 👩‍💻, which
  /// is not probed there (a wider rendering would wrap).
  static func frame(_ clusters: [Character], shift: Int = 0) -> CellBuffer {
    var frame = CellBuffer(columns: columns, rows: clusters.count + 1, fill: Cell("B"))
    for (y, cluster) in clusters.enumerated() {
      frame[2 + y + shift, y] = Cell(cluster)
      if Cell(cluster).width == 2 { frame[3 + y + shift, y] = .continuation(.plain) }
    }
    frame[columns - 2, clusters.count] = Cell("👩‍💻")
    frame[columns - 1, clusters.count] = .continuation(.plain)
    return frame
  }

  /// Feeds `bytes` to libvterm and hands every reply it sends back to the probes waiting, as
  /// the host does; the reports no probe took.
  static func answer(
    _ bytes: [UInt8], in terminal: ReferenceTerminal, renderer: inout Renderer, queue: inout WidthProbeQueue
  ) -> [TerminalInput] {
    terminal.write(bytes)
    queue.sent(renderer.takeWidthProbes(), at: 0)
    var others: [TerminalInput] = []
    for item in decodeAll(terminal.replies()) {
      if case .reply(.cursorPosition(let row, let column)) = item,
        let answer = queue.answer(row: row, column: column)
      {
        renderer.recordWidth(answer.width, of: answer.cluster)
      } else {
        others.append(item)
      }
    }
    return others
  }

  /// What libvterm must show for `frame` when it draws clusters by `width`: each cluster by
  /// itself where libvterm gives it the frame's width or less (blanks after); where it takes it
  /// wider, its first scalar when that is of certain width, else U+FFFD; every other cell as
  /// the frame's.
  static func expectShown(
    _ frame: CellBuffer, in terminal: ReferenceTerminal, widths: (Character) -> Int?,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    var x = 0
    for y in 0..<frame.rows {
      x = 0
      while x < frame.columns {
        let cell = frame[x, y]
        let shown = terminal.cell(column: x, row: y).scalars
        guard let character = cell.text.first, character.terminalWidthVaries, let width = widths(character)
        else {
          #expect(
            shown == cell.text.unicodeScalars.map(\.value), "(\(x), \(y))", sourceLocation: sourceLocation)
          x += max(1, Int(cell.width))
          continue
        }
        if width > Int(cell.width) {
          let first = character.unicodeScalars.first!
          let standIn = first.terminalWidth == Int(cell.width) && !Character(first).terminalWidthVaries
          #expect(
            shown == [standIn ? first.value : 0xFFFD], "(\(x), \(y)) \(character)",
            sourceLocation: sourceLocation)
        } else {
          #expect(shown.starts(with: [character.unicodeScalars.first!.value]), "(\(x), \(y)) \(character)")
          for blank in x + width..<x + Int(cell.width) {
            #expect(
              terminal.cell(column: blank, row: y).scalars == [0x20], "(\(blank), \(y)) after \(character)")
          }
        }
        x += Int(cell.width)
      }
    }
  }

  @Test func libvtermsAnswersAreRecordedAndLaterFramesDrawByThem() throws {
    let clusters = FrameScript<SeededGenerator>.varying
    let terminal = ReferenceTerminal(columns: Self.columns, rows: clusters.count + 1)
    var renderer = Renderer()
    renderer.probesWidths = true
    var queue = WidthProbeQueue()
    let first = renderer.render(Self.frame(clusters), cursor: nil)
    #expect(first.count { $0 == 0x6E } >= clusters.count, "a CSI 6 n per cluster")
    #expect(Self.answer(first, in: terminal, renderer: &renderer, queue: &queue) == [])
    #expect(queue.isEmpty)
    for cluster in clusters { #expect(renderer.terminalWidth(of: cluster) != nil, "\(cluster) answered") }
    // As the issue found: libvterm takes ✈️ as one column and splits 👩‍💻 in two wide halves.
    #expect(renderer.terminalWidth(of: "✈️") == 1)
    #expect(renderer.terminalWidth(of: "👩‍💻") == 4)
    // The same clusters one column further right, then back: drawn by libvterm's widths, every
    // cell shown as meant, the cursor known throughout (no absolute move after a cluster).
    for shift in [1, 0] {
      let frame = Self.frame(clusters, shift: shift)
      let bytes = renderer.render(frame, cursor: CursorPlacement(column: 0, row: clusters.count))
      #expect(!bytes.contains(0x6E), "no probe twice")
      terminal.write(bytes)
      #expect(terminal.replies() == [])
      Self.expectShown(frame, in: terminal, widths: renderer.terminalWidth(of:))
      #expect(terminal.cursor.column == 0 && terminal.cursor.row == clusters.count)
    }
  }

  /// The probed width of a cluster is libvterm's: the column libvterm's cursor stopped at after
  /// it, which the report says.
  @Test(arguments: FrameScript<SeededGenerator>.varying)
  func theRecordedWidthIsWhereLibvtermsCursorStopped(cluster: Character) {
    let terminal = ReferenceTerminal(columns: 12, rows: 1)
    terminal.write(Array("\u{1b}[1;4H".utf8) + Array(String(cluster).utf8))
    let libvterm = terminal.cursor.column - 3
    var frame = CellBuffer(columns: 12, rows: 1, fill: Cell("-"))
    frame[3, 0] = Cell(cluster)
    if Cell(cluster).width == 2 { frame[4, 0] = .continuation(.plain) }
    var renderer = Renderer()
    renderer.probesWidths = true
    var queue = WidthProbeQueue()
    let other = ReferenceTerminal(columns: 12, rows: 1)
    _ = Self.answer(renderer.render(frame, cursor: nil), in: other, renderer: &renderer, queue: &queue)
    #expect(renderer.terminalWidth(of: cluster) == libvterm)
  }

  /// Where the terminal measures as the frame does, the confinement's erase and absolute move go:
  /// the cluster costs its own bytes only.
  @Test func aClusterMeasuredAsTheFrameDoesIsDrawnPlainly() {
    var frame = CellBuffer(columns: 12, rows: 1, fill: Cell("a"))
    frame[2, 0] = Cell("🫠")
    frame[3, 0] = .continuation(.plain)
    var probing = Renderer()
    probing.probesWidths = true
    _ = probing.render(CellBuffer(columns: 12, rows: 1), cursor: nil)
    _ = probing.takeWidthProbes()
    probing.recordWidth(2, of: "🫠")  // not asked: ignored
    #expect(probing.terminalWidth(of: "🫠") == nil)
    let confinedBytes = probing.render(frame, cursor: nil)
    #expect(probing.takeWidthProbes().map(\.cluster) == ["🫠"])
    probing.recordWidth(2, of: "🫠")  // xterm's answer, `CSI 1 ; 5 R`
    // The same frames drawn by a renderer that trusts the frame's widths.
    var trusting = Renderer()
    trusting.graphemeClustering = true
    _ = trusting.render(CellBuffer(columns: 12, rows: 1), cursor: nil)
    _ = trusting.render(frame, cursor: nil)
    var blank = CellBuffer(columns: 12, rows: 1)
    blank[0, 0] = Cell("z")
    _ = probing.render(blank, cursor: nil)
    _ = trusting.render(blank, cursor: nil)
    let measured = probing.render(frame, cursor: nil)
    #expect(measured == trusting.render(frame, cursor: nil))
    #expect(measured.count < confinedBytes.count)
  }

  /// An 80×24 screen of text with one ✈️ a row (README's figures): measured (xterm's width,
  /// one column, or kitty's, two), it costs fewer bytes than confined, where every cluster pays
  /// the erase and the absolute move after it.
  @Test(arguments: [1, 2])
  func aMeasuredScreenCostsFewerBytesThanAConfinedOne(width: Int) {
    var frame = CellBuffer(columns: 80, rows: 24, fill: Cell("a"))
    for y in 0..<24 {
      frame[10, y] = Cell("✈️")
      frame[11, y] = .continuation(.plain)
    }
    var renderer = Renderer()
    renderer.probesWidths = true
    let confined = renderer.render(frame, cursor: nil)
    #expect(renderer.takeWidthProbes().count == 1)
    renderer.recordWidth(width, of: "✈️")
    renderer.invalidate()
    let measured = renderer.render(frame, cursor: nil)
    print(
      "80×24, one ✈️ a row: confined and probed \(confined.count) bytes, measured \(width): \(measured.count)")
    #expect(measured.count < confined.count)
  }

  /// xterm's reports as `make terminals` recorded them (a cluster written at row 3, column 5):
  /// ✈️ one column, 👩‍💻 and 👍🏽 four; xterm's Shift+F3 (`CSI 1 ; 2 R`) meanwhile is still F3.
  @Test func xtermsReportsAnswerTheProbesAndShiftF3StaysAKey() throws {
    var queue = WidthProbeQueue()
    queue.sent(
      [
        WidthProbe(cluster: "✈️", row: 2, column: 4, widest: 2),
        WidthProbe(cluster: "👩‍💻", row: 2, column: 4, widest: 4),
        WidthProbe(cluster: "👍🏽", row: 2, column: 4, widest: 4),
      ], at: 0)
    var keys: [KeyEvent] = []
    var widths: [String] = []
    for item in decodeAll("\u{1b}[3;6R\u{1b}[1;2R\u{1b}[3;9R\u{1b}[3;9R") {
      guard case .reply(let reply) = item else { continue }
      if case .cursorPosition(let row, let column) = reply,
        let answer = queue.answer(row: row, column: column)
      {
        widths.append("\(answer.cluster) \(answer.width)")
      } else if let key = InputParser.functionKey(forUnrequested: reply, at: 0) {
        keys.append(key)
      }
    }
    #expect(widths == ["✈️ 1", "👩‍💻 4", "👍🏽 4"])
    #expect(keys.map(\.keysym) == [.f(3)] && keys.first?.modifierFlags == .shift)
    #expect(queue.isEmpty)
  }

  /// A terminal that never answers: after ``WidthProbeQueue/answerTime`` the host asks no more;
  /// a late answer is still its probe's (not a key) until the queue forgets it, and a report
  /// that fits no probe (another row) is left to the other readers.
  @Test func aSilentTerminalIsNoticedAndALateAnswerIsNotAKey() {
    var queue = WidthProbeQueue()
    queue.sent([WidthProbe(cluster: "✈️", row: 0, column: 0, widest: 2)], at: 10)
    #expect(queue.nextDeadline == 10 + WidthProbeQueue.answerTime)
    queue.expire(at: 10.5)
    #expect(!queue.terminalIsSilent)
    queue.expire(at: 11)
    #expect(queue.terminalIsSilent && !queue.isEmpty)
    #expect(queue.answer(row: 5, column: 1) == nil)
    #expect(queue.answer(row: 0, column: 1).map { "\($0.cluster) \($0.width)" } == "✈️ 1")
    queue.sent([WidthProbe(cluster: "❤️", row: 0, column: 0, widest: 2)], at: 12)
    queue.expire(at: 12 + WidthProbeQueue.forgetTime)
    #expect(queue.isEmpty)
    // Forgotten: xterm's Shift+F3 is a key again.
    #expect(queue.answer(row: 0, column: 1) == nil)
  }

  /// Each distinct cluster is asked once per run, however often it is drawn, and the table is
  /// bounded: past ``Renderer/widthTableCapacity`` distinct clusters no more are asked (they stay
  /// confined, still intact).
  @Test func eachClusterIsAskedOnceAndTheTableIsBounded() {
    var renderer = Renderer()
    renderer.probesWidths = true
    // Flags: 26 × 26 distinct clusters of varying width.
    let letters = (0..<26).map { Unicode.Scalar(0x1F1E6 + $0)! }
    let flags = letters.flatMap { a in letters.map { b in Character(String([Character(a), Character(b)])) } }
    var asked = 0
    var frame = CellBuffer(columns: 8, rows: 1)
    for (index, flag) in (flags + flags.prefix(10)).enumerated() {
      frame[index % 3, 0] = Cell(flag)
      frame[index % 3 + 1, 0] = .continuation(.plain)
      _ = renderer.render(frame, cursor: nil)
      asked += renderer.takeWidthProbes().count
      frame = CellBuffer(columns: 8, rows: 1)
      _ = renderer.render(frame, cursor: nil)
    }
    #expect(asked == Renderer.widthTableCapacity)
  }

  /// A terminal that reports mode 2027 measures as the frame does: nothing is asked.
  @Test func graphemeClusteringAsksNothing() {
    var renderer = Renderer()
    renderer.probesWidths = true
    renderer.graphemeClustering = true
    let bytes = renderer.render(Self.frame(FrameScript<SeededGenerator>.varying), cursor: nil)
    #expect(renderer.takeWidthProbes().isEmpty && !bytes.contains(0x6E))
  }

  /// Inline, the probe's row is the screen's (the report's), not the frame's.
  @Test func inlineProbesCarryTheScreenRow() {
    var renderer = Renderer()
    renderer.probesWidths = true
    renderer.inlineOrigin = 5
    _ = renderer.render(Self.frame(["✈️"]), cursor: nil)
    #expect(renderer.takeWidthProbes() == [WidthProbe(cluster: "✈️", row: 5, column: 2, widest: 2)])
  }
}
