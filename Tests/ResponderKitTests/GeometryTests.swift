import Testing

@testable import ResponderKit

/// The view tree, coordinate conversion and hit-testing.
@MainActor
struct GeometryTests {
  @Test func responderChainRunsViewSuperviewControllerWindowApplication() {
    let app = Application()
    let window = Window()
    let controller = ViewController()
    let leaf = View()
    let middle = View()
    controller.view.addSubview(middle)
    middle.addSubview(leaf)
    window.rootViewController = controller
    app.addWindow(window)
    #expect(leaf.next === middle)
    #expect(middle.next === controller.view)
    #expect(controller.view.next === controller)
    #expect(controller.next === window)
    #expect(window.next === app)
    #expect(app.next == nil)
    #expect(leaf.window === window)
    #expect(controller.window === window)
  }

  @Test func childControllerSitsBetweenItsViewAndThatViewsSuperview() {
    let parent = ViewController()
    let child = ViewController()
    parent.addChild(child)
    parent.view.addSubview(child.view)
    #expect(child.view.next === child)
    #expect(child.next === parent.view)
    child.removeFromParent()
    #expect(parent.children.isEmpty)
  }

  @Test func addingAViewMovesItFromItsOldSuperview() {
    let a = View()
    let b = View()
    let v = View()
    a.addSubview(v)
    b.addSubview(v)
    #expect(a.subviews.isEmpty)
    #expect(b.subviews.first === v)
    #expect(v.superview === b)
    v.removeFromSuperview()
    #expect(v.superview == nil)
    #expect(b.subviews.isEmpty)
  }

  @Test func convertsPointsBetweenNestedViewsAndTheScreen() {
    let app = Application()
    let window = Window(frame: Rect(x: 5, y: 2, width: 30, height: 10))
    window.placement = .fixed
    let root = View()
    let a = View(frame: Rect(x: 3, y: 1, width: 10, height: 5))
    let b = View(frame: Rect(x: 2, y: 2, width: 4, height: 2))
    a.addSubview(b)
    root.addSubview(a)
    window.rootView = root
    app.addWindow(window)
    #expect(b.convert(Point(x: 1, y: 1), to: nil) == Point(x: 6, y: 4))
    #expect(b.convert(Point(x: 1, y: 1), to: a) == Point(x: 3, y: 3))
    #expect(a.convert(Point(x: 3, y: 3), to: b) == Point(x: 1, y: 1))
    #expect(b.convert(Point(x: 6, y: 4), from: nil) == Point(x: 1, y: 1))
    #expect(b.convert(toScreen: Point(x: 0, y: 0)) == Point(x: 10, y: 5))
    #expect(b.convert(fromScreen: Point(x: 10, y: 5)) == .zero)
    #expect(
      b.convert(Rect(x: 0, y: 0, width: 2, height: 1), to: root) == Rect(x: 5, y: 3, width: 2, height: 1))
  }

  @Test func boundsOriginScrollsTheContent() {
    let scroller = View(frame: Rect(x: 0, y: 0, width: 10, height: 5))
    let content = View(frame: Rect(x: 0, y: 20, width: 10, height: 1))
    scroller.addSubview(content)
    scroller.bounds.origin = Point(x: 0, y: 18)
    #expect(content.convert(Point.zero, to: nil) == Point(x: 0, y: 2))
    #expect(scroller.hitTest(Point(x: 1, y: 20), with: nil) === content)
  }

  @Test func hitTestFindsTheDeepestFrontmostView() {
    let root = View(frame: Rect(x: 0, y: 0, width: 20, height: 10))
    let back = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    let front = View(frame: Rect(x: 5, y: 0, width: 10, height: 10))
    let child = View(frame: Rect(x: 1, y: 1, width: 2, height: 2))
    front.addSubview(child)
    root.addSubview(back)
    root.addSubview(front)
    #expect(root.hitTest(Point(x: 6, y: 5), with: nil) === front)
    #expect(root.hitTest(Point(x: 2, y: 5), with: nil) === back)
    #expect(root.hitTest(Point(x: 7, y: 2), with: nil) === child)
    #expect(root.hitTest(Point(x: 19, y: 9), with: nil) === root)
    #expect(root.hitTest(Point(x: 20, y: 5), with: nil) == nil)
  }

  @Test func hiddenAndNonInteractiveViewsAreNotHit() {
    let root = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    let top = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    root.addSubview(top)
    top.isHidden = true
    #expect(root.hitTest(Point(x: 1, y: 1), with: nil) === root)
    top.isHidden = false
    top.isUserInteractionEnabled = false
    #expect(root.hitTest(Point(x: 1, y: 1), with: nil) === root)
    root.isUserInteractionEnabled = false
    #expect(root.hitTest(Point(x: 1, y: 1), with: nil) == nil)
  }

  @Test func pointInsideOverrideWidensTheHitArea() {
    final class Wide: View {
      override func point(inside point: Point, with event: Event?) -> Bool {
        point.x >= -2 && point.x < bounds.width + 2 && point.y >= 0 && point.y < bounds.height
      }
    }
    let root = View(frame: Rect(x: 0, y: 0, width: 20, height: 5))
    let wide = Wide(frame: Rect(x: 5, y: 0, width: 3, height: 1))
    root.addSubview(wide)
    #expect(root.hitTest(Point(x: 4, y: 0), with: nil) === wide)
  }

  @Test func viewWithTagSearchesTheSubtree() {
    let root = View()
    let a = View()
    let b = View()
    b.tag = 7
    a.addSubview(b)
    root.addSubview(a)
    #expect(root.viewWithTag(7) === b)
    #expect(root.viewWithTag(8) == nil)
  }

  @Test func layoutRunsOnceUntilInvalidatedAgain() {
    final class Counting: View {
      var layouts = 0
      override func layoutSubviews() { layouts += 1 }
    }
    let view = Counting()
    view.layoutIfNeeded()
    view.layoutIfNeeded()
    #expect(view.layouts == 1)
    view.setNeedsLayout()
    view.layoutIfNeeded()
    #expect(view.layouts == 2)
  }
}

