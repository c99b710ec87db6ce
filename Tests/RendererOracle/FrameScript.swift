import ResponderKit
import TerminalHost

/// A random sequence of frames a renderer draws one after another: sizes from 1×1 to 200×60;
/// ASCII, combining marks, wide characters (one at the last column too), emoji and clusters
/// terminals measure differently, controls and lone marks; every colour kind and attribute,
/// links; changes of one cell, one line, the whole frame, a scrolled band, a new size and a new
/// ``ColorDepth``; a cursor shown somewhere, hidden or off the frame.
public struct FrameScript<Source: RandomNumberGenerator> {
  /// What changed from the previous frame.
  public enum Change: String, Sendable, CaseIterable {
    case first, oneCell, oneLine, full, scrolled, resized, colorDepth, none
  }

  /// One frame to draw.
  public struct Step {
    /// The frame.
    public var frame: CellBuffer
    /// Where the cursor goes, or `nil` to hide it.
    public var cursor: CursorPlacement?
    /// The depth the renderer draws this frame at.
    public var colorDepth: ColorDepth
    /// How it differs from the previous step.
    public var change: Change
  }

  private var random: Source
  private var frame: CellBuffer
  private var depth: ColorDepth
  private var started = false
  private let links = [Hyperlink("https://example.org/a"), Hyperlink("https://example.org/b?q=é")]

  /// Characters of one column libvterm measures as this project does.
  static var narrow: [Character] {
    ["é", "ß", "Ω", "ж", "→", "─", "█", "🌡", "e\u{301}", "a\u{308}\u{323}", "ǅ"]
  }
  /// Wide characters both measure as two columns (CJK, Hangul, fullwidth forms, emoji of Unicode 9.0
  /// or before).
  static var wide: [Character] { ["中", "語", "한", "Ｗ", "😀", "🚀", "⌚", "🎉"] }
  /// Clusters terminals measure differently (``ResponderKit/Character/terminalWidthVaries``).
  public static var varying: [Character] {
    ["✈️", "❤️", "👩‍💻", "🇩🇪", "\u{1F1E9}", "👍🏽", "🫠", "1️⃣", "🧑‍🤝‍🧑", "🏳️‍🌈"]
  }
  /// What the renderer must never pass through as it is: controls and a lone combining mark.
  static var hostile: [Character] { ["\u{07}", "\u{1B}", "\u{85}", "\u{301}"] }

  /// A script drawn from `random`: the same numbers give the same frames.
  public init(random: Source) {
    self.random = random
    frame = CellBuffer(columns: 1, rows: 1)
    depth = .trueColor
  }

  /// The next frame.
  public mutating func next() -> Step {
    var change: Change
    if !started {
      started = true
      change = .first
      depth = ColorDepth.allCases.randomElement(using: &random)!
      let (columns, rows) = randomSize()
      frame = CellBuffer(columns: columns, rows: rows)
      fill(rows: 0..<frame.rows)
    } else {
      change = [
        .oneCell, .oneCell, .oneLine, .oneLine, .full, .scrolled, .scrolled, .resized, .colorDepth, .none,
      ]
      .randomElement(using: &random)!
      switch change {
      case .oneCell:
        put(
          randomCharacter(), at: Int.random(in: 0..<frame.columns, using: &random),
          Int.random(in: 0..<frame.rows, using: &random), style: randomStyle())
      case .oneLine:
        let y = Int.random(in: 0..<frame.rows, using: &random)
        let start = Int.random(in: 0..<frame.columns, using: &random)
        writeLine(y, from: start, count: Int.random(in: 1...frame.columns, using: &random))
      case .full:
        fill(rows: 0..<frame.rows)
      case .scrolled:
        scroll()
      case .resized:
        let (columns, rows) = randomSize()
        frame.resize(columns: columns, rows: rows)
        if Bool.random(using: &random) { fill(rows: 0..<frame.rows) }
      case .colorDepth:
        depth = ColorDepth.allCases.randomElement(using: &random)!
      case .first, .none:
        break
      }
    }
    return Step(frame: frame, cursor: randomCursor(), colorDepth: depth, change: change)
  }

  // MARK: - Content

  /// 1×1 and 200×60 a twentieth of the time each, else columns and rows apart.
  private mutating func randomSize() -> (Int, Int) {
    switch Int.random(in: 0..<20, using: &random) {
    case 0: (1, 1)
    case 1: (200, 60)
    default: (randomColumns(), randomRows())
    }
  }

  private mutating func randomColumns() -> Int {
    switch Int.random(in: 0..<10, using: &random) {
    case 0: Int.random(in: 1...3, using: &random)
    case 1: 200
    case 2...3: Int.random(in: 40...200, using: &random)
    default: Int.random(in: 4...40, using: &random)
    }
  }

