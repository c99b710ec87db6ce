// Nil-target action resolution through a 32-deep responder chain against the plain Swift
// object walk (strong `let` links, the best a Swift walk of the same length does), beside the
// framework's own `next` walk and a direct call; a touch through a 32-deep view tree, bare and
// with recognizers on an ancestor (TouchTree.swift); and the heap, hit-testing and dispatch of
// a 10,000-view window and a 1,000-window application.
//
// Run in release: `make bench`. Times are thread CPU time, the median of 7 rounds; instructions
// per operation come from callgrind (`ResponderBenchmarks --only MODE N`, MODE one of send,
// untraced, traced, plain, touch, touch-gestures; counting only the timed loop, two counts so
// set-up cancels out). Heap growth comes from glibc's mallinfo2. Two baselines: the plain
// strong-reference walk (what any ARC walk pays) and, the honest one, the same chain walked
// with no reference counting doing the search's per-level check (mode uncounted).

import BenchmarkSupport
import CMalloc
import Foundation
import Glibc
import ResponderKit

extension Action {
  /// Implemented only by the application, so a search visits the whole chain.
  static let benchmarkAction = Action("benchmark.action")
}

/// The only object that implements the action: the end of every window's chain. It declares
/// what it keeps of Application's methods (it overrides none of them), as the framework's own
/// classes do (the framework-class shape; AppShape.swift has the app shape).
final class BenchmarkApplication: Application {
  var performed = 0

  override class var actionTable: ActionTable { benchmarkActions }
  private static let benchmarkActions = ActionTable(
    BenchmarkApplication.self, inheriting: Application.actionTable,
    keeping: [.actionSearch, .keyCommands, .keyUp, .nextResponder]
  ) {
    $0.add(.benchmarkAction) { $0.performed &+= 1 }
  }

  /// The direct-call baseline: what the action does, called by name.
  @inline(never)
  func performDirectly() {
    performed &+= 1
  }
}

/// A view that can hold focus, for the deepest level. It declares that it keeps the responder
/// methods the walks call (it overrides none of them), as View does: the framework-class shape.
final class FocusView: View {
  override var canBecomeFirstResponder: Bool { true }
  override class var actionTable: ActionTable { focusActions }
  private static let focusActions = ActionTable(FocusView.self, keeping: .all) { _ in }
}

/// A window delegate that implements no actions, so the search checks it and moves on.
final class BenchmarkWindowDelegate: WindowDelegate {}

let depth = 32
let dispatches = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 2_000_000 : 2_000_000

let app = BenchmarkApplication()
let window = Window()
let windowDelegate = BenchmarkWindowDelegate()
window.delegate = windowDelegate
var views: [View] = [View()]
for level in 1..<depth {
  let view: View = level == depth - 1 ? FocusView() : View()
  views[level - 1].addSubview(view)
  views.append(view)
}
window.rootView = views[0]
app.addWindow(window)
window.makeKeyAndOrderFront()
let deepest = views[depth - 1]
precondition(window.makeFirstResponder(deepest) && window.firstResponder === deepest)
precondition(app.target(forAction: .benchmarkAction, to: nil, from: nil) === app)

// Views, the window and the application: the responders a search visits (the window's
// delegate is checked too, but is not a responder).
var chainLength = 0
do {
  var responder: Responder? = deepest
  while let current = responder {
    chainLength += 1
    responder = current.next
  }
}
precondition(chainLength == depth + 2)

/// A chain of plain Swift objects with a strong `let` link: what any ARC walk costs on this
/// machine, to tell the core's overhead from the machine's retain/release speed.
final class PlainNode {
  let link: PlainNode?
  init(_ link: PlainNode?) { self.link = link }
}

@inline(never)
func plainWalk(from start: PlainNode) -> Int {
  var count = 1
  var current = start
  while let next = current.link {
    count &+= 1
    current = next
  }
  return count
}

