import Foundation
import ResponderKit
import TerminalHost

/// Runs an application without a terminal: a virtual screen of a chosen size, a virtual clock,
/// and methods that type, click, drag and scroll through the same `Application.handle(_:)`
/// path live input takes. Tests read the screen back as text.
///
///     let app = Application()
///     let driver = HeadlessDriver(application: app, size: Size(width: 40, height: 10))
///     // … set up windows …
///     driver.type("milk")
///     driver.press("Return")
///     #expect(driver.screenText.contains("milk"))
///
/// Time moves only when the driver says so (each input advances it by ``step``), so a run is
/// exactly repeatable. The application's timers (`Application.scheduleTimer`) run on this
/// clock: whenever it moves — ``advance(by:)``, an input, a replayed entry — the timers due on
/// the way fire in time order, each with the clock at its own fire date.
@MainActor
public final class HeadlessDriver {
  /// The application driven.
  public let application: Application
  /// The virtual clock, in seconds.
  public var now: TimeInterval { clock }
  // Read and written on every replayed input, only by this class's own methods: the public
  // properties are computed over storage only this module sees, which the optimiser proves
  // free of overlapping accesses, so there is no runtime check (~100 instructions each).
  private var clock: TimeInterval = 0
  /// How far the clock moves before each input, in seconds: a duration (NaN and negatives
  /// are 0, anything longer than 2³⁰ s is 2³⁰ s).
  public var step: TimeInterval = 0.01 {
    didSet { step = step.normalizedDuration }
  }

  /// The most timer fires one move of the clock steps through one by one.
  public static let maximumFiresPerAdvance = 10_000

  /// The most moves a drag, swipe, pinch or rotation makes: more steps are this many.
  public static let maximumSteps = 1_000
  /// Every input sent, with its time: a recording of the session.
  public var recording: Recording { recorded }
  private var recorded: Recording

  /// Decodes ``send(terminalBytes:settling:)``'s bytes, keeping a sequence cut off at the end of
  /// one call for the next, as the live host's parser does between two reads.
  var terminalParser = InputParser()

  /// The pasteboard of Cut, Copy and Paste (`Pasteboard.general`), emptied and
  /// cut off from any system clipboard when the driver is made (the find pasteboard is
  /// emptied too): set its `Pasteboard.string` before a Paste, read it after a Copy.
  public var pasteboard: Pasteboard { Pasteboard.general }

  /// Drives `application` on a virtual screen of `size`, and finishes its launch.
  public init(application: Application, size: Size = Size(width: 80, height: 24)) {
    self.application = application
    // The clock starts at launch, so the recording's times count from it.
    self.recorded = Recording(screenSize: size, launchDelay: 0)
    Pasteboard.general.transport = nil
    Pasteboard.general.clearContents()
    Pasteboard.find.clearContents()
    application.screenSize = size
    // Before launching: timers scheduled at launch are on the virtual clock too.
    application.timerClock = { [weak self] in self?.now ?? 0 }
    application.finishLaunching()
  }

  /// Moves the virtual clock forward, firing the timers that fall due on the way.
  public func advance(by seconds: TimeInterval) {
    advanceClock(to: now + seconds.normalizedDuration)
  }

  /// Steps the clock to each due timer's date in turn, fires it, and ends at `time`.
  private func advanceClock(to time: TimeInterval) {
    var fires = 0
    while let due = application.nextTimerFireDate, due <= time {
      // Past this many fires in one step the rest are skipped, as a run loop skips the fires
      // it could not service: a 1 ms timer and a jump of years end instead of looping.
      fires += 1
      clock = fires > Self.maximumFiresPerAdvance ? time : max(now, due)
      application.fireTimers(dueBy: now)
    }
    clock = max(now, time)
  }

  /// Sends one input at the current time (after a ``step``); returns whether it was delivered.
  @discardableResult
  public func send(_ input: InputEvent) -> Bool {
    advanceClock(to: now + step)
    let stamped = input.restamped(at: now)
    recorded.append(stamped, at: now)
    return application.handle(stamped)
  }

  /// Types text as key presses (down then up for each character).
  public func type(_ text: String) {
    for character in text {
      var key = KeyEvent.character(character)
      send(.key(key))
      key.phase = .up
      send(.key(key))
    }
  }

  /// Presses a key given as a key spec (`Return`, `Control+z`, `Shift+Tab`, `F5`, `a`).
  /// A malformed spec is a programming error in the test and traps with the reason.
  public func press(_ spec: String) {
    let parsed: KeySpec
    do {
      parsed = try KeySpec(parsing: spec)
    } catch {
      preconditionFailure("bad key spec \"\(spec)\": \(error)")
    }
    press(parsed)
  }

