import Foundation
import ResponderKit
import Testing

@testable import EventReplay

/// A recognizer calls every delegate method the delegate implements, with nothing to declare:
/// the protocol extension's defaults are UIKit's documented answers for a missing method, so
/// implementing one is all it takes.
@Suite("Gesture recognizer delegate: optional methods")
@MainActor
struct GestureDelegateMethodsTests {
  /// Implements one method and declares nothing; the old option set left it silent.
  final class TouchRefuser: GestureRecognizerDelegate {
    var asked = 0
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
      asked += 1
      return false
    }
  }

  /// Implements nothing: every answer is the extension's default.
  final class Silent: GestureRecognizerDelegate {}

  @Test func aMethodImplementedWithoutAnyDeclarationIsCalled() {
    let scene = GestureScene()
    let delegate = TouchRefuser()
    scene.attach(TapGestureRecognizer(), "tap").delegate = delegate
    scene.driver.tap(x: 5, y: 3)
    #expect(scene.log.entries == ["V.began", "V.ended"], "the tap never saw the touch")
    #expect(delegate.asked == 1)
  }

  /// UIGestureRecognizerDelegate: `gestureRecognizerShouldBegin` and `shouldReceive` default
  /// to true, the simultaneity and failure-requirement questions to false
  /// (https://developer.apple.com/documentation/uikit/uigesturerecognizerdelegate). A delegate
  /// that implements none of them changes nothing.
  @Test func aDelegateImplementingNothingKeepsUIKitsDefaults() {
    let scene = GestureScene()
    let delegate = Silent()
    scene.attach(TapGestureRecognizer(), "tap").delegate = delegate
    scene.driver.tap(x: 5, y: 3)
    #expect(scene.log.entries == ["V.began", "V.cancelled", "tap.ended"])
  }

  /// `shouldBeRequiredToFailBy` on the double tap's delegate makes the single tap wait for it,
  /// as `single.require(toFail: double)` would.
  @Test func shouldBeRequiredToFailByHoldsTheOtherBack() {
    let scene = GestureScene()
    let double = TapGestureRecognizer()
    double.numberOfTapsRequired = 2
    scene.attach(double, "double")
    let single = scene.attach(TapGestureRecognizer(), "single") { $1.clock }
    let delegate = GestureDelegateStub()
    delegate.requiredToFailBy = single
    double.delegate = delegate
    scene.driver.tap(x: 5, y: 3)
    scene.driver.advance(by: 1)
    #expect(scene.log.entries == ["V.began", "V.cancelled", "single.ended @0.51"])
    #expect(delegate.asked.contains("shouldBeRequiredToFail"))
  }

  /// The delegate is held weakly, as UIKit's: once it is gone the recognizer has none, and
  /// the defaults apply again.
  @Test func aDelegateThatWentAwayLeavesTheDefaults() {
    let scene = GestureScene()
    let tap = scene.attach(TapGestureRecognizer(), "tap")
    do {
      let delegate = TouchRefuser()
      tap.delegate = delegate
      scene.driver.tap(x: 5, y: 3)
    }
    #expect(tap.delegate == nil)
    scene.driver.tap(x: 5, y: 3)
    #expect(scene.log.entries == ["V.began", "V.ended", "V.began", "V.cancelled", "tap.ended"])
  }
}