var plainHead = PlainNode(nil)
for _ in 1..<(depth + 2) { plainHead = PlainNode(plainHead) }

/// The honest baseline: the same chain walked with no reference counting at all, doing the
/// search's per-level check — "does this object's table have the action?", one bit of a
/// per-class bit set — and stopping at the object that has it (the last one, as the
/// application in the framework's search). What a search costs with nothing but the work.
final class UncountedTable {
  let bits: [UInt64]
  init(has index: Int?) {
    var bits = [UInt64](repeating: 0, count: 2)
    if let index { bits[index / 64] |= 1 << UInt64(index % 64) }
    self.bits = bits
  }
  @inline(__always) func contains(_ index: Int) -> Bool {
    let word = index &>> 6
    guard word < bits.count else { return false }
    return bits[word] & (1 &<< UInt64(index & 63)) != 0
  }
}

/// A node of the uncounted chain: its table and its link up, neither counted.
final class UncountedNode {
  let table: Unmanaged<UncountedTable>
  let link: Unmanaged<UncountedNode>?
  init(_ table: UncountedTable, _ link: UncountedNode?) {
    self.table = .passUnretained(table)
    self.link = link.map { .passUnretained($0) }
  }
}

let uncountedIndex = 70
let uncountedTables = [UncountedTable(has: nil), UncountedTable(has: uncountedIndex)]
var uncountedNodes = [UncountedNode(uncountedTables[1], nil)]
for _ in 1..<(depth + 2) { uncountedNodes.append(UncountedNode(uncountedTables[0], uncountedNodes.last)) }

/// Counts the walks, so the optimiser cannot hoist a walk out of the loops (it has no other
/// effect). Benchmark-only global, written from this one thread.
nonisolated(unsafe) var uncountedWalks = 0

@inline(never)
func uncountedWalk(from start: UncountedNode, for index: Int) -> Int {
  uncountedWalks &+= 1
  var count = 1
  var current = Unmanaged.passUnretained(start)
  while true {
    let next: Unmanaged<UncountedNode>? = current._withUnsafeGuaranteedRef { node in
      node.table._withUnsafeGuaranteedRef { $0.contains(index) } ? nil : node.link
    }
    guard let next else { return count }
    count &+= 1
    current = next
  }
}
precondition(uncountedWalk(from: uncountedNodes[depth + 1], for: uncountedIndex) == depth + 2)

@MainActor @inline(never)
func bareWalk(from start: Responder) -> Int {
  // Written like the search loop (one owned variable), so the two differ only by the
  // `canPerformAction` question asked at each level.
  var count = 1
  var current = start
  while let next = current.next {
    count &+= 1
    current = next
  }
  return count
}

@MainActor @inline(never)
func resolve() -> AnyObject? {
  app.target(forAction: .benchmarkAction, to: nil, from: nil)
}

@MainActor @inline(never)
func send() -> Bool {
  app.sendAction(.benchmarkAction, to: nil, from: nil)
}

/// ``send()`` through the dispatch's instantiation without trace hooks (`sendActionUntraced`):
/// what tracing off is compared with.
@MainActor @inline(never)
func sendUntraced() -> Bool {
  app.sendActionUntraced(.benchmarkAction, to: nil, from: nil)
}

