// Decoding speed of KeyboardState against a C loop making the same xkbcommon calls, in the
// same process and on the same pre-generated events. Run in release:
//   swift run -c release XKBBenchmarks
import CXKBBenchmarkLoop
import Glibc
import XKBKeyboard

let eventCount = 10_000_000
let layout = "us"

/// Pre-generates down/up pairs over letters, digits and space, a quarter of them shifted,
/// with a fixed seed so every run decodes the same stream.
func makeEvents(count: Int) -> (codes: [UInt16], downs: [UInt8]) {
  let keys: [UInt16] = Array(16...25) + Array(30...38) + Array(44...50) + Array(2...11) + [57]
  var codes: [UInt16] = []
  var downs: [UInt8] = []
  codes.reserveCapacity(count + 4)
  downs.reserveCapacity(count + 4)
  var seed: UInt64 = 0x9e37_79b9_7f4a_7c15
  func next() -> UInt64 {
    seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return seed >> 33
  }
  while codes.count < count {
    let key = keys[Int(next() % UInt64(keys.count))]
    let shifted = next() % 4 == 0 && count - codes.count >= 4
    if shifted {
      codes.append(42)
      downs.append(1)
    }
    codes += [key, key]
    downs += [1, 0]
    if shifted {
      codes.append(42)
      downs.append(0)
    }
  }
  return (Array(codes.prefix(count)), Array(downs.prefix(count)))
}

/// The Swift loop: one keysym, UTF-8 through the reusable buffer, then the update.
func runSwift(state: KeyboardState, codes: [UInt16], downs: [UInt8]) -> (
  seconds: Double, checksum: UInt64, allocations: UInt64, heapDelta: Int
) {
  let heapBefore = CXKBBenchmarkLoop_heapInUse()
  let allocationsBefore = CXKBBenchmarkLoop_allocationCount()
  let start = CXKBBenchmarkLoop_now()
  // The sum lives inside the closures, so no captured variable needs a heap box.
  let checksum = codes.withUnsafeBufferPointer { codes in
    downs.withUnsafeBufferPointer { downs in
      var sum: UInt64 = 0
      for index in 0..<codes.count {
        let code = UInt32(codes[index])
        let sym = state.keysym(forKeyCode: code)
        let (length, first) = state.withUTF8(forKeyCode: code) { ($0.count, $0.first ?? 0) }
        sum &+= UInt64(sym.rawValue) &+ UInt64(length) &+ UInt64(first)
        state.update(keyCode: code, direction: downs[index] != 0 ? .down : .up)
      }
      return sum
    }
  }
  let seconds = CXKBBenchmarkLoop_now() - start
  let allocations = CXKBBenchmarkLoop_allocationCount() - allocationsBefore
  let heapDelta = Int(CXKBBenchmarkLoop_heapInUse()) - Int(heapBefore)
  return (seconds, checksum, allocations, heapDelta)
}

func format(_ value: Double, _ digits: Int = 1) -> String {
  var text = String(Int((value * pow(10, Double(digits))).rounded()))
  while text.count <= digits { text = "0" + text }
  text.insert(".", at: text.index(text.endIndex, offsetBy: -digits))
  return text
}

let (codes, downs) = makeEvents(count: eventCount)
let keymap: Keymap
do {
  keymap = try Keymap(
    names: RuleNames(rules: "evdev", model: "pc105", layout: layout), ignoringEnvironment: true)
} catch {
  print("keymap: \(error)")
  exit(1)
}

var bestC = Double.infinity
var bestSwift = Double.infinity
var cChecksum: UInt64 = 0
var swiftChecksum: UInt64 = 0
var allocations: UInt64 = .max
var cAllocations: UInt64 = .max
var heapDelta = 0
for _ in 0..<5 {
  let c = codes.withUnsafeBufferPointer { codes in
    downs.withUnsafeBufferPointer { downs in
      CXKBBenchmarkLoop_run(layout, codes.baseAddress, downs.baseAddress, codes.count)
    }
  }
  guard c.status == 0 else {
    print("C loop could not build the keymap")
    exit(1)
  }
  bestC = min(bestC, c.seconds)
  cChecksum = c.checksum
  guard let state = KeyboardState(keymap: keymap) else { exit(1) }
  let swift = runSwift(state: state, codes: codes, downs: downs)
  bestSwift = min(bestSwift, swift.seconds)
  swiftChecksum = swift.checksum
  allocations = min(allocations, swift.allocations)
  print(
    "  run: C \(format(c.seconds / Double(eventCount) * 1e9)) ns (\(c.allocations) allocations), "
      + "Swift \(format(swift.seconds / Double(eventCount) * 1e9)) ns (\(swift.allocations) allocations)")
  cAllocations = min(cAllocations, c.allocations)
  heapDelta = swift.heapDelta
}

let cNanoseconds = bestC / Double(eventCount) * 1e9
let swiftNanoseconds = bestSwift / Double(eventCount) * 1e9
print(
  "XKBKeyboard decode, \(eventCount) evdev events on \"\(layout)\" (best of 5; allocations: fewest in a run)")
print("  C loop (xkbcommon):   \(format(cNanoseconds)) ns/event")
print("  KeyboardState:        \(format(swiftNanoseconds)) ns/event")
print("  ratio Swift / C:      \(format(swiftNanoseconds / cNanoseconds, 3))x (target <= 1.2x)")
print(
  "  allocations/event:    \(format(Double(allocations) / Double(eventCount), 6)) "
    + "(\(allocations) calls per 10M, C loop \(cAllocations); mallinfo2 heap delta \(heapDelta) bytes; target 0)"
)
print("  checksums equal:      \(cChecksum == swiftChecksum)")
if cChecksum != swiftChecksum { exit(1) }
