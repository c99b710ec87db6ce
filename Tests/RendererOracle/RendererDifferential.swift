import CVTermOracle
import ResponderKit
import TerminalHost

/// Draws a ``FrameScript`` through the real ``TerminalHost/Renderer`` into libvterm
/// (``ReferenceTerminal``) and compares every cell (text, colours, attributes) and the cursor
/// after every frame with what the frame means.
///
/// What a frame means follows the renderer's documented rules: a wide character without its
/// right half, or in the last column, is a blank of its style; a right half without a left one
/// is a blank; a control is U+FFFD; a cluster that starts with a mark gets a dotted circle
/// (U+25CC) before it; colours are the ``TerminalHost/ColorDepth``'s downgrade.
///
/// Where libvterm 0.1.4 is wrong or lacks a feature the comparison leaves only that out:
/// - SGR 2 (faint) is not kept by libvterm's screen (ECMA-48 8.3.117 defines it, xterm's
///   ctlseqs too), so dim is not compared; bold, italic, underline, blink, reverse and
///   strikethrough are.
/// - OSC 8 hyperlinks are not kept (they are outside ECMA-48); links are written, and the
///   text they carry is compared, but not the link.
/// - libvterm keeps at most 6 scalars a cell, so longer clusters are compared on their first 6.
/// - Clusters whose width terminals disagree on (``ResponderKit/Character/terminalWidthVaries``):
///   their own two cells are not compared, since libvterm (as many terminals) gives them
///   another width; every other cell of the row must be intact, which is what the renderer's
///   confinement guarantees.
public enum RendererDifferential {
  /// The first difference found.
  public struct Mismatch: Error, CustomStringConvertible {
    /// The frame's number in the script, from 0.
    public var frameIndex: Int
    /// What the frame changed.
    public var change: String
    /// What differs.
    public var detail: String
    /// The bytes the renderer wrote for that frame, escaped.
    public var bytes: String

    /// All of it, to print.
    public var description: String {
      "frame \(frameIndex) (\(change)): \(detail)\nbytes: \(bytes.prefix(4000))"
    }
  }

  /// What a run drew.
  public struct Summary: Sendable {
    /// Frames drawn and compared.
    public var frames = 0
    /// Cells compared.
    public var cells = 0
    /// Bytes the renderer wrote.
    public var bytes = 0
  }

  /// Draws `frames` frames of `script`, comparing after each; throws the first ``Mismatch``.
  public static func run<Source>(_ script: inout FrameScript<Source>, frames: Int) throws -> Summary {
    var renderer = Renderer()
    var summary = Summary()
    var output: [UInt8] = []
    var terminal: ReferenceTerminal?
    for index in 0..<frames {
      let step = script.next()
      let frame = step.frame
      if let terminal, terminal.columns != frame.columns || terminal.rows != frame.rows {
        terminal.resize(columns: frame.columns, rows: frame.rows)
      }
      let screen = terminal ?? ReferenceTerminal(columns: frame.columns, rows: frame.rows)
      terminal = screen
      renderer.colorDepth = step.colorDepth
      output.removeAll(keepingCapacity: true)
      renderer.render(frame, cursor: step.cursor, into: &output)
      if let detail = overlongControlSequence(in: output) {
        // Checked before libvterm sees it: 0.1.4 writes past its array on such a sequence.
        throw Mismatch(
          frameIndex: index, change: step.change.rawValue, detail: detail, bytes: escaped(output))
      }
      screen.write(output)
      summary.frames += 1
      summary.bytes += output.count
      summary.cells += frame.columns * frame.rows
      if let detail = difference(step, screen) {
        throw Mismatch(
          frameIndex: index, change: step.change.rawValue, detail: detail, bytes: escaped(output))
      }
    }
    return summary
  }

  /// The first difference between what `step` means and what `screen` shows, or `nil`.
  static func difference<Source>(_ step: FrameScript<Source>.Step, _ screen: ReferenceTerminal) -> String? {
    let frame = step.frame
    let unrecognised = screen.unrecognised
    if unrecognised.count > 0 { return "libvterm did not recognise \(unrecognised.last)" }
    let cells = frame.cells
    let columns = frame.columns
    // The downgraded style of the last cell compared, reused while cells share it.
    var styleCell: Cell?
    var style = TextStyle.plain
    for y in 0..<frame.rows {
      for x in 0..<columns {
        let cell = cells[y * columns + x]
        let actual = screen.cell(column: x, row: y)
        if cell.width == 0, x > 0, cells[y * columns + x - 1].width == 2 {
          // A right half: libvterm's too, unless the left half is a cluster of varying width.
          let left = cells[y * columns + x - 1]
          if actual.continuation == 0, !(left.text.first?.terminalWidthVaries ?? false) {
            return "at \(x),\(y) \(columns)×\(frame.rows): a wide character's right half expected, "
              + "libvterm has \(describe(actual))"
          }
          continue
        }
        let shown: Cell
        if cell.width == 0 || (cell.width == 2 && (x + 1 >= columns || cells[y * columns + x + 1].width != 0))
        {
          shown = .blank(cell.style)
        } else {
          shown = cell
        }
        let sameText: Bool
        if let byte = shown.printableASCII {
          // Most cells: one byte, or a space libvterm erased (no scalar).
          sameText =
            actual.continuation == 0 && actual.width == 1
            && ((actual.count == 1 && actual.chars.0 == UInt32(byte)) || (actual.count == 0 && byte == 0x20))
        } else {
          if shown.text.first?.terminalWidthVaries ?? false { continue }
          sameText = actual.scalars == expectedScalars(of: shown) && actual.width == Int32(shown.width)
        }
        if !(styleCell?.hasSameStyle(as: shown) ?? false) {
          style = step.colorDepth.downgrade(shown.style)
          styleCell = shown
        }
        if !sameText || !same(style.foreground, actual.foreground)
          || !same(style.background, actual.background)
          || !sameAttributes(style.attributes, actual)
        {
          return "at \(x),\(y) \(columns)×\(frame.rows) depth \(step.colorDepth): expected "
            + "\(hex(expectedScalars(of: shown))) width \(shown.width) \(style), libvterm has \(describe(actual))\n"
            + "row: \(frame.text(ofRow: y))"
        }
      }
    }
    let cursor = screen.cursor
    if let placement = step.cursor, placement.column >= 0, placement.row >= 0,
      placement.column < frame.columns,
      placement.row < frame.rows
    {
      if !cursor.visible || cursor.column != placement.column || cursor.row != placement.row {
        return "cursor expected at \(placement.column),\(placement.row) shown; libvterm's is at "
          + "\(cursor.column),\(cursor.row) \(cursor.visible ? "shown" : "hidden")"
      }
    } else if cursor.visible {
      return "cursor expected hidden (placement \(String(describing: step.cursor)))"
    }
    return nil
  }

