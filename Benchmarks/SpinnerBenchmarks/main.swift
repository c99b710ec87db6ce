import BenchmarkSupport
import Foundation
import Glibc
import ResponderKit
import TerminalHost

// An idle app showing a spinner (issue 37): the running TerminalHost on a pseudo-terminal for
// `seconds` of wall time in each of three states, measuring the process's CPU time:
//   1. idle: a label only (the baseline: what the host costs by itself),
//   2. spinning: a spinner animating, drawn ten times a second,
//   3. hidden: the same spinner, animating but hidden (it must cost what the idle app costs).
// Usage: SpinnerBenchmarks [seconds]

let seconds = CommandLine.arguments.dropFirst().compactMap { Double($0) }.first ?? 10

let input = openPseudoTerminal()
let output = openPseudoTerminal()
/// Counted on the drain thread, read after each phase.
let drained = drainInBackground(output.master)

/// A spinner that counts its frames.
final class CountingSpinner: ProgressIndicator {
  var draws = 0
  override func draw(in canvas: Canvas) {
    draws += 1
    super.draw(in: canvas)
  }
}

func processCPUSeconds() -> Double {
  var t = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
  return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

/// Context switches the process asked for (sleeps and waits): its wake-ups.
func voluntarySwitches() -> Int {
  var usage = rusage()
  getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
  return usage.ru_nvcsw
}

struct Phase {
  var cpuPercent: Double
  var frames: Int
  var wakeUps: Int
  var bytes: Int
}

@MainActor
func run() {
  let app = Application()
  let window = Window()
  let root = View()
  let label = Label(text: "Reading…")
  label.frame = Rect(x: 3, y: 0, width: 20, height: 1)
  let spinner = CountingSpinner(frame: Rect(x: 1, y: 0, width: 1, height: 1), style: .spinning)
  root.addSubview(label)
  window.rootView = root
  app.addWindow(window)
  window.makeKeyAndOrderFront()
  let host = TerminalHost(
    application: app, configuration: TerminalHost.Configuration(),
    terminal: Terminal(input: input.slave, output: output.slave))
  do { try host.start() } catch { fatalError("host: \(error)") }
  _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.2))  // the first frame

  func measure() -> Phase {
    _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.3))  // settle
    let draws = spinner.draws
    let bytes = drained.count
    let cpu = processCPUSeconds()
    let switches = voluntarySwitches()
    let start = nanoseconds()
    while nanoseconds() - start < seconds * 1e9 {
      _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.5))
    }
    let wall = (nanoseconds() - start) / 1e9
    return Phase(
      cpuPercent: 100 * (processCPUSeconds() - cpu) / wall, frames: spinner.draws - draws,
      wakeUps: voluntarySwitches() - switches, bytes: drained.count - bytes)
  }

  let idle = measure()
  root.addSubview(spinner)
  spinner.startAnimation(nil)
  let spinning = measure()
  spinner.isHidden = true
  let hidden = measure()

  let load =
    (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first ?? "?"
  func line(_ name: String, _ phase: Phase) -> String {
    "  \(name): CPU \(formatted(phase.cpuPercent, 2))% of one core, \(phase.frames) spinner frames, "
      + "\(phase.wakeUps) wake-ups, \(phase.bytes) bytes written"
  }
  print("SpinnerBenchmarks: \(Int(seconds)) s per state (load \(load))")
  print(line("idle app (baseline)", idle))
  print(line("spinner animating  ", spinning))
  print(line("spinner hidden     ", hidden))
  writeResults(
    [
      BenchmarkResult(
        name: "idle app showing a spinner: process CPU time / wall time", value: spinning.cpuPercent,
        unit: "%",
        baseline: "the same app without a spinner", baselineValue: idle.cpuPercent,
        target: "≤ 1% of one core",
        met: spinning.cpuPercent <= 1, rounds: 1,
        note: "\(spinning.frames) frames in \(Int(seconds)) s through a pty into the running host"),
      BenchmarkResult(
        name: "hidden spinner: wake-ups beyond the idle app's",
        value: Double(max(0, hidden.wakeUps - idle.wakeUps)),
        unit: "wake-ups", baseline: "the same app without a spinner", baselineValue: Double(idle.wakeUps),
        target: "0 (no frame drawn, no timer)", met: hidden.frames == 0 && hidden.wakeUps <= idle.wakeUps + 2,
        rounds: 1, note: "\(hidden.frames) frames drawn while hidden; CPU \(formatted(hidden.cpuPercent, 2))%"
      ),
    ], group: "spinner")
  withExtendedLifetime(host) {}
  exit(0)
}

MainActor.assumeIsolated { run() }
