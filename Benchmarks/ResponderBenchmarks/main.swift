// Nil-target action resolution through a 32-deep responder chain, beside baselines measured
// in the same run: a walk of plain Swift objects (what ARC costs on this machine), a bare
// `next` walk of the same chain, and a direct method call.
//
// Run in release: `make bench`, or `swift build -c release --product ResponderBenchmarks &&
// .build/release/ResponderBenchmarks [dispatches]` (default 2,000,000). Times are thread CPU
// time, best of five rounds. Heap growth comes from glibc's mallinfo2 (bytes in use before and
// after each round). mallinfo2 cannot see an allocation freed within the round; to count those,
// run the benchmark under `valgrind --tool=memcheck` with two dispatch counts and compare the
// "total heap usage" allocation counts: equal counts mean zero allocations per dispatch.

import CMalloc
import Glibc
import ResponderKit

extension Action {
  /// Implemented only by the application, so a search visits the whole chain.
  static let benchmarkAction = Action("benchmark.action")
}

/// The only object that implements the action: the end of every window's chain.
final class BenchmarkApplication: Application {
  var performed = 0

  override class var actionTable: ActionTable { benchmarkActions }
  private static let benchmarkActions = ActionTable(
    BenchmarkApplication.self, inheriting: Application.actionTable
  ) {
    $0.add(.benchmarkAction) { $0.performed &+= 1 }
  }

  /// The direct-call baseline: what the action does, called by name.
  @inline(never)
  func performDirectly() {
    performed &+= 1
  }
}

/// A view that can hold focus, for the deepest level.
final class FocusView: View {
  override var canBecomeFirstResponder: Bool { true }
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

struct Measurement {
  var nsPerOperation: Double
  var heapBytesPerOperation: Double
}

/// Runs `body` `count` times after a warm-up; the best of five rounds.
func measure(_ count: Int, _ body: () -> Int) -> Measurement {
  var sink = 0
  for _ in 0..<min(count, 10_000) { sink &+= body() }
  var best = Double.infinity
  var heapDelta = 0
  for _ in 0..<5 {
    let heapBefore = heapInUse()
    let start = now()
    for _ in 0..<count { sink &+= body() }
    let elapsed = now() - start
    heapDelta = max(heapDelta, heapInUse() - heapBefore)
    best = min(best, Double(elapsed) / Double(count))
  }
  if sink == 42 { print("") }  // keeps the work observable
  return Measurement(nsPerOperation: best, heapBytesPerOperation: Double(heapDelta) / Double(count))
}

func format(_ value: Double, _ digits: Int = 2) -> String {
  let scale = pow(10.0, Double(digits))
  return String((value * scale).rounded() / scale)
}

let plain = measure(dispatches) { plainWalk(from: plainHead) }
let walk = measure(dispatches) { bareWalk(from: deepest) }
let direct = measure(dispatches) {
  app.performDirectly()
  return 1
}
let targetSearch = measure(dispatches) { resolve() === app ? 1 : 0 }
let sendSearch = measure(dispatches) { send() ? 1 : 0 }
precondition(app.performed >= dispatches)

let visited = Double(chainLength)
print("ResponderBenchmarks: \(dispatches) dispatches, chain of \(depth) views + window + application")
print("  (\(chainLength) responders visited per search; the window's delegate is checked too)")
print("")
func row(_ name: String, _ m: Measurement, perResponder: Bool) {
  let per = perResponder ? "  \(format(m.nsPerOperation / visited)) ns/responder" : ""
  print(
    "  \(name.padding(toLength: 36, withPad: " ", startingAt: 0))\(format(m.nsPerOperation)) ns/op\(per)"
      + "  heap +\(format(m.heapBytesPerOperation, 4)) B/op")
}
row("plain Swift object walk (machine)", plain, perResponder: true)
row("bare next walk (baseline)", walk, perResponder: true)
row("direct method call (baseline)", direct, perResponder: false)
row("target(forAction:to:from:) nil", targetSearch, perResponder: true)
row("sendAction(_:to:from:) nil", sendSearch, perResponder: true)
print("")
let ratio = sendSearch.nsPerOperation / walk.nsPerOperation
print("  sendAction / bare walk:            \(format(ratio))x   (target ≤ 2x)")
print("  target(forAction:) / bare walk:    \(format(targetSearch.nsPerOperation / walk.nsPerOperation))x")
print("  sendAction / direct call:          \(format(sendSearch.nsPerOperation / direct.nsPerOperation))x")
let perResponder = sendSearch.nsPerOperation / visited
print("  sendAction per responder visited:  \(format(perResponder)) ns   (target ≤ 10 ns)")
let heapGrowth = max(sendSearch.heapBytesPerOperation, targetSearch.heapBytesPerOperation)
print("  heap growth per dispatch:          \(format(heapGrowth, 4)) B   (target 0)")
benchmarkTouchThroughDeepTree(app: app, depth: depth, count: dispatches)