/// Nanoseconds of CPU time this thread has used: on a machine shared with other work, time
/// spent descheduled does not count against the code measured.
func now() -> UInt64 {
  var ts = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
  return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// Bytes the heap has in use now.
func heapInUse() -> Int {
  Int(mallinfo2().uordblks)
}

let rounds = 7

struct Measurement {
  var nsPerOperation: Double
  var heapBytesPerOperation: Double
}

/// Runs `body` `count` times after a warm-up; the median of `rounds` rounds.
@MainActor func measure(_ count: Int, _ body: () -> Int) -> Measurement {
  var sink = 0
  for _ in 0..<min(count, 10_000) { sink &+= body() }
  var samples: [Double] = []
  var heapDelta = 0
  for _ in 0..<rounds {
    let heapBefore = heapInUse()
    let start = now()
    for _ in 0..<count { sink &+= body() }
    let elapsed = now() - start
    heapDelta = max(heapDelta, heapInUse() - heapBefore)
    samples.append(Double(elapsed) / Double(count))
  }
  if sink == 42 { print("") }  // keeps the work observable
  return Measurement(
    nsPerOperation: median(samples), heapBytesPerOperation: Double(heapDelta) / Double(count))
}

// The loops callgrind counts (`--toggle-collect=*timed*`).
@MainActor @inline(never)
func timedSends(_ count: Int) -> Int {
  var sent = 0
  for _ in 0..<count where send() { sent &+= 1 }
  return sent
}

/// The same sends with the trace hooks compiled out.
@MainActor @inline(never)
func timedUntracedSends(_ count: Int) -> Int {
  var sent = 0
  for _ in 0..<count where sendUntraced() { sent &+= 1 }
  return sent
}

/// The same sends with an ``ActionTrace`` recording each (keeping the last 100 entries, as
/// an app tracing to a file does).
@MainActor @inline(never)
func timedTracedSends(_ count: Int) -> Int {
  app.actionTrace = ActionTrace(capacity: 100)
  defer { app.actionTrace = nil }
  var sent = 0
  for _ in 0..<count where send() { sent &+= 1 }
  return sent
}

@MainActor @inline(never)
func timedUncountedWalks(_ count: Int) -> Int {
  var visited = 0
  let start = uncountedNodes[depth + 1]
  for _ in 0..<count { visited &+= uncountedWalk(from: start, for: uncountedIndex) }
  return visited
}

@MainActor @inline(never)
func timedPlainWalks(_ count: Int) -> Int {
  var visited = 0
  for _ in 0..<count { visited &+= plainWalk(from: plainHead) }
  return visited
}

if CommandLine.arguments.count == 4 && CommandLine.arguments[1] == "--only" {
  let count = Int(CommandLine.arguments[3]) ?? 1000
  switch CommandLine.arguments[2] {
  case "send": print(timedSends(count))
  case "traced": print(timedTracedSends(count))
  case "untraced": print(timedUntracedSends(count))
  case "uncounted": print(timedUncountedWalks(count))
  case let mode where mode.hasPrefix("shape-"): print(runShape(mode, count: count))
  case let mode where mode.hasPrefix("scaling-chain-"):
    var chains: [Window] = []
    chains.reserveCapacity(count)
    print(timedChains(depth: Int(mode.dropFirst("scaling-chain-".count)) ?? 8, count, into: &chains))
  case let mode where mode.hasPrefix("scaling-keys-"):
    print(runScalingKeys(windows: Int(mode.dropFirst("scaling-keys-".count)) ?? 1, count: count))
  case "touch": print(timedTouches(TouchTree(depth: depth), count))
  case "touch-gestures":
    let (tree, counter) = makeGestureTouchTree()
    print(timedTouches(tree, count))
    precondition(counter.actions == count)
  default: print(timedPlainWalks(count))
  }
  exit(0)
}

/// Instructions per operation of `mode` from callgrind: two counts, only the timed loop.
func instructionsPerOperation(_ mode: String, counts: (small: Int, large: Int) = (10_000, 60_000)) -> Double?
{
  callgrindInstructionsPerOperation(toggle: "*timed*", counts: counts) { ["--only", mode, String($0)] }
}

// MARK: - A touch through a 32-deep view tree (TouchTree.swift)

extension Action {
  /// Sent by the recognizers of the gesture tree.
  static let benchmarkGesture = Action("benchmark.gesture")
}

/// The target of the gesture tree's recognizers.
final class GestureCounter: Responder {
  var actions = 0
  override class var actionTable: ActionTable { counterActions }
  private static let counterActions = ActionTable(GestureCounter.self, inheriting: Responder.actionTable) {
    $0.add(.benchmarkGesture) { $0.actions &+= 1 }
  }
}

/// The same tree with a tap and a pan recognizer on the root's child, an ancestor of the
/// touched view: every click is a recognized tap (the view's touch is cancelled) and a failed pan.
@MainActor func makeGestureTouchTree() -> (TouchTree, GestureCounter) {
  let tree = TouchTree(depth: depth)
  let counter = GestureCounter()
  tree.views[1].addGestureRecognizer(TapGestureRecognizer(target: counter, action: .benchmarkGesture))
  tree.views[1].addGestureRecognizer(PanGestureRecognizer(target: counter, action: .benchmarkGesture))
  return (tree, counter)
}

let touchTree = TouchTree(depth: depth)
let (gestureTree, gestureCounter) = makeGestureTouchTree()
precondition(touchTree.touch() == 1 && touchTree.target.touches == 2, "the touch must reach the deepest view")
precondition(gestureTree.touch() == 1 && gestureTree.target.touches == 2 && gestureCounter.actions == 1)

// MARK: - Large windows and applications

/// A window of `count` views: rows of 100 leaf views in containers, 200 wide.
@MainActor func makeWideWindow(views count: Int) -> (Window, deepest: View) {
  let window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 200))
  let root = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
  var last = root
  for row in 0..<(count / 100) {
    let container = View(frame: Rect(x: 0, y: row % 200, width: 200, height: 1))
    root.addSubview(container)
    for column in 0..<99 {
      let leaf =
        column == 98
        ? FocusView(frame: Rect(x: column * 2, y: 0, width: 2, height: 1))
        : View(frame: Rect(x: column * 2, y: 0, width: 2, height: 1))
      container.addSubview(leaf)
      last = leaf
    }
  }
  window.rootView = root
  return (window, last)
}

