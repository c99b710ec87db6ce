import Testing

@testable import ResponderKit

@Suite("Cell")
struct CellTests {
  @Test func aCellIsASixteenBytePlainValueWithoutPadding() {
    #expect(_isPOD(Cell.self))
    #expect(MemoryLayout<Cell>.size == 16)
    #expect(MemoryLayout<Cell>.stride == 16)
  }

  @Test func equalCellsHaveEqualBytesHoweverTheyWereMade() {
    let style = TextStyle(foreground: .rgb(1, 2, 3), background: .palette(200), attributes: .bold)
    var edited = Cell("x")
    edited.style = style
    let pairs: [(Cell, Cell)] = [
      (Cell("x", style: style), edited),
      (Cell(" "), .blank()),
      (Cell("e\u{301}", style: style), Cell("e\u{301}", style: style)),
    ]
    for (a, b) in pairs {
      #expect(a == b)
      #expect(withUnsafeBytes(of: a) { Array($0) } == withUnsafeBytes(of: b) { Array($0) })
    }
    #expect(Cell("e\u{301}") != Cell("e\u{300}"))
  }

  @Test func clustersAndStylesReadBackAsWritten() {
    #expect(Cell("e\u{301}").text == "e\u{301}")
    #expect(Cell("e\u{301}").singleScalar == nil)
    #expect(Cell("👍🏽").text == "👍🏽")
    #expect(Cell("👍🏽").width == 2)
    #expect(Cell("中").singleScalar == "中")
    #expect(Cell.continuation(.plain).text == "")
    for color in [Color.default, .palette(0), .palette(255), .rgb(0, 0, 0), .rgb(255, 254, 253)] {
      let style = TextStyle(foreground: color, background: color, attributes: [.italic, .reverse])
      #expect(Cell("a", style: style).style == style)
    }
  }
}
