// Renderer against ncurses on five scenes at 200x60 (CRendererScenes defines them once for
// both): bytes of each update and the median time of ≥ 5 rounds, both sides writing their
// bytes to a temporary file. ncurses runs as its own C program (Benchmarks/NcursesBaseline,
// built by `make bench`), whose path is the first argument. With a second argument, the path of
// a release Checklists, it also times that app's start-up to the end of its first frame.
//
// Run in release: `make bench`.
import BenchmarkSupport
import CRendererScenes
import Foundation
import Glibc
import ResponderKit
import TerminalHost

let rounds = 21
let columns = Int(RK_SCENE_COLUMNS)
let rows = Int(RK_SCENE_ROWS)

func frame(_ scene: Int32, _ index: Int32) -> CellBuffer {
  var buffer = CellBuffer(columns: columns, rows: rows)
  for y in 0..<rows {
    for x in 0..<columns {
      let c = RKSceneCellAt(scene, index, Int32(x), Int32(y))
      var attributes: TextStyle.Attributes = []
      if Int(c.attributes) & RK_ATTRIBUTE_BOLD != 0 { attributes.insert(.bold) }
      if Int(c.attributes) & RK_ATTRIBUTE_REVERSE != 0 { attributes.insert(.reverse) }
      func color(_ value: Int8) -> Color { value < 0 ? .default : .palette(UInt8(value)) }
      let style = TextStyle(
        foreground: color(c.foreground), background: color(c.background), attributes: attributes)
      buffer[x, y] = Cell(Character(Unicode.Scalar(c.character)), style: style)
    }
  }
  return buffer
}

/// Our side of a scene: bytes of the frame 0 → 1 update, and per round the time to render it
/// alone and to render and write it.
func measureOurs(_ scene: Int32, fd: Int32) -> (bytes: Int, render: [Double], renderAndWrite: [Double]) {
  let before = frame(scene, 0)
  let after = frame(scene, 1)
  var renderer = Renderer(synchronizedOutput: false)
  var output: [UInt8] = []
  output.reserveCapacity(1 << 20)
  var bytes = -1
  var render: [Double] = []
  var renderAndWrite: [Double] = []
  for _ in 0..<rounds {
    output.removeAll(keepingCapacity: true)
    renderer.render(before, cursor: nil, into: &output)
    _ = output.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    output.removeAll(keepingCapacity: true)
    let start = nanoseconds()
    renderer.render(after, cursor: nil, into: &output)
    let rendered = nanoseconds()
    _ = output.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    let written = nanoseconds()
    render.append((rendered - start) / 1000)
    renderAndWrite.append((written - start) / 1000)
    if bytes < 0 { bytes = output.count }
  }
  return (bytes, render, renderAndWrite)
}

// Under callgrind (`RendererBenchmarks --only SCENE N`): N updates of a scene, frame 0 → 1 (scene
// 0, plain text, is the full repaint), only the rendering of frame 1 counted
// (`--toggle-collect=*timedRepaint*`).
@inline(never)
func timedRepaint(_ renderer: inout Renderer, _ frame: CellBuffer, into output: inout [UInt8]) {
  renderer.render(frame, cursor: nil, into: &output)
}

if CommandLine.arguments.count == 4 && CommandLine.arguments[1] == "--only" {
  let count = Int(CommandLine.arguments[3]) ?? 100
  let scene = Int32(CommandLine.arguments[2]) ?? 0
  let before = frame(scene, 0)
  let after = frame(scene, 1)
  var renderer = Renderer(synchronizedOutput: false)
  var output: [UInt8] = []
  output.reserveCapacity(1 << 20)
  var bytes = 0
  for _ in 0..<count {
    output.removeAll(keepingCapacity: true)
    renderer.render(before, cursor: nil, into: &output)
    output.removeAll(keepingCapacity: true)
    timedRepaint(&renderer, after, into: &output)
    bytes &+= output.count
  }
  print(bytes)
  exit(0)
}

