import Foundation
import ResponderKit
import Testing

@testable import EventReplay

// The window of the "Background work" article, as it is there (the article's block is only
// compiled; here it runs).
/// Counts the words of a long text in the background, showing how far it got.
@MainActor final class WordCountWindow: Window {
  let status = Label(frame: Rect(x: 1, y: 1, width: 50, height: 1), text: "Press Count")
  let countButton = Button(frame: Rect(x: 1, y: 3, width: 9, height: 1), title: "Count")
  private(set) var work: Task<Void, Never>?
  private let text: [Substring]

  init(text: String) {
    self.text = text.split(separator: "\n", omittingEmptySubsequences: false)
    super.init()
    let root = View()
    root.addSubview(status)
    root.addSubview(countButton)
    rootView = root
    let count = ControlAction { [weak self] _ in self?.startCounting() }
    countButton.addAction(count, for: .primaryActionTriggered)
  }

  /// The button's action: starts counting, replacing a count in progress.
  func startCounting() {
    work?.cancel()
    let lines = text
    let started = application?.currentTime ?? 0
    work = startTask(named: "count words") { [weak self] in
      let (progress, report) = AsyncStream.makeStream(of: Int.self)
      // The slow part, off the main actor; it stops when the task that waits for it is cancelled.
      let counting = Task.detached { () -> Int in
        var words = 0
        for (index, line) in lines.enumerated() {
          if Task.isCancelled { break }
          words += line.split(separator: " ").count
          if index % 1000 == 999 { report.yield(index + 1) }
        }
        report.finish()
        return words
      }
      await withTaskCancellationHandler {
        // Back on the main actor for every report: views are updated here, nowhere else.
        for await done in progress { self?.status.text = "Counting: \(done) of \(lines.count) lines" }
      } onCancel: {
        counting.cancel()
      }
      let words = await counting.value
      guard let self, !Task.isCancelled, let app = self.application else { return }
      let seconds = app.currentTime - started
      self.status.text = "\(words) words, counted in \(String(format: "%.2f", seconds)) s"
    }
  }
}

/// The "Background work" pattern end to end: work started from an action, progress shown,
/// views updated on the main actor, cancellation with the window or the app, the driver
/// waiting for idle with a bound, and the application's clock (issue 38).
@Suite("Background work")
@MainActor
struct BackgroundWorkTests {
  /// The bound on settling: generous, since the detached work waits for a thread of the
  /// cooperative pool, which a loaded machine running the whole suite (two cores, every suite
  /// in parallel) may not give it for many seconds; settled work returns as soon as it is done.
  static let bound: TimeInterval = 600

  static let text = Array(repeating: "one two three", count: 5000).joined(separator: "\n")

  func launch(_ window: Window, width: Double = 60) -> HeadlessDriver {
    let app = Application()
    app.addWindow(window)
    window.makeKeyAndOrderFront()
    return HeadlessDriver(application: app, size: Size(width: width, height: 6))
  }

  @Test func aClickStartsTheWorkAndRunUntilIdleWaitsForItsResult() async throws {
    let window = WordCountWindow(text: Self.text)
    let driver = launch(window)
    driver.tap(x: 2, y: 3)
    #expect(driver.application.runningTaskNames == ["count words"])
    try await driver.runUntilIdle(within: Self.bound)
    #expect(driver.screenText.contains("15000 words, counted in 0.00 s"))
    #expect(driver.application.runningTaskNames.isEmpty)
  }

  @Test func progressReachesTheViewOnTheMainActor() async throws {
    let window = WordCountWindow(text: Self.text)
    let driver = launch(window)
    var seen: [String] = []
    _ = driver.screen
    // The host's hook for changes made outside event handling: each one is a frame.
    driver.application.needsDisplayHandler = {
      seen.append(window.status.text)
      _ = driver.screen
    }
    // The handler holds the driver, which holds the application: undo it, or all three leak.
    defer { driver.application.needsDisplayHandler = nil }
    driver.tap(x: 2, y: 3)
    try await driver.runUntilIdle(within: Self.bound)
    #expect(seen.contains { $0.hasPrefix("Counting: ") && $0.hasSuffix(" of 5000 lines") })
    #expect(seen.last == "15000 words, counted in 0.00 s")
  }

  @Test func theTimeShownIsOnTheVirtualClock() async throws {
    let window = WordCountWindow(text: Self.text)
    let driver = launch(window)
    driver.advance(by: 2)
    #expect(driver.application.currentTime == 2)
    window.startCounting()
    // A test moves the clock while the work runs: the app reads the time it was told.
    driver.advance(by: 0.25)
    try await driver.runUntilIdle(within: Self.bound)
    #expect(driver.screenText.contains("counted in 0.25 s"))
  }

  @Test func closingTheWindowCancelsItsWork() async throws {
    let window = WordCountWindow(text: Self.text)
    let driver = launch(window)
    var cancelled = false
    window.startTask(named: "wait") {
      do {
        try await driver.application.sleep(for: 60)
      } catch is CancellationError {
        cancelled = true
      } catch {}
    }
    try await driver.runUntilIdle(within: Self.bound)
    #expect(driver.application.runningTaskNames == ["wait"], "sleeping on the clock is idle")
    window.close()
    try await driver.runUntilIdle(within: Self.bound)
    #expect(cancelled)
    #expect(driver.application.runningTaskNames.isEmpty)
  }

