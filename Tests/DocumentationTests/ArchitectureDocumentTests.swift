import Foundation
import Testing

/// ARCHITECTURE.md stays true (issue 9): every file or folder it names exists, and its module
/// table, README's and Package.swift's library products name the same modules.
struct ArchitectureDocumentTests {
  static let root = DocumentationCodeTests.root

  static func read(_ file: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
  }

  /// Paths in backticks that start at a top-level folder of the repository.
  static func namedPaths(in text: String) -> [String] {
    let pattern = #/`((?:Sources|Tests|Samples|Benchmarks)/[A-Za-z0-9_+./-]*)`/#
    return text.matches(of: pattern).map { String($0.output.1) }
  }

  /// The first column of a Markdown table whose header's first cell is `module`.
  static func moduleColumn(in text: String) -> Set<String> {
    var modules: Set<String> = []
    var inTable = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("| module |") {
        inTable = true
        continue
      }
      guard inTable else { continue }
      guard line.hasPrefix("|") else { break }
      let cell = line.split(separator: "|").first?.trimmingCharacters(in: .whitespaces) ?? ""
      if cell.hasPrefix("`"), cell.hasSuffix("`"), !cell.contains("/") {
        modules.insert(String(cell.dropFirst().dropLast()))
      }
    }
    return modules
  }

  static func libraryProducts() throws -> Set<String> {
    let manifest = try read("Package.swift")
    return Set(manifest.matches(of: #/\.library\(name: "(\w+)"/#).map { String($0.output.1) })
  }

  @Test func everyPathTheArchitectureNamesExists() throws {
    let paths = Self.namedPaths(in: try Self.read("ARCHITECTURE.md"))
    #expect(paths.count > 30, "the event path names its files")
    let missing = paths.filter {
      !FileManager.default.fileExists(atPath: Self.root.appendingPathComponent($0).path)
    }
    #expect(missing.isEmpty, "ARCHITECTURE.md names paths that do not exist: \(missing)")
  }

  @Test func theArchitectureStaysShort() throws {
    let lines = try Self.read("ARCHITECTURE.md").split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count < 300)
  }

  @Test func moduleTablesAgreeWithThePackage() throws {
    let products = try Self.libraryProducts()
    #expect(products == ["ResponderKit", "XKBKeyboard", "TerminalHost", "EventReplay"])
    let architecture = Self.moduleColumn(in: try Self.read("ARCHITECTURE.md"))
    let readme = Self.moduleColumn(in: try Self.read("README.md"))
    #expect(products.isSubset(of: architecture))
    #expect(
      architecture.subtracting(products) == ["CXKBCommon", "CXKBCommonShims"], "only the C targets besides")
    #expect(readme == products)
  }

  @Test func theCheckFindsAMissingPath() {
    let paths = Self.namedPaths(in: "see `Sources/ResponderKit/Nowhere.swift` and `Package.swift`")
    #expect(paths == ["Sources/ResponderKit/Nowhere.swift"])
    #expect(!FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(paths[0]).path))
  }
}
