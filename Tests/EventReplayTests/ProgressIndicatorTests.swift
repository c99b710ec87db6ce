import Foundation
import Observation
import ResponderKit
import Testing

@testable import EventReplay

/// Progress indicators: a determinate bar's fill, and an indeterminate one's animation on the
/// application's timers, which runs on the virtual clock and stops when nothing shows it.
@Suite("Progress indicator")
@MainActor
struct ProgressIndicatorTests {
  let app = Application()
  let driver: HeadlessDriver
  let root = View(frame: Rect(x: 0, y: 0, width: 20, height: 3))

  init() {
    driver = HeadlessDriver(application: app, size: Size(width: 20, height: 3))
    let window = Window(frame: Rect(x: 0, y: 0, width: 20, height: 3))
    app.addWindow(window)
    window.rootView = root
    window.makeKeyAndOrderFront()
  }

  private func show(_ indicator: ProgressIndicator) -> ProgressIndicator {
    root.addSubview(indicator)
    return indicator
  }

  private var firstRow: String {
    String(driver.screenText.split(separator: "\n", omittingEmptySubsequences: false)[0])
  }

  /// What a host does for `seconds`: wakes for each due timer, then draws the frame.
  private func runLikeAHost(for seconds: TimeInterval) -> Int {
    var wakeUps = 0
    let end = driver.now + seconds
    while let due = app.nextTimerFireDate, due <= end {
      wakeUps += 1
      driver.advance(by: due - driver.now)
      _ = driver.screen
    }
    driver.advance(by: end - driver.now)
    return wakeUps
  }

  @Test func aDeterminateBarFillsInEighthsOfACell() {
    let bar = show(ProgressIndicator(frame: Rect(x: 0, y: 0, width: 10, height: 1)))
    #expect(firstRow.hasPrefix("░░░░░░░░░░"))
    bar.doubleValue = 45
    #expect(firstRow.hasPrefix("████▌░░░░░"))
    bar.maxValue = 50  // the same value is now 90%
    #expect(firstRow.hasPrefix("█████████░"))
    bar.doubleValue = 1e9
    #expect(bar.doubleValue == 50 && bar.fractionCompleted == 1)
    #expect(firstRow.hasPrefix("██████████"))
    bar.doubleValue = .nan
    #expect(bar.doubleValue == 0)
    bar.minValue = 60  // above the value and the maximum: both come up
    #expect(bar.doubleValue == 60 && bar.maxValue == 60 && bar.fractionCompleted == 0)
  }

  @Test func aSpinnerTurnsOnTheVirtualClock() {
    let spinner = show(ProgressIndicator(frame: Rect(x: 0, y: 0, width: 1, height: 1), style: .spinning))
    #expect(firstRow.hasPrefix("⠿"))  // stopped
    spinner.startAnimation(nil)
    var frames: [Character] = []
    for _ in 0..<11 {
      frames.append(firstRow.first ?? " ")
      driver.advance(by: 0.1)
    }
    #expect(frames.count == 11)
    #expect(Set(frames).count == 10, "ten different frames a tenth of a second apart, then round again")
    #expect(frames.first == frames.last)
    spinner.stopAnimation(nil)
    #expect(firstRow.hasPrefix("⠿"))
    #expect(app.nextTimerFireDate == nil)
  }

  @Test func aSweepingBarMovesThereAndBack() {
    let bar = show(ProgressIndicator(frame: Rect(x: 0, y: 0, width: 8, height: 1)))
    bar.isIndeterminate = true
    bar.startAnimation(nil)
    var rows: [String] = []
    for _ in 0..<13 {
      rows.append(String(firstRow.prefix(8)))
      driver.advance(by: 0.1)
    }
    #expect(rows.allSatisfy { $0.filter { $0 == "█" }.count == 2 })
    #expect(Set(rows).count == 7, "a block of 2 in 8 cells has 7 places")
    #expect(rows[0] == rows[12], "and comes back after twelve frames")
  }

  @Test func animatingWhileShownWakesTenTimesASecond() {
    let spinner = show(ProgressIndicator(frame: Rect(x: 0, y: 0, width: 1, height: 1), style: .spinning))
    spinner.startAnimation(nil)
    _ = driver.screen
    let wakeUps = runLikeAHost(for: 10)
    #expect((99...101).contains(wakeUps))
  }

  @Test func aHiddenIndicatorWakesNothing() {
    let spinner = show(ProgressIndicator(frame: Rect(x: 0, y: 0, width: 1, height: 1), style: .spinning))
    spinner.startAnimation(nil)
    _ = driver.screen
    spinner.isHidden = true
    #expect(runLikeAHost(for: 10) == 0)
    spinner.isHidden = false
    _ = driver.screen
    #expect(runLikeAHost(for: 1) >= 9)
  }

  @Test func anIndicatorInAHiddenPaneWakesOnceAtMost() {
    let pane = View(frame: Rect(x: 0, y: 0, width: 5, height: 1))
    root.addSubview(pane)
    let spinner = ProgressIndicator(frame: Rect(x: 0, y: 0, width: 1, height: 1), style: .spinning)
    pane.addSubview(spinner)
    spinner.startAnimation(nil)
    _ = driver.screen
    pane.isHidden = true
    #expect(runLikeAHost(for: 10) <= 1)
    spinner.removeFromSuperview()
    #expect(app.nextTimerFireDate == nil)
  }

  @Test func hidesWhenStoppedShowsOnlyWhileAnimating() {
    let spinner = show(ProgressIndicator(frame: Rect(x: 0, y: 0, width: 1, height: 1), style: .spinning))
    spinner.hidesWhenStopped = true
    #expect(spinner.isHidden)
    spinner.startAnimation(nil)
    #expect(!spinner.isHidden && spinner.isAnimating)
    spinner.stopAnimation(nil)
    #expect(spinner.isHidden && !spinner.isAnimating)
    // A determinate bar always shows its value.
    let bar = show(ProgressIndicator(frame: Rect(x: 2, y: 0, width: 5, height: 1)))
    bar.hidesWhenStopped = true
    #expect(!bar.isHidden)
  }

  @Test func aBarsValueBoundToAModelFollowsIt() {
    let model = Loading()
    let bar = show(ProgressIndicator(frame: Rect(x: 0, y: 0, width: 10, height: 1)))
    bar.bind(\.doubleValue, to: model, \.done)
    model.done = 100
    #expect(firstRow.hasPrefix("██████████"))
    #expect(bar.doubleValue == 100)
  }
}

@Observable @MainActor
private final class Loading {
  var done = 0.0
}
