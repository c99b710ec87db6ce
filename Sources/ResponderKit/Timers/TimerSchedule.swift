import Foundation

/// The application's scheduled ``ApplicationTimer``s, ordered by fire date, then by the order
/// they were scheduled in.
@MainActor
final class TimerSchedule {
  /// The clock fire dates are on; see ``Application/timerClock``.
  var clock: @MainActor () -> TimeInterval = { ProcessInfo.processInfo.systemUptime }
  /// Called whenever the earliest fire date may have changed.
  var didChange: (@MainActor () -> Void)?

  private(set) var timers: [ApplicationTimer] = [] {
    didSet { nextFireDate = timers.first?.fireDate }
  }
  private var nextSequence = 0

  /// The smallest repeat interval, Foundation's (`Timer`: "0.1 milliseconds instead").
  static let minimumRepeatInterval: TimeInterval = 0.0001

  func add(
    after delay: TimeInterval, repeating interval: TimeInterval?,
    body: @escaping @MainActor (ApplicationTimer) -> Void
  ) -> ApplicationTimer {
    let timer = ApplicationTimer(
      // The duration rule: a NaN delay is none, an endless one 2³⁰ s; a NaN interval repeats
      // as often as allowed, an endless one every 2³⁰ s. Dates stay finite, so firing ends.
      fireDate: clock() + delay.normalizedDuration,
      repeatInterval: interval.map { max($0.normalizedDuration, Self.minimumRepeatInterval) },
      sequence: nextSequence, schedule: self, body: body)
    nextSequence += 1
    insert(timer)
    didChange?()
    return timer
  }

  func remove(_ timer: ApplicationTimer) {
    timers.removeAll { $0 === timer }
    didChange?()
  }

  // Stored: a replay asks before every input (reading the first timer's date cost ~100
  // instructions in retains and two runtime access checks). Only `timers`' observer writes
  // it, and a timer's date changes only while it is out of the array.
  /// The earliest timer's fire date.
  private(set) var nextFireDate: TimeInterval?

  /// Fires each timer due by `time` once, earliest first. A repeating timer is then due one
  /// interval after the date it was due; dates already past `time` are skipped, as a run loop
  /// skips the fires of a `Timer` it could not service (a virtual clock that steps to each due
  /// date misses none).
  func fire(dueBy time: TimeInterval) {
    let due = timers.prefix { $0.fireDate <= time }
    guard !due.isEmpty else { return }
    timers.removeFirst(due.count)
    // Repeating timers go back in first, so a callback can invalidate any of them.
    for timer in due {
      guard let interval = timer.repeatInterval else { continue }
      let missed = max(0, ((time - timer.fireDate) / interval).rounded(.down))
      timer.fireDate += (missed + 1) * interval
      insert(timer)
    }
    for timer in due {
      // One invalidated by an earlier callback in this batch stays quiet.
      guard timer.isValid else { continue }
      if timer.repeatInterval == nil { timer.isValid = false }
      timer.body(timer)
    }
    didChange?()
  }

  private func insert(_ timer: ApplicationTimer) {
    let index =
      timers.firstIndex {
        $0.fireDate > timer.fireDate || ($0.fireDate == timer.fireDate && $0.sequence > timer.sequence)
      } ?? timers.endIndex
    timers.insert(timer, at: index)
  }
}