  /// Presses a key spec: down then up.
  public func press(_ spec: KeySpec) {
    var key = KeyEvent(keysym: spec.keysym, modifierFlags: spec.modifiers)
    if let scalar = spec.keysym.unicodeScalar {
      let plain = String(Character(scalar))
      key.charactersIgnoringModifiers = plain
      if spec.modifiers.isDisjoint(with: [.control, .alt, .super, .hyper, .meta]) {
        key.characters = spec.modifiers.contains(.shift) ? plain.uppercased() : plain
      } else if spec.modifiers.contains(.control), scalar.isASCII, scalar.properties.isAlphabetic {
        // What a terminal sends for Control+letter.
        key.characters = String(UnicodeScalar(UInt8(scalar.value & 0x1f)))
      }
    }
    send(.key(key))
    key.phase = .up
    send(.key(key))
  }

  /// Taps (clicks) at a screen cell: a touch that begins and ends there.
  public func tap(x: Double, y: Double, id: Int = 0) {
    let location = Point(x: x, y: y)
    send(.touches([TouchSample(id: id, phase: .began, location: location)]))
    send(.touches([TouchSample(id: id, phase: .ended, location: location)]))
  }

  /// Drags from one cell to another in `steps` moves, then lifts (or, with `cancel`, the
  /// touch is cancelled instead of ending), with `modifiers` held throughout (Alt for a
  /// screen selection, `Application.screenSelectionModifiers`).
  public func drag(
    from start: Point, to end: Point, steps: Int = 4, id: Int = 0, cancel: Bool = false,
    modifiers: KeyEvent.ModifierFlags = []
  ) {
    send(.touches([TouchSample(id: id, phase: .began, location: start, modifierFlags: modifiers)]))
    let count = min(max(1, steps), Self.maximumSteps)
    for i in 1...count {
      let t = Double(i) / Double(count)
      let p = Point(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t)
      send(.touches([TouchSample(id: id, phase: .moved, location: p, modifierFlags: modifiers)]))
    }
    send(
      .touches([
        TouchSample(id: id, phase: cancel ? .cancelled : .ended, location: end, modifierFlags: modifiers)
      ]))
  }

  /// Sends one multi-touch report: several contacts changing at once (fingers of a
  /// recording; the mouse is only ever one contact).
  public func touches(_ samples: [TouchSample]) {
    send(.touches(samples))
  }

  /// Holds a touch still at a cell for `duration` seconds on the virtual clock (timers due in
  /// between fire, as a long press needs), then lifts it.
  public func longPress(at location: Point, duration: TimeInterval = 0.6, id: Int = 0) {
    send(.touches([TouchSample(id: id, phase: .began, location: location)]))
    advance(by: duration)
    send(.touches([TouchSample(id: id, phase: .ended, location: location)]))
  }

  /// A quick stroke from `start`, `distance` cells along `direction` (a unit vector such as
  /// `Point(x: 1, y: 0)`), in `steps` moves of one ``step`` each, then a lift.
  public func swipe(from start: Point, direction: Point, distance: Double = 10, steps: Int = 4, id: Int = 0) {
    let end = Point(x: start.x + direction.x * distance, y: start.y + direction.y * distance)
    drag(from: start, to: end, steps: steps, id: id)
  }

  /// Two fingers on a horizontal line through `center`, moving from `from` to `to` cells apart
  /// in `steps` moves, then lifting: a pinch (closer) or a spread (farther).
  public func pinch(center: Point, from: Double, to: Double, steps: Int = 4) {
    twoFingers(steps: steps) { t in
      let half = (from + (to - from) * t) / 2
      return (Point(x: center.x - half, y: center.y), Point(x: center.x + half, y: center.y))
    }
  }

  /// Two fingers `radius` column units either side of `center` turning from angle `from` to
  /// `to` (radians, clockwise on screen; rows count as two columns, so the circle looks round)
  /// in `steps` moves, then lifting.
  public func rotate(center: Point, radius: Double = 6, from: Double = 0, to: Double, steps: Int = 4) {
    twoFingers(steps: steps) { t in
      let angle = from + (to - from) * t
      let dx = radius * cos(angle)
      let dy = radius * sin(angle) / 2
      return (Point(x: center.x - dx, y: center.y - dy), Point(x: center.x + dx, y: center.y + dy))
    }
  }

  /// Fingers 1 and 2 down at `positions(0)`, moved through `positions(i / steps)`, lifted.
  private func twoFingers(steps: Int, _ positions: (Double) -> (Point, Point)) {
    let count = min(max(1, steps), Self.maximumSteps)
    let (a, b) = positions(0)
    touches([TouchSample(id: 1, phase: .began, location: a), TouchSample(id: 2, phase: .began, location: b)])
    for i in 1...count {
      let (a, b) = positions(Double(i) / Double(count))
      touches([
        TouchSample(id: 1, phase: .moved, location: a), TouchSample(id: 2, phase: .moved, location: b),
      ])
    }
    let (endA, endB) = positions(1)
    touches([
      TouchSample(id: 1, phase: .ended, location: endA), TouchSample(id: 2, phase: .ended, location: endB),
    ])
  }

