import BenchmarkSupport
import Dispatch
import Foundation
import Glibc
import ResponderKit
import TerminalHost

// A flood of hover reports into a running TerminalHost (issue 38): 10,000 pointer moves a
// second for 10 s, written to the host's pseudo-terminal on the real clock by another thread,
// with a view that tracks every move and redraws for each. Reported: whether the input
// waiting in the terminal grows, how many moves and frames reached the app, and the process's
// CPU time over the wall time. Usage: HoverBenchmarks [seconds] [moves per second].

let arguments = CommandLine.arguments.dropFirst().compactMap { Double($0) }
let seconds = arguments.first ?? 10
let rate = arguments.dropFirst().first ?? 10_000

/// The host's terminal: input from one pseudo-terminal, output to another that a thread drains
/// (a terminal that reads everything at once).
let input = openPseudoTerminal()
let output = openPseudoTerminal()
_ = drainInBackground(output.master)

/// Follows every move, as a hover highlight does, and counts what reached it.
final class Hovering: View {
  var moves = 0
  var draws = 0
  override func mouseMoved(with event: Event) {
    moves += 1
    setNeedsDisplay()
  }
  override func draw(in canvas: Canvas) {
    draws += 1
    canvas.draw("moves: \(moves)", x: 0, y: 0)
  }
}

/// Counted by the writer, read after it finished.
final class Flood: @unchecked Sendable {
  var written = 0
  var maxPending: Int32 = 0
  var finalPending: Int32 = 0
  var done = false
}

@MainActor
func run() {
  let app = Application()
  let window = Window()
  let view = Hovering()
  window.rootView = view
  app.addWindow(window)
  window.makeKeyAndOrderFront()
  view.addTrackingArea(TrackingArea(rect: .zero, options: [.mouseMoved, .activeAlways, .inVisibleRect]))
  var delivered = 0
  var configuration = TerminalHost.Configuration()
  configuration.inputObserver = { _ in delivered += 1 }
  let host = TerminalHost(
    application: app, configuration: configuration,
    terminal: Terminal(input: input.slave, output: output.slave))
  do { try host.start() } catch { fatalError("host: \(error)") }

  let flood = Flood()
  _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.1))  // the first frame
  let drawsBefore = view.draws
  let cpuStart = processCPUSeconds()
  let hostStart = threadCPUSeconds()
  let wallStart = nanoseconds()
  // 1 ms slices of rate/1000 moves each, on an absolute schedule: a late slice is made up at
  // once, so the host sees bursts as a loaded terminal sends them.
  Thread.detachNewThread {
    let perSlice = max(1, Int(rate / 1000))
    let slices = Int(seconds * 1000)
    let start = nanoseconds()
    var x = 0
    for slice in 0..<slices {
      let due = start + Double(slice) * 1e6
      let wait = due - nanoseconds()
      if wait > 0 { usleep(UInt32(wait / 1000)) }
      var bytes: [UInt8] = []
      for _ in 0..<perSlice {
        x = (x + 1) % 6400
        bytes += Array("\u{1b}[<35;\(x % 80 + 1);\(x / 80 % 24 + 1)M".utf8)
      }
      var sent = 0
      while sent < bytes.count {
        let n = bytes[sent...].withUnsafeBytes { Glibc.write(input.master, $0.baseAddress, $0.count) }
        if n <= 0 { break }
        sent += n
      }
      flood.written += perSlice
      var pending: Int32 = 0
      _ = ioctl(input.slave, UInt(FIONREAD), &pending)
      flood.maxPending = max(flood.maxPending, pending)
    }
    usleep(200_000)
    _ = ioctl(input.slave, UInt(FIONREAD), &flood.finalPending)
    flood.done = true
  }
  while !flood.done { _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.05)) }
  let wall = (nanoseconds() - wallStart) / 1e9
  let cpu = processCPUSeconds() - cpuStart
  let hostCPU = threadCPUSeconds() - hostStart
  let frames = view.draws - drawsBefore
  let load =
    (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first ?? "?"
  print("HoverBenchmarks: \(flood.written) moves in \(formatted(wall, 2)) s (load \(load))")
  print("  waiting in the terminal: at most \(flood.maxPending) bytes, \(flood.finalPending) at the end")
  print("  delivered to the app: \(delivered) moves (\(view.moves) reached the view), \(frames) frames")
  print(
    "  CPU: process \(formatted(100 * cpu / wall))% of the wall time, the host's main thread \(formatted(100 * hostCPU / wall))%"
  )
  let note =
    "\(Int(rate)) moves/s for \(Int(seconds)) s through a pty into the running host; "
    + "\(view.moves) delivered, \(frames) frames; host main thread \(formatted(100 * hostCPU / wall))% "
    + "(the rest is the writer and output threads); at most \(flood.maxPending) bytes waiting, "
    + "\(flood.finalPending) at the end"
  writeResults(
    [
      BenchmarkResult(
        name: "hover flood: process CPU time / wall time", value: 100 * cpu / wall, unit: "%",
        target: "input queue does not grow; ≤ 1 frame per read",
        met: flood.finalPending < 4096 && frames <= delivered, rounds: 1, note: note)
    ], group: "hover")
  withExtendedLifetime(host) {}
  exit(0)
}

/// The calling thread's CPU time: the host's run loop, when called on the main thread.
func threadCPUSeconds() -> Double {
  var t = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
  return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

/// The CPU time of every thread of the process (the writer's included: it is the terminal's
/// share, counted against the app here, so the figure is an upper bound).
func processCPUSeconds() -> Double {
  var t = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
  return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

MainActor.assumeIsolated { run() }
