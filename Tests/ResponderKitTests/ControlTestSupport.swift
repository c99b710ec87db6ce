import ResponderKit

/// An application with one key window filling an 80×24 screen, and helpers that script
/// touches and keys through ``Application/handle(_:)``, as the terminal would.
@MainActor
final class ControlHarness {
  let app = Application()
  let window: Window
  let root: View
  /// The source clock; each sample advances it by a second unless told otherwise, so taps
  /// do not merge into multiple clicks by accident.
  var clock: Double = 100

  init(screen: Size = Size(width: 80, height: 24)) {
    app.screenSize = screen
    window = Window(frame: Rect(origin: .zero, size: screen))
    app.addWindow(window)
    window.makeKeyAndOrderFront()
    root = View(frame: Rect(origin: .zero, size: screen))
    window.rootView = root
  }

  /// Adds `view` to the root view and returns it.
  @discardableResult
  func add<V: View>(_ view: V) -> V {
    root.addSubview(view)
    return view
  }

  /// One touches event with the given samples (id, phase, x, y).
  func touches(_ samples: [(id: Int, phase: TouchPhase, x: Double, y: Double)], step: Double = 1) {
    clock += step
    app.handle(
      .touches(
        samples.map {
          TouchSample(id: $0.id, phase: $0.phase, location: Point(x: $0.x, y: $0.y), timestamp: clock)
        }))
  }

  /// One touch sample.
  func touch(_ phase: TouchPhase, _ x: Double, _ y: Double, id: Int = 0, step: Double = 1) {
    touches([(id, phase, x, y)], step: step)
  }

  /// A press and release at one place.
  func tap(_ x: Double, _ y: Double, step: Double = 1) {
    touch(.began, x, y, step: step)
    touch(.ended, x, y, step: 0.05)
  }

  /// A key press (down only) of a functional key.
  func key(_ keysym: Keysym, modifiers: KeyEvent.ModifierFlags = []) {
    clock += 1
    app.handle(.key(KeyEvent(keysym: keysym, modifierFlags: modifiers, timestamp: clock)))
  }

  /// Typing text, one key press per character.
  func type(_ text: String) {
    for character in text {
      clock += 1
      app.handle(.key(.character(character, timestamp: clock)))
    }
  }

  /// The screen as plain text.
  var screen: String { app.renderScreen().plainText }

  /// The first `rows` rows of the screen.
  func rows(_ rows: Int) -> [String] {
    Array(screen.split(separator: "\n", omittingEmptySubsequences: false).prefix(rows).map(String.init))
  }
}

/// A target that logs, for every control event it is registered for, which event bit fired
/// and in which dispatch (grouped by the triggering ``Event`` object).
@MainActor
final class ControlEventLog: ActionTarget {
  struct Entry {
    var event: ControlEvents
    /// Held strongly, so two live events never share an identity.
    var trigger: Event?
    var sender: AnyObject?
  }

  private(set) var entries: [Entry] = []

  /// The action that stands for each single control event.
  /// (Every single event bit that has a name, read from the public description.)
  static let eventActions: [(ControlEvents, Action)] = (0..<24).map { ControlEvents(rawValue: 1 << $0) }
    .filter { !$0.description.hasPrefix("0x") }
    .map { event in (event, Action("controlTestLog_" + event.description)) }

  static var actionTable: ActionTable { table }
  private static let table = ActionTable(ControlEventLog.self) { builder in
    for (bit, action) in ControlEventLog.eventActions {
      builder.add(action) { log, sender, event in
        log.entries.append(
          Entry(event: bit, trigger: event, sender: sender as AnyObject?))
      }
    }
  }

  /// Registers for every named control event of `control`, one action per event.
  func observe(_ control: Control, events: ControlEvents = .allEvents) {
    for (bit, action) in ControlEventLog.eventActions where events.contains(bit) {
      control.addTarget(self, action: action, for: bit)
    }
  }

  /// The dispatches seen, each as the union of the events it carried. Consecutive entries
  /// with the same triggering event form one dispatch; programmatic sends (no event) are
  /// one dispatch per entry.
  var dispatches: [ControlEvents] {
    var result: [ControlEvents] = []
    var last: Event?
    for entry in entries {
      if let trigger = entry.trigger, trigger === last, !result.isEmpty {
        result[result.count - 1].formUnion(entry.event)
      } else {
        result.append(entry.event)
      }
      last = entry.trigger
    }
    return result
  }

  func clear() { entries = [] }
}

/// A target with a few plain actions that counts and logs calls.
@MainActor
final class ActionCounter: ActionTarget {
  static let first = Action("controlTestFirst")
  static let second = Action("controlTestSecond")
  static let third = Action("controlTestThird")

  let name: String
  /// Shared log of "name.action" strings, to check order across targets.
  var log: SharedLog
  /// Run inside the action, to test reentrancy.
  var onAction: (@MainActor (ActionCounter, Action) -> Void)?

  init(_ name: String, log: SharedLog = SharedLog()) {
    self.name = name
    self.log = log
  }

  static var actionTable: ActionTable { table }
  private static let table = ActionTable(ActionCounter.self) {
    $0.add(ActionCounter.first) { counter in counter.fire(ActionCounter.first) }
    $0.add(ActionCounter.second) { counter in counter.fire(ActionCounter.second) }
    $0.add(ActionCounter.third) { counter in counter.fire(ActionCounter.third) }
  }

  private func fire(_ action: Action) {
    log.lines.append("\(name).\(action.name)")
    onAction?(self, action)
  }
}

/// A log shared between several targets.
@MainActor
final class SharedLog {
  var lines: [String] = []
}
