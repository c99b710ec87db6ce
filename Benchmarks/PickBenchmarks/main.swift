import BenchmarkSupport
import Foundation
import Glibc
import ResponderKit
import TerminalHost

// Pick against fzf (Debian's), each run as a user runs it: 1,000,000 lines written into its
// standard input through a pipe, its standard output a pipe, its keys and screen a pty that
// is its controlling terminal (so both open /dev/tty). Rounds alternate between the two. The
// harness answers the terminal queries both send (CSI 6 n, DA1) as a terminal would, with the
// cursor on the first row.
//
// Figures: time from start to the first output that shows the whole count
// ("1000000/1000000"); per keystroke, typing a 4-character query one key at a time with all
// lines loaded, time from writing the key to the output showing the new match count (for
// Pick, to the end of that frame's synchronized update); peak memory (ru_maxrss from wait4);
// and, from the Renderer directly, the bytes of the same frames drawn inline and full-screen.

// `--frame-bytes` alone measures only the Renderer's bytes (no pty, no fzf).
let frameBytesOnly = CommandLine.arguments.dropFirst().first == "--frame-bytes"
let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
  print("usage: PickBenchmarks PICK_BINARY [FZF_BINARY] [ROUNDS]\n       PickBenchmarks --frame-bytes")
  exit(2)
}
let pickPath = arguments[1]
let fzfPath = arguments.count > 2 ? arguments[2] : "/usr/bin/fzf"
let rounds = arguments.count > 3 ? Int(arguments[3]) ?? 5 : 5
let lineCount = Int(ProcessInfo.processInfo.environment["PICK_BENCH_LINES"] ?? "") ?? 1_000_000
let query = Array("1234")
let columns: UInt16 = 100
let rows: UInt16 = 30

let input: [UInt8] = {
  var bytes: [UInt8] = []
  bytes.reserveCapacity(7_000_000)
  for n in 1...lineCount {
    bytes += Array(String(n).utf8)
    bytes.append(0x0A)
  }
  return bytes
}()

/// How many of the lines match `typed` as a subsequence: the count both programs must show.
func expectedCount(_ typed: ArraySlice<Character>) -> Int {
  let pattern = Array(String(typed).utf8)
  var count = 0
  for n in 1...lineCount {
    var next = 0
    for byte in String(n).utf8 where next < pattern.count && byte == pattern[next] { next += 1 }
    if next == pattern.count { count += 1 }
  }
  return count
}

let expected = (1...query.count).map { expectedCount(query[0..<$0]) }

// The same frames inline (a region starting on row 18 of 30) and full-screen: a list of 12
// rows, then each keystroke's frame. The first frame places the region (its row number, and
// DECSC for returning to it), so it is reported apart from the keystrokes' frames.
@MainActor func frameBytes(inlineOrigin: Int?) -> [Int] {
  var renderer = Renderer()
  renderer.inlineOrigin = inlineOrigin
  var frames: [Int] = []
  var typed = ""
  for step in 0...query.count {
    if step > 0 { typed.append(query[step - 1]) }
    var buffer = CellBuffer(columns: Int(columns), rows: 12)
    let canvas = Canvas(buffer: buffer)
    canvas.draw("> " + typed, x: 0, y: 0)
    canvas.draw("  \(step == 0 ? lineCount : expected[step - 1])/\(lineCount)", x: 0, y: 1)
    for row in 0..<10 { canvas.draw("  \(row * 1013 + step * 7 + 1)", x: 0, y: row + 2) }
    buffer = canvas.buffer
    frames.append(renderer.render(buffer, cursor: CursorPlacement(column: 2 + typed.count, row: 0)).count)
  }
  return frames
}

func measureFrameBytes() {
  let inline = MainActor.assumeIsolated { frameBytes(inlineOrigin: 18) }
  let full = MainActor.assumeIsolated { frameBytes(inlineOrigin: nil) }
  let inlineKeys = inline.dropFirst().reduce(0, +)
  let fullKeys = full.dropFirst().reduce(0, +)
  print(
    "Frame bytes: first frame inline \(inline[0]), full-screen \(full[0]); 4 keystrokes' frames inline \(inlineKeys), full-screen \(fullKeys); all 5 inline \(inline.reduce(0, +)), full-screen \(full.reduce(0, +))"
  )
  writeResults(
    [
      BenchmarkResult(
        name: "Inline frame bytes (a 12-row list, 4 keystrokes' frames)", value: Double(inlineKeys),
        unit: "bytes",
        baseline: "the same frames full-screen", baselineValue: Double(fullKeys),
        target: "≤ 1.0× full-screen",
        met: inlineKeys <= fullKeys, rounds: 1, note: "Renderer with inlineOrigin 18 against nil"),
      BenchmarkResult(
        name: "Inline frame bytes (the same list's first frame)", value: Double(inline[0]), unit: "bytes",
        baseline: "the same frame full-screen", baselineValue: Double(full[0]), rounds: 1,
        note:
          "placing the region costs its row number (CUP 19 against CSI 2J and home) and ESC 7, once per repaint; all 5 frames: \(inline.reduce(0, +)) against \(full.reduce(0, +))"
      ),
    ], group: "pick_frames")
}