  private mutating func randomRows() -> Int {
    switch Int.random(in: 0..<10, using: &random) {
    case 0: Int.random(in: 1...2, using: &random)
    case 1: 60
    case 2: Int.random(in: 20...60, using: &random)
    default: Int.random(in: 3...20, using: &random)
    }
  }

  private mutating func randomCursor() -> CursorPlacement? {
    switch Int.random(in: 0..<8, using: &random) {
    case 0: nil
    case 1: CursorPlacement(column: frame.columns, row: Int.random(in: -1...frame.rows, using: &random))
    default:
      CursorPlacement(
        column: Int.random(in: 0..<frame.columns, using: &random),
        row: Int.random(in: 0..<frame.rows, using: &random))
    }
  }

  private mutating func randomColor() -> Color {
    switch Int.random(in: 0..<5, using: &random) {
    case 0, 1: .default
    case 2: .palette(UInt8.random(in: 0..<16, using: &random))
    case 3: .palette(UInt8.random(in: 0...255, using: &random))
    default:
      .rgb(
        UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random),
        UInt8.random(in: 0...255, using: &random))
    }
  }

  private mutating func randomStyle() -> TextStyle {
    if Int.random(in: 0..<3, using: &random) == 0 { return .plain }
    var style = TextStyle(
      foreground: randomColor(), background: randomColor(),
      attributes: randomAttributes())
    if Int.random(in: 0..<12, using: &random) == 0 { style.link = links.randomElement(using: &random) }
    return style
  }

  /// Mostly few attributes, as screens have; one style in eight has nearly all of them, which
  /// with two RGB colours is more than one SGR's 16 parameters.
  private mutating func randomAttributes() -> TextStyle.Attributes {
    if Int.random(in: 0..<8, using: &random) == 0 {
      return TextStyle.Attributes(rawValue: 0x7F & ~(1 << UInt8.random(in: 0..<8, using: &random)))
    }
    return TextStyle.Attributes(
      rawValue: UInt8.random(in: 0..<128, using: &random) & UInt8.random(in: 0..<128, using: &random))
  }

  private mutating func randomCharacter() -> Character {
    switch Int.random(in: 0..<40, using: &random) {
    case 0..<24: Character(Unicode.Scalar(UInt8.random(in: 0x20...0x7E, using: &random)))
    case 24..<30: Self.narrow.randomElement(using: &random)!
    case 30..<36: Self.wide.randomElement(using: &random)!
    case 36..<39: Self.varying.randomElement(using: &random)!
    default: Self.hostile.randomElement(using: &random)!
    }
  }

  /// Writes a character as a view would: a wide one with its right half, which the last column
  /// has no room for (the renderer shows a blank there).
  private mutating func put(_ character: Character, at x: Int, _ y: Int, style: TextStyle) {
    let cell = Cell(character, style: style)
    frame[x, y] = cell
    if cell.width == 2 { frame[x + 1, y] = .continuation(style) }
  }

  /// A run of characters from column `start`; at times a wide one in the last two columns.
  private mutating func writeLine(_ y: Int, from start: Int, count: Int) {
    var style = randomStyle()
    var x = start
    while x < min(frame.columns, start + count) {
      if Int.random(in: 0..<6, using: &random) == 0 { style = randomStyle() }
      let character =
        x == frame.columns - 2 && Int.random(in: 0..<3, using: &random) == 0
        ? Self.wide.randomElement(using: &random)! : randomCharacter()
      put(character, at: x, y, style: style)
      x += max(1, Cell(character).width == 2 ? 2 : 1)
    }
  }

  private mutating func fill(rows: Range<Int>) {
    for y in rows {
      if Int.random(in: 0..<4, using: &random) == 0 {
        for x in 0..<frame.columns { frame[x, y] = .blank() }
      } else {
        writeLine(y, from: 0, count: frame.columns)
      }
    }
  }

  /// A band of rows moved up or down, the rows it uncovers drawn anew: what a log or a list
  /// scrolled by a few lines draws.
  private mutating func scroll() {
    guard frame.rows >= 3 else { return fill(rows: 0..<frame.rows) }
    let top = Int.random(in: 0..<frame.rows - 2, using: &random)
    let bottom = Int.random(in: top + 2..<frame.rows, using: &random)
    let shift =
      Int.random(in: 1...max(1, (bottom - top) / 2), using: &random) * (Bool.random(using: &random) ? 1 : -1)
    let old = frame
    for y in top...bottom {
      let source = y + shift
      for x in 0..<frame.columns { frame[x, y] = (top...bottom).contains(source) ? old[x, source] : .blank() }
    }
    let uncovered = shift > 0 ? (bottom - shift + 1)...bottom : top...(top - shift - 1)
    fill(rows: uncovered.lowerBound..<uncovered.upperBound + 1)
  }
}
