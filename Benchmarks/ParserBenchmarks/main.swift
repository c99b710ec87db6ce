// Parser throughput (E1): a deterministic mixed byte stream, parsed in 4 KiB reads as a tty
// delivers them, against a table-driven C tokenizer of the VT500-series parser state machine
// (Benchmarks/CVTParser, the model xterm and libvterm follow, emitting the same token classes),
// against a hand-written C tokenizer with memmem for the paste end that makes the parser's items
// (CVTTokenizeDirect; the run checks every item's signature, in order, against the parser's),
// and a byte-counting loop over the same reads in the same run. Medians of the rounds; the
// parser's and the C tokenizer's rounds alternate, so load on a shared machine hits both.
//
//   swift run -c release ParserBenchmarks [--out FILE] [--megabytes N] [--rounds N]
//     [--only CORPUS] [--handler-only]
//
// For the mixed stream it also counts instructions per byte with callgrind (parser and C
// tokenizer each over the same 2 MB), which do not move with the machine's load; valgrind
// runs a copy of this program without DWARF in `--count-instructions` mode.
//
// Writes the mixed stream to FILE (default .build/parser-bench/mixed.bin), and the same mix
// without kitty keys to FILE-nokitty.bin (Textual throws on kitty sub-fields), so peers.py
// can parse the same bytes. MB are 10^6 bytes.
import BenchmarkSupport
import CVTParser
import Foundation
import ResponderKit
import TerminalHost

/// A small deterministic generator (64-bit LCG), so every run parses the same bytes.
struct Generator {
  var state: UInt64
  mutating func next(_ bound: Int) -> Int {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Int((state >> 33) % UInt64(bound))
  }
  mutating func pick<T>(_ options: [T]) -> T { options[next(options.count)] }
}

/// The kinds of input in a stream.
enum Kind: CaseIterable {
  case text, utf8, legacy, kitty, mouse, paste
}

/// Appends one randomly chosen piece of `kind` to `out`.
func appendPiece(_ kind: Kind, _ random: inout Generator, to out: inout [UInt8]) {
  let esc: UInt8 = 0x1b
  switch kind {
  case .text:
    let words = [
      "the ", "quick ", "brown ", "fox ", "jumps ", "over ", "lazy ", "dog. ", "Hello, ", "World! ",
    ]
    for _ in 0..<(1 + random.next(6)) { out += Array(random.pick(words).utf8) }
  case .utf8:
    let words = ["héllo ", "naïve ", "€100 ", "日本語 ", "😀 ", "привет ", "ß ", "𝄞 "]
    for _ in 0..<(1 + random.next(4)) { out += Array(random.pick(words).utf8) }
  case .legacy:
    let keys = [
      "[A", "[B", "[1;5C", "[1;2D", "[3~", "[15;2~", "[24~", "OP", "OQ", "[H", "[F", "[5~", "[6;5~", "[Z",
    ]
    out.append(esc)
    out += Array(random.pick(keys).utf8)
    if random.next(4) == 0 { out += [random.pick([0x03, 0x0d, 0x09, 0x7f])] }
    if random.next(5) == 0 { out += [esc, UInt8(0x61 + random.next(26))] }
  case .kitty:
    let keys = [
      "[97u", "[97;5u", "[97:65;2u", "[97;1:3u", "[1089::99;5u", "[57441;2u", "[57441;1:3u", "[13;5u",
      "[57399u", "[1;5:2A", "[3;1:3~", "[97;2;65u", "[0;;229u", "[57376;9u",
    ]
    out.append(esc)
    out += Array(random.pick(keys).utf8)
  case .mouse:
    let x = 1 + random.next(220)
    let y = 1 + random.next(60)
    let code = random.pick([0, 32, 32, 32, 35, 35, 64, 65, 2, 4, 16])
    let release = code == 0 && random.next(2) == 0
    out += Array("\u{1b}[<\(code);\(x);\(y)\(release ? "m" : "M")".utf8)
  case .paste:
    out += Array("\u{1b}[200~".utf8)
    for _ in 0..<(4 + random.next(40)) {
      out += Array(random.pick(["line of pasted text\r", "wörds ", "\t{ code: 1 }\r", "x"]).utf8)
    }
    out += Array("\u{1b}[201~".utf8)
  }
}

