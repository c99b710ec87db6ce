import Foundation

extension Application {
  /// The application's clock, in seconds: the clock its timers and event timestamps use. Live
  /// under the terminal host (the monotonic system uptime); virtual under `HeadlessDriver`,
  /// where it moves only when the test moves it. Time work with it ("Read in 0.10 s") and a
  /// test of the app sees the same figure every run.
  public var currentTime: TimeInterval { timerSchedule.clock() }

  /// Starts `operation` in a task on the main actor that the application keeps track of: it is
  /// cancelled when the application terminates, and `HeadlessDriver.runUntilIdle` waits for it.
  /// `name` says what the work is, in the driver's report of work that never settled.
  ///
  ///     app.startTask(named: "load folder") { [weak list] in
  ///       let names = await Task.detached { try? FileManager.default.contentsOfDirectory(atPath: path) }.value
  ///       list?.items = names ?? []
  ///     }
  ///
  /// The returned task may be cancelled or awaited; the application holds it until it returns.
  /// Cancellation is cooperative, as for every Swift task: the work should check
  /// `Task.isCancelled` (``sleep(for:)`` throws `CancellationError`).
  @discardableResult
  public func startTask(
    named name: String, _ operation: @escaping @MainActor () async -> Void
  ) -> Task<Void, Never> {
    taskRegistry.start(named: name, owner: nil, operation)
  }

  /// Suspends the calling task for `seconds` on the application's clock (``currentTime``):
  /// real time under the terminal host, the virtual clock under `HeadlessDriver` (it resumes
  /// when the test advances the clock past it, so a test never waits in real time). Throws
  /// `CancellationError` at once when the task is, or gets, cancelled.
  public func sleep(for seconds: TimeInterval) async throws {
    try Task.checkCancellation()
    let sleep = ClockSleep()
    taskRegistry.noteSleep(1)
    defer { taskRegistry.noteSleep(-1) }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        sleep.begin(continuation, timer: scheduleTimer(after: seconds) { _ in sleep.finish(nil) })
      }
    } onCancel: {
      Task { @MainActor in sleep.finish(CancellationError()) }
    }
  }

  /// The names of the tasks of ``startTask(named:_:)`` and ``Window/startTask(named:_:)``
  /// still running, in the order they started.
  package var runningTaskNames: [String] { taskRegistry.taskNames }

  /// The names of those running tasks not waiting in ``sleep(for:)``: work in progress.
  package var busyTaskNames: [String] { taskRegistry.busyTaskNames }
}

/// One ``Application/sleep(for:)``: its continuation and timer, resumed once, by the timer or
/// by cancellation, whichever comes first.
@MainActor
private final class ClockSleep {
  private var continuation: CheckedContinuation<Void, any Error>?
  private var timer: ApplicationTimer?
  /// Set when cancellation came before the continuation was stored.
  private var earlyError: (any Error)?
  private var finished = false

  func begin(_ continuation: CheckedContinuation<Void, any Error>, timer: ApplicationTimer) {
    if let earlyError {
      timer.invalidate()
      continuation.resume(throwing: earlyError)
      return
    }
    self.continuation = continuation
    self.timer = timer
  }

  func finish(_ error: (any Error)?) {
    guard !finished else { return }
    guard let continuation else {
      earlyError = error
      return
    }
    finished = true
    timer?.invalidate()
    self.continuation = nil
    if let error { continuation.resume(throwing: error) } else { continuation.resume() }
  }
}
