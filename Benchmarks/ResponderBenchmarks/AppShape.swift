// The app shape (issue 34): what the samples and an app built on the public API have, against
// the framework-class shape (chains of exactly View, Window and Application, which the walks
// pass from their tables). A custom focusable `View` subclass is first responder, 30 plain
// views and a `ViewController`'s view lead to the root, which implements `moveDown`; the window
// has a delegate; the application is a subclass implementing the benchmark action. Measured:
// a nil-target `sendAction` through the 34 responders, and typed and bound (Down → `moveDown`,
// `tryToPerform` to the root) key events through the 32 levels below the window, each beside
// the framework-class shape and the plain strong walk of the same run.
// `ResponderBenchmarks --app-shape` runs only these rows.
import BenchmarkSupport
import Foundation
import ResponderKit

/// A focusable view as apps write one: a subclass that declares nothing.
final class AppFocusView: View {
  override var canBecomeFirstResponder: Bool { true }
}

/// A view controller on the way, as apps have one.
final class AppController: ViewController {}

/// An application subclass as every sample has, implementing the benchmark action.
final class AppShapeApplication: Application {
  var performed = 0
  override class var actionTable: ActionTable { actions }
  private static let actions = ActionTable(AppShapeApplication.self) {
    $0.add(.benchmarkAction) { $0.performed &+= 1 }
  }
}

/// The root of both shapes' chains: it implements `moveDown`, where bound keys end.
final class MovingRootView: View {
  var moves = 0
  override class var actionTable: ActionTable { actions }
  private static let actions = ActionTable(MovingRootView.self) { $0.add(.moveDown) { $0.moves &+= 1 } }
}

/// One shape: the application, its key window's first responder, and what keeps it alive.
struct Shape {
  let app: Application
  let root: MovingRootView
  let focus: View
  let delegate: BenchmarkWindowDelegate
}

/// A key window whose chain from the first responder is 34 responders: 31 views and a view
/// controller (app shape) or 32 views (framework-class shape), the window, the application.
@MainActor func makeShape(app appShape: Bool) -> Shape {
  let app: Application = appShape ? AppShapeApplication() : BenchmarkApplication()
  let window = Window()
  let delegate = BenchmarkWindowDelegate()
  window.delegate = delegate
  let root = MovingRootView()
  var top: View = root
  let views = appShape ? depth - 1 : depth
  for level in 1..<views {
    let view: View
    if level == views - 1 {
      view = appShape ? AppFocusView() : FocusView()
    } else if appShape && level == views / 2 {
      let controller = AppController()
      view = controller.view
      keptControllers.append(controller)
    } else {
      view = View()
    }
    top.addSubview(view)
    top = view
  }
  window.rootView = root
  app.addWindow(window)
  window.makeKeyAndOrderFront()
  precondition(window.makeFirstResponder(top) && window.firstResponder === top)
  var length = 0
  var responder: Responder? = top
  while let current = responder {
    length += 1
    responder = current.next
  }
  precondition(length == depth + 2, "34 responders from the first responder")
  precondition(app.target(forAction: .benchmarkAction, to: nil, from: nil) === app)
  return Shape(app: app, root: root, focus: top, delegate: delegate)
}

/// Callgrind's counts for these loops, this file built at 018be2e (the commit before the single
/// search, declared search and all), measured on 2026-12-06 beside this file's own counts,
/// release builds: the targets are to stay within 10% of them.
let instructionsBefore = [
  "shape-app-send": 1_974.0, "shape-framework-send": 1_945.0,
  "shape-app-typed": 2_920.0, "shape-framework-typed": 2_281.0,
  "shape-app-bound": 3_592.0, "shape-framework-bound": 2_675.0,
]

/// The view controllers of the shapes (a view does not hold its controller).
@MainActor var keptControllers: [ViewController] = []

