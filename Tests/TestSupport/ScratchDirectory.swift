import Foundation

/// A fresh folder in the temporary directory that is removed, with everything in it, when
/// the last reference goes: at the end of the test that made it, whether the test passed,
/// failed or threw.
public final class ScratchDirectory: Sendable {
  /// The folder.
  public let url: URL

  /// Creates `<temporary directory>/<prefix>-<UUID>`.
  public init(_ prefix: String) throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// The folder's path.
  public var path: String { url.path }

  /// A path inside the folder (not created).
  public func appending(_ name: String) -> URL { url.appendingPathComponent(name) }

  /// This process's environment with `TMPDIR` naming `<folder>/tmp` (created), for a child
  /// that leaves files in its temporary directory: swiftc, SwiftPM and
  /// swift-symbolgraph-extract leave `TemporaryDirectory.*` folders, lock files and generated
  /// sources there, which then go with this folder.
  public func childEnvironment() throws -> [String: String] {
    let temporary = appending("tmp")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    var environment = ProcessInfo.processInfo.environment
    environment["TMPDIR"] = temporary.path
    return environment
  }

  deinit { try? FileManager.default.removeItem(at: url) }
}