/// The C program's lines: scene, bytes, then nanoseconds per round.
func runNcurses(_ path: String) -> [Int: (bytes: Int, microseconds: [Double])] {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: path)
  process.arguments = [String(rounds)]
  let pipe = Pipe()
  process.standardOutput = pipe
  do { try process.run() } catch {
    print("  ncurses baseline \(path) did not start: \(error)")
    return [:]
  }
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  var result: [Int: (Int, [Double])] = [:]
  for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
    let fields = line.split(separator: " ").compactMap { Double($0) }
    guard fields.count >= 3 else { continue }
    result[Int(fields[0])] = (Int(fields[1]), fields.dropFirst(2).map { $0 / 1000 })
  }
  return result
}

let ncursesPath = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : ".build/ncurses-baseline"
let curses = runNcurses(ncursesPath)
guard let file = tmpfile() else { fatalError("no temporary file") }
let fd = fileno(file)

print(
  "RendererBenchmarks: 200x60, release, median of \(rounds) rounds; ncurses (C, idlok on) in the same run")
print(
  "  scene                 bytes ours / ncurses      µs ours (render / +write) / ncurses (doupdate+write)")
var results: [BenchmarkResult] = []
for scene in 0..<Int32(RK_SCENE_COUNT) {
  let name = String(cString: RKSceneName(scene))
  let ours = measureOurs(scene, fd: fd)
  let theirs = curses[Int(scene)]
  let oursTime = median(ours.renderAndWrite)
  let line =
    "  \(name.padding(toLength: 20, withPad: " ", startingAt: 0))  \(ours.bytes) / \(theirs.map { String($0.bytes) } ?? "n/a")"
    + "      \(formatted(median(ours.render))) / \(formatted(oursTime)) / \(theirs.map { formatted(median($0.microseconds)) } ?? "n/a")"
  print(line)
  results.append(
    BenchmarkResult(
      name: "renderer bytes, \(name)", value: Double(ours.bytes), unit: "bytes", baseline: "ncurses",
      baselineValue: theirs.map { Double($0.bytes) }, target: "≤ ncurses",
      met: theirs.map { ours.bytes <= $0.bytes }, rounds: 1))
  results.append(
    BenchmarkResult(
      name: "renderer time, \(name) (render + write)", value: oursTime, unit: "µs", baseline: "ncurses",
      baselineValue: theirs.map { median($0.microseconds) }, rounds: rounds))
  if scene == 0 {
    let diff = median(ours.render)
    let instructions = callgrindInstructionsPerOperation(toggle: "*timedRepaint*", counts: (20, 120)) {
      ["--only", "0", String($0)]
    }
    print(
      "  full repaint, callgrind: \(instructions.map { formatted($0, 0) } ?? "n/a") instructions per frame")
    results.append(
      BenchmarkResult(
        name: "renderer diff, full 200x60 repaint (render only)", value: diff, unit: "µs",
        target: "≤ 200 µs", met: diff <= 200, rounds: rounds,
        note: "callgrind \(instructions.map { formatted($0, 0) } ?? "n/a") instructions per frame"))
  }
}
if curses.isEmpty { print("  (ncurses baseline missing: build it with `make bench`)") }

// MARK: - Checklists start-up

