import EventReplay
import Foundation
import ResponderKit
import Testing

@testable import TouchLab

@Suite("TouchLab Gestures screen")
@MainActor
struct TouchLabGestureTests {
  func launch() -> (HeadlessDriver, GestureLabViewController) {
    let (app, lab) = TouchLab.makeApplication(showingGestures: true)
    return (HeadlessDriver(application: app, size: Size(width: 80, height: 24)), lab.gestureLab)
  }

  /// The log's lines for one recognizer, without the name column.
  func changes(_ lab: GestureLabViewController, _ name: String) -> [String] {
    lab.log.entries.filter { $0.control == name }.map(\.text)
  }

  /// The log's lines for some recognizers, in order.
  func lines(_ lab: GestureLabViewController, _ names: Set<String>) -> [String] {
    lab.log.entries.filter { names.contains($0.control) }.map(\.line)
  }

  @Test func controlGSwitchesScreensBothWays() {
    let (app, lab) = TouchLab.makeApplication()
    let driver = HeadlessDriver(application: app, size: Size(width: 80, height: 24))
    driver.press("Control+g")
    #expect(lab.presentedViewController === lab.gestureLab)
    #expect(driver.screenText.contains("TouchLab — Gestures and their states"))
    driver.tap(x: 10, y: 5)
    driver.advance(by: 1)
    #expect(lab.gestureLab.log.entries.map(\.control).contains("Tap"))
    driver.press("Control+l")
    #expect(lab.gestureLab.log.entries.isEmpty)
    driver.press("Control+g")
    #expect(lab.presentedViewController == nil)
    #expect(driver.screenText.contains("controls and the events they send"))
  }

  /// UIKit: a tap that requires a double tap to fail is recognized only once the double tap
  /// has failed, that is once the double-tap interval has passed with no second tap.
  @Test func aSingleClickIsATapOnlyAfterTheDoubleTapFails() {
    let (driver, lab) = launch()
    driver.tap(x: 10, y: 5)
    #expect(changes(lab, "Tap").isEmpty)
    driver.advance(by: 1)
    #expect(
      lines(lab, ["Tap", "DoubleTap"]) == ["DoubleTap  failed at 10,4", "Tap        recognized at 10,4"])
  }

  /// The single tap fails because the double tap recognized (UIGestureRecognizer.require(toFail:)),
  /// so the log shows the double tap first.
  @Test func aDoubleClickIsADoubleTapAndNoSingleTap() {
    let (driver, lab) = launch()
    driver.tap(x: 10, y: 5)
    driver.advance(by: 0.1)
    driver.tap(x: 10, y: 5)
    driver.advance(by: 1)
    #expect(
      lines(lab, ["Tap", "DoubleTap"]) == ["DoubleTap  recognized at 10,4", "Tap        failed at 10,4"])
  }

  @Test func holdingStillIsALongPressThatBeginsWhileNoTouchArrives() {
    let (driver, lab) = launch()
    driver.longPress(at: Point(x: 20, y: 6), duration: 0.8)
    driver.advance(by: 1)
    #expect(changes(lab, "LongPress") == ["began at 20,5", "ended at 20,5"])
    #expect(changes(lab, "Tap") == ["failed at 20,5"])
  }

  @Test func aDragIsAPanWithItsTranslationAndASwipe() {
    let (driver, lab) = launch()
    driver.drag(from: Point(x: 10, y: 6), to: Point(x: 30, y: 6), steps: 4)
    let pan = changes(lab, "Pan")
    #expect(pan.first?.hasPrefix("began") == true)
    #expect(pan.dropFirst().dropLast().allSatisfy { $0.hasPrefix("changed") })
    #expect(pan.last == "ended at 30,5 translation 20,0")
    #expect(changes(lab, "Swipe").count == 1)
    #expect(changes(lab, "Swipe").first?.hasPrefix("recognized") == true)
    // Each fails where the finger is when it does: the long press and the tap as the pan begins.
    #expect(changes(lab, "Tap") == ["failed at 15,5"])
    #expect(changes(lab, "LongPress") == ["failed at 15,5"])
  }

  /// A click that moves past the tap's slop (2 columns) is no tap: the log shows it fail, which
  /// no action would tell.
  @Test func aTapThatMovesTooFarLogsFailed() {
    let (driver, lab) = launch()
    driver.drag(from: Point(x: 10, y: 6), to: Point(x: 13, y: 6), steps: 1)
    driver.advance(by: 1)
    #expect(changes(lab, "Tap") == ["failed at 13,5"])
    #expect(changes(lab, "DoubleTap") == ["failed at 13,5"])
  }

  /// A drag whose touch the terminal cancels shows the pan cancelled.
  @Test func aCancelledDragLogsThePanCancelled() {
    let (driver, lab) = launch()
    driver.drag(from: Point(x: 10, y: 6), to: Point(x: 20, y: 6), steps: 2, cancel: true)
    #expect(changes(lab, "Pan").last?.hasPrefix("cancelled") == true)
  }

  @Test func theGesturesRecordingPinchesThenRotates() throws {
    let recording = try Recording(
      contentsOf: TouchLabTests.sampleDirectory.appendingPathComponent("gestures.rkrec"))
    let (driver, lab) = launch()
    driver.replay(recording)
    // The fingers go from 20 cells apart to 8 (scale is their ratio), then turn by
    // atan(6/8) = 0.64 rad, a row counting two columns. Neither moves their centroid: no pan.
    // Two fingers are no one-finger tap or press, and no swipe: those fail at touch-down. The
    // pan and the rotation (or pinch) may recognize alongside, so they fail only when the
    // fingers lift without having begun.
    #expect(
      lab.log.entries.map(\.line) == [
        "Swipe      failed at 40,5 (2 touches)",
        "LongPress  failed at 40,5 (2 touches)",
        "DoubleTap  failed at 40,5 (2 touches)",
        "Tap        failed at 40,5 (2 touches)",
        "Pinch      began at 40,5 scale 0.80 (2 touches)",
        "Pinch      changed at 40,5 scale 0.60 (2 touches)",
        "Pinch      changed at 40,5 scale 0.40 (2 touches)",
        "Rotation   failed at 40,5 rotation 0.00 rad",
        "Pan        failed at 40,5 translation 0,0",
        "Pinch      ended at 40,5 scale 0.40",
        "Swipe      failed at 40,5 (2 touches)",
        "LongPress  failed at 40,5 (2 touches)",
        "DoubleTap  failed at 40,5 (2 touches)",
        "Tap        failed at 40,5 (2 touches)",
        "Rotation   began at 40,5 rotation 0.22 rad (2 touches)",
        "Rotation   changed at 40,5 rotation 0.42 rad (2 touches)",
        "Rotation   changed at 40,5 rotation 0.64 rad (2 touches)",
        "Pinch      failed at 40,5 scale 1.00",
        "Pan        failed at 40,5 translation 0,0",
        "Rotation   ended at 40,5 rotation 0.64 rad",
      ])
    #expect(driver.screenText.contains("Rotation"))
  }
}