if frameBytesOnly {
  measureFrameBytes()
  exit(0)
}

struct Run {
  var firstFrame: Double = 0
  var keystrokes: [Double] = []
  var peakMegabytes: Double = 0
}

func now() -> Double { nanoseconds() / 1e6 }

/// One run of `arguments` in a pty; nil if it did not show what it should within the time.
func measure(_ arguments: [String], synchronized: Bool) -> Run? {
  var stdinPipe: [Int32] = [-1, -1]
  var stdoutPipe: [Int32] = [-1, -1]
  guard pipe(&stdinPipe) == 0, pipe(&stdoutPipe) == 0 else { return nil }
  var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
  var master: Int32 = -1
  let argv = arguments.map { strdup($0) } + [nil]
  let start = now()
  let pid = forkpty(&master, nil, nil, &size)
  if pid == 0 {
    dup2(stdinPipe[0], 0)
    dup2(stdoutPipe[1], 1)
    for fd in stdinPipe + stdoutPipe { close(fd) }
    setenv("TERM", "xterm-256color", 1)
    unsetenv("TMUX")
    unsetenv("FZF_DEFAULT_OPTS")
    execv(argv[0]!, argv)
    _exit(127)
  }
  for arg in argv { free(arg) }
  close(stdinPipe[0])
  close(stdoutPipe[1])
  // The writer and the output drain, on their own threads, as `seq` and `wc` would be.
  let writeEnd = stdinPipe[1]
  let writer = Thread {
    input.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let n = write(writeEnd, bytes.baseAddress! + offset, min(65536, bytes.count - offset))
        if n <= 0 { break }
        offset += n
      }
    }
    close(writeEnd)
  }
  writer.start()
  let readEnd = stdoutPipe[0]
  Thread {
    var buffer = [UInt8](repeating: 0, count: 4096)
    while read(readEnd, &buffer, buffer.count) > 0 {}
    close(readEnd)
  }.start()

  var output: [UInt8] = []
  var screen = ScreenModel(columns: Int(columns), rows: Int(rows))
  var buffer = [UInt8](repeating: 0, count: 1 << 16)
  var run = Run()
  /// Reads until the screen shows `marker` (for Pick, at the end of a synchronized frame: a
  /// terminal shows nothing of a frame before its end); false on timeout.
  func waitFor(_ marker: String, timeout: Double = 20_000) -> Bool {
    let needle = Array(marker.utf8)
    let frameEnd = Array("\u{1b}[?2026l".utf8)
    let deadline = now() + timeout
    while now() < deadline {
      var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, 100) > 0 else { continue }
      let n = read(master, &buffer, buffer.count)
      guard n > 0 else { return false }
      let before = output.count
      output += buffer[0..<n]
      screen.feed(output[before...])
      answerQueries(from: max(0, before - 8))
      let complete = !synchronized || output[max(0, before - 8)...].firstRange(of: frameEnd) != nil
      if complete && screen.shows(needle) { return true }
    }
    return false
  }
  var scanned = 0
  func answerQueries(from _: Int) {
    // Terminal replies, in order: the cursor on row 1 for CSI 6 n, and DA1 for CSI c (no
    // kitty keyboard flags reply: neither is kitty).
    let queries: [(String, String)] = [("\u{1b}[6n", "\u{1b}[1;1R"), ("\u{1b}[c", "\u{1b}[?62;22c")]
    var index = max(0, scanned - 4)
    while index < output.count {
      if output[index] == 0x1B {
        for (query, reply) in queries {
          let bytes = Array(query.utf8)
          if index + bytes.count <= output.count, Array(output[index..<index + bytes.count]) == bytes,
            index + bytes.count > scanned
          {
            _ = reply.withCString { write(master, $0, strlen($0)) }
          }
        }
      }
      index += 1
    }
    scanned = output.count
  }
  defer { close(master) }
  guard waitFor("\(lineCount)/\(lineCount)") else {
    kill(pid, SIGKILL)
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    return nil
  }
  run.firstFrame = now() - start
  // Let both finish reading and settle (fzf's spinner, Pick's " …").
  let settle = now() + 500
  while now() < settle {
    var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    if poll(&descriptor, 1, 50) > 0 {
      let n = read(master, &buffer, buffer.count)
      if n > 0 {
        let before = output.count
        output += buffer[0..<n]
        screen.feed(output[before...])
        answerQueries(from: 0)
      }
    }
  }
  for (index, character) in query.enumerated() {
    let key = Array(String(character).utf8)
    let sent = now()
    _ = write(master, key, key.count)
    guard waitFor("\(expected[index])/\(lineCount)") else { break }
    run.keystrokes.append(now() - sent)
  }
  _ = write(master, [0x1B], 1)  // Esc: both exit 1
  var status: Int32 = 0
  var usage = rusage()
  let deadline = now() + 5000
  while wait4(pid, &status, WNOHANG, &usage) == 0 {
    if now() > deadline { kill(pid, SIGKILL) }
    var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    if poll(&descriptor, 1, 20) > 0 { _ = read(master, &buffer, buffer.count) }
  }
  run.peakMegabytes = Double(usage.ru_maxrss) / 1024
  return run.keystrokes.count == query.count ? run : nil
}

