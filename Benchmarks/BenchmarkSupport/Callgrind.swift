import Foundation

/// Instructions per operation from callgrind: this executable run at two operation counts
/// (`arguments(count)` makes its command line), only the functions matching `toggle`
/// collected (`--toggle-collect`), and the difference divided by the extra operations, so
/// start-up and one-time work cancel out. `nil` when valgrind is missing or fails.
///
/// Valgrind 3.19 cannot read the toolchain's DWARF, so it runs a copy without it.
public func callgrindInstructionsPerOperation(
  toggle: String, counts: (small: Int, large: Int), arguments: (Int) -> [String]
) -> Double? {
  let executable = CommandLine.arguments[0]
  let copy = FileManager.default.temporaryDirectory
    .appendingPathComponent(
      URL(fileURLWithPath: executable).lastPathComponent
        + "-nodebug-\(ProcessInfo.processInfo.processIdentifier)"
    ).path
  func run(_ arguments: [String], stderr: Pipe? = nil) -> Process? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = stderr ?? FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    return process
  }
  // Named for this process: another run of the same benchmark (another branch, on a shared
  // machine) would otherwise replace the copy between the two counts.
  guard let strip = run(["objcopy", "--strip-debug", executable, copy]) else { return nil }
  strip.waitUntilExit()
  defer { try? FileManager.default.removeItem(atPath: copy) }
  func collected(_ count: Int) -> Double? {
    let pipe = Pipe()
    let command =
      ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", "--toggle-collect=\(toggle)", copy]
      + arguments(count)
    guard let process = run(command, stderr: pipe) else { return nil }
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return output.split(separator: "\n").first { $0.contains("Collected :") }
      .flatMap { $0.split(separator: " ").last }.flatMap { Double($0) }
  }
  guard let small = collected(counts.small), let large = collected(counts.large) else { return nil }
  return (large - small) / Double(counts.large - counts.small)
}
