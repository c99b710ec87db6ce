import Foundation
import ResponderKit
import Testing

@testable import TerminalHost

/// The renderer's colour downgrade, checked against xterm's palette (its 6×6×6 cube with levels
/// 0, 95, 135, 175, 215, 255 and grey ramp 8 + 10n, 256colres.h; its 16 default colours,
/// XTerm-col.ad) and the SGR forms of ctlseqs: 38;5;n for the palette, 30–37/90–97 for the 16.
@Suite("Colour depth")
struct ColorDepthTests {
  /// The bytes for a one-cell frame drawn in `style`, without synchronized output.
  private func bytes(_ style: TextStyle, depth: ColorDepth) -> String {
    var renderer = Renderer(synchronizedOutput: false)
    renderer.colorDepth = depth
    var frame = CellBuffer(columns: 1, rows: 1)
    frame[0, 0] = Cell("x", style: style)
    return String(decoding: renderer.render(frame, cursor: nil), as: UTF8.self)
  }

  /// The first frame resets the style and clears, so a colour is set from the plain style.
  private let prefix = "\u{1B}[m\u{1B}[2J\u{1B}[H"
  private let suffix = "x\u{1B}[?25l"

  @Test func trueColorKeepsTheRGBValue() {
    #expect(
      bytes(TextStyle(foreground: .rgb(95, 135, 255)), depth: .trueColor) == prefix
        + "\u{1B}[38;2;95;135;255m" + suffix)
  }

  @Test func palette256TakesTheNearestCubeOrGreyEntry() {
    // Pure red is cube (5,0,0) = 196; (95,135,255) is cube (1,2,5) = 69; a grey of 138 is
    // ramp step 13 = 245.
    #expect(
      bytes(TextStyle(foreground: .rgb(255, 0, 0)), depth: .palette256) == prefix + "\u{1B}[38;5;196m"
        + suffix)
    #expect(
      bytes(TextStyle(foreground: .rgb(95, 135, 255)), depth: .palette256) == prefix + "\u{1B}[38;5;69m"
        + suffix)
    #expect(
      bytes(TextStyle(background: .rgb(138, 138, 138)), depth: .palette256) == prefix + "\u{1B}[48;5;245m"
        + suffix)
    // Between cube levels 95 and 135 the nearer wins: 100 → 95 (index 1), 120 → 135 (index 2).
    #expect(ColorDepth.palette256.downgrade(Color.rgb(100, 0, 120)) == .palette(16 + 36 * 1 + 2))
  }

  @Test func ansi16TakesTheNearestOfXtermsSixteen() {
    // ff0000 is bright red (9, SGR 91); 5c5cff-like blue is bright blue (12, SGR 94);
    // cd0000 is red (1, SGR 31); a palette entry past 15 goes the same way.
    #expect(bytes(TextStyle(foreground: .rgb(255, 0, 0)), depth: .ansi16) == prefix + "\u{1B}[91m" + suffix)
    #expect(bytes(TextStyle(foreground: .rgb(95, 95, 255)), depth: .ansi16) == prefix + "\u{1B}[94m" + suffix)
    #expect(bytes(TextStyle(background: .rgb(205, 0, 0)), depth: .ansi16) == prefix + "\u{1B}[41m" + suffix)
    #expect(bytes(TextStyle(foreground: .palette(196)), depth: .ansi16) == prefix + "\u{1B}[91m" + suffix)
    #expect(bytes(TextStyle(foreground: .palette(3)), depth: .ansi16) == prefix + "\u{1B}[33m" + suffix)
  }

  @Test func noColorKeepsOnlyTheAttributes() {
    let style = TextStyle(foreground: .rgb(95, 175, 255), background: .red, attributes: [.bold, .reverse])
    #expect(bytes(style, depth: .none) == prefix + "\u{1B}[1;7m" + suffix)
    #expect(bytes(TextStyle(foreground: .red), depth: .none) == prefix + suffix)
  }

  /// terminfo's `colors#8` entries (ncurses' `xterm`, `linux`: `tput -T xterm colors` says 8)
  /// get SGR 30–37 only, never the bright 90–97 they do not declare.
  @Test func eightColourTerminalsGetTheEightCodes() throws {
    let system = Terminfo.searchPath(environment: [:])
    for term in ["xterm", "linux"] where Terminfo.colors(ofTerminal: term, searchPath: system) == 8 {
      #expect(ColorDepth.detect(environment: ["TERM": term]) == .ansi8, "\(term)")
    }
    #expect(bytes(TextStyle(foreground: .rgb(255, 0, 0)), depth: .ansi8) == prefix + "\u{1B}[31m" + suffix)
    #expect(bytes(TextStyle(foreground: .palette(12)), depth: .ansi8) == prefix + "\u{1B}[34m" + suffix)
    #expect(bytes(TextStyle(background: .palette(196)), depth: .ansi8) == prefix + "\u{1B}[41m" + suffix)
  }

  @Test func downgradingTwiceChangesNothingMore() {
    for depth in ColorDepth.allCases {
      for color in [Color.rgb(12, 200, 77), .palette(200), .palette(9), .default] {
        let once = depth.downgrade(color)
        #expect(depth.downgrade(once) == once)
      }
    }
  }

  @Test func noColorWinsOverEverythingWhenNotEmpty() {
    let rich = ["TERM": "xterm-256color", "COLORTERM": "truecolor"]
    #expect(ColorDepth.detect(environment: rich.merging(["NO_COLOR": "1"]) { $1 }) == .none)
    // no-color.org: only a value that is not empty counts.
    #expect(ColorDepth.detect(environment: rich.merging(["NO_COLOR": ""]) { $1 }) == .trueColor)
  }

  @Test func colortermAndTermDecideTheRest() {
    #expect(ColorDepth.detect(environment: ["TERM": "xterm", "COLORTERM": "24bit"]) == .trueColor)
    #expect(ColorDepth.detect(environment: ["TERM": "dumb", "COLORTERM": "truecolor"]) == .none)
    #expect(ColorDepth.detect(environment: [:]) == .none)
    // No terminfo entry: the name decides.
    #expect(ColorDepth.detect(environment: ["TERM": "foo-256color"], terminfoDirectories: []) == .palette256)
    #expect(ColorDepth.detect(environment: ["TERM": "foo"], terminfoDirectories: []) == .ansi16)
  }

  /// The `colors` capability read from the system's terminfo entries equals what ncurses'
  /// `tput colors` answers for the same terminal.
  @Test(arguments: [
    "xterm-256color", "xterm", "linux", "vt100", "xterm-mono", "screen-256color", "tmux-256color",
  ])
  func terminfoColorsMatchNcurses(term: String) throws {
    let tput = Process()
    tput.executableURL = URL(fileURLWithPath: "/usr/bin/tput")
    tput.arguments = ["-T", term, "colors"]
    let pipe = Pipe()
    tput.standardOutput = pipe
    tput.standardError = FileHandle.nullDevice
    try tput.run()
    tput.waitUntilExit()
    let answer = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let ours = Terminfo.colors(ofTerminal: term, searchPath: Terminfo.searchPath(environment: [:]))
    if tput.terminationStatus != 0 {
      #expect(ours == nil, "ncurses has no \(term) entry")
    } else {
      #expect(ours == Int(answer).flatMap { $0 < 0 ? nil : $0 })
    }
  }
}