func residentKilobytes() -> Int {
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
    let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
  else { return 0 }
  return Int(line.split(separator: " ")[1]) ?? 0
}

// MARK: - Run

if CommandLine.arguments.contains("--scaling-columns") {
  _ = columnScalingResults()
  exit(0)
}
if CommandLine.arguments.contains("--scaling-sections") {
  _ = sectionScalingResults()
  exit(0)
}
if CommandLine.arguments.contains("--scaling") {
  runScalingBenchmarks()
  exit(0)
}
if CommandLine.arguments.contains("--outline") {
  runOutlineBenchmarks()
  exit(0)
}

if CommandLine.arguments.contains("--app-shape") {
  let plain = measure(dispatches) { plainWalk(from: plainHead) }
  writeResults(
    runAppShapeBenchmarks(plain: plain, plainInstructions: instructionsPerOperation("plain")),
    group: "dispatch-app-shape")
  exit(0)
}

let plain = measure(dispatches) { plainWalk(from: plainHead) }
let uncounted = measure(dispatches) { uncountedWalk(from: uncountedNodes[depth + 1], for: uncountedIndex) }
let walk = measure(dispatches) { bareWalk(from: deepest) }
let direct = measure(dispatches) {
  app.performDirectly()
  return 1
}
let targetSearch = measure(dispatches) { resolve() === app ? 1 : 0 }
let sendSearch = measure(dispatches) { send() ? 1 : 0 }
precondition(app.performed >= dispatches)
let touchPair = measure(dispatches / 10) { touchTree.touch() }
let gestureTouchPair = measure(dispatches / 10) { gestureTree.touch() }

let heapBeforeWide = heapInUse()
let residentBeforeWide = residentKilobytes()
let (wideWindow, wideDeepest) = makeWideWindow(views: 10_000)
let wideApp = Application()
wideApp.addWindow(wideWindow)
wideWindow.makeKeyAndOrderFront()
precondition(wideWindow.makeFirstResponder(wideDeepest))
let wideHeap = heapInUse() - heapBeforeWide
let wideResident = residentKilobytes() - residentBeforeWide
let wideHit = measure(dispatches / 20) {
  wideWindow.rootView?.hitTest(Point(x: 197, y: 99), with: nil) == nil ? 0 : 1
}
let wideSend = measure(dispatches / 20) { wideApp.sendAction(.benchmarkAction, to: nil, from: nil) ? 1 : 0 }