  /// The most parameters a control sequence may have: st (`ESC_ARG_SIZ`), the Linux console
  /// (`NPAR`) and libvterm (`CSI_ARGS_MAX`) keep 16.
  public static let maximumParameters = 16

  /// The first CSI in `bytes` with more than ``maximumParameters`` parameters, described.
  public static func overlongControlSequence(in bytes: [UInt8]) -> String? {
    guard let overlong = controlSequences(in: bytes).first(where: { $0.parameters > maximumParameters })
    else { return nil }
    return "a CSI with \(overlong.parameters) parameters (terminals keep \(maximumParameters)): "
      + escaped(Array(bytes[overlong.range]))
  }

  /// Every CSI in `bytes`, from its ESC to its final byte, and its number of parameters.
  public static func controlSequences(in bytes: [UInt8]) -> [(range: Range<Int>, parameters: Int)] {
    var sequences: [(range: Range<Int>, parameters: Int)] = []
    var index = 0
    while index + 1 < bytes.count {
      defer { index += 1 }
      guard bytes[index] == 0x1B, bytes[index + 1] == 0x5B else { continue }
      var end = index + 2
      var parameters = 1
      while end < bytes.count, (0x30...0x3F).contains(bytes[end]) {
        if bytes[end] == 0x3B || bytes[end] == 0x3A { parameters += 1 }
        end += 1
      }
      sequences.append((index..<min(end + 1, bytes.count), parameters))
      index = end
    }
    return sequences
  }

  /// The scalars a terminal must show for a cell (see the type's rules).
  static func expectedScalars(of cell: Cell) -> [UInt32] {
    let scalars = cell.text.unicodeScalars.map(\.value)
    guard let first = scalars.first else { return [0x20] }
    if first < 0x20 || (0x7F..<0xA0).contains(first) { return [0xFFFD] }
    if first >= 0x300 && (Unicode.Scalar(first)?.terminalWidth ?? 1) == 0 {
      return Array(([0x25CC] + scalars).prefix(6))
    }
    return Array(scalars.prefix(6))
  }

  /// Whether libvterm's colour is `color`.
  public static func same(_ color: Color, _ theirs: OracleColor) -> Bool {
    switch color {
    case .default: theirs.kind == 0
    case .palette(let index): theirs.kind == 1 && theirs.index == index
    case .rgb(let r, let g, let b):
      theirs.kind == 2 && theirs.red == r && theirs.green == g && theirs.blue == b
    }
  }

  /// Every attribute but dim (libvterm 0.1.4 keeps no faint; see the type's notes).
  public static func sameAttributes(_ attributes: TextStyle.Attributes, _ cell: OracleCell) -> Bool {
    attributes.contains(.bold) == (cell.bold != 0) && attributes.contains(.italic) == (cell.italic != 0)
      && attributes.contains(.underline) == (cell.underline != 0)
      && attributes.contains(.blink) == (cell.blink != 0)
      && attributes.contains(.reverse) == (cell.reverse != 0)
      && attributes.contains(.strikethrough) == (cell.strike != 0)
  }

  static func hex(_ scalars: [UInt32]) -> String {
    scalars.map { "U+" + String($0, radix: 16, uppercase: true) }.joined(separator: " ")
  }

  static func describe(_ cell: OracleCell) -> String {
    if cell.continuation != 0 { return "a right half" }
    return "\(hex(cell.scalars)) width \(cell.width) fg \(cell.foreground.kind)/\(cell.foreground.index) "
      + "bg \(cell.background.kind)/\(cell.background.index) bold \(cell.bold) italic \(cell.italic) "
      + "underline \(cell.underline) blink \(cell.blink) reverse \(cell.reverse) strike \(cell.strike)"
  }

  /// ESC as `\e`, other controls as `\xNN`, text as itself.
  static func escaped(_ bytes: [UInt8]) -> String {
    var text = ""
    for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
      switch scalar.value {
      case 0x1B: text += "\\e"
      case ..<0x20, 0x7F: text += "\\x" + String(scalar.value, radix: 16)
      default: text.unicodeScalars.append(scalar)
      }
    }
    return text
  }
}