  @Test func terminatingCancelsEveryTask() async throws {
    let driver = launch(WordCountWindow(text: ""))
    var outcomes: [String] = []
    for name in ["first", "second"] {
      driver.application.startTask(named: name) {
        let outcome: String
        do {
          try await driver.application.sleep(for: 10)
          outcome = "woke"
        } catch {
          outcome = "cancelled"
        }
        outcomes.append("\(name) \(outcome)")
      }
    }
    try await driver.runUntilIdle(within: Self.bound)
    driver.application.terminate(nil)
    try await driver.runUntilIdle(within: Self.bound)
    #expect(outcomes.sorted() == ["first cancelled", "second cancelled"])
  }

  @Test func aSleepOnTheClockResumesWhenTheClockPassesIt() async throws {
    let driver = launch(WordCountWindow(text: ""))
    var woke: TimeInterval?
    driver.application.startTask(named: "nap") {
      try? await driver.application.sleep(for: 0.5)
      woke = driver.application.currentTime
    }
    try await driver.runUntilIdle(within: Self.bound)
    #expect(woke == nil)
    driver.advance(by: 0.4)
    try await driver.runUntilIdle(within: Self.bound)
    #expect(woke == nil)
    driver.advance(by: 0.1)
    try await driver.runUntilIdle(within: Self.bound)
    #expect(woke == 0.5)
  }

  @Test func dueTimersFireWhileWaitingForIdle() async throws {
    let driver = launch(WordCountWindow(text: ""))
    var fired = 0
    driver.application.startTask(named: "schedules") {
      await Task.detached {}.value
      driver.application.scheduleTimer(after: 0) { _ in fired += 1 }
    }
    try await driver.runUntilIdle(within: Self.bound)
    #expect(fired == 1)
  }

  @Test func workThatNeverSettlesFailsNamingTheTask() async throws {
    let driver = launch(WordCountWindow(text: ""))
    let spinner = driver.application.startTask(named: "spin forever") {
      while !Task.isCancelled { await Task.detached { _ = usleep(500) }.value }
    }
    let error = await #expect(throws: HeadlessDriver.NotIdleError.self) {
      try await driver.runUntilIdle(within: 0.05)
    }
    #expect(error?.busyTasks == ["spin forever"])
    #expect(error?.description.hasPrefix("the application did not become idle within 0.05") == true)
    #expect(error?.description.hasSuffix("1 task still working (\"spin forever\")") == true)
    spinner.cancel()
    try await driver.runUntilIdle(within: Self.bound)
  }
  /// The bound is compared with the time waited only: NaN, ±∞ below 0 and every negative give
  /// up at the first check (one that did not would never return), naming the bound as given
  /// (the census's values; the census cannot await).
  @Test func hostileBoundsGiveUpAtOnceNamingTheBound() async throws {
    let driver = launch(WordCountWindow(text: ""))
    let spinner = driver.application.startTask(named: "spin") {
      while !Task.isCancelled { await Task.detached { _ = usleep(500) }.value }
    }
    for bound: Double in [.nan, -.infinity, -0x1p62, -1, 0] {
      let error = await #expect(throws: HeadlessDriver.NotIdleError.self) {
        try await driver.runUntilIdle(within: bound)
      }
      #expect(error?.bound.isNaN == true || error?.bound == bound)
      var recording = Recording()
      recording.append(.key(KeyEvent(keysym: .down, characters: "")), at: 1)
      await #expect(throws: HeadlessDriver.NotIdleError.self) {
        try await driver.replaySettling(recording, within: bound)
      }
    }
    spinner.cancel()
    try await driver.runUntilIdle(within: Self.bound)
  }

  /// A task sleeping for a hostile time sleeps under the timer rule: NaN and negatives wake at
  /// the next clock move, ±∞ and 2⁶² never within the test (the app is idle meanwhile).
  @Test func hostileSleepsFollowTheTimerRule() async throws {
    let driver = launch(WordCountWindow(text: ""))
    let application = driver.application
    var woke: [Double] = []
    for seconds: Double in [.nan, -.infinity, -1, 0, .infinity, 0x1p62] {
      application.startTask(named: "sleep \(seconds)") {
        try? await application.sleep(for: seconds)
        woke.append(seconds)
      }
    }
    try await driver.runUntilIdle(within: Self.bound)
    driver.advance(by: 1)
    try await driver.runUntilIdle(within: Self.bound)
    #expect(woke.count == 4 && woke.contains(-1) && woke.contains(0) && woke.contains { $0.isNaN })
    #expect(!woke.contains(Double.infinity) && !woke.contains(0x1p62))
    // The two that never wake end with the application (a task left asleep would keep it).
    application.terminate(nil)
    try await driver.runUntilIdle(within: Self.bound)
    #expect(woke.count == 6)
  }
}
