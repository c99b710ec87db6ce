import Foundation
import ResponderKit
import Testing

@testable import EventReplay

/// The concrete recognizers, driven by the headless driver: the order of the view's touch
/// calls and the recognizers' actions is asserted exactly. UIKit's rules are cited from
/// Apple's `UIGestureRecognizer` documentation (state machine, `cancelsTouchesInView`: "the
/// view receives touchesCancelled … before the action").
@Suite("Gesture recognizers")
@MainActor
struct GestureRecognizerTests {
  @Test func tapCancelsTheViewsWithheldEndThenFiresOnce() {
    let scene = GestureScene()
    scene.attach(TapGestureRecognizer(), "tap")
    scene.driver.tap(x: 5, y: 3)
    #expect(scene.log.entries == ["V.began", "V.cancelled", "tap.ended"])
  }

  @Test func twoFingerTapRecognizesAtTheCentroid() {
    let scene = GestureScene()
    let tap = TapGestureRecognizer()
    tap.numberOfTouchesRequired = 2
    scene.attach(tap, "tap") { cells($0.location(in: $1.view)) }
    scene.driver.touches([scene.touch(1, .began, 4, 3), scene.touch(2, .began, 8, 5)])
    scene.driver.touches([scene.touch(1, .ended, 4, 3), scene.touch(2, .ended, 8, 5)])
    #expect(scene.log.entries == ["V.began[2]", "V.cancelled[2]", "tap.ended (6, 4)"])
  }

  @Test func oneFingerDoesNotMakeATwoFingerTap() {
    let scene = GestureScene()
    let tap = TapGestureRecognizer()
    tap.numberOfTouchesRequired = 2
    scene.attach(tap, "tap")
    scene.driver.tap(x: 5, y: 3)
    #expect(scene.log.entries == ["V.began", "V.ended"])
  }

  @Test func tapHeldTooLongFailsOnTheClockAndReleasesTheEnd() {
    let scene = GestureScene()
    scene.attach(TapGestureRecognizer(), "tap")
    scene.driver.send(.touches([scene.touch(0, .began, 5, 3)]))
    scene.driver.advance(by: 1.5)
    scene.driver.send(.touches([scene.touch(0, .ended, 5, 3)]))
    #expect(scene.log.entries == ["V.began", "V.ended"])
  }

