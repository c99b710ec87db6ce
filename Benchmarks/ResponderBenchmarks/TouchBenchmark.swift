// A touch (began + ended) through `Application.handle(_:)` into the deepest view of a 32-deep
// tree: hit-testing, the window's delivery and the view's handlers. No gesture recognizers are
// attached, so this row shows the cost of the touch path itself; recognizers must leave it
// unchanged when none are attached.

import ResponderKit

/// Counts the touches that reach it, so the benchmark proves every touch arrived.
final class TouchCountingView: View {
  var ended = 0
  override func touchesEnded(_ touches: Set<Touch>, with event: Event) { ended &+= 1 }
}

/// Measures touches through a `depth`-deep tree in `app`, in a window of its own; prints the row.
@MainActor
func benchmarkTouchThroughDeepTree(app: Application, depth: Int, count: Int) {
  let window = Window()
  var views: [View] = [View(frame: Rect(x: 0, y: 0, width: 80, height: 24))]
  for level in 1..<depth {
    let frame = Rect(x: 1, y: 0, width: 79 - Double(level), height: 24)
    let view: View = level == depth - 1 ? TouchCountingView(frame: frame) : View(frame: frame)
    views[level - 1].addSubview(view)
    views.append(view)
  }
  window.rootView = views[0]
  app.addWindow(window)
  window.makeKeyAndOrderFront()
  guard let deepest = views.last as? TouchCountingView else { preconditionFailure("no deepest view") }
  // The deepest view starts at x = depth - 1 on the screen; touch one cell inside it.
  let location = Point(x: Double(depth), y: 5)
  var time = 0.0
  let touches = max(1, count / 4)
  let result = measure(touches) {
    time += 1  // past the multiple-click interval: every touch is a single tap
    app.handle(.touches([TouchSample(phase: .began, location: location, timestamp: time)]))
    app.handle(.touches([TouchSample(phase: .ended, location: location, timestamp: time + 0.05)]))
    return 1
  }
  precondition(deepest.ended >= touches, "touches missed the deepest view")
  print("")
  print("  touch (began+ended) into a \(depth)-deep view tree, no gesture recognizers:")
  print(
    "    \(format(result.nsPerOperation)) ns/touch  heap +\(format(result.heapBytesPerOperation, 4)) B/touch"
      + "  (\(touches) touches)")
}