/// Typed text, presses and releases; or Down presses and releases (bound to `moveDown`).
func shapeKeys(bound: Bool, count: Int) -> [InputEvent] {
  let text = Array("the quick brown fox jumps over 13 lazy dogs ")
  return (0..<count).map { index in
    var key =
      bound ? KeyEvent(keysym: .down, scalar: nil) : KeyEvent.character(text[(index / 2) % text.count])
    if index % 2 == 1 { key.phase = .up }
    return .key(key)
  }
}

// The loops callgrind counts (`--toggle-collect=*timed*`).
@MainActor @inline(never)
func timedShapeSends(_ app: Application, _ count: Int) -> Int {
  var sent = 0
  for _ in 0..<count where app.sendAction(.benchmarkAction, to: nil, from: nil) { sent &+= 1 }
  return sent
}

@MainActor @inline(never)
func timedShapeKeys(_ app: Application, _ keys: [InputEvent]) -> Int {
  var delivered = 0
  for index in keys.indices where app.handle(keys[index]) { delivered &+= 1 }
  return delivered
}

/// Runs a shape mode `count` times (what `--only shape-…` counts): MODE is
/// `shape-{app,framework}-{send,typed,bound}`.
@MainActor func runShape(_ mode: String, count: Int) -> Int {
  let parts = mode.split(separator: "-")
  let shape = makeShape(app: parts[1] == "app")
  switch parts[2] {
  case "send": return timedShapeSends(shape.app, count)
  case let kind:
    let handled = timedShapeKeys(shape.app, shapeKeys(bound: kind == "bound", count: count))
    precondition(kind != "bound" || shape.root.moves == count / 2, "Down must reach the root's moveDown")
    return handled
  }
}

/// The rows: per operation in callgrind instructions, sends also in time, against the plain
/// strong walk of the same run.
@MainActor func runAppShapeBenchmarks(plain: Measurement, plainInstructions: Double?) -> [BenchmarkResult] {
  var results: [BenchmarkResult] = []
  for kind in ["send", "typed", "bound"] {
    for shapeName in ["app", "framework"] {
      let mode = "shape-\(shapeName)-\(kind)"
      let counts = kind == "send" ? (10_000, 60_000) : (4_000, 24_000)
      let instructions = instructionsPerOperation(mode, counts: counts)
      let isApp = shapeName == "app"
      let label = isApp ? "app shape" : "framework-class shape"
      let before = instructionsBefore[mode] ?? 0
      print("  \(mode): \(instructions.map { formatted($0, 0) } ?? "n/a") instructions")
      let shapeNote =
        isApp
        ? "custom focusable View subclass first responder, a ViewController on the way, an Application "
          + "subclass, a window delegate"
        : "View, Window and an Application subclass declared as Application is; the root implements moveDown"
      if kind == "send" {
        let shape = makeShape(app: isApp)
        let time = measure(dispatches) { shape.app.sendAction(.benchmarkAction, to: nil, from: nil) ? 1 : 0 }
        let ratio = instructions.flatMap { i in plainInstructions.map { i / $0 } }
        results.append(
          BenchmarkResult(
            name: "nil-target sendAction, 34 responders, \(label), per dispatch", value: instructions ?? 0,
            unit: "instructions", baseline: "plain Swift object walk", baselineValue: plainInstructions,
            target: isApp ? "≤ 1.0× the plain walk" : nil, met: isApp ? ratio.map { $0 <= 1.0 } : nil,
            rounds: 1,
            note: "callgrind; \(shapeNote); \(formatted(before, 0)) at 018be2e; "
              + "\(formatted(time.nsPerOperation)) ns against the plain walk's \(formatted(plain.nsPerOperation)) ns"
          ))
      } else {
        let keys = kind == "typed" ? "typed text" : "Down bound to moveDown at the root"
        results.append(
          BenchmarkResult(
            name: "key events through 32 levels (Application.handle), \(keys), \(label), per event",
            value: instructions ?? 0, unit: "instructions", baseline: "018be2e, same shape",
            baselineValue: before, target: isApp ? "≤ 1.1× 018be2e" : nil,
            met: isApp ? instructions.map { $0 <= before * 1.1 } : nil, rounds: 1,
            note: "callgrind; \(shapeNote)"))
      }
    }
  }
  return results
}