  @Test func longPressBeginsOnTheClockWithNoTouchArriving() {
    let scene = GestureScene()
    scene.attach(LongPressGestureRecognizer(), "press") { $1.clock }
    scene.driver.send(.touches([scene.touch(0, .began, 5, 3)]))
    scene.driver.advance(by: 0.6)
    scene.driver.send(.touches([scene.touch(0, .moved, 15, 3)]))
    scene.driver.send(.touches([scene.touch(0, .ended, 15, 3)]))
    #expect(
      scene.log.entries == [
        "V.began", "V.cancelled", "press.began @0.51", "press.changed @0.62", "press.ended @0.63",
      ])
  }

  @Test func longPressFailsWhenTheFingerMovesBeforeItsTime() {
    let scene = GestureScene()
    scene.attach(LongPressGestureRecognizer(), "press")
    scene.driver.send(.touches([scene.touch(0, .began, 5, 3)]))
    scene.driver.send(.touches([scene.touch(0, .moved, 8, 3)]))
    scene.driver.advance(by: 0.6)
    scene.driver.send(.touches([scene.touch(0, .ended, 8, 3)]))
    #expect(scene.log.entries == ["V.began", "V.moved", "V.ended"])
  }

  @Test func longPressHelperHoldsOnTheVirtualClock() {
    let scene = GestureScene()
    scene.attach(LongPressGestureRecognizer(), "press") { $1.clock }
    scene.driver.longPress(at: Point(x: 5, y: 3), duration: 0.7)
    #expect(scene.log.entries == ["V.began", "V.cancelled", "press.began @0.51", "press.ended @0.72"])
  }

  @Test func panReportsTranslationVelocityAndTouchesFromTouchDown() {
    let scene = GestureScene()
    scene.attach(PanGestureRecognizer(), "pan") { recognizer, scene in
      let pan = recognizer as! PanGestureRecognizer
      return "t=\(cells(pan.translation(in: nil))) v=\(cells(pan.velocity(in: nil))) n=\(pan.numberOfTouches)"
        + " at \(cells(pan.location(in: scene.view)))"
    }
    scene.driver.drag(from: Point(x: 5, y: 3), to: Point(x: 13, y: 3), steps: 4)
    #expect(
      scene.log.entries == [
        "V.began", "V.cancelled",
        "pan.began t=(2, 0) v=(200, 0) n=1 at (7, 3)",
        "pan.changed t=(4, 0) v=(200, 0) n=1 at (9, 3)",
        "pan.changed t=(6, 0) v=(200, 0) n=1 at (11, 3)",
        "pan.changed t=(8, 0) v=(200, 0) n=1 at (13, 3)",
        "pan.ended t=(8, 0) v=(200, 0) n=0 at (13, 3)",
      ])
  }

  @Test func panNeedsItsMinimumNumberOfTouches() {
    let scene = GestureScene()
    let pan = PanGestureRecognizer()
    pan.minimumNumberOfTouches = 2
    scene.attach(pan, "pan")
    scene.driver.drag(from: Point(x: 5, y: 3), to: Point(x: 13, y: 3), steps: 2)
    #expect(scene.log.entries == ["V.began", "V.moved", "V.moved", "V.ended"])
  }

  @Test func swipeRecognizesDuringTheMoveAndReportsWhereItBegan() {
    let scene = GestureScene()
    scene.attach(SwipeGestureRecognizer(), "swipe") { cells($0.location(in: $1.view)) }
    scene.driver.swipe(from: Point(x: 5, y: 3), direction: Point(x: 1, y: 0), distance: 10)
    #expect(scene.log.entries == ["V.began", "V.moved", "V.moved", "V.cancelled", "swipe.ended (5, 3)"])
  }

  @Test func swipeAgainstItsDirectionFails() {
    let scene = GestureScene()
    scene.attach(SwipeGestureRecognizer(), "swipe")
    scene.driver.swipe(from: Point(x: 20, y: 3), direction: Point(x: -1, y: 0), distance: 10)
    #expect(scene.log.entries == ["V.began", "V.moved", "V.moved", "V.moved", "V.moved", "V.ended"])
  }

  @Test func verticalSwipeCountsRowsAsTwoColumns() {
    let scene = GestureScene()
    let swipe = SwipeGestureRecognizer()
    swipe.direction = [.up, .down]
    scene.attach(swipe, "swipe")
    // Three rows up: six column units, the minimum distance.
    scene.driver.swipe(from: Point(x: 5, y: 8), direction: Point(x: 0, y: -1), distance: 3, steps: 3)
    #expect(scene.log.entries == ["V.began", "V.moved", "V.moved", "V.cancelled", "swipe.ended"])
  }

  @Test func pinchReportsScaleAndVelocity() {
    let scene = GestureScene()
    scene.attach(PinchGestureRecognizer(), "pinch") { recognizer, _ in
      let pinch = recognizer as! PinchGestureRecognizer
      return "scale=\(short(pinch.scale)) v=\(short(pinch.velocity))"
    }
    scene.driver.pinch(center: Point(x: 20, y: 6), from: 4, to: 12)
    #expect(
      scene.log.entries == [
        "V.began[2]", "V.cancelled[2]", "pinch.began scale=1.5 v=50", "pinch.changed scale=2 v=50",
        "pinch.changed scale=2.5 v=50", "pinch.changed scale=3 v=50", "pinch.ended scale=3 v=50",
      ])
  }

  @Test func rotationReportsTheAngleSeenOnScreen() {
    let scene = GestureScene()
    scene.attach(RotationGestureRecognizer(), "rotation") { recognizer, _ in
      let rotation = recognizer as! RotationGestureRecognizer
      return "r=\(short(rotation.rotation)) v=\(short(rotation.velocity))"
    }
    scene.driver.rotate(center: Point(x: 20, y: 6), radius: 6, to: .pi / 2)
    #expect(
      scene.log.entries == [
        "V.began[2]", "V.cancelled[2]", "rotation.began r=0.39 v=39.27", "rotation.changed r=0.79 v=39.27",
        "rotation.changed r=1.18 v=39.27", "rotation.changed r=1.57 v=39.27", "rotation.ended r=1.57 v=39.27",
      ])
  }

  @Test func everyTargetGetsTheActionAndOneThatWentAwayIsSkipped() {
    let scene = GestureScene()
    let tap = scene.attach(TapGestureRecognizer(), "first")
    var gone: GestureProbe? = GestureProbe("gone", log: scene.log)
    tap.addTarget(gone, action: .gesture)
    let second = GestureProbe("second", log: scene.log)
    tap.addTarget(second, action: .gesture)
    gone = nil
    scene.driver.tap(x: 5, y: 3)
    #expect(scene.log.entries == ["V.began", "V.cancelled", "first.ended", "second.ended"])
    tap.removeTarget(second, action: nil)
    scene.driver.advance(by: 1)
    scene.driver.tap(x: 5, y: 3)
    #expect(scene.log.entries.suffix(3) == ["V.began", "V.cancelled", "first.ended"])
  }

  @Test func disablingAPanInProgressCancelsIt() {
    let scene = GestureScene()
    let pan = scene.attach(PanGestureRecognizer(), "pan")
    scene.driver.send(.touches([scene.touch(0, .began, 5, 3)]))
    scene.driver.send(.touches([scene.touch(0, .moved, 9, 3)]))
    pan.isEnabled = false
    scene.driver.send(.touches([scene.touch(0, .moved, 12, 3)]))
    scene.driver.send(.touches([scene.touch(0, .ended, 12, 3)]))
    #expect(scene.log.entries == ["V.began", "V.cancelled", "pan.began", "pan.cancelled"])
    scene.log.entries = []
    scene.driver.drag(from: Point(x: 5, y: 3), to: Point(x: 9, y: 3), steps: 1)
    #expect(scene.log.entries == ["V.began", "V.moved", "V.ended"])
  }

  /// UIGestureRecognizer.isEnabled: a disabled recognizer "does not receive touches"; turned
  /// back on, it recognizes again. Disabling one that is idle changes nothing else: it is not
  /// recognizing, so it is not cancelled, and it does not stay failed.
  @Test func aRecognizerDisabledWhileIdleRecognizesAgainOnceEnabled() {
    let scene = GestureScene()
    let tap = scene.attach(TapGestureRecognizer(), "tap")
    tap.isEnabled = false
    #expect(tap.state == .possible)
    scene.driver.tap(x: 5, y: 3)
    #expect(scene.log.entries == ["V.began", "V.ended"])
    tap.isEnabled = true
    scene.log.entries = []
    scene.driver.advance(by: 1)
    scene.driver.tap(x: 5, y: 3)
    #expect(scene.log.entries == ["V.began", "V.cancelled", "tap.ended"])
    #expect(tap.state == .possible)
  }

  @Test func removingARecognizerStopsIt() {
    let scene = GestureScene()
    let tap = scene.attach(TapGestureRecognizer(), "tap")
    scene.view.removeGestureRecognizer(tap)
    scene.driver.tap(x: 5, y: 3)
    #expect(scene.log.entries == ["V.began", "V.ended"])
    #expect(tap.view == nil)
  }
}