let heapBeforeMany = heapInUse()
let residentBeforeMany = residentKilobytes()
let manyApp = BenchmarkApplication()
var manyWindows: [Window] = []
for index in 0..<1_000 {
  let window = Window(frame: Rect(x: index % 100, y: index % 40, width: 60, height: 20))
  let root = View(frame: Rect(x: 0, y: 0, width: 60, height: 20))
  for child in 0..<9 { root.addSubview(View(frame: Rect(x: child * 6, y: 0, width: 6, height: 20))) }
  window.rootView = root
  manyApp.addWindow(window)
  window.orderFront()
  manyWindows.append(window)
}
manyWindows[999].makeKeyAndOrderFront()
let manyHeap = heapInUse() - heapBeforeMany
let manyResident = residentKilobytes() - residentBeforeMany
let manyHit = measure(dispatches / 20) {
  manyApp.handle(.touches([TouchSample(phase: .began, location: Point(x: 3, y: 3))]))
    && manyApp.handle(.touches([TouchSample(phase: .ended, location: Point(x: 3, y: 3))])) ? 1 : 0
}
let manySend = measure(dispatches / 20) { manyApp.sendAction(.benchmarkAction, to: nil, from: nil) ? 1 : 0 }

let sendInstructions = instructionsPerOperation("send")
let plainInstructions = instructionsPerOperation("plain")
let uncountedInstructions = instructionsPerOperation("uncounted")
let untracedInstructions = instructionsPerOperation("untraced")
let tracedInstructions = instructionsPerOperation("traced")
// A touch costs ~70,000 instructions or more: fewer of them keep callgrind's run short.
let touchInstructions = instructionsPerOperation("touch", counts: (1_000, 6_000))
let gestureTouchInstructions = instructionsPerOperation("touch-gestures", counts: (1_000, 6_000))
/// Callgrind's counts for the same loop (TouchTree.swift) built at 4142080, the commit before
/// gesture recognizers landed, and at d644663, the last before their merge (after issue 10's
/// touch-path changes); measured on 2026-12-02 beside this file's own count, release builds.
let touchInstructionsBeforeGestures = 65_567.0
let touchInstructionsBeforeGestureMerge = 66_958.0

let visited = Double(chainLength)
print("ResponderBenchmarks: \(dispatches) dispatches, chain of \(depth) views + window + application")
print("  (\(chainLength) responders visited per search; median of \(rounds) rounds, thread CPU time)")
print("")
func row(_ name: String, _ m: Measurement, perResponder: Bool) {
  let per = perResponder ? "  \(formatted(m.nsPerOperation / visited, 2)) ns/responder" : ""
  print(
    "  \(name.padding(toLength: 40, withPad: " ", startingAt: 0))\(formatted(m.nsPerOperation, 2)) ns/op\(per)"
      + "  heap +\(formatted(m.heapBytesPerOperation, 4)) B/op")
}
row("plain Swift object walk (baseline)", plain, perResponder: true)
row("no-RC walk, same check (baseline)", uncounted, perResponder: true)
row("framework next walk", walk, perResponder: true)
row("direct method call", direct, perResponder: false)
row("target(forAction:to:from:) nil", targetSearch, perResponder: true)
row("sendAction(_:to:from:) nil", sendSearch, perResponder: true)
row("touch began + ended, 32-deep view tree", touchPair, perResponder: false)
row("  the same, tap + pan on an ancestor", gestureTouchPair, perResponder: false)
let ratio = sendSearch.nsPerOperation / plain.nsPerOperation
let uncountedRatio = sendSearch.nsPerOperation / uncounted.nsPerOperation
let uncountedInstructionRatio = sendInstructions.flatMap { s in uncountedInstructions.map { s / $0 } }
print("")
print("  sendAction / plain walk:           \(formatted(ratio, 2))x   (target ≤ 1.0x)")
print("  sendAction / no-RC walk:           \(formatted(uncountedRatio, 2))x   (target ≤ 2.0x)")
print(
  "  sendAction / framework next walk:  \(formatted(sendSearch.nsPerOperation / walk.nsPerOperation, 2))x")
