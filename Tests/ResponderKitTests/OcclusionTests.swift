import Testing

@testable import ResponderKit

// A frame does not draw the windows that opaque windows in front hide entirely, as a
// compositor does not draw what an opaque window covers (NSWindow.isOpaque,
// https://developer.apple.com/documentation/appkit/nswindow/isopaque). The authority for the
// screen is the plain composition — every window drawn back to front — which every case
// compares with; the counts show which windows were skipped.

/// A window that counts how often it is drawn.
@MainActor
private final class CountingWindow: Window {
  var displays = 0
  override func display(in canvas: Canvas) {
    displays += 1
    super.display(in: canvas)
  }
}

/// A window that draws only a one-cell border mark in its corner and lets the rest show
/// through, as a menu's box does.
@MainActor
private final class SeeThroughWindow: Window {
  override init(frame: Rect = .zero) {
    super.init(frame: frame)
    isOpaque = false
  }
  override func drawBackground(in canvas: Canvas) {
    canvas.put(Cell("+"), x: 0, y: 0)
  }
}

@MainActor
struct OcclusionTests {
  /// An application on a `columns` × `rows` screen with `frames` as windows, the first in
  /// front, each showing its index in a label so that what shows through is visible.
  private func makeApp(
    columns: Int = 20, rows: Int = 6, _ windows: [Window]
  ) -> Application {
    let app = Application()
    // These count the displays of one whole frame; the damage check would draw a second.
    app.checksDamage = false
    app.screenSize = Size(width: columns, height: rows)
    for (index, window) in windows.enumerated().reversed() {
      let frame = window.frame
      window.rootView = Label(
        frame: Rect(x: 1, y: 1, width: max(frame.width - 2, 0), height: 1), text: "w\(index)")
      app.addWindow(window)
      window.orderFront()
      window.frame = frame
    }
    return app
  }

  /// Every window drawn back to front, hidden or not: the screen a frame must show.
  private func plainComposition(_ app: Application) -> CellBuffer {
    let canvas = Canvas(columns: Int(app.screenSize.width), rows: Int(app.screenSize.height))
    for window in app.windows.reversed() { window.display(in: canvas) }
    return canvas.buffer
  }

  @Test func windowsBehindAFullScreenWindowAreNotDrawn() {
    let front = CountingWindow(frame: Rect(x: 0, y: 0, width: 20, height: 6))
    let hidden = (0..<3).map { CountingWindow(frame: Rect(x: $0, y: $0, width: 10, height: 3)) }
    let app = makeApp([front] + hidden)
    #expect(app.renderScreen() == plainComposition(app))
    #expect(front.displays == 2)  // the frame, then the plain composition
    #expect(hidden.map(\.displays) == [1, 1, 1])  // the plain composition only
  }

  @Test func windowsBehindSeveralOpaqueWindowsTogetherAreNotDrawn() {
    let left = CountingWindow(frame: Rect(x: 0, y: 0, width: 10, height: 6))
    let right = CountingWindow(frame: Rect(x: 10, y: 0, width: 10, height: 6))
    let behind = CountingWindow(frame: Rect(x: 5, y: 1, width: 10, height: 4))
    let partly = CountingWindow(frame: Rect(x: 15, y: 2, width: 10, height: 2))  // half off screen
    let app = makeApp([left, right, behind, partly])
    _ = app.renderScreen()
    #expect([left, right, behind, partly].map(\.displays) == [1, 1, 0, 0])
  }

  @Test func aWindowThatLetsCellsThroughShowsTheOnesBehind() {
    let menu = SeeThroughWindow(frame: Rect(x: 0, y: 0, width: 20, height: 6))
    let behind = CountingWindow(frame: Rect(x: 2, y: 2, width: 10, height: 3))
    let app = makeApp([menu, behind])
    #expect(app.renderScreen() == plainComposition(app))
    #expect(behind.displays == 2)
    #expect(app.renderScreen().plainText.contains("w1"))
  }

  @Test func aWindowOffTheScreenIsNotDrawn() {
    let visible = CountingWindow(frame: Rect(x: 0, y: 0, width: 5, height: 2))
    let away = CountingWindow(frame: Rect(x: 0, y: 0, width: 5, height: 2))
    let app = makeApp([visible, away])
    away.frame = Rect(x: 40, y: 40, width: 5, height: 2)  // fitted on adding; moved off after
    _ = app.renderScreen()
    #expect(visible.displays == 1 && away.displays == 0)
  }

  /// Random stacks of opaque and see-through windows: the frame always equals the plain
  /// composition.
  @Test func framesEqualThePlainCompositionForRandomStacks() {
    var random = SeededGenerator(state: 0x5EED)
    for _ in 0..<200 {
      let count = Int(random.next() % 8) + 1
      let windows: [Window] = (0..<count).map { _ in
        let frame = Rect(
          x: Int(random.next() % 24) - 2, y: Int(random.next() % 8) - 1,
          width: Int(random.next() % 16), height: Int(random.next() % 6))
        return random.next() % 3 == 0 ? SeeThroughWindow(frame: frame) : Window(frame: frame)
      }
      let app = makeApp(windows)
      for window in windows { window.frame = window.frame }  // as made, not fitted
      #expect(app.renderScreen() == plainComposition(app))
    }
  }

  @Test func coverageMergesSpansAndKnowsAFullScreen() {
    var coverage = ScreenCoverage()
    coverage.reset(columns: 10, rows: 2)
    coverage.cover((columns: 0..<3, rows: 0..<2))
    coverage.cover((columns: 6..<10, rows: 0..<1))
    #expect(!coverage.covers((columns: 2..<7, rows: 0..<1)))
    coverage.cover((columns: 3..<6, rows: 0..<1))  // touching both: one span
    #expect(coverage.covers((columns: 0..<10, rows: 0..<1)))
    #expect(!coverage.isComplete)
    coverage.cover((columns: 2..<10, rows: 1..<2))
    #expect(coverage.isComplete)
    coverage.reset(columns: 10, rows: 2)
    #expect(!coverage.covers((columns: 0..<1, rows: 0..<1)) && coverage.covers((columns: 4..<4, rows: 0..<2)))
    coverage.cover((columns: 0..<10, rows: 0..<2))  // one window over the whole screen
    #expect(coverage.isComplete)
    coverage.reset(columns: 10, rows: 2)
    #expect(!coverage.isComplete && !coverage.covers((columns: 9..<10, rows: 1..<2)))
  }
}
