import Foundation
import ResponderKit

extension HeadlessDriver {
  /// Work that did not settle within the bound of ``HeadlessDriver/runUntilIdle(within:)``.
  public struct NotIdleError: Error, CustomStringConvertible, Sendable {
    /// The names of the application's tasks still working (not sleeping on its clock).
    public var busyTasks: [String]
    /// The bound waited for, in seconds of real time.
    public var bound: TimeInterval

    /// The error for `busyTasks` still at work after `bound` seconds (a test's own waits can
    /// throw it too).
    public init(busyTasks: [String], bound: TimeInterval) {
      self.busyTasks = busyTasks
      self.bound = bound
    }

    /// Says which tasks are still at work and for how long they were waited for.
    public var description: String {
      let names = busyTasks.map { "\"\($0)\"" }.joined(separator: ", ")
      let count = busyTasks.count == 1 ? "1 task" : "\(busyTasks.count) tasks"
      return "the application did not become idle within \(bound) s: \(count) still working (\(names))"
    }
  }

  /// Runs the main actor's queued work, and the timers due on the virtual clock, until nothing
  /// is left to do: every task of `Application.startTask(named:_:)` and
  /// `Window.startTask(named:_:)` has returned or waits in `Application.sleep(for:)` for a
  /// later time, and no timer is due. The virtual clock does not move (a sleeping task resumes
  /// when the test advances it; call this again after). Work on other threads — a
  /// `Task.detached` a task awaits — takes the real time it needs, up to `seconds`; then this
  /// throws a ``NotIdleError`` naming the tasks still at work.
  ///
  ///     driver.press("Return")                // starts loading
  ///     try await driver.runUntilIdle()
  ///     #expect(driver.screenText.contains("3 files"))
  public func runUntilIdle(within seconds: TimeInterval = 5) async throws {
    let start = ProcessInfo.processInfo.systemUptime
    while true {
      // Main-actor jobs queued before these yields run before each of them resumes.
      for _ in 0..<4 { await Task.yield() }
      if let due = application.nextTimerFireDate, due <= now {
        application.fireTimers(dueBy: now)
        continue
      }
      let busy = application.busyTaskNames
      if busy.isEmpty {
        // Once more: a task that just returned may have queued more main-actor work.
        await Task.yield()
        if application.busyTaskNames.isEmpty, (application.nextTimerFireDate ?? .infinity) > now { return }
        continue
      }
      let waited = ProcessInfo.processInfo.systemUptime - start
      guard waited < seconds else { throw NotIdleError(busyTasks: busy, bound: seconds) }
      try? await Task.sleep(for: .milliseconds(1))
    }
  }
}

extension HeadlessDriver {
  /// Replays a recording as ``replay(_:)`` does, letting the application's work run as it did
  /// live: the clock steps to each due timer and each entry, and at every step the driver
  /// runs until idle (``runUntilIdle(within:)``, each wait bounded by `seconds`), so a task
  /// that the app started at launch, or that sleeps on its clock, has done what it had done
  /// when the input came. Returns how many inputs were delivered; throws when some work never
  /// settles.
  @discardableResult
  public func replaySettling(_ recording: Recording, within seconds: TimeInterval = 5) async throws -> Int {
    application.screenSize = recording.screenSize
    let offset = recording.launchDelay ?? 0
    var delivered = 0
    try await runUntilIdle(within: seconds)
    for entry in recording.entries {
      let time = offset + entry.time
      while let due = application.nextTimerFireDate, due <= time {
        advance(by: due - now)
        try await runUntilIdle(within: seconds)
      }
      advance(by: time - now)
      if deliver(entry.input) { delivered += 1 }
      try await runUntilIdle(within: seconds)
    }
    return delivered
  }
}
