import Foundation
import TestSupport

/// Runs the toolchain's `swiftc` on documentation blocks, against the modules this package
/// just built (the test bundle's own build directory).
struct SwiftCompiler {
  var swiftc: URL
  var arguments: [String]

  /// Why the compiler could not be set up.
  struct SetupError: Error, CustomStringConvertible {
    var description: String
  }

  /// The compiler beside the running toolchain and the flags SwiftPM gives this package's
  /// targets: the built modules and the module maps of its C targets.
  static func forThisPackage(root: URL) throws -> SwiftCompiler {
    let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    let buildDirectory = binary.deletingLastPathComponent()
    let modules = buildDirectory.appendingPathComponent("Modules")
    guard FileManager.default.fileExists(atPath: modules.path) else {
      throw SetupError(description: "no built modules at \(modules.path)")
    }
    return SwiftCompiler(
      swiftc: try findSwiftc(),
      arguments: [
        "-swift-version", "6", "-warnings-as-errors", "-I", modules.path,
        "-Xcc", "-fmodule-map-file=\(root.path)/Sources/CXKBCommon/module.modulemap",
        "-Xcc", "-fmodule-map-file=\(root.path)/Sources/CEpoll/module.modulemap",
        "-Xcc", "-fmodule-map-file=\(buildDirectory.path)/CXKBCommonShims.build/module.modulemap",
        "-I", "\(root.path)/Sources/CXKBCommonShims/include",
        "-module-cache-path", buildDirectory.appendingPathComponent("ModuleCache").path,
      ])
  }

  /// `swiftc` from `PATH`, else from the toolchain whose runtime this process loaded.
  private static func findSwiftc() throws -> URL {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    for directory in path.split(separator: ":") {
      let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("swiftc")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    // <toolchain>/usr/lib/swift/linux/libswiftCore.so → <toolchain>/usr/bin/swiftc
    let maps = (try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8)) ?? ""
    if let line = maps.split(separator: "\n").first(where: { $0.hasSuffix("/libswiftCore.so") }),
      let slash = line.firstIndex(of: "/")
    {
      let candidate = URL(fileURLWithPath: String(line[slash...]))
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("bin/swiftc")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    throw SetupError(description: "swiftc is neither on PATH nor beside the Swift runtime")
  }

  /// Compiles a whole block (type-checks it, warnings as errors) or parses a fragment.
  /// Returns the compiler's diagnostics when it fails, nil when the block is good.
  func check(_ block: CodeBlock) throws -> String? {
    let directory = try ScratchDirectory("docs-check")
    // Named main.swift so a block may have top-level code, as a script or an app's entry does.
    let file = directory.appending("main.swift")
    try block.source.write(to: file, atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = swiftc
    process.environment = try directory.childEnvironment()
    // A block with an @main type is a library file; any other may have top-level code.
    let mode = block.code.contains("@main") ? ["-parse-as-library"] : []
    process.arguments = (block.isFragment ? ["-parse"] : ["-typecheck"] + arguments) + mode + [file.path]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let diagnostics = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return process.terminationStatus == 0 ? nil : diagnostics
  }
}
