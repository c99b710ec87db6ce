import Foundation
import Testing

@testable import ResponderKit

/// A label that counts its draws and the rows its canvas let it draw.
@MainActor
private final class DrawCountingLabel: Label {
  var draws = 0
  var clippedRows: [Range<Int>] = []
  override func draw(in canvas: Canvas) {
    draws += 1
    clippedRows.append(canvas.clip.minY..<canvas.clip.maxY)
    super.draw(in: canvas)
  }
}

/// A view that changes what it draws without marking itself: the bug ``Application/checksDamage``
/// finds.
@MainActor
private final class ForgetfulView: View {
  var glyph: Character = "a"
  override func draw(in canvas: Canvas) { canvas.put(Cell(glyph), x: 0, y: 0) }
}

/// Damage tracking, the contract of AppKit's `setNeedsDisplay(_:)` and UIKit's
/// `setNeedsDisplay(_:)`: what is marked is drawn again over the retained content, views that do
/// not meet it are not drawn; and a frame drawn so equals the screen drawn anew.
@MainActor
struct DamageTrackingTests {
  private func makeApp(columns: Int = 30, rows: Int = 8) -> (Application, View) {
    let app = Application()
    app.checksDamage = false  // draws are counted: the check would draw the screen again
    app.screenSize = Size(width: columns, height: rows)
    let window = Window()
    let root = View()
    window.rootView = root
    app.addWindow(window)
    window.makeKeyAndOrderFront()
    return (app, root)
  }

  @Test func aChangedLabelRedrawsOnlyItsRowAndViewsElsewhereAreNotDrawn() {
    let (app, root) = makeApp()
    let labels = (0..<4).map {
      DrawCountingLabel(frame: Rect(x: 2, y: Double($0 * 2), width: 10, height: 1), text: "row \($0)")
    }
    for label in labels { root.addSubview(label) }
    _ = app.renderFrame()
    for label in labels { label.draws = 0 }
    labels[2].text = "changed"
    let frame = app.renderFrame()
    #expect(labels.map(\.draws) == [0, 0, 1, 0])
    #expect(labels[2].clippedRows.last == 4..<5, "the canvas is clipped to the damaged row")
    #expect(frame.changedRows == (0..<8).map { $0 == 4 })
    #expect(frame.buffer == app.renderFreshScreen())
  }

  @Test func aRectangleMarkedRedrawsOnlyTheRowsItCovers() {
    let (app, root) = makeApp()
    let tall = DrawCountingLabel(frame: Rect(x: 0, y: 1, width: 10, height: 5))
    root.addSubview(tall)
    _ = app.renderFrame()
    tall.setNeedsDisplay(Rect(x: 3, y: 2, width: 2, height: 2))
    let frame = app.renderFrame()
    #expect(frame.changedRows == (0..<8).map { (3..<5).contains($0) })
    #expect(tall.clippedRows.last == 3..<5)
  }

  @Test func aMovedSelectionRedrawsTheTwoRowsItChanged() {
    let (app, root) = makeApp()
    let table = TableView(frame: Rect(x: 0, y: 0, width: 30, height: 8))
    let source = FruitSource((0..<20).map { "fruit \($0)" })
    table.dataSource = source
    root.addSubview(table)
    app.keyWindow?.makeFirstResponder(table)
    table.selectRow(at: IndexPath(row: 2, section: 0), notifyingDelegate: false)
    _ = app.renderFrame()
    table.selectRow(at: IndexPath(row: 3, section: 0), notifyingDelegate: false)
    let frame = app.renderFrame()
    #expect(frame.changedRows == (0..<8).map { $0 == 2 || $0 == 3 })
    #expect(frame.buffer == app.renderFreshScreen())
  }

  @Test func theKeptFrameIsDrawnIntoTheSameStorageEveryFrame() {
    let (app, root) = makeApp()
    let label = Label(frame: Rect(x: 0, y: 0, width: 10, height: 1), text: "a")
    root.addSubview(label)
    func storage() -> UnsafeRawPointer? {
      app.renderFrame().buffer.cells.withUnsafeBytes { $0.baseAddress }
    }
    let first = storage()
    label.text = "b"
    #expect(storage() == first)
    let screen = app.renderScreen()
    #expect(screen.cells.withUnsafeBytes { $0.baseAddress } != first, "tests read a fresh buffer")
    label.text = "c"
    #expect(storage() == first)
  }

