import EventReplay
import Foundation
import ResponderKit

/// A live app for one census case: a 40×12 headless screen with a window, a root view and a
/// text field kept aside to prove, at the end, that the app still takes keys and draws them.
@MainActor final class CensusStage {
  /// The screen every case starts on.
  static let screenSize = Size(width: 40, height: 12)

  let application = Application()
  let driver: HeadlessDriver
  let window = Window(frame: Rect(x: 0, y: 0, width: 40, height: 12))
  let root = View(frame: Rect(x: 0, y: 0, width: 40, height: 12))
  /// The field typed into last, on the bottom line.
  let sentinel = TextField(frame: Rect(x: 0, y: 11, width: 12, height: 1))
  /// The data source of the stage's tables (a table holds its data source weakly).
  let censusRows = CensusRows()
  private var problems: [String] = []
  private var kept: [Any] = []

  /// The stage being run, for probes that reach it from a view.
  private static weak var running: CensusStage?

  /// The stage showing `window`, if it is the one being run.
  static func current(of window: Window) -> CensusStage? { running?.window === window ? running : nil }

  /// Keeps `object` alive as long as the stage (a binding, a target held weakly).
  func keep(_ object: Any) { kept.append(object) }

  init() {
    defer { Self.running = self }
    driver = HeadlessDriver(application: application, size: Self.screenSize)
    window.placement = .fixed
    root.addSubview(sentinel)
    window.rootView = root
    application.addWindow(window)
    window.makeKeyAndOrderFront()
    _ = driver.screen
  }

  /// Adds `view` to the window (in `frame` when it has none yet), makes it first responder
  /// when it takes focus, and renders.
  @discardableResult
  func show<V: View>(_ view: V, in frame: Rect = Rect(x: 1, y: 1, width: 30, height: 8)) -> V {
    if view.frame.isEmpty { view.frame = frame }
    root.insertSubview(view, at: 0)
    if view.canBecomeFirstResponder { _ = window.makeFirstResponder(view) }
    _ = driver.screen
    return view
  }

  /// The frame `view` was made with, read before ``show(_:in:)`` gives an empty one a size.
  func frameBeforeShowing(_ view: View) -> Rect {
    let frame = view.frame
    show(view)
    return frame
  }

  /// Records a broken promise the probe found itself.
  func problem(_ text: String) { problems.append(text) }

  /// Records a broken promise when `condition` is false.
  func expect(_ condition: Bool, _ text: @autoclosure () -> String = "its own check failed") {
    if !condition { problem(text()) }
  }

  /// Sends a key event and returns it.
  @discardableResult
  func deliver(_ key: KeyEvent) -> KeyEvent {
    _ = driver.send(.key(key))
    return key
  }

  /// Sends a scroll and returns it.
  @discardableResult
  func deliver(_ scroll: ScrollSample) -> ScrollSample {
    _ = driver.send(.scroll(scroll))
    return scroll
  }

  /// Sends a touch that begins and ends at `location`, and returns its first sample.
  @discardableResult
  func touch(id: Int, at location: Point, timestamp: TimeInterval = 0) -> TouchSample {
    let sample = TouchSample(id: id, phase: .began, location: location, timestamp: timestamp)
    _ = driver.send(.touches([sample]))
    _ = driver.send(.touches([TouchSample(id: id, phase: .ended, location: location, timestamp: timestamp)]))
    return sample
  }

  func takeProblems() -> [String] {
    defer { problems = [] }
    return problems
  }

  /// Ends the stage's application, which cancels the tasks an entry started: a task asleep
  /// for ∞ would otherwise never end, and keep its application to the end of the run.
  func finish() {
    application.terminate(nil)
  }

  /// Keys, a touch, a drag, a scroll and a resize, each followed by a render.
  func ordeal() {
    for key in ["Down", "Up", "End", "PageDown", "Home", "Right", "a", "BackSpace", "Tab", "Return"] {
      driver.press(key)
    }
    _ = driver.screen
    driver.tap(x: 5, y: 3)
    driver.drag(from: Point(x: 2, y: 2), to: Point(x: 20, y: 6))
    driver.scroll(x: 5, y: 3, dy: 3)
    driver.scroll(x: 5, y: 3, dy: -3)
    _ = driver.screen
    driver.resize(to: Size(width: 25, height: 7))
    _ = driver.screen
    driver.resize(to: Self.screenSize)
    driver.advance(by: 1)
  }

  /// `count` random events: keys, taps, drags, scrolls, resizes and clock moves at any
  /// coordinates, sizes and durations (a hostile one now and then).
  func randomEvents(_ count: Int, using generator: inout SeededGenerator) {
    let keys = [
      "Down", "Up", "Left", "Right", "PageDown", "PageUp", "Home", "End", "Return", "Tab", "x", "Escape",
    ]
    for _ in 0..<count {
      switch generator.next() % 6 {
      case 0: driver.press(keys[Int(generator.next() % UInt64(keys.count))])
      case 1: driver.tap(x: .censusRandom(using: &generator), y: .censusRandom(using: &generator))
      case 2:
        driver.drag(
          from: .censusRandom(using: &generator), to: .censusRandom(using: &generator),
          steps: Int(generator.next() % 8))
      case 3:
        driver.scroll(
          x: .censusRandom(using: &generator), y: .censusRandom(using: &generator),
          dy: .censusRandom(using: &generator))
      case 4:
        // Small screens mostly: a 2048×2048 render for every input would starve the fuzzer.
        let size = Size.censusRandom(using: &generator)
        driver.resize(
          to: generator.next() % 8 == 0
            ? size : Size(width: size.width.truncatingRemainder(dividingBy: 120), height: 30))
      default: driver.advance(by: .censusRandom(using: &generator))
      }
    }
    _ = driver.screen
  }

  /// Nil when typing into the sentinel field shows the text; else what went wrong.
  func unusability() -> String? {
    application.modalWindow.map { _ in application.stopModal() }
    for other in application.windows where other !== window { other.close() }
    window.frame = Rect(origin: .zero, size: Self.screenSize)  // a probe may have hidden it
    window.makeKeyAndOrderFront()
    driver.press("Escape")  // an overlay or menu a key opened
    guard window.makeFirstResponder(sentinel) else { return "the app no longer lets a field take focus" }
    sentinel.text = ""
    driver.type("ok")
    let text = driver.screenText
    guard sentinel.text == "ok", text.split(separator: "\n").last?.hasPrefix("ok") == true else {
      return
        "the app no longer takes typing: the field holds \"\(sentinel.text)\", the screen \(text.debugDescription)"
    }
    return nil
  }
}
