import Foundation

/// A timer that fires on the application's clock: live under the terminal host, virtual under
/// `HeadlessDriver` (where `advance(by:)` and replays fire what is due, in time order).
///
/// Made with ``Application/scheduleTimer(after:repeating:_:)`` or
/// ``Application/scheduleTimer(after:repeating:target:action:)``. The application keeps a
/// scheduled timer until it is invalidated (or, for a one-shot timer, until it fires), as a run
/// loop keeps a Foundation `Timer`; a closure that refers to its owner should capture it weakly,
/// and the target of the target-action form is held weakly (the timer invalidates itself when
/// the target is gone).
///
/// Foundation's `Timer` also works under the terminal host (it runs `RunLoop.main`), but only
/// on the wall clock; use this one for behaviour a test must replay: gesture timeouts,
/// blinking, auto-repeat.
@MainActor
public final class ApplicationTimer {
  /// When the timer fires next, on the application's clock (the host's `Application.timerClock`).
  public internal(set) var fireDate: TimeInterval
  /// The repeat interval; `nil` for a timer that fires once.
  public let repeatInterval: TimeInterval?
  /// Whether the timer will still fire: false once invalidated or, for a one-shot timer, fired.
  public internal(set) var isValid = true

  let sequence: Int
  let body: @MainActor (ApplicationTimer) -> Void
  weak var schedule: TimerSchedule?

  init(
    fireDate: TimeInterval, repeatInterval: TimeInterval?, sequence: Int, schedule: TimerSchedule,
    body: @escaping @MainActor (ApplicationTimer) -> Void
  ) {
    self.fireDate = fireDate
    self.repeatInterval = repeatInterval
    self.sequence = sequence
    self.schedule = schedule
    self.body = body
  }

  /// Stops the timer; it never fires again. Calling it again, or from its own callback, is fine.
  public func invalidate() {
    guard isValid else { return }
    isValid = false
    schedule?.remove(self)
  }
}
