import BenchmarkSupport
import Foundation
import Glibc

// From key to screen, through a real pty (80×24, TERM=xterm-256color), as issue 41 measured
// it: each program started in the pty, then keys written one at a time, Down and Up
// alternately; for each key the time from writing it to the last byte of the redrawn frame —
// the end of the synchronized-output frame (`CSI ? 2026 l`) for a program that uses mode 2026,
// else the last byte before `quiet` ms of silence. Keys are sent as a terminal sends them
// (`ESC O B` once the program asked for application cursor keys, else `ESC [ B`); the
// harness answers the queries the programs send (cursor position, DA1, DECRQM for mode 2026)
// as a terminal with synchronized output would.
//
// In the same run, rounds interleaved (every program once per round, the order rotated):
// the echo floor (a C program writing each byte straight back), a four-row list in C with
// ncurses, the same list in ResponderKit (`--list`, public API only), Checklists' first
// screen and, when its virtualenv is there, the list in Textual. CPU per key is the
// program's CPU time over the keys (the sum of its threads' run time, /proc/PID/task/*/
// schedstat) divided by their number.
//
//   LatencyBenchmarks PEERS CHECKLISTS [TEXTUAL_PYTHON] [ROUNDS] [KEYS_PER_ROUND]
//   LatencyBenchmarks --list            the ResponderKit four-row list (run by the harness)

if CommandLine.arguments.dropFirst().first == "--list" {
  MainActor.assumeIsolated { FourRowList.run() }
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
  print("usage: LatencyBenchmarks PEERS CHECKLISTS [TEXTUAL_PYTHON|-] [ROUNDS] [KEYS_PER_ROUND]")
  exit(2)
}
let peersPath = arguments[1]
let checklistsPath = arguments[2]
// Textual's virtualenv (`make bench-deps`); without it Textual is left out, and says so.
let textualPython =
  arguments.count > 3 && FileManager.default.isExecutableFile(atPath: arguments[3]) ? arguments[3] : nil
let rounds = arguments.count > 4 ? Int(arguments[4]) ?? 8 : 8
let keysPerRound = arguments.count > 5 ? Int(arguments[5]) ?? 50 : 50
let quiet = 20.0  // ms of silence that ends a frame of a program without mode 2026
let selfPath = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
let textualScript = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("LatencyPeers/textual_list.py").path

func now() -> Double { nanoseconds() / 1e6 }

/// One program under test.
struct Program {
  var name: String
  var arguments: [String]
  /// Draws nothing at start (the echo floor): the keys start after a pause instead.
  var startsSilent = false
}

/// What one run of a program gave: each key's latency (ms) and its CPU per key (ms).
struct Run {
  var round = 0
  var latencies: [Double] = []
  var cpuPerKey = 0.0
  var bytesPerKey = 0.0
}