/// A stream of about `size` bytes drawn from `kinds` with the given weights.
func makeStream(size: Int, kinds: [(Kind, Int)], seed: UInt64) -> [UInt8] {
  var random = Generator(state: seed)
  var out: [UInt8] = []
  out.reserveCapacity(size + 8192)
  let total = kinds.reduce(0) { $0 + $1.1 }
  while out.count < size {
    var roll = random.next(total)
    var chosen = kinds[0].0
    for (kind, weight) in kinds {
      if roll < weight {
        chosen = kind
        break
      }
      roll -= weight
    }
    appendPiece(chosen, &random, to: &out)
  }
  return out
}

let readSize = 4096

/// Seconds for the median of `rounds` runs of `body`.
func best(rounds: Int, _ body: () -> Void) -> Double {
  var samples: [Double] = []
  for _ in 0..<rounds {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
  }
  return median(samples)
}

/// Seconds for the medians of `rounds` runs of `first` and of `second`, taken in turns so
/// that a shared machine's changing load falls on both alike.
func alternating(rounds: Int, _ first: () -> Void, _ second: () -> Void) -> (Double, Double) {
  var samples: ([Double], [Double]) = ([], [])
  for _ in 0..<rounds {
    samples.0.append(best(rounds: 1, first))
    samples.1.append(best(rounds: 1, second))
  }
  return (median(samples.0), median(samples.1))
}

/// The baseline: counts ESC bytes read by read, the least any parser must do.
func countingLoop(_ data: [UInt8]) -> Int {
  var escapes = 0
  data.withUnsafeBytes { all in
    var offset = 0
    while offset < all.count {
      let chunk = UnsafeRawBufferPointer(rebasing: all[offset..<min(offset + readSize, all.count)])
      for byte in chunk where byte == 0x1b { escapes += 1 }
      offset += readSize
    }
  }
  return escapes
}

/// Parses `data` in 4 KiB reads into an array per read, as `parse(_:at:into:)` does, and
/// returns the number of items. Includes the cost of destroying the items.
func parseIntoArrays(_ data: [UInt8]) -> Int {
  var parser = InputParser()
  var items: [TerminalInput] = []
  items.reserveCapacity(readSize)
  var count = 0
  data.withUnsafeBytes { all in
    var offset = 0
    var time = 0.0
    while offset < all.count {
      let chunk = UnsafeRawBufferPointer(rebasing: all[offset..<min(offset + readSize, all.count)])
      parser.parse(chunk, at: time, into: &items)
      count += items.count
      items.removeAll(keepingCapacity: true)
      offset += readSize
      time += 0.001
    }
  }
  count += parser.flush(at: 1e9).count
  return count
}

/// Parses `data` in 4 KiB reads handing each item to a closure, as a run loop dispatching
/// items at once would, and returns the number of items.
///
/// The closure folds every key's keysym and modifiers into a checksum, as the C tokenizer
/// folds each item's signature: `parse(_:at:each:)` is inlinable, so a closure that ignored
/// its items would let the compiler skip building them, and the parser would be timed doing
/// less than the C.
func parseWithHandler(_ data: [UInt8]) -> Int {
  var parser = InputParser()
  var count = 0
  var keys: UInt64 = 0
  data.withUnsafeBytes { all in
    var offset = 0
    var time = 0.0
    while offset < all.count {
      let chunk = UnsafeRawBufferPointer(rebasing: all[offset..<min(offset + readSize, all.count)])
      parser.parse(chunk, at: time) { input in
        count += 1
        if case .event(.key(let key)) = input {
          keys = keys &* 31 &+ (UInt64(key.modifierFlags.rawValue) << 40 | UInt64(key.keysym.rawValue))
        }
      }
      offset += readSize
      time += 0.001
    }
  }
  count += parser.flush(at: 1e9).count
  if keys == 1 { print("") }  // keeps the fold alive
  return count
}

