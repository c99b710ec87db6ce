import Foundation
import ResponderKit
import Testing

@testable import EventReplay

/// UIKit's arbitration between recognizers and views, from Apple's documentation:
/// "Preferring one gesture over another" (`require(toFail:)`), "Allowing the simultaneous
/// recognition of multiple gestures", the `cancelsTouchesInView`, `delaysTouchesBegan` and
/// `delaysTouchesEnded` property pages, and "Attaching gesture recognizers to UIKit controls"
/// (a parent's tap does not take a tap from a button). Orders are asserted exactly.
@Suite("Gesture arbitration")
@MainActor
struct GestureArbitrationTests {
  /// A single tap that requires a double tap to fail, and the double tap.
  private func singleAndDouble(_ scene: GestureScene, requiring: Bool = true) -> TapGestureRecognizer {
    let double = TapGestureRecognizer()
    double.numberOfTapsRequired = 2
    scene.attach(double, "double")
    let single = scene.attach(TapGestureRecognizer(), "single") { $1.clock }
    if requiring { single.require(toFail: double) }
    return double
  }

  @Test func singleTapWaitsForTheDoubleTapToFailOnTheClock() {
    let scene = GestureScene()
    _ = singleAndDouble(scene)
    scene.driver.tap(x: 5, y: 3)
    #expect(scene.log.entries == ["V.began"])
    scene.driver.advance(by: 1)
    // The double tap's deadline is the first tap's down (0.01) plus the multiple-click interval.
    #expect(scene.log.entries == ["V.began", "V.cancelled", "single.ended @0.51"])
  }

  @Test func doubleTapFailsTheSingleTapThatRequiresIt() {
    let scene = GestureScene()
    _ = singleAndDouble(scene)
    scene.driver.tap(x: 5, y: 3)
    scene.driver.tap(x: 5, y: 3)
    scene.driver.advance(by: 1)
    // Apple's guide: the view sees "began, began, cancelled, cancelled".
    #expect(scene.log.entries == ["V.began", "V.began", "V.cancelled[2]", "double.ended"])
  }