/// The CPU time of every thread of `pid` so far, in ms.
func cpuTime(of pid: pid_t) -> Double {
  let tasks = "/proc/\(pid)/task"
  var total = 0.0
  for task in (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? [] {
    guard let text = try? String(contentsOfFile: "\(tasks)/\(task)/schedstat", encoding: .utf8),
      let first = text.split(separator: " ").first, let runtime = Double(first)
    else { continue }
    total += runtime / 1e6
  }
  return total
}

/// The terminal side of a pty: reads what the program writes, answers its queries, and
/// says when a frame ended.
struct TerminalSide {
  let master: Int32
  var output: [UInt8] = []
  /// Where query scanning stopped.
  private var scanned = 0
  /// The program turned on synchronized output (mode 2026) at some point.
  private(set) var synchronized = false
  /// The program asked for application cursor keys (DECCKM).
  private(set) var applicationCursor = false
  private var buffer = [UInt8](repeating: 0, count: 1 << 16)

  init(master: Int32) { self.master = master }

  /// Waits up to `timeout` ms for output; returns how many bytes came (0 on timeout, -1 at
  /// end of file).
  mutating func read(timeout: Double) -> Int {
    var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    let ready = poll(&descriptor, 1, Int32(max(0, timeout.rounded(.up))))
    guard ready > 0 else { return ready < 0 && errno == EINTR ? 0 : (ready < 0 ? -1 : 0) }
    let n = Glibc.read(master, &buffer, buffer.count)
    guard n > 0 else { return -1 }
    output += buffer[0..<n]
    answerQueries()
    return n
  }

  /// Control sequences in what came since the last scan: answered as a terminal would.
  private mutating func answerQueries() {
    var index = max(0, scanned - 32)
    while index < output.count {
      guard output[index] == 0x1B, index + 1 < output.count, output[index + 1] == UInt8(ascii: "[") else {
        index += 1
        continue
      }
      var end = index + 2
      while end < output.count, !(0x40...0x7E).contains(output[end]) { end += 1 }
      guard end < output.count else { break }  // incomplete: scanned again with the next read
      if end >= scanned { handle(Array(output[(index + 2)...end])) }
      index = end + 1
    }
    scanned = output.count
  }

  private mutating func handle(_ sequence: [UInt8]) {
    let text = String(decoding: sequence, as: UTF8.self)
    var reply: String?
    switch text {
    case "6n": reply = "\u{1b}[1;1R"
    case "c", "0c": reply = "\u{1b}[?62;22c"
    case "?2026h": synchronized = true
    case "?1h": applicationCursor = true
    case "?1l": applicationCursor = false
    default:
      if text.hasPrefix("?"), text.hasSuffix("$p") {
        // DECRQM: mode 2026 is known and reset; any other is not recognized.
        let mode = text.dropFirst().dropLast(2)
        reply = "\u{1b}[?\(mode);\(mode == "2026" ? 2 : 0)$y"
      }
    }
    if let reply { _ = reply.withCString { write(master, $0, strlen($0)) } }
  }

  /// Whether `output` from `start` holds the end of a synchronized frame.
  func endsFrame(from start: Int) -> Bool {
    let end: [UInt8] = Array("\u{1b}[?2026l".utf8)
    return output[max(0, start - end.count)...].firstRange(of: end) != nil
  }
}

/// Starts `program` in an 80×24 pty, lets it draw its first screen, then writes `keys` keys
/// and times each. Nil when it did not start or stopped answering.
func measure(_ program: Program, keys: Int, data: String) -> Run? {
  var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
  var master: Int32 = -1
  let argv = program.arguments.map { strdup($0) } + [nil]
  let pid = forkpty(&master, nil, nil, &size)
  if pid == 0 {
    setenv("TERM", "xterm-256color", 1)
    setenv("XDG_DATA_HOME", data, 1)
    for name in ["TMUX", "STY", "COLORTERM", "KITTY_WINDOW_ID", "NO_COLOR", "TEXTUAL"] { unsetenv(name) }
    execv(argv[0]!, argv)
    _exit(127)
  }
  for arg in argv { free(arg) }
  guard pid > 0 else { return nil }
  var terminal = TerminalSide(master: master)
  defer {
    kill(pid, SIGTERM)
    var status: Int32 = 0
    let deadline = now() + 3000
    while waitpid(pid, &status, WNOHANG) == 0 {
      if now() > deadline { kill(pid, SIGKILL) }
      _ = terminal.read(timeout: 20)
    }
    close(master)
  }
  // The first screen: output, then 400 ms without any.
  let startDeadline = now() + 30_000
  var lastOutput = program.startsSilent ? now() : 0
  while now() < startDeadline {
    let n = terminal.read(timeout: 50)
    if n < 0 { return nil }
    if n > 0 { lastOutput = now() }
    if lastOutput > 0 && now() - lastOutput > 400 { break }
  }
  guard lastOutput > 0 else { return nil }
  var run = Run()
  let cpuBefore = cpuTime(of: pid)
  let bytesBefore = terminal.output.count
  for index in 0..<keys {
    let final: UInt8 = index % 2 == 0 ? UInt8(ascii: "B") : UInt8(ascii: "A")
    let key: [UInt8] = [0x1B, terminal.applicationCursor ? UInt8(ascii: "O") : UInt8(ascii: "["), final]
    let start = terminal.output.count
    let sent = now()
    guard write(master, key, key.count) == key.count else { return nil }
    // Until `quiet` ms pass with nothing: the last byte's time, or (mode 2026) the time of
    // the read that ended the last synchronized frame.
    var frameEnd: Double?
    let deadline = sent + 5000
    var last = sent
    while true {
      // Nothing yet, or a synchronized frame not ended yet: wait up to the deadline; after
      // that, for `quiet` ms of silence.
      let waiting = terminal.output.count == start || (terminal.synchronized && frameEnd == nil)
      let remaining = waiting ? deadline - now() : quiet - (now() - last)
      guard remaining > 0 else { break }
      let before = terminal.output.count
      let n = terminal.read(timeout: remaining)
      if n < 0 { return nil }
      guard n > 0 else { continue }
      last = now()
      if !terminal.synchronized || terminal.endsFrame(from: before) { frameEnd = last }
    }
    guard let frameEnd else { return nil }
    run.latencies.append(frameEnd - sent)
  }
  run.cpuPerKey = (cpuTime(of: pid) - cpuBefore) / Double(keys)
  run.bytesPerKey = Double(terminal.output.count - bytesBefore) / Double(keys)
  return run
}

func percentile(_ samples: [Double], _ p: Double) -> Double {
  let sorted = samples.sorted()
  return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
}

var programs = [
  Program(name: "echo floor", arguments: [peersPath, "echo"], startsSilent: true),
  Program(name: "ncurses list", arguments: [peersPath, "ncurses"]),
  Program(name: "ResponderKit list", arguments: [selfPath, "--list"]),
  Program(name: "Checklists", arguments: [checklistsPath]),
]
if let textualPython {
  programs.append(Program(name: "Textual list", arguments: [textualPython, textualScript]))
}

// Checklists' data (its starter lists) in a scratch folder, removed at the end.
var template = Array(
  FileManager.default.temporaryDirectory.appendingPathComponent("latency-XXXXXX").path.utf8CString)
guard
  let scratch = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) })
    .map({ String(cString: $0) })
