// Key decoding: what an app runs per key (EvdevDecoder → KeyEvent, and KeyEventTranslator
// alone) against the lean C loop doing the same work (CXKBBenchmarkLoop_runLean) and against
// xkbcommon's full path through KeyboardState.keyEvent, and the decoder against the minimal C
// loop (CXKBBenchmarkLoop_runMinimal: keysym and code point only, issue 25), on a German mix of letters, Shift,
// Control, AltGr, dead keys and edit keys. Medians of 7 rounds of the thread's CPU time, on
// both sides (a shared machine's descheduled time counts against neither); instructions per key from
// callgrind (two event counts, so start-up cancels out).
//
// Run in release: `make bench`. `XKBBenchmarks --only lean|minimal|translator|decoder|full N` runs one
// path once over N events (what callgrind measures); `XKBBenchmarks --times [R]` prints only
// the timed medians (of R rounds).
import BenchmarkSupport
import CXKBBenchmarkLoop
import Foundation
import Glibc
import ResponderKit
import XKBKeyboard

let layout = "de"
let rounds = 7
let eventCount = 1_000_000

/// A seeded mix of presses and releases (evdev codes): letters, Shift+letter, Control+letter,
/// AltGr symbols (@ € { [ ] }), dead keys followed by a letter, and edit keys.
func makeEvents(count: Int) -> (codes: [UInt16], downs: [UInt8]) {
  let letters: [UInt16] = Array(16...25) + Array(30...38) + Array(44...50) + [57]
  let altGr: [UInt16] = [16, 18, 8, 9, 10, 11]
  let dead: [UInt16] = [13, 41]
  let edit: [UInt16] = [14, 111, 103, 108, 105, 106, 102, 107, 28, 15]
  var codes: [UInt16] = []
  var downs: [UInt8] = []
  var seed: UInt64 = 0x9e37_79b9_7f4a_7c15
  func next(_ n: Int) -> Int {
    seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Int((seed >> 33) % UInt64(n))
  }
  func tap(_ key: UInt16, holding modifier: UInt16? = nil) {
    if let modifier {
      codes.append(modifier)
      downs.append(1)
    }
    codes += [key, key]
    downs += [1, 0]
    if let modifier {
      codes.append(modifier)
      downs.append(0)
    }
  }
  while codes.count < count {
    switch next(100) {
    case 0..<50: tap(letters[next(letters.count)])
    case 50..<60: tap(letters[next(letters.count)], holding: 42)
    case 60..<70: tap(letters[next(letters.count)], holding: 29)
    case 70..<78: tap(altGr[next(altGr.count)], holding: 100)
    case 78..<85:
      tap(dead[next(dead.count)])
      tap(letters[next(letters.count)])
    default: tap(edit[next(edit.count)])
    }
  }
  return (Array(codes.prefix(count)), Array(downs.prefix(count)))
}

/// What the C loop sums: keysym, both texts' lengths, the first byte and the flags. Computed in
/// a separate pass, to prove every path did the same work; timed passes sum only the keysym
/// and flags (reading the texts back as Strings is the app's work, not decoding).
func checksum(_ event: KeyEvent) -> UInt64 {
  let text = event.characters.utf8
  return UInt64(event.keysym.rawValue) &+ UInt64(text.count) &+ UInt64(text.first ?? 0)
    &+ UInt64(event.charactersIgnoringModifiers.utf8.count) &+ UInt64(event.modifierFlags.rawValue)
}

func makeState() -> KeyboardState {
  do {
    let keymap = try Keymap(
      names: RuleNames(rules: "evdev", model: "pc105", layout: layout), ignoringEnvironment: true)
    guard let state = KeyboardState(keymap: keymap) else { fatalError("no keyboard state") }
    return state
  } catch {
    fatalError("keymap: \(error)")
  }
}

/// What the minimal C loop sums: the keysym and the code point of the text without the
/// Control transformation, which is the text ignoring modifiers (the stream has no Caps Lock,
/// and its Control keys hold no other modifier).
func minimalChecksum(_ event: KeyEvent) -> UInt64 {
  UInt64(event.keysym.rawValue) &+ UInt64(event.charactersIgnoringModifiers.unicodeScalars.first?.value ?? 0)
}

/// The events as the kernel's `input_event` records, as EvdevKeyboardSource reads them.
func makeRecords(codes: [UInt16], downs: [UInt8]) -> [UInt8] {
  var bytes: [UInt8] = []
  bytes.reserveCapacity(codes.count * EvdevRecord.size)
  for index in codes.indices {
    bytes += EvdevRecord(type: EvdevRecord.key, code: codes[index], value: Int32(downs[index])).bytes
  }
  return bytes
}

