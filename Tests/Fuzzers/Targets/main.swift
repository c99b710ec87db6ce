// The fuzz targets for every parser of untrusted input but the terminal's (which has its own,
// InputParserFuzzer): `InputFuzzers TARGET [libFuzzer options] [corpus dirs]`.
//
// With -DFUZZING (and -sanitize=fuzzer,address) this is a libFuzzer binary: `make fuzz`.
// SwiftPM renames an executable's entry point, so libFuzzer's own `main` never runs; the code
// below removes the target name from the arguments and hands the rest to libFuzzer's driver.
// Without -DFUZZING it replays the files named after the target and exits 1 if any breaks
// an invariant.
import Foundation

let arguments = CommandLine.arguments
guard arguments.count >= 2, let target = FuzzTarget.named(arguments[1]) else {
  print("usage: \(arguments.first ?? "InputFuzzers") TARGET [options] [files or corpus dirs]\ntargets:")
  for target in FuzzTarget.all { print("  \(target.name): \(target.summary)") }
  exit(2)
}

#if FUZZING
  /// The target libFuzzer drives; set once, before the driver starts.
  nonisolated(unsafe) var selected = target

  /// libFuzzer calls this with every input it tries; a broken invariant traps, which
  /// libFuzzer reports as a crash and saves.
  @_cdecl("LLVMFuzzerTestOneInput")
  public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    if let problem = selected.violations(input).first {
      fatalError("\(selected.name) invariant broken: \(problem)")
    }
    return 0
  }

  /// libFuzzer's driver, given our callback.
  @_silgen_name("LLVMFuzzerRunDriver")
  func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
  ) -> CInt

  var driverArguments = Array(
    UnsafeBufferPointer(start: CommandLine.unsafeArgv, count: Int(CommandLine.argc) + 1))
  driverArguments.remove(at: 1)
  var argc = CommandLine.argc - 1
  let status = driverArguments.withUnsafeMutableBufferPointer { buffer in
    var argv = buffer.baseAddress!
    return runFuzzerDriver(&argc, &argv, fuzzOneInput)
  }
  exit(status)
#else
  var failed = false
  for path in arguments.dropFirst(2) {
    guard let data = FileManager.default.contents(atPath: path) else {
      print("\(path): cannot read")
      failed = true
      continue
    }
    let problems = target.violations(Array(data))
    for problem in problems { print("\(path): \(problem)") }
    failed = failed || !problems.isEmpty
  }
  exit(failed ? 1 : 0)
#endif
