// Text editing at scale (issue 25): what a keystroke, a cursor move, a delete and an undo
// cost in a TextField and a TextView holding 1 KB, 1 MB and 10 MB, each drawn in a frame,
// against the same operation into a 1 KB one (the ratio the target asks for); and how long
// a 10 MB paste takes to show (the paste event handled and the next frame drawn) against a
// plain `[UInt8]` append of the same bytes (memory bandwidth), measured in the same run.
//
// Run in release: `swift build -c release --product TextBenchmarks`, then the binary.
// Times are wall-clock medians of rounds; `TextBenchmarks --quick` runs fewer rounds.

import BenchmarkSupport
import Foundation
import Glibc
import ResponderKit

let quick = CommandLine.arguments.contains("--quick")
let rounds = quick ? 3 : 7
let size = Size(width: 80, height: 24)

/// ASCII prose in lines of 63 characters and a newline: what a pasted log or source file is.
func sampleText(bytes: Int) -> String {
  let line = "The quick brown fox jumps over the lazy dog, again and again. \n"
  let lines = String(repeating: line, count: bytes / line.utf8.count + 1)
  return String(lines.utf8.prefix(bytes))!
}

/// An application showing one text editor, focused, and a canvas to draw frames into.
@MainActor
final class Editor {
  let app = Application()
  let window: Window
  let canvas: Canvas
  let editor: View

  init(view: Bool, text: String) {
    app.screenSize = size
    window = Window(frame: Rect(origin: .zero, size: size))
    let root = View(frame: Rect(origin: .zero, size: size))
    editor =
      view
      ? TextView(frame: Rect(x: 0, y: 0, width: 80, height: 22))
      : TextField(frame: Rect(x: 0, y: 0, width: 80, height: 1))
    root.addSubview(editor)
    window.rootView = root
    app.addWindow(window)
    window.makeKeyAndOrderFront()
    window.makeFirstResponder(editor)
    canvas = Canvas(columns: Int(size.width), rows: Int(size.height))
    frame()
    if !text.isEmpty { paste(text) }
    frame()
  }

  var textField: TextField? { editor as? TextField }
  var textView: TextView? { editor as? TextView }

  var insertionPoint: Int {
    get { textField?.insertionPoint ?? textView!.insertionPoint }
    set {
      if let textField { textField.insertionPoint = newValue } else { textView!.insertionPoint = newValue }
    }
  }

  func frame() { app.render(into: canvas) }
  func paste(_ text: String) { app.handle(.paste(text, timestamp: 0)) }
  func type(_ text: String) { app.handle(.text(text, timestamp: 0)) }
  func deleteBackward() {
    if let textField { textField.deleteBackward() } else { textView!.deleteBackward() }
  }
  func move(right: Bool) {
    if let textView {
      if right { textView.moveRight() } else { textView.moveLeft() }
    } else {
      textField!.insertionPoint += right ? 1 : -1
    }
  }
  func undo() { window.undoManager?.undo() }
}

/// Nanoseconds per operation: the median of `rounds` rounds of `count` operations.
@MainActor func measure(_ count: Int, _ body: () -> Void) -> Double {
  body()
  var samples: [Double] = []
  for _ in 0..<rounds {
    let start = nanoseconds()
    for _ in 0..<count { body() }
    samples.append((nanoseconds() - start) / Double(count))
  }
  return median(samples)
}

struct Row {
  var name: String
  var size: String
  var nanoseconds: Double
}

let sizes: [(name: String, bytes: Int)] = [("1 KB", 1 << 10), ("1 MB", 1 << 20), ("10 MB", 10 << 20)]
let texts = sizes.map { sampleText(bytes: $0.bytes) }
var results: [BenchmarkResult] = []

/// Per-key operations on an editor holding each size, each followed by a frame.
@MainActor func keyRows(view: Bool) {
  let kind = view ? "TextView" : "TextField"
  let operations = quick ? 50 : 200
  var table: [String: [Double]] = [:]
  let names = ["keystroke at the end", "keystroke in the middle", "cursor left/right", "delete backward"]
  for text in texts {
    let editor = Editor(view: view, text: text)
    var figures: [Double] = []
    editor.insertionPoint = Int.max
    figures.append(
      measure(operations) {
        editor.type("x")
        editor.frame()
      })
    editor.insertionPoint = text.utf8.count / 2
    figures.append(
      measure(operations) {
        editor.type("x")
        editor.frame()
      })
    var right = false
    figures.append(
      measure(operations) {
        editor.move(right: right)
        right.toggle()
        editor.frame()
      })
    figures.append(
      measure(operations) {
        editor.deleteBackward()
        editor.frame()
      })
    for (name, figure) in zip(names, figures) { table[name, default: []].append(figure) }
  }
  for name in names {
    let figures = table[name]!
    print("\(kind) \(name):")
    for (index, size) in sizes.enumerated() {
      let ratio = figures[index] / figures[0]
      print(
        "  \(size.name): \(formatted(figures[index] / 1000, 2)) µs  (×\(formatted(ratio, 2)) the 1 KB one)")
      guard index > 0 else { continue }
      let isKeystroke = name.hasPrefix("keystroke")
      results.append(
        BenchmarkResult(
          name: "\(kind) holding \(size.name): \(name), drawn", value: figures[index] / 1000, unit: "µs",
          baseline: "the same into a 1 KB \(kind)", baselineValue: figures[0] / 1000,
          target: isKeystroke ? "≤ 2× the 1 KB one" : nil, met: isKeystroke ? ratio <= 2 : nil,
          rounds: rounds, note: "80-column screen; one operation per frame"))
    }
  }
}