func percentile(_ samples: [Double], _ p: Double) -> Double {
  let sorted = samples.sorted()
  return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
}

print("Pick vs fzf \(fzfPath), \(lineCount) lines, \(rounds) rounds each, alternating")
var picks: [Run] = []
var fzfs: [Run] = []
for round in 0..<rounds {
  if let run = measure([pickPath, "--height", "12"], synchronized: true) {
    picks.append(run)
  } else {
    print("  round \(round): Pick did not finish")
  }
  if let run = measure([fzfPath, "--height", "12"], synchronized: false) {
    fzfs.append(run)
  } else {
    print("  round \(round): fzf did not finish")
  }
}
guard !picks.isEmpty, !fzfs.isEmpty else {
  print("no complete runs")
  exit(1)
}

let pickFirst = median(picks.map(\.firstFrame))
let fzfFirst = median(fzfs.map(\.firstFrame))
let pickKeys = picks.flatMap(\.keystrokes)
let fzfKeys = fzfs.flatMap(\.keystrokes)
let pickKey = median(pickKeys)
let fzfKey = median(fzfKeys)
let pickMemory = median(picks.map(\.peakMegabytes))
let fzfMemory = median(fzfs.map(\.peakMegabytes))
print(
  "  first frame with the count: Pick \(formatted(pickFirst)) ms, fzf \(formatted(fzfFirst)) ms (\(formatted(pickFirst / fzfFirst, 2))x)"
)
print(
  "  per keystroke (median): Pick \(formatted(pickKey)) ms, fzf \(formatted(fzfKey)) ms (\(formatted(pickKey / fzfKey, 2))x); p90 Pick \(formatted(percentile(pickKeys, 0.9))) ms, fzf \(formatted(percentile(fzfKeys, 0.9))) ms"
)
print(
  "  peak memory: Pick \(formatted(pickMemory)) MB, fzf \(formatted(fzfMemory)) MB (\(formatted(pickMemory / fzfMemory, 2))x)"
)

writeResults(
  [
    BenchmarkResult(
      name: "Pick: 1,000,000 lines on stdin to the first frame with the count", value: pickFirst, unit: "ms",
      baseline: "fzf 0.38", baselineValue: fzfFirst, target: "≤ 1.0× fzf", met: pickFirst <= fzfFirst,
      rounds: picks.count, note: "pty harness, lines through a pipe, rounds alternating with fzf"),
    BenchmarkResult(
      name: "Pick: per keystroke with 1,000,000 lines (4-char query), median", value: pickKey, unit: "ms",
      baseline: "fzf 0.38", baselineValue: fzfKey, target: "≤ 1.0× fzf's median", met: pickKey <= fzfKey,
      rounds: pickKeys.count,
      note:
        "key written to the new count shown (Pick: to the frame's end); p90 Pick \(formatted(percentile(pickKeys, 0.9))) ms, fzf \(formatted(percentile(fzfKeys, 0.9))) ms"
    ),
    BenchmarkResult(
      name: "Pick: peak memory with 1,000,000 lines", value: pickMemory, unit: "MB", baseline: "fzf 0.38",
      baselineValue: fzfMemory, target: "≤ 1.5× fzf", met: pickMemory <= 1.5 * fzfMemory, rounds: picks.count,
      note: "ru_maxrss of the process"),
  ], group: "pick")
measureFrameBytes()