  /// Clicks the right button at a cell (down, then up), with modifier keys held: what opens a
  /// view's context menu.
  public func rightClick(x: Double, y: Double, modifiers: KeyEvent.ModifierFlags = []) {
    click(button: MouseSample.rightButton, x: x, y: y, modifiers: modifiers)
  }

  /// Clicks a secondary button (`MouseSample.buttonNumber`: 1 right, 2 middle, 3 and up the
  /// extra buttons) at a cell: down, then up.
  public func click(button: Int, x: Double, y: Double, modifiers: KeyEvent.ModifierFlags = []) {
    let location = Point(x: x, y: y)
    send(
      .mouse(MouseSample(buttonNumber: button, phase: .down, location: location, modifierFlags: modifiers)))
    send(.mouse(MouseSample(buttonNumber: button, phase: .up, location: location, modifierFlags: modifiers)))
  }

  /// Moves the pointer to a cell with no button held: what tracking areas follow.
  public func hover(x: Double, y: Double) {
    send(.mouse(MouseSample(buttonNumber: 0, phase: .moved, location: Point(x: x, y: y))))
  }

  /// Scrolls at a cell by `dy` lines (positive: down).
  public func scroll(x: Double, y: Double, dy: Double) {
    send(.scroll(ScrollSample(location: Point(x: x, y: y), dy: dy)))
  }

  /// Pastes text.
  public func paste(_ text: String) {
    send(.paste(text, timestamp: now))
  }

  /// Resizes the virtual screen.
  public func resize(to size: Size) {
    send(.resize(size, timestamp: now))
  }

  /// Replays a recording: its screen size, then each input at its recorded time after the
  /// recording's `launchDelay` (the clock moves to each entry's time, firing the timers due
  /// before it; the clock started at launch, so the app's launch-time work has the virtual time
  /// it had when recorded). Returns how many inputs were delivered.
  @discardableResult
  public func replay(_ recording: Recording) -> Int {
    application.screenSize = recording.screenSize
    self.recorded.reserveCapacity(forAdding: recording.entries.count)
    var delivered = 0
    let offset = recording.launchDelay ?? 0
    // Entries read in place through the buffer: a subscripted entry was copied whole.
    recording.entries.withUnsafeBufferPointer { entries in
      for index in entries.indices {
        advanceClock(to: offset + entries[index].time)
        // Keys, nearly all of a recording, restamped as keys: the generic copy and destruction
        // of a whole input cost ~150 instructions per entry.
        if case .key = entries[index].input {
          let key = entries[index].input.restampedKey(at: now)
          recorded.append(.key(key), at: now)
          if application.handle(.key(key)) { delivered += 1 }
        } else {
          let input = entries[index].input.restamped(at: now)
          recorded.append(input, at: now)
          if application.handle(input) { delivered += 1 }
        }
      }
    }
    return delivered
  }

  /// Delivers a recorded input at the current time, recording it.
  func deliver(_ input: InputEvent) -> Bool {
    let stamped = input.restamped(at: now)
    recorded.append(stamped, at: now)
    return application.handle(stamped)
  }

  /// The screen as cells.
  public var screen: CellBuffer { application.renderScreen() }

  /// The screen as plain text, trailing spaces trimmed: what snapshot files hold.
  public var screenText: String { screen.plainText }
}

extension InputEvent {
  /// The key of a key input with its timestamp replaced. A function of its own so that only
  /// the key is copied (binding it from an entry in place copied the whole entry), and not
  /// optional (an optional key's destruction cost ~80 instructions).
  @inline(never)
  func restampedKey(at time: TimeInterval) -> KeyEvent {
    guard case .key(var key) = self else { preconditionFailure("not a key: \(self)") }
    key.timestamp = time
    return key
  }

  /// The same input with its timestamp replaced: a replay puts recorded inputs on the clock of
  /// the session they are fed into.
  public func restamped(at time: TimeInterval) -> InputEvent {
    switch self {
    case .key(var key):
      key.timestamp = time
      return .key(key)
    case .touches(let samples):
      return .touches(
        samples.map {
          var sample = $0
          sample.timestamp = time
          return sample
        })
    case .scroll(var scroll):
      scroll.timestamp = time
      return .scroll(scroll)
    case .mouse(var mouse):
      mouse.timestamp = time
      return .mouse(mouse)
    case .paste(let text, _): return .paste(text, timestamp: time)
    case .text(let text, _): return .text(text, timestamp: time)
    case .focus(let active, _): return .focus(active, timestamp: time)
    case .resize(let size, _): return .resize(size, timestamp: time)
    }
  }
}

extension Double {
  /// The duration rule (README, "Reliability"): NaN and negatives are 0, anything longer than
  /// 2³⁰ seconds is 2³⁰ seconds, so the virtual clock stays finite and firing timers ends.
  var normalizedDuration: Double { isNaN ? 0 : Swift.min(Swift.max(self, 0), 1_073_741_824) }
}
