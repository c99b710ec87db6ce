import ResponderKit
import Testing

@testable import TerminalHost

/// OSC 8 hyperlinks in the renderer's output, by the "Hyperlinks in terminal emulators"
/// specification: `ESC ] 8 ; params ; URI ST` opens, `ESC ] 8 ; ; ST` closes, `id=` joins the
/// parts of one link drawn apart (issue 38).
@Suite("Renderer hyperlinks (OSC 8)")
struct HyperlinkRendererTests {
  static func buffer(_ text: String, link: Hyperlink?, linked: Range<Int>, columns: Int = 20) -> CellBuffer {
    var buffer = CellBuffer(columns: columns, rows: 1)
    for (x, character) in text.enumerated() {
      buffer[x, 0] = Cell(character, style: TextStyle(link: linked.contains(x) ? link : nil))
    }
    return buffer
  }

  static func open(_ link: Hyperlink) -> String { "\u{1b}]8;id=\(link.number);\(link.url)\u{1b}\\" }
  static let close = "\u{1b}]8;;\u{1b}\\"

  func render(_ renderer: inout Renderer, _ frame: CellBuffer) -> String {
    String(decoding: renderer.render(frame, cursor: nil), as: UTF8.self)
  }

  @Test func aLinkIsOpenedBeforeItsCellsAndClosedAfterThem() {
    let link = Hyperlink("https://example.org/docs")
    var renderer = Renderer(synchronizedOutput: false)
    let text = render(&renderer, Self.buffer("see docs!now", link: link, linked: 4..<8))
    #expect(
      text.contains("see " + Self.open(link) + "docs" + Self.close + "!now"), "\(text.debugDescription)")
    #expect(text.components(separatedBy: "\u{1b}]8;").count == 3, "one open, one close")
  }

  @Test func aChangeInsideALinkRedrawsOnlyThatCellInsideTheSameLink() {
    let link = Hyperlink("https://example.org/a")
    var renderer = Renderer(synchronizedOutput: false)
    _ = render(&renderer, Self.buffer("see docs now", link: link, linked: 4..<8))
    let text = render(&renderer, Self.buffer("see dogs now", link: link, linked: 4..<8))
    #expect(text.hasSuffix(Self.open(link) + "g" + Self.close), "\(text.debugDescription)")
    #expect(!text.contains("see"))
  }

  @Test func aLinkThatChangesOrGoesAwayRedrawsItsCells() {
    let first = Hyperlink("https://example.org/one")
    let second = Hyperlink("https://example.org/two")
    var renderer = Renderer(synchronizedOutput: false)
    _ = render(&renderer, Self.buffer("go here", link: first, linked: 3..<7))
    let changed = render(&renderer, Self.buffer("go here", link: second, linked: 3..<7))
    #expect(changed.hasSuffix(Self.open(second) + "here" + Self.close), "\(changed.debugDescription)")
    let removed = render(&renderer, Self.buffer("go here", link: nil, linked: 0..<0))
    #expect(removed.hasSuffix("here") && !removed.contains("\u{1b}]8"), "\(removed.debugDescription)")
  }

  @Test func twoLinksSideBySideSwitchWithoutAGap() {
    let a = Hyperlink("https://a.example")
    let b = Hyperlink("https://b.example")
    var buffer = Self.buffer("ab", link: a, linked: 0..<1)
    buffer[1, 0] = Cell("b", style: TextStyle(link: b))
    var renderer = Renderer(synchronizedOutput: false)
    let text = render(&renderer, buffer)
    #expect(text.contains(Self.open(a) + "a" + Self.open(b) + "b" + Self.close), "\(text.debugDescription)")
  }

  @Test func bytesAURICannotHoldArePercentEncoded() {
    let link = Hyperlink("https://example.org/é\u{7}")
    var renderer = Renderer(synchronizedOutput: false)
    let text = render(&renderer, Self.buffer("x", link: link, linked: 0..<1))
    #expect(text.contains(";https://example.org/%C3%A9%07\u{1b}\\x"), "\(text.debugDescription)")
  }

  @Test func aLinkSurvivesTheCellsStyleAndEquality() {
    let link = Hyperlink("https://example.org")
    let cell = Cell("x", style: TextStyle(foreground: .red, link: link))
    #expect(cell.style.link == link && cell.style.link?.url == "https://example.org")
    #expect(!cell.hasSameStyle(as: Cell("x", style: TextStyle(foreground: .red))))
    #expect(Hyperlink("https://example.org") == link, "one number per URL")
  }
}
