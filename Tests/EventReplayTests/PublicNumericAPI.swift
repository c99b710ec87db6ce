import Foundation
import TestSupport

/// The census's list, derived from the public interface: every public settable property and
/// every public initializer, method or subscript parameter whose type is numeric or geometric,
/// and every numeric answer a public protocol asks its conformer for (a data source's counts,
/// a delegate's heights). Read from the symbol graphs `swift-symbolgraph-extract` writes for
/// the built modules, so nothing is listed by hand.
///
/// Each line is one key, the same string a ``CensusEntry`` names:
/// `Module.Type.member(labels:) label: Type` for a parameter, `Module.Type.member: Type` for a
/// property and `Module.Protocol.requirement(labels:) -> Type` for a requirement's answer.
struct PublicNumericAPI {
  /// The modules whose public interface the census covers.
  static let modules = ["ResponderKit", "TerminalHost", "EventReplay", "XKBKeyboard"]

  /// The types that carry a number or a place: a key whose type names one of these is listed.
  /// Fixed-width integers (`UInt32` key codes, `Int32` file descriptors, `UInt8` bytes) are
  /// identifiers and bit patterns every value of which is defined input, and are not.
  static let numericTypes: Set<String> = [
    "Double", "Float", "Int", "TimeInterval", "Point", "Size", "Rect", "EdgeInsets", "IndexPath", "Range",
    "ClosedRange", "Duration",
  ]

  /// The keys, sorted.
  let keys: [String]

  /// Extracts the symbol graphs of ``modules`` from the build directory the test bundle runs
  /// from into a scratch folder (removed afterwards) and reads them.
  static func extracted() throws -> PublicNumericAPI {
    let binaries = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
      .deletingLastPathComponent()
    let scratch = try ScratchDirectory("census-symbols")
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    // The extractor runs the compiler's front end, which leaves its temporary files in TMPDIR.
    let environment = try scratch.childEnvironment()
    for module in modules {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = [
        "swift-symbolgraph-extract", "-module-name", module, "-target", targetTriple,
        "-I", binaries.appendingPathComponent("Modules").path,
        "-I", repository.appendingPathComponent("Sources/CXKBCommon").path,
        "-I", repository.appendingPathComponent("Sources/CEpoll").path,
        "-Xcc",
        "-fmodule-map-file=" + binaries.appendingPathComponent("CXKBCommonShims.build/module.modulemap").path,
        "-minimum-access-level", "public", "-output-dir", scratch.url.path,
      ]
      process.environment = environment
      process.standardOutput = FileHandle.nullDevice
      let errors = Pipe()
      process.standardError = errors
      try process.run()
      let message = errors.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      guard process.terminationStatus == 0 else {
        throw ExtractionError(module: module, message: String(decoding: message, as: UTF8.self))
      }
    }
    // `Module@Other.symbols.json` holds what a module adds to another's types.
    var keys = Set<String>()
    for file in try FileManager.default.contentsOfDirectory(atPath: scratch.path)
    where file.hasSuffix(".json") {
      keys.formUnion(try Self.keys(inSymbolGraph: Data(contentsOf: scratch.appending(file))))
    }
    return PublicNumericAPI(keys: keys.sorted())
  }

  /// The triple the modules were built for.
  static var targetTriple: String {
    #if arch(x86_64)
      "x86_64-unknown-linux-gnu"
    #else
      "aarch64-unknown-linux-gnu"
    #endif
  }

  /// A module the extractor could not read.
  struct ExtractionError: Error, CustomStringConvertible {
    let module: String
    let message: String
    var description: String { "swift-symbolgraph-extract failed for \(module): \(message)" }
  }

