import Foundation
import ResponderKit
import TestSupport
import Testing

@testable import EventReplay

/// The SVG picture of a screen: colours from the xterm palette, attributes as SVG presentation
/// attributes, compared with a committed golden file a person has read.
@Suite struct SnapshotSVGTests {
  static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Snapshots/svg")

  /// One row of each colour kind and attribute, plus markup characters and a wide character.
  static var sampleScreen: CellBuffer {
    let canvas = Canvas(columns: 12, rows: 4)
    func put(_ text: String, x: Int, y: Int, _ style: TextStyle) {
      _ = canvas.draw(text, x: x, y: y, style: style)
    }
    put("OK", x: 0, y: 0, TextStyle(foreground: .green, attributes: .bold))
    put("rgb", x: 3, y: 0, TextStyle(foreground: .rgb(18, 52, 86), background: .rgb(255, 240, 200)))
    put("cube", x: 7, y: 0, TextStyle(foreground: .palette(196), background: .palette(240)))
    put("rev", x: 0, y: 1, TextStyle(foreground: .yellow, attributes: .reverse))
    put("u+s", x: 4, y: 1, TextStyle(attributes: [.underline, .strikethrough]))
    put("dim", x: 8, y: 1, TextStyle(attributes: [.italic, .dim]))
    put("<a&b>", x: 0, y: 2, .plain)
    put("界", x: 6, y: 2, TextStyle(foreground: .brightWhite, background: .blue))
    return canvas.buffer
  }

  @Test func svgOfAScreenMatchesTheReadableGolden() throws {
    let file = Self.goldens.appendingPathComponent("sample-screen.svg")
    let actual = Snapshot.svg(of: Self.sampleScreen)
    if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
      try Data(actual.utf8).write(to: file)
    }
    let expected = try String(contentsOf: file, encoding: .utf8)
    #expect(actual == expected, "\(Snapshot.diff(expected: expected, actual: actual))")
  }

  @Test func paletteCubeAndGreyRampFollowXterm() {
    // xterm's 256colres.pl: cube levels 0, 95, 135, 175, 215, 255; greys 8 + 10·n.
    #expect(Snapshot.hex(.palette(16), theme: .xterm) == "#000000")
    #expect(Snapshot.hex(.palette(196), theme: .xterm) == "#ff0000")
    #expect(Snapshot.hex(.palette(110), theme: .xterm) == "#87afd7")
    #expect(Snapshot.hex(.palette(232), theme: .xterm) == "#080808")
    #expect(Snapshot.hex(.palette(255), theme: .xterm) == "#eeeeee")
  }

  @Test func failingScreenComparisonDrawsTheActualScreen() throws {
    let scratch = try ScratchDirectory("svg-artifacts")
    let directory = scratch.appending("artifacts")
    let missing = directory.appendingPathComponent("no-such-snapshot.txt")
    let mismatch = try #require(
      Snapshot.compare(Self.sampleScreen, toFileAt: missing, artifacts: directory))
    let picture = directory.appendingPathComponent("no-such-snapshot.actual.svg")
    #expect(mismatch.details.contains(picture.path))
    #expect(try String(contentsOf: picture, encoding: .utf8) == Snapshot.svg(of: Self.sampleScreen))
  }
}