/// An item's signature as CVTTokenizeDirect computes it (CVTParser.h), so the two can be
/// checked item for item.
func signature(_ input: TerminalInput) -> UInt64 {
  func mouse(_ location: Point, _ flags: KeyEvent.ModifierFlags) -> UInt64 {
    2 << 60 | UInt64(flags.rawValue) << 40 | UInt64(location.x) << 20 | UInt64(location.y)
  }
  switch input {
  case .event(.key(let key)):
    let phase: UInt64 = key.phase == .down ? 0 : key.phase == .repeat ? 1 : 2
    var shown = UInt64(key.keysym.rawValue)
    let scalars = key.characters.unicodeScalars
    if scalars.count == 1, let scalar = scalars.first, scalar.value >= 0x20, scalar.value != 0x7f {
      shown = UInt64(scalar.value)
    }
    return 1 << 60 | phase << 52 | UInt64(key.modifierFlags.rawValue) << 40 | shown
  case .event(.touches(let samples)): return mouse(samples[0].location, samples[0].modifierFlags)
  case .event(.scroll(let scroll)): return mouse(scroll.location, scroll.modifierFlags)
  case .pointer(let report): return mouse(report.location, report.modifierFlags)
  case .event(.paste(let text, _)): return 3 << 60 | UInt64(text.utf8.count)
  case .event(.focus(let isIn, _)): return 4 << 60 | (isIn ? 1 : 0)
  case .event(.text(let text, _)): return 5 << 60 | UInt64(text.unicodeScalars.first?.value ?? 0)
  default: return 6 << 60
  }
}

/// The parser's items over `data` in 4 KiB reads, folded as CVTTokenizeDirect folds its own.
func signatureChecksum(_ data: [UInt8]) -> (items: UInt64, checksum: UInt64) {
  var parser = InputParser()
  var items: UInt64 = 0
  var checksum: UInt64 = 0
  func fold(_ input: TerminalInput) {
    items += 1
    checksum = checksum &* 31 &+ signature(input)
  }
  data.withUnsafeBytes { all in
    var offset = 0
    var time = 0.0
    while offset < all.count {
      let chunk = UnsafeRawBufferPointer(rebasing: all[offset..<min(offset + readSize, all.count)])
      parser.parse(chunk, at: time, each: fold)
      offset += readSize
      time += 0.001
    }
  }
  parser.flush(at: 1e9).forEach(fold)
  return (items, checksum)
}

var outPath = ".build/parser-bench/mixed.bin"
var megabytes = 20
var rounds = 5
var only: String?
var skipArrays = false
var countInstructions = false
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
  switch argument {
  case "--out": outPath = arguments.next() ?? outPath
  case "--megabytes": megabytes = Int(arguments.next() ?? "") ?? megabytes
  case "--rounds": rounds = Int(arguments.next() ?? "") ?? rounds
  case "--only": only = arguments.next()
  case "--handler-only": skipArrays = true
  case "--count-instructions": countInstructions = true
  default:
    FileHandle.standardError.write(Data("unknown argument \(argument)\n".utf8))
    exit(2)
  }
}

let corpora: [(String, [UInt8])] = [
  (
    "mixed",
    makeStream(
      size: megabytes * 1_000_000,
      kinds: [(.text, 30), (.utf8, 15), (.legacy, 17), (.kitty, 17), (.mouse, 20), (.paste, 1)], seed: 42)
  ),
  (
    "mixed, no kitty",
    makeStream(
      size: megabytes * 1_000_000,
      kinds: [(.text, 36), (.utf8, 18), (.legacy, 21), (.mouse, 24), (.paste, 1)], seed: 43)
  ),
  ("plain text", makeStream(size: megabytes * 250_000, kinds: [(.text, 1)], seed: 7)),
  ("SGR mouse flood", makeStream(size: megabytes * 250_000, kinds: [(.mouse, 1)], seed: 8)),
  ("kitty keys", makeStream(size: megabytes * 250_000, kinds: [(.kitty, 1)], seed: 9)),
]

// Under callgrind: parse the corpus once with each side, nothing else, and print its size.
if countInstructions {
  let data = corpora.first { $0.0 == (only ?? "mixed") }!.1
  let items = parseWithHandler(data)
  let tokens = data.withUnsafeBufferPointer { CVTTokenize($0.baseAddress, $0.count, readSize) }
  let direct = data.withUnsafeBufferPointer { CVTTokenizeDirect($0.baseAddress, $0.count, readSize) }
  print(data.count, items, tokens.checksum, direct.checksum)
  exit(0)
}

