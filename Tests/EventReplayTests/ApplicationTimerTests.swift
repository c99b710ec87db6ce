import Foundation
import ResponderKit
import Testing

@testable import EventReplay

extension Action {
  fileprivate static let tick = Action("tick")
}

/// Counts the `tick` actions a timer sends it.
@MainActor
private final class Ticker: Responder {
  var ticks = 0
  override class var actionTable: ActionTable { actions }
  private static let actions = ActionTable(Ticker.self, inheriting: Responder.actionTable) {
    $0.add(.tick) { $0.ticks += 1 }
  }
}

/// Logs each key event it is sent, with the clock it arrived at.
@MainActor
private final class LoggingApplication: Application {
  var log: [String] = []
  override func sendEvent(_ event: Event) {
    log.append("key@\(event.timestamp)")
    super.sendEvent(event)
  }
}

@MainActor
private final class ManualClock {
  var time: TimeInterval
  init(time: TimeInterval) { self.time = time }
}

/// Application timers on the headless driver's virtual clock: what is due fires when the clock
/// passes it, in time order, each seeing the clock at its own fire date.
@Suite("Application timers (virtual clock)")
@MainActor
struct ApplicationTimerTests {
  private func rounded(_ time: TimeInterval) -> Double { (time * 1000).rounded() / 1000 }

  @Test func advanceFiresWhatIsDueInTimeOrderThenScheduleOrder() {
    let app = Application()
    let driver = HeadlessDriver(application: app)
    var fired: [String] = []
    app.scheduleTimer(after: 0.3) { _ in fired.append("once@\(self.rounded(driver.now))") }
    let every = app.scheduleTimer(after: 0.1, repeating: 0.1) { _ in
      fired.append("every@\(self.rounded(driver.now))")
    }
    // The repeating timer's closure holds the driver that holds the application.
    defer { every.invalidate() }
    app.scheduleTimer(after: 0.2) { _ in fired.append("later@\(self.rounded(driver.now))") }
    driver.advance(by: 0.25)
    #expect(fired == ["every@0.1", "every@0.2", "later@0.2"])
    driver.advance(by: 0.1)
    #expect(fired.suffix(2) == ["once@0.3", "every@0.3"])
    #expect(rounded(driver.now) == 0.35)
    #expect(rounded(app.nextTimerFireDate ?? 0) == 0.4)
  }

  @Test func aOneShotFiresOnceAndAnInvalidatedTimerNeverAgain() {
    let app = Application()
    let driver = HeadlessDriver(application: app)
    var once = 0
    var repeating = 0
    let oneShot = app.scheduleTimer(after: 0.05) { _ in once += 1 }
    let timer = app.scheduleTimer(after: 0.1, repeating: 0.1) { timer in
      repeating += 1
      if repeating == 3 { timer.invalidate() }
    }
    driver.advance(by: 5)
    #expect(once == 1 && !oneShot.isValid)
    #expect(repeating == 3 && !timer.isValid)
    #expect(app.nextTimerFireDate == nil)
    let cancelled = app.scheduleTimer(after: 1) { _ in once += 1 }
    cancelled.invalidate()
    cancelled.invalidate()
    driver.advance(by: 2)
    #expect(once == 1)
  }

  @Test func aTimerInvalidatedByAnEarlierOneInTheSameTurnStaysQuiet() {
    let app = Application()
    let driver = HeadlessDriver(application: app)
    var fired: [String] = []
    var second: ApplicationTimer?
    app.scheduleTimer(after: 1) { _ in
      fired.append("first")
      second?.invalidate()
    }
    second = app.scheduleTimer(after: 1) { _ in fired.append("second") }
    driver.advance(by: 1)
    #expect(fired == ["first"])
  }

  @Test func theTargetActionFormHoldsItsTargetWeakly() {
    let app = Application()
    let driver = HeadlessDriver(application: app)
    var ticker: Ticker? = Ticker()
    let timer = app.scheduleTimer(after: 0.5, repeating: 0.5, target: ticker!, action: .tick)
    driver.advance(by: 1.2)
    #expect(ticker?.ticks == 2)
    ticker = nil
    driver.advance(by: 0.5)
    #expect(!timer.isValid, "a timer whose target is gone invalidates itself")
    #expect(app.nextTimerFireDate == nil)
  }

  @Test func replayAndInputsFireTheTimersDueBeforeEachInput() {
    let app = LoggingApplication()
    let window = Window()
    window.rootView = View()
    app.addWindow(window)
    window.makeKeyAndOrderFront()
    let driver = HeadlessDriver(application: app)
    let timer = app.scheduleTimer(after: 0.25, repeating: 0.25) { _ in
      app.log.append("timer@\(self.rounded(driver.now))")
    }
    // The repeating timer's closure holds the application that holds the timer.
    defer { timer.invalidate() }
    var recording = Recording(screenSize: Size(width: 80, height: 24))
    recording.append(.key(KeyEvent.character("a")), at: 0.5)
    recording.append(.key(KeyEvent.character("b")), at: 1.1)
    driver.replay(recording)
    #expect(
      app.log == ["timer@0.25", "timer@0.5", "key@0.5", "timer@0.75", "timer@1.0", "key@1.1"])
    // A live input moves the clock by one step: a timer due within it fires first.
    app.log.removeAll()
    driver.step = 0.2
    driver.send(.key(KeyEvent.character("c")))
    #expect(app.log == ["timer@1.25", "key@1.3"])
  }

  @Test func aTimerScheduledInACallbackCountsFromItsFireDate() {
    let app = Application()
    let driver = HeadlessDriver(application: app)
    var dates: [Double] = []
    app.scheduleTimer(after: 1) { _ in
      dates.append(self.rounded(driver.now))
      app.scheduleTimer(after: 0.5) { _ in dates.append(self.rounded(driver.now)) }
    }
    driver.advance(by: 10)
    #expect(dates == [1, 1.5])
  }

  @Test func aHostThatFallsBehindFiresARepeatingTimerOnceAndSkipsTheMissedDates() {
    // What a live host does after a long stop: the fires it missed are dropped, as a run loop
    // drops a Foundation Timer's.
    let app = Application()
    let clock = ManualClock(time: 100)
    app.timerClock = { clock.time }
    var count = 0
    app.scheduleTimer(after: 0.1, repeating: 0.1) { _ in count += 1 }
    clock.time = 110.05
    app.fireTimers(dueBy: clock.time)
    #expect(count == 1)
    #expect(rounded(app.nextTimerFireDate ?? 0) == 110.1)
  }

  @Test func aTimerScheduledAtLaunchIsOnTheVirtualClock() {
    final class Launcher: ApplicationDelegate {
      var fired: [Double] = []
      func applicationDidFinishLaunching(_ notification: Notification) {
        guard let app = notification.object as? Application else { return }
        app.scheduleTimer(after: 2) { [weak self] _ in self?.fired.append(2) }
      }
    }
    let app = Application()
    let launcher = Launcher()
    app.delegate = launcher
    let driver = HeadlessDriver(application: app)
    driver.advance(by: 1.9)
    #expect(launcher.fired.isEmpty)
    driver.advance(by: 0.1)
    #expect(launcher.fired == [2])
  }
}
