import Foundation
import ResponderKit
import Testing

@testable import EventReplay

/// A recognizer calls only the delegate methods its delegate declares, read when the delegate
/// is set — UIKit's cached `respondsToSelector:` — and keeps UIKit's rule for the others.
@Suite("Gesture recognizer delegate: declared methods")
@MainActor
struct GestureDelegateMethodsTests {
  /// Every answer below would change the outcome if it were asked; none is declared, so the
  /// tap sees the touch, begins, and cancels the view's touch as UIKit's defaults have it.
  @Test func undeclaredMethodsAreNeverCalledAndTheDefaultsApply() {
    let scene = GestureScene()
    let delegate = GestureDelegateStub()
    delegate.gestureRecognizerDelegateMethods = []
    delegate.shouldReceive = false
    delegate.shouldBegin = false
    scene.attach(TapGestureRecognizer(), "tap").delegate = delegate
    scene.driver.tap(x: 5, y: 3)
    #expect(scene.log.entries == ["V.began", "V.cancelled", "tap.ended"])
    #expect(delegate.asked.isEmpty)
  }

  @Test func aDeclaredShouldReceiveIsAskedAndTheOthersAreNot() {
    let scene = GestureScene()
    let delegate = GestureDelegateStub()
    delegate.gestureRecognizerDelegateMethods = .shouldReceiveTouch
    delegate.shouldReceive = false
    delegate.shouldBegin = false
    scene.attach(TapGestureRecognizer(), "tap").delegate = delegate
    scene.driver.tap(x: 5, y: 3)
    #expect(scene.log.entries == ["V.began", "V.ended"])
    #expect(delegate.asked == ["shouldReceive"])
  }

  @Test func aDeclaredShouldBeginIsAskedWhenTheTapLeavesPossible() {
    let scene = GestureScene()
    let delegate = GestureDelegateStub()
    delegate.gestureRecognizerDelegateMethods = .shouldBegin
    delegate.shouldBegin = false
    let tap = scene.attach(TapGestureRecognizer(), "tap")
    tap.delegate = delegate
    scene.observe(tap, "tap")
    scene.driver.tap(x: 5, y: 3)
    #expect(scene.log.entries == ["V.began", "tap→failed", "V.ended", "tap→possible"])
    #expect(delegate.asked == ["shouldBegin"])
  }

  /// UIKit: pinch and pan exclude each other unless a delegate allows both; an answer that is
  /// implemented but not declared is not an answer.
  @Test func simultaneityImplementedButNotDeclaredKeepsTheExclusion() throws {
    let recording = try Recording(parsing: GestureArbitrationTests.spreadThenMove)
    let scene = GestureScene()
    let delegate = GestureDelegateStub()
    delegate.gestureRecognizerDelegateMethods = .shouldBegin
    delegate.simultaneous = true
    scene.attach(PanGestureRecognizer(), "pan").delegate = delegate
    scene.attach(PinchGestureRecognizer(), "pinch")
    scene.driver.replay(recording)
    #expect(
      scene.log.entries == ["V.began[2]", "V.cancelled[2]", "pinch.began", "pinch.changed", "pinch.ended"])
    #expect(!delegate.asked.contains("shouldRecognizeSimultaneously"))
  }

  /// `shouldBeRequiredToFailBy` on the double tap's delegate makes the single tap wait for it,
  /// as `single.require(toFail: double)` would.
  @Test func aDeclaredShouldBeRequiredToFailByHoldsTheOtherBack() {
    let scene = GestureScene()
    let double = TapGestureRecognizer()
    double.numberOfTapsRequired = 2
    scene.attach(double, "double")
    let single = scene.attach(TapGestureRecognizer(), "single") { $1.clock }
    let delegate = GestureDelegateStub()
    delegate.gestureRecognizerDelegateMethods = .shouldBeRequiredToFail
    delegate.requiredToFailBy = single
    double.delegate = delegate
    scene.driver.tap(x: 5, y: 3)
    scene.driver.advance(by: 1)
    #expect(scene.log.entries == ["V.began", "V.cancelled", "single.ended @0.51"])
    #expect(delegate.asked == ["shouldBeRequiredToFail"])
  }

  /// Without the declaration the same delegate changes nothing: the single tap fires at once.
  @Test func anUndeclaredShouldBeRequiredToFailByIsNotAsked() {
    let scene = GestureScene()
    let double = TapGestureRecognizer()
    double.numberOfTapsRequired = 2
    scene.attach(double, "double")
    let single = scene.attach(TapGestureRecognizer(), "single") { $1.clock }
    let delegate = GestureDelegateStub()
    delegate.gestureRecognizerDelegateMethods = .shouldRequireFailure
    delegate.requiredToFailBy = single
    double.delegate = delegate
    scene.driver.tap(x: 5, y: 3)
    scene.driver.advance(by: 1)
    #expect(scene.log.entries == ["V.began", "V.cancelled", "single.ended @0.02"])
    #expect(delegate.asked == ["shouldRequireFailure"])
  }

  /// The declaration is read when the delegate is set, as UIKit reads `respondsToSelector:`
  /// in `setDelegate:`; setting the delegate again reads it again.
  @Test func theDeclarationIsReadWhenTheDelegateIsSet() {
    let scene = GestureScene()
    let delegate = GestureDelegateStub()
    delegate.gestureRecognizerDelegateMethods = []
    delegate.shouldReceive = false
    let tap = scene.attach(TapGestureRecognizer(), "tap")
    tap.delegate = delegate
    delegate.gestureRecognizerDelegateMethods = .shouldReceiveTouch
    scene.driver.tap(x: 5, y: 3)
    #expect(scene.log.entries == ["V.began", "V.cancelled", "tap.ended"])
    tap.delegate = delegate
    scene.driver.tap(x: 5, y: 3)
    #expect(scene.log.entries == ["V.began", "V.cancelled", "tap.ended", "V.began", "V.ended"])
  }
}
