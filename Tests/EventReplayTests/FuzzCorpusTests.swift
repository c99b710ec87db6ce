import Foundation
import Testing

@testable import InputFuzzers

/// Every committed file of every fuzz target's corpus (seeds and minimised past finds),
/// replayed through the target's own invariant checks without the fuzzer.
@Suite struct FuzzCorpusTests {
  /// Tests/Fuzzers/Corpora, found from this file's path.
  static let corpora = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzzers/Corpora")

  /// (target, file) for every corpus file.
  static let files: [(String, String)] = FuzzTarget.all.flatMap { target in
    let directory = corpora.appendingPathComponent(target.name).path
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return names.filter { !$0.hasPrefix(".") }.sorted().map { (target.name, $0) }
  }

  @Test("every target has a seed corpus", arguments: FuzzTarget.all.map(\.name))
  func corpusIsPresent(_ target: String) {
    #expect(Self.files.count { $0.0 == target } >= 5, "corpus of \(target) in \(Self.corpora.path)")
  }

  // On the main actor: the geometry target drives views and windows.
  @Test("corpus file keeps its target's invariants", arguments: FuzzCorpusTests.files)
  @MainActor func corpusFile(_ target: String, _ name: String) throws {
    let data = try Data(contentsOf: Self.corpora.appendingPathComponent(target).appendingPathComponent(name))
    let check = try #require(FuzzTarget.named(target))
    #expect(check.violations(Array(data)) == [])
  }
}