/// Milliseconds from spawning `arguments` on a 200x60 pty to the end of its first synchronized
/// frame (`CSI ? 2026 l`), or to its exit when `frameEnd` is nil; then the process is ended.
/// Also the child's CPU time (user + system, to its exit after SIGTERM), which moves less than
/// the wall time when other processes share the cores.
/// The child is started with `posix_spawn` (Foundation's `Process` adds about a millisecond of
/// its own), in its own session, with TERM=xterm-256color; only bytes that arrived since the
/// last read, and the frame end's length before them, are searched.
func startUp(_ arguments: [String], frameEnd: [UInt8]?) -> (wall: Double, cpu: Double)? {
  var master: Int32 = -1
  var slave: Int32 = -1
  var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
  guard openpty(&master, &slave, nil, nil, &size) == 0 else { return nil }
  defer { close(master) }
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  for target: Int32 in 0...2 { posix_spawn_file_actions_adddup2(&actions, slave, target) }
  posix_spawn_file_actions_addclose(&actions, master)
  posix_spawn_file_actions_addclose(&actions, slave)
  var attributes = posix_spawnattr_t()
  posix_spawnattr_init(&attributes)
  defer { posix_spawnattr_destroy(&attributes) }
  posix_spawnattr_setflags(&attributes, 0x80)  // POSIX_SPAWN_SETSID (glibc's spawn.h, _GNU_SOURCE)
  let environment =
    ProcessInfo.processInfo.environment.filter { $0.key != "TERM" }.map { "\($0.key)=\($0.value)" }
    + ["TERM=xterm-256color"]
  let argv = arguments.map { strdup($0) } + [nil]
  let envp = environment.map { strdup($0) } + [nil]
  defer { for pointer in argv + envp { free(pointer) } }
  var pid: pid_t = 0
  let start = nanoseconds()
  let status = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
  close(slave)  // the child has its copies; the master sees the end when it exits
  guard status == 0 else { return nil }
  var seen: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 65536)
  var end: Double?
  while end == nil {
    var entry = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    if poll(&entry, 1, 5000) <= 0 { break }
    let n = chunk.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
    if n <= 0 {
      if frameEnd == nil { end = nanoseconds() }
      break
    }
    guard let frameEnd else { continue }
    let from = max(0, seen.count - frameEnd.count + 1)
    seen += chunk[0..<n]
    if seen[from...].firstRange(of: frameEnd) != nil { end = nanoseconds() }
  }
  kill(pid, SIGTERM)
  var exitStatus: Int32 = 0
  var usage = rusage()
  while wait4(pid, &exitStatus, 0, &usage) < 0 && errno == EINTR {}
  func milliseconds(_ time: timeval) -> Double { Double(time.tv_sec) * 1e3 + Double(time.tv_usec) / 1e3 }
  return end.map { (($0 - start) / 1e6, milliseconds(usage.ru_utime) + milliseconds(usage.ru_stime)) }
}

if CommandLine.arguments.count > 2 {
  let checklists = CommandLine.arguments[2]
  var app: [Double] = []
  var appCPU: [Double] = []
  var floor: [Double] = []
  for _ in 0..<9 {
    // The data file in a directory of its own, as the default one
    // (~/.local/share/ResponderKit-Checklists) is: the app lists its directory at start.
    var template = Array(
      FileManager.default.temporaryDirectory.appendingPathComponent("checklists-bench-XXXXXX").path
        .utf8CString)
    guard let directory = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else { break }
    let path = String(cString: directory)
    if let times = startUp(
      [checklists, "--data", path + "/checklists.json"], frameEnd: Array("\u{1B}[?2026l".utf8))
    {
      app.append(times.wall)
      appCPU.append(times.cpu)
    }
    if let times = startUp(["/bin/true"], frameEnd: nil) { floor.append(times.wall) }
    try? FileManager.default.removeItem(atPath: path)
  }
  if !app.isEmpty && !floor.isEmpty {
    let startUpTime = median(app)
    var load = [Double](repeating: 0, count: 1)
    getloadavg(&load, 1)
    print(
      "  Checklists start-up to the end of its first frame, 200x60: \(formatted(startUpTime)) ms "
        + "(spawning /bin/true on the same pty: \(formatted(median(floor))) ms); "
        + "its CPU time \(formatted(median(appCPU))) ms; load average \(formatted(load[0]))")
    results.append(
      BenchmarkResult(
        name: "Checklists start-up to the end of its first frame, 200x60 (spawn on a pty)",
        value: startUpTime,
        unit: "ms", baseline: "spawning /bin/true the same way", baselineValue: median(floor),
        target: "≤ 12 ms",
        met: startUpTime <= 12, rounds: app.count,
        note:
          "posix_spawn, data file in a new directory; the app's CPU time \(formatted(median(appCPU))) ms, "
          + "load average \(formatted(load[0]))"))
  } else {
    print("  Checklists start-up: \(checklists) did not draw a frame")
  }
}
writeResults(results, group: "renderer")