let instructionRatio = sendInstructions.flatMap { s in plainInstructions.map { s / $0 } }
print(
  "  instructions per dispatch:         \(sendInstructions.map { formatted($0, 0) } ?? "n/a") "
    + "(plain walk \(plainInstructions.map { formatted($0, 0) } ?? "n/a"), "
    + "no-RC walk \(uncountedInstructions.map { formatted($0, 0) } ?? "n/a"): "
    + "\(instructionRatio.map { formatted($0, 2) } ?? "n/a")x and \(uncountedInstructionRatio.map { formatted($0, 2) } ?? "n/a")x)"
)
print(
  "  trace hooks compiled out:          \(untracedInstructions.map { formatted($0, 0) } ?? "n/a") "
    + "(tracing off above)")
print("  with ActionTrace on:               \(tracedInstructions.map { formatted($0, 0) } ?? "n/a")")
print(
  "  instructions per touch:            \(touchInstructions.map { formatted($0, 0) } ?? "n/a") "
    + "(before gesture recognizers \(formatted(touchInstructionsBeforeGestures, 0)), "
    + "before their merge \(formatted(touchInstructionsBeforeGestureMerge, 0)); "
    + "tap + pan on an ancestor \(gestureTouchInstructions.map { formatted($0, 0) } ?? "n/a"))")
print(
  "  10,000-view window: heap \(wideHeap / 1024) KiB, resident +\(wideResident) KiB, hit-test \(formatted(wideHit.nsPerOperation)) ns, sendAction \(formatted(wideSend.nsPerOperation)) ns"
)
print(
  "  1,000-window app: heap \(manyHeap / 1024) KiB, resident +\(manyResident) KiB, touch began+ended \(formatted(manyHit.nsPerOperation)) ns, sendAction \(formatted(manySend.nsPerOperation)) ns"
)
let heapGrowth = max(sendSearch.heapBytesPerOperation, targetSearch.heapBytesPerOperation)
print("  heap growth per dispatch:          \(formatted(heapGrowth, 4)) B   (target 0)")

