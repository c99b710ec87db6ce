// Bound keys through an application: the chain of AppKeyEvents.swift (32 views, the deepest
// first responder), but the keys are Down presses and releases, which the standard key bindings
// turn into `moveDown`, implemented only by the root view: each press passes the key commands
// and `keyDown` up the chain, then `tryToPerform` walks all 32 levels to the top (AppKit's
// `doCommand(by:)`). Compared with the typed-text row measured in the same run.
import ResponderKit

/// The top of the chain: the only object that implements `moveDown`.
final class BoundRootView: View {
  var performed = 0

  override class var actionTable: ActionTable { boundActions }
  private static let boundActions = ActionTable(BoundRootView.self) {
    $0.add(.moveDown) { $0.performed &+= 1 }
  }
}

/// An application like ``makeKeyApplication(depth:)``'s whose root view implements `moveDown`.
@MainActor func makeBoundKeyApplication(depth: Int = 32) -> (Application, any WindowDelegate, BoundRootView) {
  let (app, delegate) = makeKeyApplication(depth: depth) { BoundRootView() }
  guard let root = app.keyWindow?.rootView as? BoundRootView else {
    fatalError("the root view must be bound")
  }
  return (app, delegate, root)
}

/// Down pressed and released `count / 2` times: the presses are bound to `moveDown`.
func boundKeys(count: Int) -> [KeyEvent] {
  var keys: [KeyEvent] = []
  keys.reserveCapacity(count)
  while keys.count < count {
    var key = KeyEvent(keysym: .down, scalar: nil)
    keys.append(key)
    key.phase = .up
    keys.append(key)
  }
  return Array(keys.prefix(count))
}
