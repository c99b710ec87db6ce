import Testing

@testable import ResponderKit

@MainActor
final class WheelRecorder: View {
  var wheels = 0
  override func scrollWheel(with event: Event) { wheels += 1 }
}

@MainActor
struct ScrollViewTests {
  let app: Application
  let window: Window
  let scroll = ScrollView()
  let root = WheelRecorder()

  init() {
    (app, window) = Input.app(columns: 10, rows: 4)
    window.rootView = root
    scroll.frame = Rect(x: 0, y: 0, width: 10, height: 4)
    scroll.contentSize = Size(width: 10, height: 20)
    root.addSubview(scroll)
    for row in 0..<20 {
      let line = TableViewCell()
      line.text = "line \(row)"
      line.frame = Rect(x: 0, y: row, width: 9, height: 1)
      scroll.addSubview(line)
    }
  }

  @Test func offsetIsClampedToTheContent() {
    scroll.contentOffset = Point(x: 5, y: 100)
    #expect(scroll.contentOffset == Point(x: 0, y: 16))
    scroll.contentOffset = Point(x: 0, y: -3)
    #expect(scroll.contentOffset == .zero)
    scroll.contentOffset = Point(x: 0, y: 16)
    scroll.contentSize = Size(width: 10, height: 6)
    #expect(scroll.contentOffset.y == 2)
  }

  @Test func scrollRectToVisibleMovesTheLeastNeeded() {
    scroll.scrollRectToVisible(Rect(x: 0, y: 10, width: 1, height: 1))
    #expect(scroll.contentOffset.y == 7)
    scroll.scrollRectToVisible(Rect(x: 0, y: 8, width: 1, height: 1))
    #expect(scroll.contentOffset.y == 7)
    scroll.scrollRectToVisible(Rect(x: 0, y: 2, width: 1, height: 1))
    #expect(scroll.contentOffset.y == 2)
  }

  @Test func scrollActionsMoveByLinePageAndToTheEnds() {
    scroll.scrollLineDown(nil)
    #expect(scroll.contentOffset.y == 1)
    scroll.scrollPageDown(nil)
    #expect(scroll.contentOffset.y == 4)
    scroll.scrollPageUp(nil)
    #expect(scroll.contentOffset.y == 1)
    scroll.scrollToEndOfDocument(nil)
    #expect(scroll.contentOffset.y == 16)
    scroll.scrollToBeginningOfDocument(nil)
    #expect(scroll.contentOffset.y == 0)
    scroll.scrollLineUp(nil)
    #expect(scroll.contentOffset.y == 0)
  }

  @Test func pageDownKeyReachesTheScrollViewThroughTheChain() {
    let focus = FocusView(frame: Rect(x: 0, y: 0, width: 1, height: 1))
    scroll.addSubview(focus)
    window.makeFirstResponder(focus)
    app.handle(Input.key(.pageDown))
    #expect(scroll.contentOffset.y == 3)
  }

  @Test func wheelScrollsAndPassesOnAtTheEdge() {
    app.handle(.scroll(ScrollSample(location: Point(x: 1, y: 1), dy: 2)))
    #expect(scroll.contentOffset.y == 2)
    #expect(root.wheels == 0)
    app.handle(.scroll(ScrollSample(location: Point(x: 1, y: 1), dy: -5)))
    #expect(scroll.contentOffset.y == 0)
    #expect(root.wheels == 0)
    app.handle(.scroll(ScrollSample(location: Point(x: 1, y: 1), dy: -1)))
    #expect(root.wheels == 1)
  }

  @Test func drawsContentAtTheOffsetWithTheIndicatorOnTop() {
    scroll.showsVerticalScrollIndicator = true
    scroll.contentOffset = Point(x: 0, y: 16)
    let screen = app.renderScreen()
    #expect(screen.plainText == "line 16  │\nline 17  │\nline 18  │\nline 19  █")
    #expect(scroll.visibleContentWidth == 9)
  }
}
