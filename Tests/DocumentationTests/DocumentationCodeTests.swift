import Foundation
import Testing

/// Every Swift block in README.md and the DocC articles compiles (issue 15 §3): a whole
/// block type-checks against the package's modules with warnings as errors, a block marked
/// `<!-- fragment -->` parses. A failure names the Markdown file and line.
struct DocumentationCodeTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// README.md and every article in the DocC catalogues under Sources.
  static var documents: [String] {
    let sources = root.appendingPathComponent("Sources")
    let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
    let articles = files.filter { $0.contains(".docc/") && $0.hasSuffix(".md") }.map { "Sources/" + $0 }
    return ["README.md"] + articles.sorted()
  }

  static var blocks: [CodeBlock] {
    documents.flatMap { file -> [CodeBlock] in
      let text = (try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)) ?? ""
      return (try? CodeBlock.swiftBlocks(in: text, file: file)) ?? []
    }
  }

  @Test func everyDocumentReadsAsCodeBlocks() throws {
    for file in Self.documents {
      let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
      #expect(throws: Never.self) { try CodeBlock.swiftBlocks(in: text, file: file) }
    }
    #expect(Self.blocks.contains { $0.file == "README.md" && !$0.isFragment })
  }

  @Test(arguments: DocumentationCodeTests.blocks)
  func swiftBlockCompiles(_ block: CodeBlock) throws {
    let diagnostics = try SwiftCompiler.forThisPackage(root: Self.root).check(block)
    #expect(
      diagnostics == nil, "\(block) does not \(block.isFragment ? "parse" : "compile"):\n\(diagnostics ?? "")"
    )
  }

  // MARK: The check itself

  private func parse(_ markdown: String) throws(CodeBlock.ParseError) -> [CodeBlock] {
    try CodeBlock.swiftBlocks(in: markdown, file: "Broken.md")
  }

  @Test func aBrokenBlockFailsNamingTheFileAndLine() throws {
    let markdown = """
      # Broken

      ```swift
      import ResponderKit

      func size() -> Size { Size(width: 1, height: 1) }
      let s = try size()
      print(s)
      ```
      """
    let block = try #require(try parse(markdown).first)
    #expect(block.line == 4)
    let diagnostics = try #require(try SwiftCompiler.forThisPackage(root: Self.root).check(block))
    // `try` on a call that cannot throw is only a warning; the check makes it fail.
    #expect(diagnostics.contains("Broken.md:7:"), "\(diagnostics)")
  }

  @Test func aBlockUsingAnUndefinedNameFails() throws {
    let markdown = "```swift\nimport EventReplay\nlet app = makeApp()\n```\n"
    let block = try #require(try parse(markdown).first)
    let diagnostics = try #require(try SwiftCompiler.forThisPackage(root: Self.root).check(block))
    #expect(diagnostics.contains("Broken.md:3:") && diagnostics.contains("makeApp"), "\(diagnostics)")
  }

  @Test func aFragmentNeedOnlyParse() throws {
    let markdown = """
      <!-- fragment: the view is defined above -->
      ```swift
      view.name = "x"
      …
      ```

      <!-- fragment -->
      ```swift
      func broken( {
      ```
      """
    let found = try parse(markdown)
    #expect(found.map(\.isFragment) == [true, true])
    let compiler = try SwiftCompiler.forThisPackage(root: Self.root)
    #expect(try compiler.check(found[0]) == nil)
    let diagnostics = try #require(try compiler.check(found[1]))
    #expect(diagnostics.contains("Broken.md:9:"), "\(diagnostics)")
  }

  @Test func aBlockWithAnAppEntryPointCompiles() throws {
    let markdown =
      "```swift\nimport ResponderKit\n\n@main struct App {\n  static func main() { print(Size.zero) }\n}\n```\n"
    let block = try #require(try parse(markdown).first)
    #expect(try SwiftCompiler.forThisPackage(root: Self.root).check(block) == nil)
  }

  @Test func onlySwiftBlocksAreChecked() throws {
    let markdown = "```sh\nmake test\n```\n~~~swift\nlet x = 1\n~~~\n````\n```swift\n````\n"
    let found = try parse(markdown)
    #expect(found.map(\.code) == ["let x = 1"])
    #expect(found.map(\.line) == [5])
  }

  @Test func anUnclosedFenceIsAnErrorNamingItsLine() {
    #expect(throws: CodeBlock.ParseError.self) { try parse("text\n\n```swift\nlet x = 1\n") }
    do {
      _ = try parse("text\n\n```swift\nlet x = 1\n")
    } catch {
      #expect(error.description == "Broken.md:3: the code fence opened here is never closed")
    }
  }
}
