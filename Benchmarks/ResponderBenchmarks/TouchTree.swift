// A touch (began, then ended) through `Application.handle(_:)` into the deepest view of a
// 32-deep tree: hit-testing, the window's delivery and the view's handlers, with or without
// gesture recognizers on an ancestor. Kept free of gesture types so the same file builds at the
// commit before recognizers landed, where callgrind counts the touch path they must not slow.

import ResponderKit

/// The deepest view of a tree; counts the touches that reach it.
final class TouchTarget: View {
  var touches = 0
  override func touchesBegan(_ touches: Set<Touch>, with event: Event) { self.touches &+= 1 }
  override func touchesEnded(_ touches: Set<Touch>, with event: Event) { self.touches &+= 1 }
  override func touchesCancelled(_ touches: Set<Touch>, with event: Event) { self.touches &+= 1 }
}

/// An application with one window holding a `depth`-deep view tree.
@MainActor
final class TouchTree {
  let app = Application()
  let window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 60))
  let target = TouchTarget(frame: Rect(x: 1, y: 1, width: 20, height: 5))
  private(set) var views: [View] = [View(frame: Rect(x: 0, y: 0, width: 200, height: 60))]
  private let location = Point(x: 40, y: 3)
  private var time = 0.0

  init(depth: Int) {
    for level in 1..<depth {
      let view =
        level == depth - 1 ? target : View(frame: Rect(x: 1, y: 0, width: 190 - level * 4, height: 50))
      views[level - 1].addSubview(view)
      views.append(view)
    }
    window.rootView = views[0]
    app.addWindow(window)
    window.makeKeyAndOrderFront()
  }

  /// One click: down, then up 0.05 s later; a second after the last one, so every click is a
  /// single tap. Returns 1 when both reached the application's windows.
  func touch() -> Int {
    time += 1
    let began = app.handle(.touches([TouchSample(phase: .began, location: location, timestamp: time)]))
    let ended = app.handle(.touches([TouchSample(phase: .ended, location: location, timestamp: time + 0.05)]))
    return began && ended ? 1 : 0
  }
}

/// The loop callgrind counts (`--toggle-collect=*timed*`).
@MainActor @inline(never)
func timedTouches(_ tree: TouchTree, _ count: Int) -> Int {
  var delivered = 0
  for _ in 0..<count { delivered &+= tree.touch() }
  return delivered
}
