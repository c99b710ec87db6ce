// Renderer benchmark: bytes for a one-cell change and a full 200x60 repaint beside ncurses doing
// the same in the same run, and the time to diff a 200x60 frame beside a plain comparison loop.
// Run in release: `swift run -c release RendererBenchmarks`.
import Foundation
import Glibc
import ResponderKit
import TerminalHost

let columns = 200
let rows = 60

/// The scene ncurses_bytes.py draws too: letters, one style per row (plain, bold, a colour,
/// reverse).
func scene() -> CellBuffer {
  var buffer = CellBuffer(columns: columns, rows: rows)
  let letters = Array("abcdefghijklmnopqrstuvwxyz")
  for y in 0..<rows {
    let style: TextStyle
    switch y % 4 {
    case 0: style = .plain
    case 1: style = TextStyle(attributes: .bold)
    case 2: style = TextStyle(foreground: .palette(UInt8(1 + y % 6)))
    default: style = TextStyle(attributes: .reverse)
    }
    for x in 0..<columns { buffer[x, y] = Cell(letters[(x * 7 + y * 13) % 26], style: style) }
  }
  return buffer
}

func changedScene() -> CellBuffer {
  var buffer = scene()
  buffer[100, 30] = Cell("X", style: TextStyle(foreground: .palette(UInt8(1 + 30 % 6))))
  return buffer
}

// MARK: - Bytes: ours

var renderer = Renderer(synchronizedOutput: false)
_ = renderer.render(CellBuffer(columns: columns, rows: rows), cursor: nil)
let oursRepaint = renderer.render(scene(), cursor: nil).count
let oursOneCell = renderer.render(changedScene(), cursor: nil).count
var fresh = Renderer(synchronizedOutput: false)
let oursFresh = fresh.render(scene(), cursor: nil).count

var wideScene = CellBuffer(columns: columns, rows: rows)
for y in 0..<rows {
  for x in stride(from: 0, to: columns, by: 2) {
    wideScene[x, y] = Cell("字")
    wideScene[x + 1, y] = .continuation(.plain)
  }
}
var wideRenderer = Renderer(synchronizedOutput: false)
_ = wideRenderer.render(CellBuffer(columns: columns, rows: rows), cursor: nil)
let oursWide = wideRenderer.render(wideScene, cursor: nil).count

// MARK: - Bytes: ncurses (python3 curses in a pty)

func ncursesBytes() -> (repaint: Int, oneCell: Int)? {
  let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("ncurses_bytes.py").path
  var master: Int32 = -1
  var slave: Int32 = -1
  guard openpty(&master, &slave, nil, nil, nil) == 0 else { return nil }
  var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
  _ = ioctl(master, UInt(TIOCSWINSZ), &size)
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = ["python3", script]
  var environment = ProcessInfo.processInfo.environment
  environment["TERM"] = "xterm-256color"
  environment["LINES"] = nil
  environment["COLUMNS"] = nil
  process.environment = environment
  let handle = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
  process.standardInput = handle
  process.standardOutput = handle
  process.standardError = FileHandle.standardError
  do { try process.run() } catch { return nil }
  var output: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 65536)
  let done = Array("\u{1B}]999;C\u{07}".utf8)
  while true {
    var entry = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    if poll(&entry, 1, 5000) <= 0 { break }
    let n = chunk.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
    if n <= 0 { break }
    output += chunk[0..<n]
    if output.count >= done.count, output.firstRange(of: done) != nil { break }
  }
  process.waitUntilExit()
  close(master)
  close(slave)
  func position(_ tag: String) -> Range<Int>? { output.firstRange(of: Array("\u{1B}]999;\(tag)\u{07}".utf8)) }
  guard let a = position("A"), let b = position("B"), let c = position("C") else { return nil }
  return (b.lowerBound - a.upperBound, c.lowerBound - b.upperBound)
}

let curses = ncursesBytes()

// MARK: - Time to diff

func median(_ samples: [Double]) -> Double { samples.sorted()[samples.count / 2] }

func measure(iterations: Int, _ body: (Int) -> Void) -> Double {
  var samples: [Double] = []
  let clock = ContinuousClock()
  for round in 0..<15 {
    let start = clock.now
    for i in 0..<iterations { body(round * iterations + i) }
    let elapsed = clock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    samples.append(seconds / Double(iterations) * 1e6)
  }
  return median(samples)
}

let frameA = scene()
let frameB = changedScene()
var timed = Renderer(synchronizedOutput: true)
var out: [UInt8] = []
out.reserveCapacity(1 << 20)
timed.render(frameA, cursor: nil, into: &out)
var sink = 0
let diffOneCell = measure(iterations: 500) { i in
  out.removeAll(keepingCapacity: true)
  timed.render(i % 2 == 0 ? frameB : frameA, cursor: nil, into: &out)
  sink &+= out.count
}
var frameRows = scene()
for y in 0..<rows { frameRows[(y * 37) % columns, y] = Cell("#") }
let diffEveryRow = measure(iterations: 200) { i in
  out.removeAll(keepingCapacity: true)
  timed.render(i % 2 == 0 ? frameRows : frameA, cursor: nil, into: &out)
  sink &+= out.count
}
let blank = CellBuffer(columns: columns, rows: rows)
let fullFrame = measure(iterations: 50) { i in
  out.removeAll(keepingCapacity: true)
  timed.render(i % 2 == 0 ? blank : frameA, cursor: nil, into: &out)
  sink &+= out.count
}
let baselineEquality = measure(iterations: 500) { i in
  let a = frameA.cells
  let b = i % 2 == 0 ? frameB.cells : frameA.cells
  var differing = 0
  for index in 0..<a.count where a[index] != b[index] { differing += 1 }
  sink &+= differing
}
let baselineMemcmp = measure(iterations: 500) { i in
  let b = i % 2 == 0 ? frameB.cells : frameA.cells
  frameA.cells.withUnsafeBytes { x in
    b.withUnsafeBytes { y in sink &+= Int(memcmp(x.baseAddress!, y.baseAddress!, x.count)) }
  }
}

// MARK: - Report

func f(_ v: Double) -> String { String(format: "%.1f", v) }
print("RendererBenchmarks (200x60, release, median of 15 rounds)")
print(
  "bytes, one-cell change:        ours \(oursOneCell)   ncurses \(curses.map { String($0.oneCell) } ?? "n/a")"
)
print(
  "bytes, full repaint (cleared): ours \(oursRepaint)   ncurses \(curses.map { String($0.repaint) } ?? "n/a")"
)
print("bytes, full repaint incl. clear from nothing: ours \(oursFresh)")
print("bytes, full screen of wide characters: ours \(oursWide)")
print("µs, render one-cell change (diff of 12000 cells): \(f(diffOneCell))   target < 200")
print("µs, render one change in every row (no row skipped): \(f(diffEveryRow))")
print("µs, render full repaint blank<->scene: \(f(fullFrame))   (\(Int(1e6 / fullFrame)) frames/s)")
print("µs, baseline Cell == loop over both buffers: \(f(baselineEquality))")
print("µs, baseline memcmp of both buffers: \(f(baselineMemcmp))")
print("ratio one-cell render / == loop: \(f(diffOneCell / baselineEquality))x")
if sink == 42 { print("") }