  @Test func aViewThatChangesWithoutMarkingItselfIsReportedByName() {
    let (app, root) = makeApp()
    let view = ForgetfulView(frame: Rect(x: 4, y: 3, width: 1, height: 1))
    root.addSubview(view)
    var reports: [String] = []
    app.damageCheckHandler = { reports.append($0) }
    app.checksDamage = true
    _ = app.renderScreen()
    view.glyph = "b"
    let screen = app.renderScreen()
    #expect(screen[4, 3].text == "b", "the screen drawn anew is what tests read")
    #expect(reports.count == 1)
    #expect(reports.first?.contains("cell (4, 3)") == true)
    #expect(reports.first?.contains("ForgetfulView") == true)
    // The kept frame was repaired: no report for the next frames.
    _ = app.renderScreen()
    #expect(reports.count == 1)
  }

  /// Random trees changed through the public API (frames, fractional ones too, bounds, hidden,
  /// text, colours, themes, subviews added and removed, windows moved, ordered and closed),
  /// several changes a frame: every frame drawn over the last equals the screen drawn anew.
  @Test(arguments: 1...32 as ClosedRange<UInt64>)
  func framesDrawnOverTheLastEqualTheScreenDrawnAnew(seed: UInt64) {
    var random = SeededGenerator(state: seed)
    let app = Application()
    app.screenSize = Size(width: 40, height: 14)
    var failures: [String] = []
    app.damageCheckHandler = { failures.append($0) }
    app.checksDamage = true
    var windows: [Window] = []
    var views: [View] = []
    // Now and then at the edge of the geometry's range (2³⁰ cells), where values are clamped:
    // a scrolled table of more rows has its bounds there (the census fuzzer found it).
    let edge = Double(1 << 30)
    let edges = [edge, edge - 3, edge + 5, -edge, 2 - edge, 1e300]
    func coordinate(_ limit: Int) -> Double {
      if Int.random(in: 0..<16, using: &random) == 0 { return edges.randomElement(using: &random)! }
      let whole = Double(Int.random(in: -2...limit, using: &random))
      return Int.random(in: 0..<4, using: &random) == 0 ? whole + 0.5 : whole
    }
    func randomRect() -> Rect {
      Rect(
        x: coordinate(30), y: coordinate(12), width: Double(Int.random(in: 0...15, using: &random)),
        height: Double(Int.random(in: 0...5, using: &random)))
    }
    func addWindow() {
      let window = Window(frame: randomRect())
      window.placement = .fixed
      let root = View()
      root.backgroundColor = Color.palette(UInt8.random(in: 0...15, using: &random))
      window.rootView = root
      app.addWindow(window)
      window.orderFront()
      window.frame = randomRect()
      windows.append(window)
      views.append(root)
    }
    addWindow()
    addWindow()
    for _ in 0..<120 {
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        guard let view = views.randomElement(using: &random) else { break }
        // Window changes redraw whole windows or the screen: rare, so most frames are partial.
        let roll = Int.random(in: 0..<43, using: &random)
        switch roll < 40 ? roll % 8 : roll - 32 {
        case 0:
          let label = Label(
            frame: randomRect(), text: ["x", "wide 中文", "😀 end", "abc def"].randomElement(using: &random)!)
          view.addSubview(label)
          views.append(label)
        case 1: if view.superview != nil { view.frame = randomRect() }
        case 2: view.bounds.origin = Point(x: coordinate(3), y: coordinate(3))
        case 3: view.isHidden.toggle()
        case 4:
          (view as? Label)?.text = ["moved", "中", "", "longer text here"].randomElement(using: &random)!
        case 5:
          view.backgroundColor =
            Bool.random(using: &random) ? nil : Color.palette(UInt8.random(in: 0...15, using: &random))
        case 6:
          if view.superview != nil {
            view.removeFromSuperview()
            views.removeAll { $0 === view }
          }
        case 7: view.tintColor = Color.palette(UInt8.random(in: 0...15, using: &random))
        case 8: windows.randomElement(using: &random)?.frame = randomRect()
        case 9: windows.randomElement(using: &random)?.orderFront()
        default:
          if windows.count > 1, let window = windows.randomElement(using: &random) {
            window.close()
            windows.removeAll { $0 === window }
            views.removeAll { $0.window == nil }
          } else {
            addWindow()
          }
        }
      }
      _ = app.renderScreen()
    }
    #expect(failures.isEmpty, "seed \(seed): \(failures.first ?? "")")
  }
}
