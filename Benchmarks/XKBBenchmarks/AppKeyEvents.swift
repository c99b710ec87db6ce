// Key events through an application: a key window whose first responder is the deepest of 32
// views, so every press passes the menus' key equivalents, the key commands of the chain,
// `keyDown` up 32 views, the window and the application, and the key bindings; every release
// goes up the chain as `keyUp`. Driven two ways: `Application.handle` directly, and a
// `HeadlessDriver` replaying a recording of the same keys on its virtual clock. Allocations
// are counted by the malloc interposer of CXKBBenchmarkLoop (every call, so an object
// allocated and freed within one event counts too).
import BenchmarkSupport
import CXKBBenchmarkLoop
import EventReplay
import Foundation
import Glibc
import ResponderKit

/// A view that can hold focus and handles no keys: the deepest of the chain. It declares that
/// it keeps the responder methods the walks call (it overrides none of them), as View does
/// (a package-internal declaration: the framework-class shape; ResponderBenchmarks' AppShape.swift
/// measures an app's undeclared view).
final class FocusView: View {
  override var canBecomeFirstResponder: Bool { true }
  override class var actionTable: ActionTable { focusActions }
  private static let focusActions = ActionTable(FocusView.self, keeping: .all) { _ in }
}

/// A window delegate that implements no actions.
final class QuietWindowDelegate: WindowDelegate {}

/// An application with a key window whose first responder is the deepest of `depth` views.
@MainActor func makeKeyApplication(depth: Int = 32, root: () -> View = { View() }) -> (
  Application, any WindowDelegate
) {
  let app = Application()
  let window = Window()
  let delegate = QuietWindowDelegate()
  window.delegate = delegate
  var views: [View] = [root()]
  for level in 1..<depth {
    let view: View = level == depth - 1 ? FocusView() : View()
    views[level - 1].addSubview(view)
    views.append(view)
  }
  window.rootView = views[0]
  app.addWindow(window)
  window.makeKeyAndOrderFront()
  precondition(window.makeFirstResponder(views[depth - 1]), "the deepest view must take focus")
  return (app, delegate)
}

/// The presses of a typist: lower- and upper-case letters, digits and space, down then up.
func typedKeys(count: Int) -> [KeyEvent] {
  let text = Array("The quick brown fox jumps over 13 lazy dogs ")
  var keys: [KeyEvent] = []
  keys.reserveCapacity(count)
  var index = 0
  while keys.count < count {
    let character = text[index % text.count]
    var key = KeyEvent.character(character, modifierFlags: character.isUppercase ? .shift : [])
    keys.append(key)
    key.phase = .up
    keys.append(key)
    index += 1
  }
  return Array(keys.prefix(count))
}

/// Nanoseconds of CPU time this thread has used: time descheduled on a shared machine does not
/// count against the code measured.
func threadNanoseconds() -> UInt64 {
  var ts = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
  return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

// The loops callgrind counts (`--toggle-collect=*timed*`).

/// Sends `keys` to `app` through `Application.handle`; how many were delivered.
@MainActor @inline(never)
func timedHandle(_ app: Application, _ keys: [InputEvent]) -> Int {
  var delivered = 0
  // By index: the element is passed in place, as a source hands over the input it decoded.
  for index in keys.indices where app.handle(keys[index]) { delivered &+= 1 }
  return delivered
}

/// Replays `recording` through `driver`; how many inputs were delivered.
@MainActor @inline(never)
func timedReplay(_ driver: HeadlessDriver, _ recording: Recording) -> Int {
  driver.replay(recording)
}

/// Per key event: CPU nanoseconds (median of `rounds`) and allocations (the most of any round).
struct AppKeyMeasurement {
  var nanoseconds: Double
  var allocations: Double
}

/// Runs `body` (which handles `events` events) once to warm up, then `rounds` times.
@MainActor func measureKeys(events: Int, rounds: Int, _ body: () -> Int) -> AppKeyMeasurement {
  precondition(body() == events, "every key must reach the key window")
  var samples: [Double] = []
  var allocations: UInt64 = 0
  for _ in 0..<rounds {
    let allocationsBefore = CXKBBenchmarkLoop_allocationCount()
    let start = threadNanoseconds()
    let delivered = body()
    let elapsed = threadNanoseconds() - start
    allocations = max(allocations, CXKBBenchmarkLoop_allocationCount() - allocationsBefore)
    precondition(delivered == events)
    samples.append(Double(elapsed) / Double(events))
  }
  return AppKeyMeasurement(nanoseconds: median(samples), allocations: Double(allocations) / Double(events))
}

/// The two ways in: `Application.handle` ("app") and a `HeadlessDriver` replay ("replay"), and
/// bound keys through `Application.handle` ("bound", see BoundKeyEvents.swift).
/// With `rounds` 0, one pass only (what callgrind counts).
@MainActor func runAppKeys(_ path: String, events: Int, rounds: Int) -> AppKeyMeasurement {
  let keys = (path == "bound" ? boundKeys(count: events) : typedKeys(count: events)).map(InputEvent.key)
  let (app, delegate, bound) =
    path == "bound"
    ? makeBoundKeyApplication()
    : { () -> (Application, any WindowDelegate, BoundRootView?) in
      let (app, delegate) = makeKeyApplication()
      return (app, delegate, nil)
    }()
  defer {
    withExtendedLifetime(delegate) {}
    // Every press reached the top of the chain (a release goes up as keyUp).
    if let bound { precondition(bound.performed > 0, "moveDown must reach the root view") }
  }
  let body: () -> Int
  if path == "app" || path == "bound" {
    body = { timedHandle(app, keys) }
  } else {
    let driver = HeadlessDriver(application: app, size: Size(width: 80, height: 24))
    var recording = Recording(screenSize: driver.application.screenSize)
    for (index, key) in keys.enumerated() { recording.append(key, at: Double(index) * 0.01) }
    body = { timedReplay(driver, recording) }
  }
  guard rounds > 0 else { return AppKeyMeasurement(nanoseconds: 0, allocations: Double(body())) }
  return measureKeys(events: events, rounds: rounds, body)
}