/// Instructions per byte of the handler parser and of the C tokenizer on `corpus` (2 MB),
/// from callgrind counting only `parseWithHandler` or `CVTTokenize`.
func instructionsPerByte(_ corpus: String) -> (swift: Double, c: Double, direct: Double)? {
  // Named for this process, so a concurrent run cannot replace it between the two counts.
  let copy = FileManager.default.temporaryDirectory.appendingPathComponent(
    "ParserBenchmarks-nodebug-\(ProcessInfo.processInfo.processIdentifier)"
  ).path
  func run(_ arguments: [String], output: Pipe? = nil, errors: Pipe? = nil) -> Process? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.standardOutput = output ?? FileHandle.nullDevice
    process.standardError = errors ?? FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    return process
  }
  guard let strip = run(["objcopy", "--strip-debug", CommandLine.arguments[0], copy]) else { return nil }
  strip.waitUntilExit()
  defer { try? FileManager.default.removeItem(atPath: copy) }
  func collected(_ function: String) -> (instructions: Double, bytes: Double)? {
    let output = Pipe()
    let errors = Pipe()
    guard
      let process = run(
        [
          "valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", "--toggle-collect=\(function)",
          copy,
          "--count-instructions", "--only", corpus, "--megabytes", "2",
        ], output: output, errors: errors)
    else { return nil }
    let log = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard
      let instructions = log.split(separator: "\n").first(where: { $0.contains("Collected :") })
        .flatMap({ $0.split(separator: " ").last }).flatMap({ Double($0) }),
      let bytes = printed.split(separator: " ").first.flatMap({ Double($0) })
    else { return nil }
    return (instructions, bytes)
  }
  // `parse(_:at:each:)` is inlined into the harness, so the harness's function is counted,
  // handler included (as the C's counts include its checksum).
  guard let parser = collected("$s16ParserBenchmarks16parseWithHandlerySiSays5UInt8VGF"),
    let tokenizer = collected("CVTTokenize"), let direct = collected("CVTTokenizeDirect")
  else { return nil }
  return (
    parser.instructions / parser.bytes, tokenizer.instructions / tokenizer.bytes,
    direct.instructions / direct.bytes
  )
}

let directory = (outPath as NSString).deletingLastPathComponent
if !directory.isEmpty {
  try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
}
let noKittyPath = (outPath as NSString).deletingPathExtension + "-nokitty.bin"
for (path, data) in [(outPath, corpora[0].1), (noKittyPath, corpora[1].1)] {
  guard FileManager.default.createFile(atPath: path, contents: Data(data)) else {
    FileHandle.standardError.write(Data("cannot write \(path)\n".utf8))
    exit(1)
  }
  print("stream: \(data.count) bytes written to \(path)")
}
print("medians of \(rounds) rounds; C = the VT500 state machine tokenizer on the same reads")
print(
  "corpus           size MB  handler MB/s  items/s (M)  array MB/s  byte loop MB/s  handler/byte loop  C MB/s  handler/C"
)
var results: [BenchmarkResult] = []
var sameItems = true
for (name, data) in corpora where only == nil || only == name {
  var items = 0
  var arrayItems = 0
  var escapes = 0
  var tokens = CVTResult()
  let (handlerSeconds, cSeconds) = alternating(
    rounds: rounds, { items = parseWithHandler(data) },
    { tokens = data.withUnsafeBufferPointer { CVTTokenize($0.baseAddress, $0.count, readSize) } })
  let arraySeconds =
    skipArrays ? .infinity : best(rounds: rounds) { arrayItems = parseIntoArrays(data) }
  if skipArrays { arrayItems = items }
  let baseSeconds = best(rounds: rounds) { escapes = countingLoop(data) }
  precondition(items == arrayItems, "both forms must give the same items")
  let mb = Double(data.count) / 1e6
  let figures = String(
    format: "%7.1f %13.1f %12.2f %11.1f %15.1f %18.3f %7.1f %10.2f", mb, mb / handlerSeconds,
    Double(items) / handlerSeconds / 1e6, mb / arraySeconds, mb / baseSeconds,
    baseSeconds / handlerSeconds, mb / cSeconds, cSeconds / handlerSeconds)
  print(name + String(repeating: " ", count: max(1, 16 - name.count)) + figures)
  let cTokens = withUnsafeBytes(of: tokens.counts) { $0.bindMemory(to: UInt64.self).reduce(0, +) }
  print("  items \(items), C tokens \(cTokens)")
  let throughput = mb / handlerSeconds
  results.append(
    BenchmarkResult(
      name: "input parser, \(name) (\(formatted(mb)) MB in 4 KiB reads)", value: throughput, unit: "MB/s",
      baseline: "C VT500 state machine", baselineValue: mb / cSeconds,
      target: name == "mixed" ? "≥ 0.6× C and ≥ 200 MB/s" : nil,
      met: name == "mixed" ? throughput / (mb / cSeconds) >= 0.6 && throughput >= 200 : nil, rounds: rounds,
      note: "byte-counting loop \(formatted(mb / baseSeconds, 0)) MB/s"))
  if escapes == -1 { print("") }  // keeps the baseline's result alive

  // Issue 25's honest baseline: the hand-written C tokenizer with memmem for the paste end,
  // alternating with the parser again, after checking it makes the parser's items.
  let swiftSignatures = signatureChecksum(data)
  var direct = CVTResult()
  let (handlerAgain, directSeconds) = alternating(
    rounds: rounds, { items = parseWithHandler(data) },
    { direct = data.withUnsafeBufferPointer { CVTTokenizeDirect($0.baseAddress, $0.count, readSize) } })
  let directItems = withUnsafeBytes(of: direct.counts) { $0.bindMemory(to: UInt64.self).reduce(0, +) }
  let same = directItems == swiftSignatures.items && direct.checksum == swiftSignatures.checksum
  if !same { sameItems = false }
  print(
    "  memmem C tokenizer: \(formatted(mb / directSeconds, 1)) MB/s, parser \(formatted(mb / handlerAgain, 1)) MB/s "
      + "(\(formatted(directSeconds / handlerAgain, 2))x); same items in the same order: \(same) "
      + "(\(directItems) vs \(swiftSignatures.items))")
  results.append(
    BenchmarkResult(
      name: "input parser, \(name) (\(formatted(mb)) MB in 4 KiB reads), against the memmem C tokenizer",
      value: mb / handlerAgain, unit: "MB/s", baseline: "hand-written C tokenizer (memmem paste end)",
      baselineValue: mb / directSeconds, target: "≥ 0.6× C", met: directSeconds / handlerAgain >= 0.6,
      rounds: rounds,
      note:
        "C makes the parser's items (signatures checked equal in this run: \(same)); medians, rounds alternating"
    ))
}