writeResults(
  [
    BenchmarkResult(
      name: "nil-target sendAction, \(chainLength) responders", value: sendSearch.nsPerOperation, unit: "ns",
      baseline: "plain Swift object walk", baselineValue: plain.nsPerOperation,
      target: "≤ 1.0× the plain walk",
      met: ratio <= 1.0, rounds: rounds, note: "heap growth \(formatted(heapGrowth, 4)) B/dispatch"),
    BenchmarkResult(
      name: "nil-target sendAction, \(chainLength) responders, against the no-RC walk",
      value: sendSearch.nsPerOperation, unit: "ns",
      baseline: "no-reference-counting walk, same per-level check", baselineValue: uncounted.nsPerOperation,
      target: "≤ 2.0× the no-RC walk", met: uncountedRatio <= 2.0, rounds: rounds),
    BenchmarkResult(
      name: "nil-target sendAction, \(chainLength) responders, per dispatch", value: sendInstructions ?? 0,
      unit: "instructions", baseline: "plain Swift object walk", baselineValue: plainInstructions,
      target: "≤ 1.0× the plain walk", met: instructionRatio.map { $0 <= 1.0 }, rounds: 1, note: "callgrind"),
    BenchmarkResult(
      name: "nil-target sendAction, \(chainLength) responders, per dispatch, against the no-RC walk",
      value: sendInstructions ?? 0, unit: "instructions",
      baseline: "no-reference-counting walk, same per-level check", baselineValue: uncountedInstructions,
      target: "≤ 2.0× the no-RC walk", met: uncountedInstructionRatio.map { $0 <= 2.0 }, rounds: 1,
      note: "callgrind"),
    BenchmarkResult(
      name: "nil-target sendAction, \(chainLength) responders, tracing off, per dispatch",
      value: sendInstructions ?? 0, unit: "instructions", baseline: "trace hooks compiled out",
      baselineValue: untracedInstructions, target: "tracing off costs nothing",
      met: sendInstructions.flatMap { s in untracedInstructions.map { s <= $0 * 1.01 } }, rounds: 1,
      note: "callgrind; compiled out = the dispatch's no-trace instantiation, same run"),
    BenchmarkResult(
      name: "nil-target sendAction, \(chainLength) responders, ActionTrace on, per dispatch",
      value: tracedInstructions ?? 0, unit: "instructions", baseline: "tracing off",
      baselineValue: sendInstructions, rounds: 1, note: "callgrind; every visit named and recorded"),
    BenchmarkResult(
      name: "touch began + ended through a 32-deep view tree (Application.handle)",
      value: touchPair.nsPerOperation,
      unit: "ns", baseline: "plain Swift object walk of 34", baselineValue: plain.nsPerOperation,
      rounds: rounds),
    BenchmarkResult(
      name: "touch began + ended through a 32-deep view tree, per touch", value: touchInstructions ?? 0,
      unit: "instructions", baseline: "before gesture recognizers (4142080)",
      baselineValue: touchInstructionsBeforeGestures, rounds: 1,
      note:
        "callgrind; no recognizers attached; \(formatted(touchInstructionsBeforeGestureMerge, 0)) just before "
        + "the gestures merge (d644663)"),
    BenchmarkResult(
      name: "touch began + ended through a 32-deep view tree, tap + pan recognizers on an ancestor",
      value: gestureTouchPair.nsPerOperation, unit: "ns", baseline: "no recognizers",
      baselineValue: touchPair.nsPerOperation, rounds: rounds,
      note: "callgrind \(gestureTouchInstructions.map { formatted($0, 0) } ?? "n/a") instructions per touch"),
    BenchmarkResult(
      name: "10,000-view window: heap", value: Double(wideHeap) / 1_048_576, unit: "MB", rounds: 1,
      note: "resident +\(formatted(Double(wideResident) / 1024)) MB"),
    BenchmarkResult(
      name: "10,000-view window: hit-test of the last view", value: wideHit.nsPerOperation, unit: "ns",
      rounds: rounds),
    BenchmarkResult(
      name: "10,000-view window: nil-target sendAction from its first responder",
      value: wideSend.nsPerOperation,
      unit: "ns", baseline: "plain Swift object walk of 34", baselineValue: plain.nsPerOperation,
      rounds: rounds),
    BenchmarkResult(
      name: "1,000-window application: heap", value: Double(manyHeap) / 1_048_576, unit: "MB", rounds: 1,
      note: "resident +\(formatted(Double(manyResident) / 1024)) MB"),
    BenchmarkResult(
      name: "1,000-window application: touch began + ended (hit-test of the front window)",
      value: manyHit.nsPerOperation, unit: "ns", rounds: rounds),
    BenchmarkResult(
      name: "1,000-window application: nil-target sendAction", value: manySend.nsPerOperation, unit: "ns",
      baseline: "plain Swift object walk of 34", baselineValue: plain.nsPerOperation, rounds: rounds),
  ], group: "dispatch")
writeResults(
  runAppShapeBenchmarks(plain: plain, plainInstructions: plainInstructions), group: "dispatch-app-shape")

runScalingBenchmarks()
runOutlineBenchmarks()
