// Bindings (issue 29): what a model change costs until the bound view shows it, against the
// same update done by hand (setting the view's property directly, then the same frame), and a
// bound table of 1,000 rows reacting to one insertion against a bound table of 10 rows.
//
// Run in release: `swift build -c release --product BindingBenchmarks`, then the binary.
// Times are thread CPU time, the median of 7 rounds. Instructions per change come from
// callgrind (`BindingBenchmarks --only MODE N`, MODE one of bound, direct: two counts, only
// the `timed` loop collected, so set-up cancels out).

import BenchmarkSupport
import Foundation
import Glibc
import Observation
import ResponderKit

@Observable @MainActor
final class Document {
  var title = ""
  var items: [Int] = []
}

/// An application showing one view on a small screen, and a canvas to draw frames into.
@MainActor
final class Screen {
  let app = Application()
  let window: Window
  let canvas: Canvas

  init(showing view: View, size: Size) {
    app.screenSize = size
    window = Window(frame: Rect(origin: .zero, size: size))
    let root = View(frame: Rect(origin: .zero, size: size))
    root.addSubview(view)
    window.rootView = root
    app.addWindow(window)
    window.makeKeyAndOrderFront()
    canvas = Canvas(columns: Int(size.width), rows: Int(size.height))
    frame()
  }

  func frame() { app.render(into: canvas) }
}

/// A data source showing a document's items, as an app's would.
@MainActor
final class ItemSource: TableViewDataSource {
  let document: Document
  init(_ document: Document) { self.document = document }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { document.items.count }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "item") ?? TableViewCell(reuseIdentifier: "item")
    cell.text = String(document.items[indexPath.row])
    return cell
  }
}

let titles = (0..<64).map { "Title \($0)" }

// MARK: A label

let boundDocument = Document()
let boundLabel = Label(frame: Rect(x: 0, y: 0, width: 20, height: 1))
let boundScreen = Screen(showing: boundLabel, size: Size(width: 20, height: 1))
boundLabel.bind(\.text, to: boundDocument, \.title)

let directLabel = Label(frame: Rect(x: 0, y: 0, width: 20, height: 1))
let directScreen = Screen(showing: directLabel, size: Size(width: 20, height: 1))

/// Model changes, each drawn in a frame by the binding.
@inline(never) @MainActor func timedBoundChanges(_ count: Int) -> Int {
  for index in 0..<count {
    boundDocument.title = titles[index & 63]
    boundScreen.frame()
  }
  return boundLabel.text.utf8.count
}

/// The same updates by hand: the label's text set directly, then the same frame.
@inline(never) @MainActor func timedDirectChanges(_ count: Int) -> Int {
  for index in 0..<count {
    directLabel.text = titles[index & 63]
    directScreen.frame()
  }
  return directLabel.text.utf8.count
}

// MARK: A table

/// A bound table of `rows` rows on a 30×10 screen; one operation inserts a row at the top
/// and removes it again, each change drawn in a frame.
@MainActor
final class BoundTable {
  let document = Document()
  let source: ItemSource
  let table = TableView(frame: Rect(x: 0, y: 0, width: 30, height: 10))
  let screen: Screen

  init(rows: Int) {
    document.items = Array(0..<rows)
    source = ItemSource(document)
    table.dataSource = source
    screen = Screen(showing: table, size: Size(width: 30, height: 10))
    table.bindRows(to: document, \.items)
    screen.frame()
  }

  func insertAndRemove() -> Int {
    document.items.insert(-1, at: 0)
    screen.frame()
    document.items.removeFirst()
    screen.frame()
    return table.numberOfRows(inSection: 0)
  }
}

/// Table operations, for callgrind.
@inline(never) @MainActor func timedTableChanges(_ table: BoundTable, _ count: Int) -> Int {
  (0..<count).reduce(0) { sum, _ in sum &+ table.insertAndRemove() }
}

if CommandLine.arguments.count == 4 && CommandLine.arguments[1] == "--only" {
  let count = Int(CommandLine.arguments[3]) ?? 1000
  switch CommandLine.arguments[2] {
  case "bound": print(timedBoundChanges(count))
  case "table": print(timedTableChanges(BoundTable(rows: 1000), count))
  default: print(timedDirectChanges(count))
  }
  exit(0)
}

// MARK: Run

func threadNanoseconds() -> Double {
  var ts = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
  return Double(ts.tv_sec) * 1e9 + Double(ts.tv_nsec)
}

let rounds = 7

/// Nanoseconds per operation: the median of `rounds` rounds of `count` operations.
@MainActor func measure(_ count: Int, _ body: (Int) -> Int) -> Double {
  var sink = body(min(count, 1000))
  var samples: [Double] = []
  for _ in 0..<rounds {
    let start = threadNanoseconds()
    sink &+= body(count)
    samples.append((threadNanoseconds() - start) / Double(count))
  }
  precondition(sink != 0)
  return median(samples)
}

let changes = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 100_000 : 100_000
let bound = measure(changes, timedBoundChanges)
let direct = measure(changes, timedDirectChanges)
precondition(boundLabel.text == directLabel.text, "the binding must have shown every change")

let small = BoundTable(rows: 10)
let large = BoundTable(rows: 1000)
let tableOperations = max(1, changes / 20)
let smallTable = measure(tableOperations) { count in
  (0..<count).reduce(0) { sum, _ in sum &+ small.insertAndRemove() }
}
let largeTable = measure(tableOperations) { count in
  (0..<count).reduce(0) { sum, _ in sum &+ large.insertAndRemove() }
}
precondition(small.table.numberOfRows(inSection: 0) == 10 && large.table.numberOfRows(inSection: 0) == 1000)

func instructions(_ mode: String) -> Double? {
  callgrindInstructionsPerOperation(toggle: "*timed*", counts: (1000, 3000)) { ["--only", mode, String($0)] }
}
let boundInstructions = instructions("bound")
let directInstructions = instructions("direct")

print(
  "model change → bound label drawn:  \(formatted(bound)) ns  (by hand: \(formatted(direct)) ns, ×\(formatted(bound / direct, 2)))"
)
if let boundInstructions, let directInstructions {
  print(
    "  instructions per change:         \(formatted(boundInstructions, 0))  (by hand: \(formatted(directInstructions, 0)))"
  )
}
print("bound table, insert + remove, 10 rows:    \(formatted(smallTable / 1000, 2)) µs")
print(
  "bound table, insert + remove, 1,000 rows: \(formatted(largeTable / 1000, 2)) µs  (×\(formatted(largeTable / smallTable, 2)))"
)

var results = [
  BenchmarkResult(
    name: "model change → bound label updated and drawn", value: bound, unit: "ns",
    baseline: "label set by hand, same frame", baselineValue: direct, rounds: rounds,
    note: "20×1 screen; one change per frame"),
  BenchmarkResult(
    name: "bound table of 1,000 rows: one insert and one remove, each drawn", value: largeTable / 1000,
    unit: "µs", baseline: "the same with 10 rows", baselineValue: smallTable / 1000,
    target: "≤ 2× the 10-row table", met: largeTable <= 2 * smallTable, rounds: rounds,
    note: "30×10 screen; diffed with CollectionDifference, applied as insertRows/deleteRows"),
]
if let boundInstructions, let directInstructions {
  results.append(
    BenchmarkResult(
      name: "model change → bound label updated and drawn, per change", value: boundInstructions,
      unit: "instructions", baseline: "label set by hand, same frame", baselineValue: directInstructions,
      rounds: 1, note: "callgrind, only the timed loop"))
}
writeResults(results, group: "bindings")
