import Foundation
import Testing

/// `make test` prints the real count only: the package has no XCTest tests, so every
/// `swift test` in the Makefile turns XCTest's runner off (else it prints "Executed 0 tests"
/// twice before Swift Testing's result).
@Suite("Makefile")
struct MakefileTests {
  @Test func everySwiftTestRunSkipsTheEmptyXCTestRun() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let makefile = try String(contentsOf: root.appendingPathComponent("Makefile"), encoding: .utf8)
    let runs = makefile.split(separator: "\n").filter { $0.contains("$(SWIFT) test") }
    #expect(!runs.isEmpty)
    for run in runs { #expect(run.contains("--disable-xctest"), "\(run)") }
    let xctestFiles = try FileManager.default.subpathsOfDirectory(
      atPath: root.appendingPathComponent("Tests").path
    )
    .filter { $0.hasSuffix(".swift") }
    .filter {
      (try? String(contentsOf: root.appendingPathComponent("Tests/\($0)"), encoding: .utf8))?
        .contains("import " + "XCTest") == true
    }
    #expect(xctestFiles.isEmpty, "XCTest tests would no longer run under make test: \(xctestFiles)")
  }
}
