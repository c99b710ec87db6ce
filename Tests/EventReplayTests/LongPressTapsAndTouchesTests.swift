import Foundation
import ResponderKit
import Testing

@testable import EventReplay

/// `UILongPressGestureRecognizer`'s `numberOfTapsRequired` (full taps before the press,
/// default 0) and `numberOfTouchesRequired` (fingers, default 1), driven by the headless
/// driver with every state change and view call in order. `press→` lines are the state as
/// observed, `press.` lines the actions the target gets.
@Suite("Long press: taps and touches required")
@MainActor
struct LongPressTapsAndTouchesTests {
  func pressScene(taps: Int = 0, touches: Int = 1) -> (GestureScene, LongPressGestureRecognizer) {
    let scene = GestureScene()
    let press = LongPressGestureRecognizer()
    press.numberOfTapsRequired = taps
    press.numberOfTouchesRequired = touches
    scene.attach(press, "press") { $1.clock }
    scene.observe(press, "press", withClock: true)
    return (scene, press)
  }

  @Test func theDefaultsAreUIKits() {
    let press = LongPressGestureRecognizer()
    #expect(press.numberOfTapsRequired == 0)
    #expect(press.numberOfTouchesRequired == 1)
    #expect(press.minimumPressDuration == 0.5)
  }

  /// "Tap and a half": a tap, then the press; the press's time counts from its own touch-down
  /// (0.13 + 0.5). Both touches are withheld from the view's end, then cancelled together.
  @Test func oneTapThenAHoldBeginsHalfASecondAfterTheSecondDown() {
    let (scene, _) = pressScene(taps: 1)
    scene.driver.tap(x: 5, y: 3)
    scene.driver.advance(by: 0.1)
    scene.driver.longPress(at: Point(x: 5, y: 3), duration: 0.6)
    #expect(
      scene.log.entries == [
        "V.began", "V.began", "V.cancelled[2]", "press→began @0.63", "press.began @0.63",
        "press→ended @0.74", "press.ended @0.74", "press→possible @0.74",
      ])
  }

  /// A hold with no tap before it is the first tap held too long: it fails when the wait for
  /// the next tap runs out, with no touch arriving, and the view then gets its touch's end.
  @Test func aHoldWithoutTheTapFailsWhenTheTapsTimeIsUp() {
    let (scene, _) = pressScene(taps: 1)
    scene.driver.longPress(at: Point(x: 5, y: 3), duration: 0.8)
    #expect(scene.log.entries == ["V.began", "press→failed @0.51", "V.ended", "press→possible @0.82"])
  }

  /// The press must come down within the multiple-click interval of the tap's down.
  @Test func aPressThatComesTooLateAfterTheTapFails() {
    let (scene, _) = pressScene(taps: 1)
    scene.driver.tap(x: 5, y: 3)
    scene.driver.advance(by: 0.6)
    #expect(scene.log.entries == ["V.began", "press→failed @0.51", "V.ended", "press→possible @0.51"])
  }

  /// The press must come down where the tap was (within the allowable movement).
  @Test func aPressAwayFromTheTapFails() {
    let (scene, _) = pressScene(taps: 1)
    scene.driver.tap(x: 5, y: 3)
    scene.driver.longPress(at: Point(x: 5, y: 6), duration: 0.6)
    // The failure releases the tap's withheld end as the press's touch begins.
    #expect(
      scene.log.entries == [
        "V.began", "press→failed @0.03", "V.began", "V.ended", "V.ended", "press→possible @0.64",
      ])
  }

  @Test func twoTapsThenAHold() {
    let (scene, _) = pressScene(taps: 2)
    scene.driver.tap(x: 5, y: 3)
    scene.driver.tap(x: 5, y: 3)
    scene.driver.longPress(at: Point(x: 5, y: 3), duration: 0.6)
    #expect(
      scene.log.entries == [
        "V.began", "V.began", "V.began", "V.cancelled[3]", "press→began @0.55", "press.began @0.55",
        "press→ended @0.66", "press.ended @0.66", "press→possible @0.66",
      ])
  }

  @Test func twoFingersHeldTogetherBeginAPressForTwo() {
    let (scene, press) = pressScene(touches: 2)
    scene.driver.touches([scene.touch(0, .began, 5, 3), scene.touch(1, .began, 9, 3)])
    scene.driver.advance(by: 0.6)
    #expect(press.numberOfTouches == 2)
    #expect(scene.log.entries == ["V.began[2]", "V.cancelled[2]", "press→began @0.51", "press.began @0.51"])
    scene.driver.touches([scene.touch(0, .ended, 5, 3), scene.touch(1, .ended, 9, 3)])
    #expect(
      Array(scene.log.entries.suffix(3)) == [
        "press→ended @0.62", "press.ended @0.62", "press→possible @0.62",
      ])
  }

  /// The press's time starts once the second finger is down (0.11), not with the first.
  @Test func thePressTimeStartsWhenTheLastRequiredFingerIsDown() {
    let (scene, _) = pressScene(touches: 2)
    scene.driver.touches([scene.touch(0, .began, 5, 3)])
    scene.driver.advance(by: 0.09)
    scene.driver.touches([scene.touch(1, .began, 9, 3)])
    scene.driver.advance(by: 0.6)
    #expect(
      scene.log.entries == ["V.began", "V.began", "V.cancelled[2]", "press→began @0.61", "press.began @0.61"])
  }

  /// One finger never starts the press's time; it fails when the finger lifts.
  @Test func oneFingerNeverBeginsAPressForTwo() {
    let (scene, _) = pressScene(touches: 2)
    scene.driver.longPress(at: Point(x: 5, y: 3), duration: 0.8)
    #expect(scene.log.entries == ["V.began", "press→failed @0.82", "V.ended", "press→possible @0.82"])
  }

  @Test func aThirdFingerFailsAPressForTwo() {
    let (scene, _) = pressScene(touches: 2)
    scene.driver.touches([
      scene.touch(0, .began, 5, 3), scene.touch(1, .began, 9, 3), scene.touch(2, .began, 13, 3),
    ])
    #expect(scene.log.entries == ["press→failed @0.01", "V.began[3]"])
  }

  /// A two-finger tap, then a two-finger hold.
  @Test func aTwoFingerTapThenATwoFingerHold() {
    let (scene, _) = pressScene(taps: 1, touches: 2)
    scene.driver.touches([scene.touch(0, .began, 5, 3), scene.touch(1, .began, 9, 3)])
    scene.driver.touches([scene.touch(0, .ended, 5, 3), scene.touch(1, .ended, 9, 3)])
    scene.driver.touches([scene.touch(0, .began, 5, 3), scene.touch(1, .began, 9, 3)])
    scene.driver.advance(by: 0.6)
    #expect(
      scene.log.entries == [
        "V.began[2]", "V.began[2]", "V.cancelled[4]", "press→began @0.53", "press.began @0.53",
      ])
  }
}
