import Foundation
import Testing

@testable import ResponderKit

/// ARCHITECTURE.md stays true (issue 9): every file or folder it names exists, and its module
/// table, README's and Package.swift's library products name the same modules; the statements
/// issue 34 found false are checked against the code (imports, per-window work, undo, which
/// classes keep `keyDown`, what runs untraced).
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
      architecture.subtracting(products) == ["CXKBCommon", "CXKBCommonShims", "CEpoll"],
      "only the C targets besides")
    #expect(readme == products)
  }

  @Test func theCheckFindsAMissingPath() {
    let paths = Self.namedPaths(in: "see `Sources/ResponderKit/Nowhere.swift` and `Package.swift`")
    #expect(paths == ["Sources/ResponderKit/Nowhere.swift"])
    #expect(!FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(paths[0]).path))
  }

  /// The Swift files under `folder`, with their text.
  static func sources(under folder: String) throws -> [(path: String, text: String)] {
    let base = root.appendingPathComponent(folder)
    let files = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
    return try files.filter { $0.hasSuffix(".swift") }.sorted().map {
      ($0, try String(contentsOf: base.appendingPathComponent($0), encoding: .utf8))
    }
  }

  /// The lines of `text` that are code, not comments.
  static func codeLines(_ text: String) -> [Substring] {
    text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
  }

  @Test func theModuleTableNamesEveryModuleResponderKitImports() throws {
    let architecture = try Self.read("ARCHITECTURE.md")
    let row = try #require(architecture.split(separator: "\n").first { $0.hasPrefix("| `ResponderKit` |") })
    let allowed = row.split(separator: "|")[1]
    var imported: Set<String> = []
    for (_, text) in try Self.sources(under: "Sources/ResponderKit") {
      for line in Self.codeLines(text) where line.hasPrefix("import ") {
        imported.insert(String(line.dropFirst("import ".count)).trimmingCharacters(in: .whitespaces))
      }
    }
    #expect(imported.contains("Foundation"))
    for module in imported { #expect(allowed.contains(module), "ResponderKit imports \(module)") }
  }

  /// "No other event code walks the windows": event dispatch reads `windows` only in
  /// `window(at:)`, which the document names.
  @Test func theOnlyPerWindowSearchOfAnEventIsTheOneTheDocumentNames() throws {
    let architecture = try Self.read("ARCHITECTURE.md")
    #expect(architecture.contains("`Application.window(at:)`"))
    #expect(!architecture.contains("Nothing runs per window per event"))
    let dispatch = [
      "Responders/Application+Events.swift", "Responders/Application+Actions.swift",
      "Responders/Window+Keys.swift",
      "Responders/Window+Touches.swift", "Responders/Responder.swift", "FastPath/Responder+Walks.swift",
    ]
    var uses: [String] = []
    for file in dispatch {
      let text = try Self.read("Sources/ResponderKit/" + file)
      uses += Self.codeLines(text).filter { $0.contains(/[^A-Za-z_]windows[^A-Za-z_(]/) }.map {
        "\(file): \($0.trimmingCharacters(in: .whitespaces))"
      }
    }
    #expect(
      uses == [
        "Responders/Application+Events.swift: windows.first { $0.frame.contains(point) }"
      ])
  }

  /// "A window's undo and redo are at most its table's".
  @MainActor @Test func aWindowWhoseTableRemovesUndoCannotUndo() throws {
    final class NoUndoWindow: Window {
      override class var actionTable: ActionTable { actions }
      static let actions = ActionTable(NoUndoWindow.self) { $0.remove(.undo) }
    }
    #expect(try Self.read("ARCHITECTURE.md").contains("A window's undo and redo are at most its table's"))
    let window = NoUndoWindow()
    let undo = try #require(window.undoManager)
    undo.groupsByEvent = false
    undo.beginUndoGrouping()
    undo.registerUndo(withTarget: window) { _ in }
    undo.endUndoGrouping()
    #expect(undo.canUndo && !window.canPerformAction(.undo, withSender: nil))
    #expect(Window().canPerformAction(.undo, withSender: nil) == false)
  }

  /// "View keeps `keyCommands`, `keyDown` and `keyUp`; Window and Application keep
  /// `keyCommands` and `keyUp` but not `keyDown`".
  @MainActor @Test func theClassesTheDocumentSaysKeepKeyDownDo() throws {
    let architecture = try Self.read("ARCHITECTURE.md").replacingOccurrences(of: "\n     ", with: " ")
    #expect(architecture.contains("View keeps `keyCommands`, `keyDown` and `keyUp`"))
    #expect(architecture.contains("Window and Application keep `keyCommands` and `keyUp` but not `keyDown`"))
    #expect(View().keptDefaults.isSuperset(of: [.keyCommands, .keyDown, .keyUp]))
    for object: Responder in [Window(), Application()] {
      #expect(object.keptDefaults.isSuperset(of: [.keyCommands, .keyUp]))
      #expect(!object.keptDefaults.contains(.keyDown))
    }
  }

  /// "With none set, ... each overridable step reads `ActionTrace.searching` once": the
  /// document says what runs untraced, and the search's steps are where it says.
  @Test func theDocumentSaysWhatRunsWithNoTrace() throws {
    let architecture = try Self.read("ARCHITECTURE.md").replacingOccurrences(of: "\n   ", with: " ")
    #expect(!architecture.contains("no trace code runs"))
    #expect(
      architecture.contains("each overridable step reads `ActionTrace.searching` once and records nothing"))
    let responder = try Self.read("Sources/ResponderKit/Responders/Responder.swift")
    #expect(responder.contains("let search = ActionTrace.searching"))
    let off = try Self.read("Sources/ResponderKit/Actions/ActionTrace+Search.swift")
    #expect(off.contains("struct Off: SearchTrace"))
  }
}