/// How a pass sums its events: cheaply (timed), as the lean C loop does, or as the minimal
/// C loop does.
enum Verification {
  case none, lean, minimal
}

/// One pass of a path over the events: seconds and checksum.
func run(_ path: String, codes: [UInt16], downs: [UInt8], verify: Verification = .none) -> (
  seconds: Double, checksum: UInt64
) {
  func sum(_ event: KeyEvent) -> UInt64 {
    switch verify {
    case .none: UInt64(event.keysym.rawValue) &+ UInt64(event.modifierFlags.rawValue)
    case .lean: checksum(event)
    case .minimal: minimalChecksum(event)
    }
  }
  switch path {
  case "minimal":
    let c = makeRecords(codes: codes, downs: downs).withUnsafeBufferPointer { records in
      CXKBBenchmarkLoop_runMinimal(layout, records.baseAddress, codes.count)
    }
    guard c.status == 0 else { fatalError("the C loop could not build the keymap") }
    return (c.seconds, c.checksum)
  case "lean":
    let c = codes.withUnsafeBufferPointer { codes in
      downs.withUnsafeBufferPointer { downs in
        CXKBBenchmarkLoop_runLean(layout, codes.baseAddress, downs.baseAddress, codes.count)
      }
    }
    guard c.status == 0 else { fatalError("the C loop could not build the keymap") }
    return (c.seconds, c.checksum)
  case "decoder":
    let bytes = makeRecords(codes: codes, downs: downs)
    let decoder = EvdevDecoder(state: makeState())
    let start = threadNanoseconds()
    let total = timedDecode(decoder, bytes, verify)
    return (Double(threadNanoseconds() - start) / 1e9, total)
  default:
    let state = makeState()
    let translator = KeyEventTranslator(state: state)
    let start = threadNanoseconds()
    let total = timedTranslate(state, path == "full" ? nil : translator, codes, downs, sum)
    return (Double(threadNanoseconds() - start) / 1e9, total)
  }
}

// The timed loops, apart, so callgrind counts only them (`--toggle-collect`, see
// instructionsPerEvent).

/// The handler sums in place, as an app's handler does its work and as the C loops sum: one
/// closure per way of summing, rather than one handler calling a summing closure (that call,
/// the switch in it and the thunks cost 37 instructions per key, the harness's, not the
/// decoder's).
@inline(never)
func timedDecode(_ decoder: EvdevDecoder, _ bytes: [UInt8], _ verify: Verification) -> UInt64 {
  var total: UInt64 = 0
  bytes.withUnsafeBytes { bytes in
    switch verify {
    case .none:
      decoder.decode(bytes) { total &+= UInt64($0.keysym.rawValue) &+ UInt64($0.modifierFlags.rawValue) }
    case .lean: decoder.decode(bytes) { total &+= checksum($0) }
    case .minimal: decoder.decode(bytes) { total &+= minimalChecksum($0) }
    }
  }
  return total
}

/// Through `translator`, or xkbcommon's full path when it is nil. (Two loops, so that neither
/// pays for choosing or for moving the event out of an optional.)
@inline(never)
func timedTranslate(
  _ state: KeyboardState, _ translator: KeyEventTranslator?, _ codes: [UInt16], _ downs: [UInt8],
  _ sum: (KeyEvent) -> UInt64
) -> UInt64 {
  var total: UInt64 = 0
  if let translator {
    for index in codes.indices {
      let phase: KeyEvent.Phase = downs[index] != 0 ? .down : .up
      total &+= sum(translator.keyEvent(forKeyCode: UInt32(codes[index]), phase: phase))
    }
  } else {
    for index in codes.indices {
      let phase: KeyEvent.Phase = downs[index] != 0 ? .down : .up
      total &+= sum(state.keyEvent(forKeyCode: UInt32(codes[index]), phase: phase))
    }
  }
  return total
}

/// Instructions per event of one path: callgrind over two event counts, counting only the loop
/// (the C function includes building its keymap, which the difference cancels).
///
/// The decoder's handler is a closure in timedDecode, whose mangled name contains the
/// function's: `*timed*` would match it too, and entering it would toggle counting off, so
/// that the handler went uncounted. `*timedDecode*F` matches the function alone (its mangled
/// name ends in F, a closure's in `_`, a partial application's in `TA`).
func instructionsPerEvent(_ path: String) -> Double? {
  let toggles = [
    "lean": "CXKBBenchmarkLoop_runLean", "minimal": "CXKBBenchmarkLoop_runMinimal",
    "decoder": "*timedDecode*F",
  ]
  return callgrindInstructionsPerOperation(
    toggle: toggles[path] ?? "*timed*",
    counts: (20_000, 120_000)
  ) { ["--only", path, String($0)] }
}

