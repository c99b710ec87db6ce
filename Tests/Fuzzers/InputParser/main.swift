// The input parser fuzz target (reliability B1).
//
// With -DFUZZING (and -sanitize=fuzzer,address) this is a libFuzzer binary: `make fuzz`.
// SwiftPM renames an executable's entry point, so libFuzzer's own `main` never runs; the
// top-level code below hands control to libFuzzer's driver instead. Without -DFUZZING it
// replays the files named on the command line and exits 1 if any breaks an invariant.
import Foundation

#if FUZZING
  /// libFuzzer calls this with every input it tries; a broken invariant traps, which
  /// libFuzzer reports as a crash and saves.
  @_cdecl("LLVMFuzzerTestOneInput")
  public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let problems = ParserInvariants.violations(UnsafeBufferPointer(start: data, count: size))
    if let problem = problems.first { fatalError("parser invariant broken: \(problem)") }
    return 0
  }

  /// libFuzzer's driver, given our callback.
  @_silgen_name("LLVMFuzzerRunDriver")
  func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
  ) -> CInt

  var argc = CommandLine.argc
  var argv = CommandLine.unsafeArgv
  exit(runFuzzerDriver(&argc, &argv, fuzzOneInput))
#else
  var failed = false
  for path in CommandLine.arguments.dropFirst() {
    guard let data = FileManager.default.contents(atPath: path) else {
      print("\(path): cannot read")
      failed = true
      continue
    }
    let problems = ParserInvariants.violations(Array(data))
    for problem in problems { print("\(path): \(problem)") }
    failed = failed || !problems.isEmpty
  }
  exit(failed ? 1 : 0)
#endif
