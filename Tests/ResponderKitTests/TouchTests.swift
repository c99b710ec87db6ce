import Testing

@testable import ResponderKit

/// Touches: hit-tested once when they begin, then captured by that view.
@MainActor
struct TouchTests {
  private func touch(_ phase: TouchPhase, _ x: Double, _ y: Double, id: Int = 0, at time: Double = 0)
    -> InputEvent
  {
    .touches([TouchSample(id: id, phase: phase, location: Point(x: x, y: y), timestamp: time)])
  }

  @Test func touchGoesToTheViewItBeganInForItsWholeLife() {
    let s = Scene()
    // inner is at (2,1) inside outer, 10×2.
    #expect(s.app.handle(touch(.began, 3, 1)))
    #expect(s.app.handle(touch(.moved, 30, 8)))
    #expect(s.app.handle(touch(.ended, 30, 8)))
    #expect(s.trace.calls == ["inner.touchesBegan", "inner.touchesMoved", "inner.touchesEnded"])
  }

  @Test func touchOutsideAnySubviewGoesToTheRootView() {
    let s = Scene()
    s.app.handle(touch(.began, 30, 8))
    #expect(s.trace.calls == ["root.touchesBegan"])
  }

  @Test func touchLocationIsReportedInTheReceivingViewsCoordinates() {
    final class Recorder: View {
      var locations: [Point] = []
      override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        locations += touches.map { $0.location(in: self) }
      }
      override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        locations += touches.map { $0.location(in: self) }
      }
    }
    let s = Scene()
    let recorder = Recorder(frame: Rect(x: 20, y: 3, width: 5, height: 2))
    s.root.addSubview(recorder)
    s.app.handle(touch(.began, 21, 4))
    s.app.handle(touch(.moved, 19, 3))
    #expect(recorder.locations == [Point(x: 1, y: 1), Point(x: -1, y: 0)])
  }

  @Test func movesAndEndsWithoutABeginAreIgnored() {
    let s = Scene()
    #expect(!s.app.handle(touch(.moved, 3, 1)))
    #expect(!s.app.handle(touch(.ended, 3, 1)))
    #expect(s.trace.calls.isEmpty)
  }

  @Test func quickSecondClickCountsAsADoubleTap() {
    final class Taps: View {
      var counts: [Int] = []
      override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        counts += touches.map(\.tapCount)
      }
    }
    let s = Scene()
    let taps = Taps(frame: Rect(x: 20, y: 3, width: 5, height: 2))
    s.root.addSubview(taps)
    s.app.handle(touch(.began, 21, 4, at: 0))
    s.app.handle(touch(.ended, 21, 4, at: 0.1))
    s.app.handle(touch(.began, 21, 4, at: 0.2))
    s.app.handle(touch(.ended, 21, 4, at: 0.3))
    s.app.handle(touch(.began, 21, 4, at: 5))
    #expect(taps.counts == [1, 2, 1])
  }

  /// The removal cancels the touch (issue 10, rule 3); its later phases go nowhere.
  @Test func viewRemovedDuringATouchCancelsItAndIgnoresTheRestOfIt() {
    let s = Scene()
    s.app.handle(touch(.began, 3, 1))
    s.inner.removeFromSuperview()
    #expect(!s.app.handle(touch(.ended, 3, 1)))
    #expect(s.trace.calls == ["inner.touchesBegan", "inner.didResign", "inner.touchesCancelled"])
  }

  @Test func scrollGoesToTheViewUnderThePointer() {
    let s = Scene()
    #expect(s.app.handle(.scroll(ScrollSample(location: Point(x: 3, y: 1), dy: 1))))
    #expect(s.trace.calls == ["inner.scrollWheel"])
  }
}