let arguments = CommandLine.arguments
if arguments.count == 4 && arguments[1] == "--only" {
  if ["app", "replay", "bound"].contains(arguments[2]) {
    print(runAppKeys(arguments[2], events: Int(arguments[3]) ?? 1000, rounds: 0).allocations)
    exit(0)
  }
  let (codes, downs) = makeEvents(count: Int(arguments[3]) ?? 1000)
  print(run(arguments[2], codes: codes, downs: downs).checksum)
  exit(0)
}

// Key events through an application, both ways in (`XKBBenchmarks --app` runs only these).
let timesOnly = arguments.count >= 2 && arguments[1] == "--times"
// `--times R`: R rounds instead of 7, for steadier medians on a busy machine.
let timedRounds = timesOnly && arguments.count == 3 ? Int(arguments[2]) ?? rounds : rounds
let appEvents = 200_000
var appResults: [BenchmarkResult] = []
var typedInstructions: Double?
let appPaths = [
  ("app", "key events through a 32-deep chain (Application.handle), typed text"),
  ("replay", "key events through a 32-deep chain (HeadlessDriver replaying a recording), typed text"),
  ("bound", "key events through a 32-deep chain (Application.handle), Down bound to moveDown at the top"),
]
for (path, name) in timesOnly ? [] : appPaths {
  let measured = runAppKeys(path, events: appEvents, rounds: rounds)
  let perSecond = 1e3 / measured.nanoseconds
  let count = instructionsPerEvent(path)
  if path == "app" { typedInstructions = count }
  print(
    "  \(name): \(formatted(perSecond, 2)) M events/s (\(formatted(measured.nanoseconds)) ns), "
      + "\(formatted(measured.allocations * Double(appEvents), 0)) allocations in \(appEvents) events, "
      + "\(count.map { formatted($0, 0) } ?? "n/a") instructions/event")
  // A replay may allocate once per call, not per event: the driver's own recording makes room
  // for the entries it is about to append.
  let perCall = path == "replay" ? 1.0 : 0
  appResults.append(
    BenchmarkResult(
      name: name, value: perSecond, unit: "M events/s", target: "≥ 2 M events/s, 0 allocations",
      met: perSecond >= 2 && measured.allocations * Double(appEvents) <= perCall, rounds: rounds,
      note: "\(formatted(measured.allocations * Double(appEvents), 0)) allocations per \(appEvents) events "
        + "(malloc calls)\(path == "replay" ? ", the driver's recording growing once" : ""), "
        + "\(count.map { formatted($0, 0) } ?? "n/a") instructions/event (callgrind)"))
  // Issue 25: a bound key costs no more than 1.5 typed keys (instructions, same run), ≥ 3 M/s.
  if path == "bound", let count, let typed = typedInstructions {
    appResults.append(
      BenchmarkResult(
        name: "\(name), per event", value: count, unit: "instructions", baseline: "typed text, same chain",
        baselineValue: typed, target: "≤ 1.5× typed, ≥ 3 M events/s",
        met: count / typed <= 1.5 && perSecond >= 3, rounds: 1, note: "callgrind"))
  }
}
if arguments.count == 2 && arguments[1] == "--app" { exit(0) }

let (codes, downs) = makeEvents(count: eventCount)
let paths = ["lean", "minimal", "translator", "decoder", "full"]
var samples: [String: [Double]] = [:]
for _ in 0..<timedRounds {
  for path in paths {
    let result = run(path, codes: codes, downs: downs)
    samples[path, default: []].append(result.seconds / Double(eventCount) * 1e9)
  }
}
let nanos = paths.reduce(into: [String: Double]()) { $0[$1] = median(samples[$1]!) }
// `XKBBenchmarks --times [R]`: the timed rounds alone (no callgrind, no results file), for
// repeating the time ratios quickly on a busy machine.
if timesOnly {
  let minimal = nanos["minimal"]!
  for path in paths {
    print("\(path): \(formatted(nanos[path]!)) ns, \(formatted(nanos[path]! / minimal, 3))x minimal")
  }
  exit(0)
}
let checksums = paths.filter { $0 != "minimal" }.map {
  run($0, codes: codes, downs: downs, verify: .lean).checksum
}
// The minimal loop makes less (no flags, no Control transformation): its sums must equal the
// decoder's keysyms and texts ignoring modifiers.
let minimalAgrees =
  run("minimal", codes: codes, downs: downs).checksum
  == run("decoder", codes: codes, downs: downs, verify: .minimal).checksum
