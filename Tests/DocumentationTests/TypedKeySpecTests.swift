import Foundation
import Testing

/// Samples and docs write keys typed (`KeySpec(character:modifiers:)`, `KeyCommand(input:…)`)
/// or parse them where a mistake is reported: never `try? KeySpec(parsing:)`, which turns a
/// mistyped shortcut into a silently missing one (issue 27 §10).
@Suite("Typed key specs in samples and docs")
struct TypedKeySpecTests {
  static var silentParse: Regex<Substring> { /try\?\s*KeySpec\s*\(\s*parsing/ }

  /// Every Swift file under Samples/ and every Markdown file the docs test compiles.
  static func files() -> [URL] {
    let root = DocumentationCodeTests.root
    let samples =
      FileManager.default.enumerator(
        at: root.appendingPathComponent("Samples"), includingPropertiesForKeys: nil)?
      .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
    return samples + DocumentationCodeTests.documents.map { root.appendingPathComponent($0) }
  }

  @Test func theCheckFindsASilentParse() {
    #expect("let k = try? KeySpec(parsing: \"Control+n\")".contains(Self.silentParse))
  }

  @Test func noSampleOrDocumentDropsAMistypedKeySpec() throws {
    let files = Self.files()
    #expect(files.count > 10)
    for file in files {
      let text = try String(contentsOf: file, encoding: .utf8)
      #expect(!text.contains(Self.silentParse), "\(file.path) parses a key spec with try?")
    }
  }
}
