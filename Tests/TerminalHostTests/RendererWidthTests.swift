import Glibc
import ResponderKit
import Testing

@_silgen_name("wcwidth") private func systemWidth(_ scalar: Int32) -> Int32

/// The renderer trusts `Character.terminalWidth`; these tests pin that table to what
/// terminals on this system use (glibc's `wcwidth`).
@Suite("Renderer width table")
struct RendererWidthTests {
  @Test func everyScalarAgreesWithGlibcExceptTheDocumentedOnes() {
    _ = setlocale(LC_CTYPE, "C.UTF-8")
    var differing: [UInt32] = []
    for value in UInt32(0x20)..<0x40000 {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let theirs = systemWidth(Int32(value))
      if theirs >= 0 && Int(theirs) != scalar.terminalWidth { differing.append(value) }
    }
    // Regional indicators are two cells (a flag is a pair); U+1171E is a mark in newer Unicode.
    let documented = Set(UInt32(0x1F1E6)...0x1F1FF).union([0x1171E])
    #expect(differing.filter { !documented.contains($0) } == [])
  }

  @Test func clustersTakeTheWidthTerminalsDrawThemWith() {
    #expect(Character("中").terminalWidth == 2)
    #expect(Character("😀").terminalWidth == 2)
    #expect(Character("❤️").terminalWidth == 2)  // emoji presentation selector
    #expect(Character("🌡").terminalWidth == 1)  // text presentation by default
    #expect(Character("e\u{301}").terminalWidth == 1)
    #expect(Character("🇫🇷").terminalWidth == 2)
    #expect(Character("\u{D7B0}").terminalWidth == 0)
  }
}
