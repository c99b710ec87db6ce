import Foundation
import ResponderKit
import Testing

@testable import EventReplay

/// `observeState(_:)` reports every state change, those that send no action (failed, the
/// return to possible) included, as a UIKit app sees them through KVO on `state`.
@Suite("Gesture recognizer state observation")
@MainActor
struct GestureStateObservationTests {
  /// A tap that moves more than its slop (2 column units) fails during the move; the view
  /// keeps its touches, and the recognizer is possible again when the finger lifts.
  @Test func aTapThatMovesTooFarIsSeenToFail() {
    let scene = GestureScene()
    let tap = scene.attach(TapGestureRecognizer(), "tap")
    scene.observe(tap, "tap")
    scene.driver.drag(from: Point(x: 5, y: 3), to: Point(x: 9, y: 3), steps: 2)
    #expect(scene.log.entries == ["V.began", "V.moved", "tap→failed", "V.moved", "V.ended", "tap→possible"])
  }

  /// A pan whose touch is cancelled is cancelled (it began); its target hears of it too.
  @Test func aCancelledPanIsSeenCancelled() {
    let scene = GestureScene()
    let pan = scene.attach(PanGestureRecognizer(), "pan")
    scene.observe(pan, "pan")
    scene.driver.drag(from: Point(x: 5, y: 3), to: Point(x: 9, y: 3), steps: 2, cancel: true)
    #expect(
      scene.log.entries == [
        "V.began", "V.cancelled", "pan→began", "pan.began", "pan→changed", "pan.changed", "pan→cancelled",
        "pan.cancelled", "pan→possible",
      ])
  }

  /// UIKit's "read the state inside the action": a single tap waiting for the double tap to
  /// fail shows as possible until then, so observers see it recognized at the deadline,
  /// right after the double tap fails.
  @Test func aTapWaitingForAnotherStaysPossibleToObservers() {
    let scene = GestureScene()
    let double = TapGestureRecognizer()
    double.numberOfTapsRequired = 2
    scene.attach(double, "double")
    let single = scene.attach(TapGestureRecognizer(), "single")
    single.require(toFail: double)
    scene.observe(double, "double", withClock: true)
    scene.observe(single, "single", withClock: true)
    scene.driver.tap(x: 5, y: 3)
    #expect(scene.log.entries == ["V.began"])
    scene.driver.advance(by: 1)
    #expect(
      scene.log.entries == [
        "V.began", "double→failed @0.51", "V.cancelled", "single→ended @0.51", "single.ended",
        "single→possible @0.51", "double→possible @0.51",
      ])
  }

  /// The double tap recognizes: the single tap that waited for it fails *because* it did
  /// (UIGestureRecognizer.require(toFail:): "If otherGestureRecognizer transitions to
  /// recognized or began, the receiver transitions to failed"), so observers see the double
  /// tap recognized before the single tap fails; the single tap never fired.
  @Test func aDoubleTapIsSeenToRecognizeBeforeTheSingleTapItFails() {
    let scene = GestureScene()
    let double = TapGestureRecognizer()
    double.numberOfTapsRequired = 2
    scene.attach(double, "double")
    let single = scene.attach(TapGestureRecognizer(), "single")
    single.require(toFail: double)
    scene.observe(double, "double")
    scene.observe(single, "single")
    scene.driver.tap(x: 5, y: 3)
    scene.driver.tap(x: 5, y: 3)
    #expect(
      scene.log.entries == [
        "V.began", "V.began", "V.cancelled[2]", "double→ended", "single→failed", "double.ended",
        "single→possible", "double→possible",
      ])
  }

  /// The same for a continuous winner: a tap that requires a long press to fail fails when
  /// the press begins, and observers see `began` first (UIGestureRecognizer.require(toFail:)).
  @Test func aLongPressIsSeenToBeginBeforeTheTapWaitingForItFails() {
    let scene = GestureScene()
    let press = scene.attach(LongPressGestureRecognizer(), "press")
    let tap = scene.attach(TapGestureRecognizer(), "tap")
    tap.require(toFail: press)
    scene.observe(press, "press")
    scene.observe(tap, "tap")
    scene.driver.longPress(at: Point(x: 5, y: 3), duration: 0.7)
    #expect(
      scene.log.entries == [
        "V.began", "V.cancelled", "press→began", "tap→failed", "press.began", "press→ended", "press.ended",
        "tap→possible", "press→possible",
      ])
  }

  @Test func anInvalidatedOrReleasedObservationHearsNothingMore() {
    let scene = GestureScene()
    let tap = scene.attach(TapGestureRecognizer(), "tap")
    var heard: [GestureRecognizer.State] = []
    let kept = tap.observeState { _, change in heard.append(change.newValue) }
    var released: GestureRecognizer.StateObservation? = tap.observeState { _, change in
      heard.append(change.newValue)
    }
    scene.driver.tap(x: 5, y: 3)
    #expect(heard == [.ended, .ended, .possible, .possible])
    released = nil
    scene.driver.tap(x: 5, y: 3)
    #expect(heard == [.ended, .ended, .possible, .possible, .ended, .possible])
    kept.invalidate()
    scene.driver.tap(x: 5, y: 3)
    #expect(heard.count == 6)
    _ = released
  }

  @Test func theChangeCarriesTheOldAndNewState() {
    let scene = GestureScene()
    let press = scene.attach(LongPressGestureRecognizer(), "press")
    var changes: [String] = []
    let observation = press.observeState { recognizer, change in
      #expect(recognizer === press)
      changes.append("\(change.oldValue)→\(change.newValue)")
    }
    scene.driver.longPress(at: Point(x: 5, y: 3), duration: 0.7)
    #expect(changes == ["possible→began", "began→ended", "ended→possible"])
    _ = observation
  }
}
