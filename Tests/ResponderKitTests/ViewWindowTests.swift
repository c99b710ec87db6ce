import Testing

@testable import ResponderKit

/// `View.window`, kept for each view of a window's tree rather than found by walking up: what
/// overrides and callers read must be what the walk up the superviews gives.
@MainActor
struct ViewWindowTests {
  /// Records, at each callback, which window every view of the subtree reports.
  final class Probe: View {
    var seen: [String] = []
    /// The views whose windows are recorded (this one among them: clear it when done).
    var subtree: [View] = []
    override func willMove(toWindow newWindow: Window?) {
      seen.append(
        "will \(newWindow?.title ?? "nil"): "
          + subtree.map { $0.window?.title ?? "nil" }.joined(separator: ","))
    }
    override func didMoveToWindow() {
      seen.append("did: " + subtree.map { $0.window?.title ?? "nil" }.joined(separator: ","))
    }
  }

  /// The walk the cached link replaces: the host window of the topmost superview.
  private func walkedWindow(of view: View) -> Window? {
    var top = view
    while let parent = top.superview { top = parent }
    return top.hostWindow
  }

  @Test func aSubtreeMovedBetweenWindowsReportsTheNewWindowEverywhereFromTheFirstCallback() {
    let (one, two) = (Window(), Window())
    (one.title, two.title) = ("one", "two")
    one.rootView = View()
    two.rootView = View()
    let probe = Probe()
    let child = View()
    let grandchild = View()
    probe.addSubview(child)
    child.addSubview(grandchild)
    probe.subtree = [probe, child, grandchild]
    one.rootView?.addSubview(probe)
    two.rootView?.addSubview(probe)
    probe.removeFromSuperview()
    defer { probe.subtree.removeAll() }
    #expect(
      probe.seen == [
        "will one: one,one,one", "did: one,one,one",
        "will two: two,two,two", "did: two,two,two",
        "will nil: nil,nil,nil", "did: nil,nil,nil",
      ])
  }

  @Test func everyViewOfAnEditedTreeAgreesWithTheWalkUpItsSuperviews() {
    let windows = (0..<3).map { _ in Window() }
    for window in windows { window.rootView = View() }
    var views: [View] = windows.compactMap(\.rootView)
    for step in 0..<600 {
      let view = views[(step &* 7 &+ step / 5) % views.count]
      switch step % 5 {
      case 0, 1:
        let child = View()
        view.addSubview(child)
        views.append(child)
      case 2:
        let parent = views[(step &* 13 &+ 1) % views.count]
        if !parent.isDescendant(of: view) { parent.addSubview(view) }
      case 3:
        view.removeFromSuperview()
      default:
        let window = windows[step % windows.count]
        if view.superview == nil, view.hostWindow == nil, let old = window.rootView {
          window.rootView = view
          views.removeAll { $0 === old }
        }
      }
      for candidate in views { #expect(candidate.window === walkedWindow(of: candidate)) }
    }
  }

  @Test func aRootViewThatOutlivesItsWindowIsInNoWindow() {
    let root = View()
    let leaf = View()
    root.addSubview(leaf)
    do {
      let window = Window()
      window.rootView = root
      #expect(leaf.window === window)
    }
    #expect(root.window == nil && leaf.window == nil)
  }

  @Test func removingAViewWithoutASuperviewDoesNothing() {
    // UIKit: "If the view's superview is not nil, the superview releases the view"
    // (https://developer.apple.com/documentation/uikit/uiview/removefromsuperview()).
    let window = Window()
    let root = Probe()
    root.subtree = [root]
    defer { root.subtree.removeAll() }
    window.rootView = root
    root.seen.removeAll()
    root.removeFromSuperview()
    #expect(root.window === window && window.rootView === root && root.seen.isEmpty)
  }

  @Test func aViewCannotBeAddedInsideItself() async {
    await #expect(processExitsWith: .failure) {
      await MainActor.run {
        let view = View()
        view.addSubview(view)
      }
    }
  }
}
