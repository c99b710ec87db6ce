import Foundation

extension Application {
  /// The longest pause between clicks that still counts as a multiple click, in seconds.
  public static let multipleClickInterval: TimeInterval = 0.5

  /// Turns raw input into an event and delivers it; returns whether something received it.
  /// Input is refused (false) after termination, and while a modal session runs, for any
  /// window but the modal one.
  @discardableResult
  public func handle(_ input: InputEvent) -> Bool {
    guard !isTerminated else { return false }
    defer { eventDidFinish() }
    switch input {
    case .key(let key):
      if keyCommandOverlay.isShowing {  // the overlay takes every key while it shows
        keyCommandOverlay.handle(key)
        return true
      }
      return deliver(Event(key: key))
    case .touches(let samples):
      return deliverTouches(samples)
    case .scroll(let scroll):
      let event = Event(
        type: .scroll, timestamp: scroll.timestamp, scroll: scroll, modifierFlags: scroll.modifierFlags)
      return deliver(event)
    case .paste(let text, let timestamp), .text(let text, let timestamp):
      // Both are inserted as they are: the window sends them to `insertText`.
      return deliver(Event(type: .paste, timestamp: timestamp, text: text))
    case .focus(let active, _):
      setActive(active)
      return true
    case .resize(let size, _):
      screenSize = size
      return true
    }
  }

  private func deliver(_ event: Event) -> Bool {
    let window: Window?
    switch event.type {
    case .scroll:
      window = event.scroll.flatMap { self.window(at: $0.location) }
    default:
      window = keyWindow
    }
    guard let window else { return false }
    if let modal = modalWindow, modal !== window { return false }
    sendEvent(event, to: window)
    return true
  }

  /// The frontmost window containing a screen point.
  public func window(at point: Point) -> Window? {
    windows.first { $0.frame.contains(point) }
  }

  private func deliverTouches(_ samples: [TouchSample]) -> Bool {
    var touches: Set<Touch> = []
    var delivered = false
    var timestamp: TimeInterval = 0
    var modifiers: KeyEvent.ModifierFlags = []
    for sample in samples {
      timestamp = sample.timestamp
      modifiers = sample.modifierFlags
      let touch: Touch
      if sample.phase == .began {
        if let stale = activeTouches[sample.id] {
          // A new press without a release: the old contact is over.
          stale.phase = .cancelled
          touches.insert(stale)
        }
        touch = Touch(
          id: sample.id, phase: .began, location: sample.location,
          timestamp: sample.timestamp, tapCount: tapCount(for: sample))
        guard let window = window(at: sample.location) else { continue }
        if let modal = modalWindow, modal !== window { continue }
        touch.window = window
        activeTouches[sample.id] = touch
      } else {
        guard let existing = activeTouches[sample.id] else { continue }
        touch = existing
        touch.previousScreenLocation = touch.screenLocation
        touch.screenLocation = sample.location
        touch.phase = sample.phase
        touch.timestamp = sample.timestamp
        if sample.phase == .ended || sample.phase == .cancelled {
          activeTouches[sample.id] = nil
        }
      }
      touch.modifierFlags = sample.modifierFlags
      touches.insert(touch)
    }
    // Touches that did not change this time are reported stationary, as UIKit does.
    for touch in activeTouches.values where !touches.contains(touch) {
      touch.phase = .stationary
      touches.insert(touch)
    }
    let event = Event(type: .touches, timestamp: timestamp, touches: touches, modifierFlags: modifiers)
    let windows = Set(touches.compactMap { $0.window.map(ObjectIdentifier.init) })
    for window in self.windows.reversed() where windows.contains(ObjectIdentifier(window)) {
      window.sendEvent(event)
      delivered = true
    }
    return delivered
  }

  private func tapCount(for sample: TouchSample) -> Int {
    var count = 1
    if let last = lastTap, sample.timestamp - last.time <= Application.multipleClickInterval,
      sample.location.distance(to: last.location) < 1.5
    {
      count = last.count + 1
    }
    lastTap = (sample.location, sample.timestamp, count)
    return count
  }
}
