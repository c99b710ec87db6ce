import Foundation

extension Application {
  /// The longest pause between one tap's end and the next tap's start that still counts as a
  /// multiple tap, in seconds.
  public static let multipleClickInterval: TimeInterval = 0.5

  /// The longest press that still counts as a tap, in seconds (UIKit's long-press default).
  public static let longPressDuration: TimeInterval = 0.5

  /// How far, in cells, a touch may move and still be a tap at the same place.
  public static let tapSlop: Double = 1.5

  /// Turns raw input into an event and delivers it through ``sendEvent(_:)``; returns whether
  /// some window received it. Input is refused (false) after termination, and while a modal
  /// session runs, for any window but the modal one.
  @discardableResult
  public func handle(_ input: InputEvent) -> Bool {
    guard !isTerminated else { return false }
    guard let trace = actionTrace, let title = ActionTrace.title(of: input) else { return deliver(input) }
    let entry = trace.begin(title)
    defer { trace.end(entry) }
    let delivered = deliver(input)
    if !delivered { trace.handled("ended: no window received it", by: nil) }
    return delivered
  }

  private func deliver(_ input: InputEvent) -> Bool {
    defer { eventDidFinish() }
    let event: Event
    switch input {
    case .key(let key):
      if screenSelection != nil, screenSelectionTakes(key) { return true }
      // The overlay takes every key while it shows; a notice goes at the next press, which
      // is delivered as usual.
      if let overlay = keyCommandOverlayStorage, overlay.isShowing {
        guard overlay.message != nil else {
          overlay.handle(key)
          return true
        }
        if key.phase != .up { overlay.dismiss() }
      }
      event = keyEventObject(for: key)
    case .touches(let samples):
      if allowsScreenSelection, screenSelectionTakes(samples) { return true }
      guard let touches = updateTouches(samples) else { return false }
      event = touches
    case .scroll(let scroll):
      event = Event(
        type: .scroll, timestamp: scroll.timestamp, scroll: scroll, modifierFlags: scroll.modifierFlags)
    case .mouse(let mouse):
      event = Event(mouse: mouse)
    case .paste(let text, let timestamp), .text(let text, let timestamp):
      // Both are inserted as they are: the window sends them to `insertText`.
      event = Event(type: .paste, timestamp: timestamp, text: text)
    case .focus(let active, _):
      setActive(active)
      return true
    case .resize(let size, _):
      screenSize = size
      return true
    }
    eventWasDelivered = false
    sendEvent(event)
    return eventWasDelivered
  }

  /// The event object for a key: the previous key's when nothing else kept it (this
  /// application's reference is the only one), so typing allocates no event objects.
  private func keyEventObject(for key: KeyEvent) -> Event {
    if isKnownUniquelyReferenced(&lastKeyEvent), let event = lastKeyEvent {
      event.reuse(for: key)
      return event
    }
    let event = Event(key: key)
    lastKeyEvent = event
    return event
  }

  /// Whether input may reach `window`: always, except during a modal session, when only the
  /// modal window and windows above it (its popup menus, the host's overlays) get it.
  func modalAllows(_ window: Window) -> Bool {
    guard let modal = modalWindow, modal !== window else { return true }
    return effectiveLevel(of: window) > effectiveLevel(of: modal)
  }

  func deliver(_ event: Event, to window: Window) {
    guard modalAllows(window) else {
      ActionTrace.current?.note(
        "\(ActionTrace.name(of: window)): \(ActionTrace.SkipReason.modalShutOut.rawValue)")
      return
    }
    window.sendEvent(event)
    eventWasDelivered = true
  }

  /// The frontmost window containing a screen point.
  public func window(at point: Point) -> Window? {
    windows.first { $0.frame.contains(point) }
  }

  /// Cancels the touches in progress that match `predicate` (UIKit's interruptions: the
  /// view left its window, a modal session began, the application resigned active): each
  /// gets `touchesCancelled`, later samples for it are ignored, and the tap count restarts.
  func cancelTouches(where predicate: (Touch) -> Bool) {
    let cancelled = activeTouches.values.filter(predicate)
    guard !cancelled.isEmpty else { return }
    for touch in cancelled {
      activeTouches[touch.id] = nil
      touch.phase = .cancelled
    }
    lastTap = nil
    let timestamp = cancelled.map(\.timestamp).max() ?? 0
    sendEvent(Event(type: .touches, timestamp: timestamp, touches: Set(cancelled)))
  }

  /// Updates the touches in progress from `samples`; nil if none of them belongs to a window.
  private func updateTouches(_ samples: [TouchSample]) -> Event? {
    var touches: Set<Touch> = []
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
          activeTouches[sample.id] = nil
          touches.insert(stale)
        }
        guard let window = window(at: sample.location), modalAllows(window) else {
          if let trace = ActionTrace.current, let window = window(at: sample.location) {
            trace.note("\(ActionTrace.name(of: window)): \(ActionTrace.SkipReason.modalShutOut.rawValue)")
          }
          continue
        }
        touch = Touch(
          id: sample.id, phase: .began, location: sample.location,
          timestamp: sample.timestamp, tapCount: tapCount(startingAt: sample))
        touch.window = window
        activeTouches[sample.id] = touch
      } else {
        guard let existing = activeTouches[sample.id] else { continue }
        touch = existing
        touch.previousScreenLocation = touch.screenLocation
        touch.screenLocation = sample.location
        touch.phase = sample.phase
        touch.timestamp = sample.timestamp
        if touch.startLocation.distance(to: sample.location) >= Application.tapSlop {
          touch.leftTapSlop = true
        }
        if sample.phase == .ended || sample.phase == .cancelled {
          activeTouches[sample.id] = nil
          recordTap(touch)
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
    guard touches.contains(where: { $0.window != nil }) else { return nil }
    return Event(type: .touches, timestamp: timestamp, touches: touches, modifierFlags: modifiers)
  }

  /// UIKit's count: 1, or one more than the previous tap's when this touch begins at its
  /// place within ``multipleClickInterval`` of its end, with no other touch down.
  private func tapCount(startingAt sample: TouchSample) -> Int {
    guard activeTouches.isEmpty, let last = lastTap,
      sample.timestamp - last.time <= Application.multipleClickInterval,
      sample.location.distance(to: last.location) < Application.tapSlop
    else {
      lastTap = nil
      return 1
    }
    return last.count + 1
  }

  /// Remembers a finished touch as the last tap if it was one: ended, short, and still at
  /// its starting place; anything else (a drag, a long press, a cancellation) resets the count.
  private func recordTap(_ touch: Touch) {
    let isTap =
      touch.phase == .ended && !touch.leftTapSlop
      && touch.timestamp - touch.startTimestamp <= Application.longPressDuration
    lastTap = isTap ? (touch.startLocation, touch.timestamp, touch.tapCount) : nil
  }
}
