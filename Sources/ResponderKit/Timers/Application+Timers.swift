import Foundation

extension Application {
  /// Schedules `body` to run `delay` seconds from now on the application's clock, then every
  /// `interval` seconds if one is given (at least 0.1 ms, as for Foundation's `Timer`). Returns
  /// the timer, to ``ApplicationTimer/invalidate()`` it.
  ///
  ///     blink = app.scheduleTimer(after: 0.5, repeating: 0.5) { [weak self] _ in self?.toggleCursor() }
  ///
  /// Under the terminal host timers fire on the run loop of the main thread; under
  /// `HeadlessDriver` when its virtual clock passes their date. The application keeps the
  /// timer until it is invalidated or, when it does not repeat, has fired.
  @discardableResult
  public func scheduleTimer(
    after delay: TimeInterval, repeating interval: TimeInterval? = nil,
    _ body: @escaping @MainActor (ApplicationTimer) -> Void
  ) -> ApplicationTimer {
    timerSchedule.add(after: delay, repeating: interval, body: body)
  }

  /// Schedules `action` to be sent to `target` (held weakly) after `delay` seconds, then every
  /// `interval` seconds if one is given, with the timer as the sender. When the target has
  /// been deallocated the timer invalidates itself instead of sending.
  @discardableResult
  public func scheduleTimer(
    after delay: TimeInterval, repeating interval: TimeInterval? = nil, target: AnyObject, action: Action
  ) -> ApplicationTimer {
    timerSchedule.add(after: delay, repeating: interval) { [weak self, weak target] timer in
      guard let self, let target else {
        timer.invalidate()
        return
      }
      self.sendAction(action, to: target, from: timer)
    }
  }

  /// The clock timers run on, in seconds: by default the monotonic system uptime that event
  /// timestamps use; `HeadlessDriver` sets its virtual clock here.
  package var timerClock: @MainActor () -> TimeInterval {
    get { timerSchedule.clock }
    set { timerSchedule.clock = newValue }
  }

  /// The date of the earliest scheduled timer on ``timerClock``, or `nil` when none is
  /// scheduled. A host waits until then and calls ``fireTimers(dueBy:)``.
  package var nextTimerFireDate: TimeInterval? { timerSchedule.nextFireDate }

  /// Fires every timer due by `time`, earliest first (equal dates in the order they were
  /// scheduled), each once; a repeating timer is then due again one interval later. Hosts call
  /// it; apps schedule and invalidate.
  package func fireTimers(dueBy time: TimeInterval) {
    timerSchedule.fire(dueBy: time)
  }

  /// Called when the earliest fire date may have changed (a timer was scheduled, invalidated
  /// or fired): the host's hook to re-arm its wake-up.
  package var timerScheduleHandler: (@MainActor () -> Void)? {
    get { timerSchedule.didChange }
    set { timerSchedule.didChange = newValue }
  }
}