  /// The keys of one symbol graph file.
  static func keys(inSymbolGraph data: Data) throws -> [String] {
    guard let graph = try JSONSerialization.jsonObject(with: data) as? [String: Any],
      let module = (graph["module"] as? [String: Any])?["name"] as? String,
      let symbols = graph["symbols"] as? [[String: Any]]
    else { return [] }
    let relationships = graph["relationships"] as? [[String: Any]] ?? []
    func sources(_ kinds: Set<String>) -> Set<String> {
      Set(
        relationships.filter { kinds.contains($0["kind"] as? String ?? "") }.compactMap {
          $0["source"] as? String
        })
    }
    let requirements = sources(["requirementOf", "optionalRequirementOf"])
    // A protocol extension's default implementation: the framework passes its arguments.
    let defaults = sources(["defaultImplementationOf"])
    var keys: [String] = []
    for symbol in symbols {
      guard ["public", "open"].contains(symbol["accessLevel"] as? String),
        let kind = (symbol["kind"] as? [String: Any])?["identifier"] as? String,
        let path = symbol["pathComponents"] as? [String],
        let precise = (symbol["identifier"] as? [String: Any])?["precise"] as? String,
        !defaults.contains(precise)
      else { continue }
      let name = ([module] + path).joined(separator: ".")
      let declaration = Fragment.list(symbol["declarationFragments"])
      switch kind {
      case "swift.property", "swift.type.property":
        let text = declaration.map(\.spelling).joined()
        // `let`, `{ get }` and `private(set)` are read-only.
        guard text.contains("var "), !text.contains("{ get }") else { continue }
        if let type = Fragment.typeAfterColon(declaration), isNumeric(type), !isRawValue(path) {
          keys.append("\(name): \(Fragment.text(type))")
        }
      case "swift.init", "swift.method", "swift.type.method", "swift.subscript", "swift.func":
        let signature = symbol["functionSignature"] as? [String: Any] ?? [:]
        if requirements.contains(precise) {
          // The framework passes a requirement's parameters; the conformer's answer comes in.
          let returns = Fragment.list(signature["returns"])
          if isNumeric(returns) { keys.append("\(name) -> \(Fragment.text(returns))") }
          continue
        }
        guard !isRawValue(path) else { continue }
        for parameter in signature["parameters"] as? [[String: Any]] ?? [] {
          let fragments = Fragment.list(parameter["declarationFragments"])
          if let type = Fragment.typeAfterColon(fragments), isNumeric(type),
            let label = parameter["name"] as? String
          {
            keys.append("\(name) \(label): \(Fragment.text(type))")
          }
        }
      default: continue
      }
    }
    return keys
  }

  /// Whether a type names a numeric type, leaving out closures (a callback is not a value).
  static func isNumeric(_ type: [Fragment]) -> Bool {
    !Fragment.text(type).contains("->")
      && type.contains { $0.kind == "typeIdentifier" && numericTypes.contains($0.spelling) }
  }

  /// An option set's or raw-representable's bits: every pattern is a value of the type.
  static func isRawValue(_ path: [String]) -> Bool {
    path.last == "rawValue" || path.last == "init(rawValue:)"
  }

  /// One piece of a declaration as the symbol graph spells it.
  struct Fragment {
    let kind: String
    let spelling: String

    static func list(_ value: Any?) -> [Fragment] {
      (value as? [[String: Any]] ?? []).compactMap { fragment in
        guard let kind = fragment["kind"] as? String, let spelling = fragment["spelling"] as? String else {
          return nil
        }
        return Fragment(kind: kind, spelling: spelling)
      }
    }

    /// The fragments after the first `:` (a property's or a parameter's type), nil if none.
    static func typeAfterColon(_ fragments: [Fragment]) -> [Fragment]? {
      guard let colon = fragments.firstIndex(where: { $0.kind == "text" && $0.spelling.contains(":") }) else {
        return nil
      }
      let rest = fragments[colon].spelling.split(
        separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
      return [Fragment(kind: "text", spelling: String(rest.last ?? ""))] + fragments[(colon + 1)...]
    }

    /// The type as written, without a property's `{ get set }`.
    static func text(_ fragments: [Fragment]) -> String {
      let text = fragments.map(\.spelling).joined()
      let type = text.split(separator: "{", maxSplits: 1).first.map(String.init) ?? text
      return type.trimmingCharacters(in: .whitespaces)
    }
  }
}