  @Test func withoutTheRequirementSingleAndDoubleTapBothFire() {
    let scene = GestureScene()
    _ = singleAndDouble(scene, requiring: false)
    scene.driver.tap(x: 5, y: 3)
    scene.driver.tap(x: 5, y: 3)
    scene.driver.advance(by: 1)
    #expect(
      scene.log.entries == [
        "V.began", "V.cancelled", "single.ended @0.02", "V.began", "V.cancelled", "double.ended",
      ])
  }

  @Test func delegateRequirementWorksLikeRequireToFail() {
    let scene = GestureScene()
    let double = singleAndDouble(scene, requiring: false)
    let delegate = GestureDelegateStub()
    delegate.requiresFailureOf = double
    let single = scene.view.gestureRecognizers.last!
    single.delegate = delegate
    scene.driver.tap(x: 5, y: 3)
    scene.driver.advance(by: 1)
    #expect(scene.log.entries == ["V.began", "V.cancelled", "single.ended @0.51"])
  }

  /// The two-finger recording of Apple's "simultaneous recognition" case: the fingers spread
  /// (a pinch) and then move together (a pan).
  static let spreadThenMove = """
    responderkit-recording 1
    size 40 12
    0.010 touch 0 began 10 5; 1 began 14 5
    0.020 touch 0 moved 8 5; 1 moved 19 5
    0.030 touch 0 moved 11 5; 1 moved 22 5
    0.040 touch 0 ended 11 5; 1 ended 22 5
    """

  @Test func pinchExcludesPanUnlessTheDelegateAllowsBoth() throws {
    let recording = try Recording(parsing: Self.spreadThenMove)
    let scene = GestureScene()
    scene.attach(PanGestureRecognizer(), "pan")
    scene.attach(PinchGestureRecognizer(), "pinch")
    scene.driver.replay(recording)
    #expect(
      scene.log.entries == ["V.began[2]", "V.cancelled[2]", "pinch.began", "pinch.changed", "pinch.ended"])
  }

  @Test func panAndPinchRecognizeTogetherWhenTheDelegateAllows() throws {
    let recording = try Recording(parsing: Self.spreadThenMove)
    let scene = GestureScene()
    let delegate = GestureDelegateStub()
    delegate.simultaneous = true
    scene.attach(PanGestureRecognizer(), "pan").delegate = delegate
    scene.attach(PinchGestureRecognizer(), "pinch")
    scene.driver.replay(recording)
    #expect(
      scene.log.entries == [
        "V.began[2]", "V.cancelled[2]", "pinch.began", "pan.began", "pinch.changed", "pinch.ended",
        "pan.ended",
      ])
  }

  @Test func panThatBeginsFailsATapStillWithinItsSlop() {
    let scene = GestureScene()
    scene.attach(TapGestureRecognizer(), "tap")
    scene.attach(PanGestureRecognizer(), "pan")
    scene.driver.drag(from: Point(x: 5, y: 3), to: Point(x: 7, y: 3), steps: 1)
    #expect(scene.log.entries == ["V.began", "V.cancelled", "pan.began", "pan.ended"])
  }

  @Test func cancelsTouchesInViewFalseLetsTheViewKeepItsTouches() {
    let scene = GestureScene()
    scene.attach(PanGestureRecognizer(), "pan").cancelsTouchesInView = false
    scene.driver.drag(from: Point(x: 5, y: 3), to: Point(x: 9, y: 3), steps: 2)
    #expect(
      scene.log.entries == [
        "V.began", "pan.began", "V.moved", "pan.changed", "V.moved", "pan.ended", "V.ended",
      ])
  }

  @Test func delaysTouchesBeganHidesAFlickAndReplaysAPress() {
    let scene = GestureScene()
    scene.attach(PanGestureRecognizer(), "pan").delaysTouchesBegan = true
    scene.driver.drag(from: Point(x: 5, y: 3), to: Point(x: 9, y: 3), steps: 2)
    #expect(scene.log.entries == ["pan.began", "pan.changed", "pan.ended"])
    scene.log.entries = []
    scene.driver.tap(x: 5, y: 3)
    #expect(scene.log.entries == ["V.began", "V.ended"])
  }

  /// UIGestureRecognizer.delaysTouchesBegan: when the recognizer fails, "the window delivers
  /// these objects to the view in a touchesBegan(_:with:) message (and possibly a follow-up
  /// touchesMoved(_:with:) message to inform it of the touches' current locations)": the view
  /// hears where the touch began, then where it is now.
  @Test func aDelayedTouchReachesTheViewWhereItBeganThenMovesToWhereItIs() {
    let scene = GestureScene()
    let spot = LocatingTouchView(frame: Rect(x: 0, y: 0, width: 40, height: 12), log: scene.log)
    scene.view.addSubview(spot)
    scene.attach(TapGestureRecognizer(), "tap").delaysTouchesBegan = true
    // The tap's slop is 2 column units: at (7, 3) it is still possible, at (9, 3) it fails.
    scene.driver.drag(from: Point(x: 5, y: 3), to: Point(x: 9, y: 3), steps: 2)
    #expect(
      scene.log.entries == [
        "began (5, 3) phase began, started at the first sample", "moved (9, 3) from (5, 3)", "ended (9, 3)",
      ])
  }

  @Test func delaysTouchesEndedFalseDeliversTheFirstTapsEnd() {
    let scene = GestureScene()
    let double = TapGestureRecognizer()
    double.numberOfTapsRequired = 2
    double.delaysTouchesEnded = false
    scene.attach(double, "double")
    scene.driver.tap(x: 5, y: 3)
    scene.driver.tap(x: 5, y: 3)
    // Apple's guide: "began, ended, began, cancelled" instead of "began, began, cancelled, cancelled".
    #expect(scene.log.entries == ["V.began", "V.ended", "V.began", "V.cancelled", "double.ended"])
  }

  @Test func buttonTracksATapDespiteItsSuperviewsTapRecognizer() {
    let scene = GestureScene()
    let button = Button(frame: Rect(x: 2, y: 2, width: 8, height: 1), title: "OK")
    scene.view.addSubview(button)
    let probe = GestureProbe("button", log: scene.log)
    button.addTarget(probe, action: .controlPressed, for: .touchUpInside)
    scene.attach(TapGestureRecognizer(), "tap")
    scene.driver.tap(x: 3, y: 2)
    #expect(scene.log.entries == ["button.touchUpInside"])
  }

  @Test func plainControlLosesTheTapToItsSuperview() {
    final class PlainControl: Control {}
    let scene = GestureScene()
    let control = PlainControl(frame: Rect(x: 2, y: 2, width: 8, height: 1))
    scene.view.addSubview(control)
    let probe = GestureProbe("control", log: scene.log)
    control.addTarget(probe, action: .controlPressed, for: .touchUpInside)
    control.addTarget(probe, action: .controlCancelled, for: .touchCancel)
    scene.attach(TapGestureRecognizer(), "tap")
    scene.driver.tap(x: 3, y: 2)
    #expect(scene.log.entries == ["control.touchCancel", "tap.ended"])
  }

  /// UIView.gestureRecognizerShouldBegin(_:): "the UISlider class uses this method to prevent
  /// swipes parallel to the slider's travel direction and that start in the thumb". A drag
  /// from the thumb along the track stays the slider's: its superview's pan fails, and the
  /// slider sends valueChanged and touchUpInside instead of touchCancel.
  @Test func aSliderKeepsADragAlongItsTrackThatStartsOnItsThumb() {
    let scene = GestureScene()
    let slider = loggingSlider(in: scene)
    scene.attach(PanGestureRecognizer(), "pan")
    // The thumb of a half-way slider 21 columns wide is at its column 10: screen (12, 2).
    scene.driver.drag(from: Point(x: 12, y: 2), to: Point(x: 16, y: 2), steps: 2)
    #expect(scene.log.entries == ["slider.valueChanged", "slider.valueChanged", "slider.touchUpInside"])
    #expect(slider.value == 0.7)
  }

  /// The same for a swipe along the track.
  @Test func aSliderKeepsASwipeAlongItsTrackThatStartsOnItsThumb() {
    let scene = GestureScene()
    let slider = loggingSlider(in: scene)
    scene.attach(SwipeGestureRecognizer(), "swipe")
    scene.driver.swipe(from: Point(x: 12, y: 2), direction: Point(x: 1, y: 0), distance: 8, steps: 4)
    #expect(scene.log.entries.last == "slider.touchUpInside")
    #expect(!scene.log.entries.contains { $0.hasPrefix("swipe.") || $0 == "slider.touchCancel" })
    #expect(slider.value == 0.9)
  }

  /// Only a drag along the track from the thumb is refused: one across the track is the
  /// pan's, and the slider's tracking is cancelled as for any control.
  @Test func aDragAcrossTheSliderStillGoesToTheSuperviewsPan() {
    let scene = GestureScene()
    let slider = loggingSlider(in: scene)
    scene.attach(PanGestureRecognizer(), "pan")
    scene.driver.drag(from: Point(x: 12, y: 2), to: Point(x: 12, y: 6), steps: 2)
    #expect(scene.log.entries == ["slider.touchCancel", "pan.began", "pan.changed", "pan.ended"])
    #expect(slider.value == 0.5)
  }

  /// A half-way slider at (2, 2), 21 columns wide, in V, logging its control events.
  private func loggingSlider(in scene: GestureScene) -> Slider {
    let slider = Slider(frame: Rect(x: 2, y: 2, width: 21, height: 1), value: 0.5)
    scene.view.addSubview(slider)
    let probe = GestureProbe("slider", log: scene.log)
    scene.probes.append(probe)
    slider.addTarget(probe, action: .controlPressed, for: .touchUpInside)
    slider.addTarget(probe, action: .controlCancelled, for: .touchCancel)
    slider.addTarget(probe, action: .controlChanged, for: .valueChanged)
    return slider
  }

  @Test func tapThatCancelsNothingFiresWithTheButton() {
    let scene = GestureScene()
    let button = Button(frame: Rect(x: 2, y: 2, width: 8, height: 1), title: "OK")
    scene.view.addSubview(button)
    let probe = GestureProbe("button", log: scene.log)
    button.addTarget(probe, action: .controlPressed, for: .touchUpInside)
    scene.attach(TapGestureRecognizer(), "tap").cancelsTouchesInView = false
    scene.driver.tap(x: 3, y: 2)
    #expect(scene.log.entries == ["tap.ended", "button.touchUpInside"])
  }

  @Test func deepestTapWinsANestedTie() {
    let scene = GestureScene()
    let inner = LoggingTouchView("I", frame: Rect(x: 2, y: 2, width: 10, height: 3), log: scene.log)
    scene.view.addSubview(inner)
    scene.attach(TapGestureRecognizer(), "outer")
    scene.attach(TapGestureRecognizer(), "inner", to: inner)
    scene.driver.tap(x: 3, y: 3)
    #expect(scene.log.entries == ["I.began", "I.cancelled", "inner.ended"])
  }

  @Test func newestTapOnOneViewWins() {
    let scene = GestureScene()
    scene.attach(TapGestureRecognizer(), "older")
    scene.attach(TapGestureRecognizer(), "newer")
    scene.driver.tap(x: 5, y: 3)
    #expect(scene.log.entries == ["V.began", "V.cancelled", "newer.ended"])
  }

  @Test func delegateThatRefusesTheTouchKeepsItFromTheRecognizer() {
    let scene = GestureScene()
    let delegate = GestureDelegateStub()
    delegate.shouldReceive = false
    scene.attach(TapGestureRecognizer(), "tap").delegate = delegate
    scene.driver.tap(x: 5, y: 3)
    #expect(scene.log.entries == ["V.began", "V.ended"])
  }

  @Test func delegateThatRefusesToBeginFailsTheGesture() {
    let scene = GestureScene()
    let delegate = GestureDelegateStub()
    delegate.shouldBegin = false
    let tap = scene.attach(TapGestureRecognizer(), "tap")
    tap.delegate = delegate
    scene.driver.tap(x: 5, y: 3)
    #expect(scene.log.entries == ["V.began", "V.ended"])
    #expect(tap.state == .possible)
  }

  @Test func everyRecognizerIsResetWhenTheSequenceEnds() {
    let scene = GestureScene()
    let recognizers: [GestureRecognizer] = [
      TapGestureRecognizer(), LongPressGestureRecognizer(), PanGestureRecognizer(),
      SwipeGestureRecognizer(), PinchGestureRecognizer(), RotationGestureRecognizer(),
    ]
    for (index, recognizer) in recognizers.enumerated() { scene.attach(recognizer, "r\(index)") }
    scene.driver.drag(from: Point(x: 5, y: 3), to: Point(x: 15, y: 3), steps: 3)
    scene.driver.tap(x: 5, y: 3)
    scene.driver.pinch(center: Point(x: 20, y: 6), from: 4, to: 10)
    scene.driver.advance(by: 2)
    #expect(recognizers.allSatisfy { $0.state == .possible && $0.numberOfTouches == 0 })
  }
}

/// A view that logs where each touch is when it hears of it: `began (5, 3)`.
private final class LocatingTouchView: View {
  let log: GestureLog
  init(frame: Rect, log: GestureLog) {
    self.log = log
    super.init(frame: frame)
  }
  override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    for touch in touches {
      let start = touch.timestamp == event.timestamp ? "the event" : "the first sample"
      log.entries.append("began \(cells(touch.location(in: self))) phase \(touch.phase), started at \(start)")
    }
  }
  override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
    for touch in touches {
      log.entries.append(
        "moved \(cells(touch.location(in: self))) from \(cells(touch.previousLocation(in: self)))")
    }
  }
  override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
    for touch in touches { log.entries.append("ended \(cells(touch.location(in: self)))") }
  }
}