/// The links up the chain are not weak (see View); whoever they point to clears them when
/// it goes away, so a view that outlives its superview, controller or window never dangles.
@MainActor
struct ChainLinkLifetimeTests {
  @Test func subviewThatOutlivesItsSuperviewHasNoSuperview() {
    let child = View()
    weak var weakParent: View?
    do {
      let parent = View()
      parent.addSubview(child)
      weakParent = parent
      #expect(child.superview === parent)
    }
    #expect(weakParent == nil)
    #expect(child.superview == nil)
    #expect(child.next == nil)
    #expect(child.window == nil)
  }

  @Test func viewThatOutlivesItsControllerHasNoController() {
    var view: View?
    weak var weakController: ViewController?
    do {
      let controller = ViewController()
      view = controller.view
      weakController = controller
      #expect(view?.viewController === controller)
    }
    #expect(weakController == nil)
    #expect(view?.viewController == nil)
    #expect(view?.next == nil)
  }

  @Test func viewMovedToAnotherControllerKeepsTheNewOneWhenTheOldGoes() {
    let view = View()
    let keeper = ViewController()
    do {
      let old = ViewController()
      old.view = view
      keeper.view = view
    }
    #expect(view.viewController === keeper)
  }

  @Test func rootViewThatOutlivesItsWindowHasNoWindow() {
    let root = View()
    let child = View()
    root.addSubview(child)
    weak var weakWindow: Window?
    do {
      let window = Window()
      window.rootView = root
      weakWindow = window
      #expect(child.window === window)
    }
    #expect(weakWindow == nil)
    #expect(root.window == nil)
    #expect(child.window == nil)
    #expect(root.next == nil)
  }

  @Test func closedWindowWithItsViewsIsDeallocated() {
    weak var weakWindow: Window?
    weak var weakView: View?
    let app = Application()
    do {
      let window = Window()
      let view = View()
      window.rootView = view
      app.addWindow(window)
      window.makeKeyAndOrderFront()
      window.close()
      weakWindow = window
      weakView = view
    }
    #expect(weakWindow == nil)
    #expect(weakView == nil)
  }
}
