import Foundation
import TestSupport
import Testing

/// README's "Using the package", done as a newcomer does it: a new package depending on a
/// checkout whose folder is not named `ResponderKit`. A path dependency's identity is its
/// folder name (SwiftPM's `PackageIdentity(path:)`), so `package:` must name the folder.
@Suite("Using the package")
struct PackageDependencyTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  @Test func readmesManifestForACheckoutUnderAnyFolderNameBuilds() throws {
    let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
      .replacingOccurrences(of: "\n", with: " ")
    let dependency = #".package(path: "../any-name")"#
    let product = #".product(name: "ResponderKit", package: "any-name")"#
    #expect(readme.contains(dependency) && readme.contains(product), "README no longer says what to write")

    // A copy of the package (manifest and library sources only) in a folder named otherwise.
    let scratch = try ScratchDirectory("rk-dep")
    let checkout = scratch.appending("any-name")
    let app = scratch.appending("Groceries")
    try FileManager.default.createDirectory(at: checkout, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      at: app.appendingPathComponent("Sources/Groceries"), withIntermediateDirectories: true)
    for item in ["Package.swift", "Sources"] {
      try FileManager.default.copyItem(
        at: Self.root.appendingPathComponent(item), to: checkout.appendingPathComponent(item))
    }
    try """
    // swift-tools-version: 6.0
    import PackageDescription

    let package = Package(
      name: "Groceries",
      dependencies: [\(dependency)],
      targets: [.executableTarget(name: "Groceries", dependencies: [\(product)])]
    )
    """.write(to: app.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
    try "import ResponderKit\nprint(Action.copy)\n".write(
      to: app.appendingPathComponent("Sources/Groceries/main.swift"), atomically: true, encoding: .utf8)
    // Only the library and the one file: no samples, tests or benchmarks are built.
    // SwiftPM and swiftc keep lock files and temporary folders in TMPDIR: the scratch's own.
    let log = scratch.appending("build.log").path
    let temporary = try #require(try scratch.childEnvironment()["TMPDIR"])
    let status = try TmuxSession.spawn([
      "bash", "-c",
      "cd '\(app.path)' && TMPDIR='\(temporary)' swift build --product Groceries > '\(log)' 2>&1; echo $?",
    ])
    let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    #expect(status.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "\(output)")
  }
}
