import Foundation
import ResponderKit
import Testing

@testable import EventReplay

/// A window decides whether a touched view has recognizers above it from a per-view cache;
/// attaching, detaching and moving views must each make the next touch see the new tree.
@Suite("Gesture recognizers found after the tree changes")
@MainActor
struct GestureAncestryCacheTests {
  @Test func aRecognizerAttachedToAnAncestorAfterATouchSeesTheNextTouch() {
    let scene = GestureScene()
    scene.driver.tap(x: 5, y: 3)
    scene.attach(TapGestureRecognizer(), "tap", to: scene.window.rootView)
    scene.driver.tap(x: 5, y: 3)
    #expect(scene.log.entries == ["V.began", "V.ended", "V.began", "V.cancelled", "tap.ended"])
  }

  @Test func aDetachedRecognizerSeesNoMoreTouches() {
    let scene = GestureScene()
    let tap = scene.attach(TapGestureRecognizer(), "tap", to: scene.window.rootView)
    scene.driver.tap(x: 5, y: 3)
    scene.window.rootView?.removeGestureRecognizer(tap)
    scene.driver.tap(x: 5, y: 3)
    #expect(scene.log.entries == ["V.began", "V.cancelled", "tap.ended", "V.began", "V.ended"])
  }

  @Test func aViewMovedUnderARecognizerIsSeenByIt() {
    let scene = GestureScene()
    let holder = View(frame: Rect(x: 0, y: 0, width: 40, height: 12))
    scene.window.rootView?.addSubview(holder)
    scene.attach(TapGestureRecognizer(), "tap", to: holder)
    // `other` covers the right half, over the holder; W is as wide as that half.
    let other = View(frame: Rect(x: 20, y: 0, width: 20, height: 12))
    let moved = LoggingTouchView("W", frame: Rect(x: 0, y: 0, width: 20, height: 12), log: scene.log)
    other.addSubview(moved)
    scene.window.rootView?.addSubview(other)
    scene.driver.tap(x: 25, y: 3)
    holder.addSubview(moved)
    scene.driver.tap(x: 5, y: 3)
    #expect(scene.log.entries == ["W.began", "W.ended", "W.began", "W.cancelled", "tap.ended"])
    moved.removeFromSuperview()
    other.addSubview(moved)
    scene.driver.tap(x: 25, y: 3)
    #expect(Array(scene.log.entries.suffix(2)) == ["W.began", "W.ended"])
  }
}