/// A paste of each size into an empty editor, until the next frame is drawn; then its undo.
@MainActor func pasteRows(view: Bool) {
  let kind = view ? "TextView" : "TextField"
  for (index, text) in texts.enumerated() {
    let bytes = Array(text.utf8)
    let pasteRounds = index == 2 ? max(3, rounds / 2) : rounds
    var pasteSamples: [Double] = []
    var undoSamples: [Double] = []
    var copySamples: [Double] = []
    for _ in 0..<pasteRounds {
      let editor = Editor(view: view, text: "")
      var start = nanoseconds()
      editor.paste(text)
      editor.frame()
      pasteSamples.append(nanoseconds() - start)
      start = nanoseconds()
      editor.undo()
      editor.frame()
      undoSamples.append(nanoseconds() - start)
      precondition(editor.insertionPoint == 0, "the undo must have removed the paste")
      start = nanoseconds()
      var copy: [UInt8] = []
      copy.append(contentsOf: bytes)
      copySamples.append(nanoseconds() - start)
      precondition(copy.count == bytes.count)
    }
    let paste = median(pasteSamples) / 1e6
    let undo = median(undoSamples) / 1e6
    let copy = median(copySamples) / 1e6
    let size = sizes[index].name
    print(
      "\(kind) paste of \(size) shown: \(formatted(paste, 2)) ms  (append of the bytes: \(formatted(copy, 3)) ms, ×\(formatted(paste / copy, 0))); undo shown: \(formatted(undo, 2)) ms"
    )
    let target = index == 2 ? "≤ 1 s" : nil
    results.append(
      BenchmarkResult(
        name: "\(kind): paste of \(size) handled and the next frame drawn", value: paste, unit: "ms",
        baseline: "[UInt8] append of the same bytes", baselineValue: copy, target: target,
        met: index == 2 ? paste <= 1000 : nil, rounds: pasteRounds, note: "into an empty editor, 80×24 screen"
      ))
    results.append(
      BenchmarkResult(
        name: "\(kind): undo of a \(size) paste, drawn", value: undo, unit: "ms",
        baseline: "[UInt8] append of the same bytes", baselineValue: copy, rounds: pasteRounds))
  }
}

/// Keystrokes at the end, each drawn, for callgrind (`--only field|view SIZE COUNT`).
@inline(never) @MainActor func timedKeystrokes(_ editor: Editor, _ count: Int) -> Int {
  for _ in 0..<count {
    editor.type("x")
    editor.frame()
  }
  return editor.insertionPoint
}

if CommandLine.arguments.count == 5 && CommandLine.arguments[1] == "--only" {
  let editor = Editor(
    view: CommandLine.arguments[2] == "view", text: texts[Int(CommandLine.arguments[3]) ?? 0])
  print(timedKeystrokes(editor, Int(CommandLine.arguments[4]) ?? 100))
  exit(0)
}

/// Instructions per keystroke (drawn) into an editor holding each size, from callgrind.
@MainActor func instructionRows(view: Bool) {
  let kind = view ? "TextView" : "TextField"
  let figures = [0, 2].map { size in
    callgrindInstructionsPerOperation(toggle: "*timedKeystrokes*", counts: (100, 300)) {
      ["--only", view ? "view" : "field", String(size), String($0)]
    }
  }
  guard let small = figures[0], let large = figures[1] else { return print("\(kind): no callgrind figures") }
  print(
    "\(kind) keystroke at the end, instructions: 10 MB \(formatted(large, 0)), 1 KB \(formatted(small, 0)) (×\(formatted(large / small, 2)))"
  )
  results.append(
    BenchmarkResult(
      name: "\(kind) holding 10 MB: keystroke at the end, drawn, per key", value: large, unit: "instructions",
      baseline: "the same into a 1 KB \(kind)", baselineValue: small, target: "≤ 2× the 1 KB one",
      met: large <= 2 * small, rounds: 1, note: "callgrind, only the timed loop"))
}

let only = CommandLine.arguments.dropFirst().first { !$0.hasPrefix("--") }
if only == nil || only == "instructions" {
  instructionRows(view: false)
  instructionRows(view: true)
}
if only == nil || only == "paste" {
  pasteRows(view: false)
  pasteRows(view: true)
}
if only == nil || only == "keys" {
  keyRows(view: false)
  keyRows(view: true)
}
if only == nil { writeResults(results, group: "text") }