else {
  print("cannot make a scratch folder")
  exit(1)
}
defer { try? FileManager.default.removeItem(atPath: scratch) }
programs[3].arguments += ["--data", scratch + "/checklists.json"]

print(
  "Key to frame through a pty, 80×24 xterm-256color: \(rounds) rounds × \(keysPerRound) keys, programs interleaved"
)
if textualPython == nil { print("  Textual: no virtualenv (make bench-deps makes it), left out") }
var perRound: [[Run]] = Array(repeating: [], count: programs.count)
for round in 0..<rounds {
  for offset in 0..<programs.count {
    let index = (round + offset) % programs.count
    if var run = measure(programs[index], keys: keysPerRound, data: scratch) {
      run.round = round
      perRound[index].append(run)
    } else {
      print("  round \(round): \(programs[index].name) did not answer")
    }
  }
}

/// The medians over rounds of each round's median, p90 and CPU per key.
struct Summary {
  var median: Double
  var p90: Double
  var cpu: Double
  var bytes: Double
  var rounds: Int
  /// The median over rounds of the round's median against ncurses' in the same round: the
  /// machine's load moves both alike.
  var pairedRatio: Double?
}
let summaries: [Summary?] = perRound.map { runs in
  guard !runs.isEmpty else { return nil }
  return Summary(
    median: BenchmarkSupport.median(runs.map { BenchmarkSupport.median($0.latencies) }),
    p90: BenchmarkSupport.median(runs.map { percentile($0.latencies, 0.9) }),
    cpu: BenchmarkSupport.median(runs.map(\.cpuPerKey)),
    bytes: BenchmarkSupport.median(runs.map(\.bytesPerKey)),
    rounds: runs.count,
    pairedRatio: pairedRatio(runs))
}

@MainActor func pairedRatio(_ runs: [Run]) -> Double? {
  let ratios = runs.compactMap { run in
    perRound[1].first { $0.round == run.round }.map {
      BenchmarkSupport.median(run.latencies) / BenchmarkSupport.median($0.latencies)
    }
  }
  return ratios.isEmpty ? nil : BenchmarkSupport.median(ratios)
}
guard let ncurses = summaries[1] else {
  print("ncurses did not run")
  exit(1)
}
for (program, summary) in zip(programs, summaries) {
  guard let summary else { continue }
  print(
    "  \(program.name): median \(formatted(summary.median, 3)) ms (\(formatted(summary.median / ncurses.median, 2))× ncurses; per round \(formatted(summary.pairedRatio ?? 0, 2))×), p90 \(formatted(summary.p90, 3)) ms, CPU \(formatted(summary.cpu * 1000, 0)) µs/key, \(formatted(summary.bytes, 0)) bytes/key"
  )
}

let ncursesName = "ncurses list (C)"
func row(_ index: Int, _ name: String, target: (String, Double)? = nil) -> [BenchmarkResult] {
  guard index < summaries.count, let summary = summaries[index] else { return [] }
  let note =
    "p90 \(formatted(summary.p90, 3)) ms (ncurses \(formatted(ncurses.p90, 3))); median of per-round ratios \(formatted(summary.pairedRatio ?? 0, 2))×; \(formatted(summary.bytes, 0)) bytes/key; \(summary.rounds) rounds × \(keysPerRound) keys"
  return [
    BenchmarkResult(
      name: "Key to finished frame (pty, 80×24): \(name)", value: summary.median * 1000, unit: "µs",
      baseline: ncursesName, baselineValue: ncurses.median * 1000, target: target?.0,
      met: target.map { summary.median <= $0.1 * ncurses.median }, rounds: summary.rounds, note: note),
    BenchmarkResult(
      name: "CPU per key: \(name)", value: summary.cpu * 1000, unit: "µs", baseline: ncursesName,
      baselineValue: ncurses.cpu * 1000, rounds: summary.rounds,
      note: "the program's threads' run time over the keys (/proc/PID/task/*/schedstat)"),
  ]
}
writeResults(
  row(0, "pty echo floor (C)") + row(2, "four-row list, ResponderKit", target: ("≤ 1.2× ncurses", 1.2))
    + row(3, "Checklists' first screen", target: ("≤ 1.5× ncurses' list", 1.5))
    + row(4, "four-row list, Textual 8.2.8"), group: "latency")
