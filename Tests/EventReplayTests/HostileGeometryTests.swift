import EventReplay
import ResponderKit
import Testing

/// The geometry rule (ARCHITECTURE.md, "Geometry limits"): NaN is 0, anything non-finite or
/// beyond ±2³⁰ cells is clamped, a screen is whole cells up to `Size.maximumScreenDimension` a
/// side, and drawing coordinates saturate. Each case below trapped, recursed for ever or asked
/// for gigabytes before the rule.
@Suite("Hostile geometry")
@MainActor
struct HostileGeometryTests {
  private let huge = Double(Size.maximumScreenDimension)

  @Test(arguments: [
    (Size(width: .infinity, height: .infinity), Size(width: 2048, height: 2048)),
    (Size(width: .nan, height: 10), Size(width: 0, height: 10)),
    (Size(width: Double(Int.max), height: -.infinity), Size(width: 2048, height: 0)),
    (Size(width: 100_000, height: 100_000), Size(width: 2048, height: 2048)),
    (Size(width: 80.7, height: 24.2), Size(width: 80, height: 24)),
  ])
  func aScreenSizeIsWholeCellsWithinTheLimit(given: Size, stored: Size) {
    let app = Application()
    app.screenSize = given
    #expect(app.screenSize == stored)
    let screen = app.renderScreen()
    #expect(screen.columns == Int(stored.width) && screen.rows == Int(stored.height))
  }

  @Test func aResizeEventAndAHeadlessDriverFollowTheSameRule() {
    let app = Application()
    let driver = HeadlessDriver(application: app, size: Size(width: .infinity, height: .nan))
    #expect(app.screenSize == Size(width: huge, height: 0))
    driver.resize(to: Size(width: -5, height: 1e300))
    #expect(app.screenSize == Size(width: 0, height: huge))
  }

  @Test func aNaNFrameIsStoredAsZeroInsteadOfRecursing() {
    let view = View(frame: Rect(x: 1, y: 1, width: 5, height: 5))
    view.frame = Rect(x: .nan, y: 2, width: .nan, height: 3)
    #expect(view.frame == Rect(x: 0, y: 2, width: 0, height: 3))
    #expect(view.bounds.size == view.frame.size)
    view.bounds = Rect(x: 0, y: 0, width: 4, height: .nan)
    #expect(view.frame.size == Size(width: 4, height: 0))
  }

  @Test func anInfiniteOrHugeFrameIsClampedAndStillDraws() {
    let app = Application()
    let driver = HeadlessDriver(application: app, size: Size(width: 12, height: 3))
    let window = Window(frame: Rect(x: -1e19, y: -1e18, width: 1e19, height: .infinity))
    window.placement = .fixed
    let root = View()
    let label = Label(frame: Rect(x: 0, y: 0, width: .infinity, height: 1), text: "hello")
    root.addSubview(label)
    window.rootView = root
    app.addWindow(window)
    window.makeKeyAndOrderFront()
    #expect(window.frame.minX == -Double.maximumCellCoordinateForTests)
    #expect(label.frame.width == Double.maximumCellCoordinateForTests)
    _ = driver.screenText  // drew without trapping
    window.frame = Rect(x: 0, y: 0, width: 12, height: 3)
    #expect(driver.screenText.hasPrefix("hello"))
  }

  @Test func drawingAtTheEndsOfIntSaturatesInsteadOfOverflowing() {
    let canvas = Canvas(columns: 10, rows: 2)
    #expect(canvas.draw("hello", x: Int.max, y: 0) == Int.max)
    #expect(canvas.draw("hello", x: Int.min, y: Int.max) == Int.min + 5)
    canvas.put(Cell("x"), x: Int.max, y: Int.min)
    canvas.fill(Rect(x: .nan, y: .nan, width: .infinity, height: 1e300), with: Cell("#"))
    canvas.applyStyle(TextStyle(attributes: .bold), to: Rect(x: 0, y: 0, width: 1e18, height: 1e18))
    canvas.drawBox(Rect(x: -1e19, y: -1e19, width: .infinity, height: .infinity))
    canvas.withTranslation(
      Point(x: .infinity, y: -.infinity), clippedTo: Rect(x: .nan, y: 0, width: 5, height: 5)
    ) {
      $0.draw("far", x: 0, y: 0)
    }
    #expect(canvas.buffer.plainText == "##########\n##########")
  }

  @Test func aHugeCellBufferIsClampedLikeAScreen() {
    let buffer = CellBuffer(columns: Int.max, rows: Int.max)
    #expect(buffer.columns == Size.maximumScreenDimension && buffer.rows == Size.maximumScreenDimension)
  }
}

extension Double {
  /// 2³⁰, the clamp of the geometry rule, as the tests state it.
  fileprivate static let maximumCellCoordinateForTests: Double = 1_073_741_824
}