let instructions = paths.reduce(into: [String: Double]()) { $0[$1] = instructionsPerEvent($1) }
let lean = nanos["lean"]!
let minimal = nanos["minimal"]!
func ratio(_ path: String) -> String {
  formatted(nanos[path]! / lean, 2) + "x lean, " + formatted(nanos[path]! / minimal, 2) + "x minimal"
}
func instr(_ path: String) -> String { instructions[path].map { formatted($0, 0) } ?? "n/a" }

print(
  "XKBBenchmarks: \(eventCount) evdev events on \"\(layout)\" (letters, Shift, Control, AltGr, dead and edit keys)"
)
print("  median of \(rounds) rounds; instructions per event from callgrind")
print("  lean C loop (same work):          \(formatted(lean)) ns   \(instr("lean")) instructions")
print("  minimal C loop (syms + UTF-32):   \(formatted(minimal)) ns   \(instr("minimal")) instructions")
print(
  "  KeyEventTranslator → KeyEvent:    \(formatted(nanos["translator"]!)) ns   \(instr("translator")) instructions   \(ratio("translator"))"
)
print(
  "  EvdevDecoder bytes → KeyEvent:    \(formatted(nanos["decoder"]!)) ns   \(instr("decoder")) instructions   \(ratio("decoder"))"
)
print(
  "  full path (KeyboardState.keyEvent): \(formatted(nanos["full"]!)) ns   \(instr("full")) instructions   \(ratio("full"))"
)
let agree = Set(checksums).count == 1
print("  checksums equal (same work on every path): \(agree)")
print("  minimal C loop's keysyms and texts equal the decoder's: \(minimalAgrees)")

var results: [BenchmarkResult] = []
for (path, name) in [
  ("translator", "evdev key → KeyEvent, KeyEventTranslator"),
  ("decoder", "evdev bytes → KeyEvent, EvdevDecoder"),
  ("full", "evdev key → KeyEvent, xkbcommon full path (KeyboardState.keyEvent)"),
] {
  let mix = "\(layout) mix"
  results.append(
    BenchmarkResult(
      name: "\(name), \(mix)", value: nanos[path]!, unit: "ns", baseline: "lean C loop", baselineValue: lean,
      target: path == "full" ? nil : "≤ 1.2× lean C", met: path == "full" ? nil : nanos[path]! / lean <= 1.2,
      rounds: rounds))
  if let count = instructions[path] {
    let ok = instructions["lean"].map { count / $0 <= 1.2 }
    results.append(
      BenchmarkResult(
        name: "\(name), \(mix), per key", value: count, unit: "instructions", baseline: "lean C loop",
        baselineValue: instructions["lean"], target: path == "full" ? nil : "≤ 1.2× lean C",
        met: path == "full" ? nil : ok, rounds: 1, note: "callgrind"))
  }
}
// Issue 25's honest baseline: the decoder against the minimal C loop, in the same run.
let minimalNote =
  "minimal C loop: xkb_state_key_get_syms + xkb_keysym_to_utf32 + xkb_state_update_key over the same "
  + "input_event records; the decoder also makes the modifier flags, the Caps Lock and Control "
  + "transformations and the text ignoring modifiers (a second state for Control keys), which the loop does not"
results.append(
  BenchmarkResult(
    name: "evdev bytes → KeyEvent, EvdevDecoder, \(layout) mix, against the minimal C loop",
    value: nanos["decoder"]!,
    unit: "ns", baseline: "minimal C loop", baselineValue: minimal, target: "≤ 1.2× minimal C",
    met: nanos["decoder"]! / minimal <= 1.2, rounds: rounds, note: minimalNote))
if let count = instructions["decoder"], let base = instructions["minimal"] {
  results.append(
    BenchmarkResult(
      name: "evdev bytes → KeyEvent, EvdevDecoder, \(layout) mix, per key, against the minimal C loop",
      value: count, unit: "instructions", baseline: "minimal C loop", baselineValue: base,
      target: "≤ 1.2× minimal C", met: count / base <= 1.2, rounds: 1, note: "callgrind; " + minimalNote))
}
writeResults(results + appResults, group: "keyboard")
if !agree || !minimalAgrees { exit(1) }