if only == nil || only == "mixed" {
  if let counts = instructionsPerByte("mixed") {
    print(
      String(
        format: "mixed, callgrind: %.1f instructions per byte; C VT500 state machine %.1f (C/parser %.2f)",
        counts.swift, counts.c, counts.c / counts.swift))
    results.append(
      BenchmarkResult(
        name: "input parser, mixed, per byte", value: counts.swift, unit: "instructions",
        baseline: "C VT500 state machine", baselineValue: counts.c,
        target: "≤ 1.67× C (0.6× its speed)", met: counts.swift / counts.c <= 1 / 0.6, rounds: 1,
        note: "callgrind; parseWithHandler (parser and handler) and CVTTokenize over the same 2 MB"))
    print(
      String(
        format: "mixed, callgrind: memmem C tokenizer %.1f instructions per byte (C/parser %.2f)",
        counts.direct,
        counts.direct / counts.swift))
    results.append(
      BenchmarkResult(
        name: "input parser, mixed, per byte, against the memmem C tokenizer", value: counts.swift,
        unit: "instructions", baseline: "hand-written C tokenizer (memmem paste end)",
        baselineValue: counts.direct,
        target: "≤ 1.67× C (0.6× its speed)", met: counts.swift / counts.direct <= 1 / 0.6, rounds: 1,
        note: "callgrind; parseWithHandler (parser and handler) and CVTTokenizeDirect over the same 2 MB"))
  } else {
    print("mixed, callgrind: valgrind not available, instruction counts skipped")
  }
}

// The floor: appending ready-made key items to an array and destroying them, with no
// parsing at all. Every typed character costs at least this.
if only == nil || only == "floor" {
  let table = (0x20..<0x7f).map { byte in
    TerminalInput.event(
      .key(KeyEvent(keysym: Keysym(UInt32(byte)), characters: String(UnicodeScalar(UInt8(byte))))))
  }
  var items: [TerminalInput] = []
  items.reserveCapacity(readSize)
  var total = 0
  let count = 20_000_000
  let seconds = best(rounds: rounds) {
    var done = 0
    while done < count {
      for index in 0..<readSize { items.append(table[index % table.count]) }
      total += items.count
      items.removeAll(keepingCapacity: true)
      done += readSize
    }
  }
  print(
    String(
      format: "item floor: %.1f ns to append and destroy one ready-made key item (%.0f M/s)",
      seconds / Double(count) * 1e9, Double(count) / seconds / 1e6))
  if total == -1 { print("") }
}
writeResults(results, group: "parser")
if !sameItems {
  FileHandle.standardError.write(Data("the memmem C tokenizer and the parser disagree\n".utf8))
  exit(1)
}
