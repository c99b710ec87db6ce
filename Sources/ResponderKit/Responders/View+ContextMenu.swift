import Foundation

extension View {
  /// Pops up ``menu(for:)`` for `event`: at the pointer for a mouse event, else (from the
  /// keyboard) at the text cursor or the view's top-left corner. Returns false when the view
  /// has no menu for it, so the event goes on up the chain (NSView since macOS 10.7).
  @discardableResult
  func popUpContextMenu(for event: Event) -> Bool {
    guard window != nil, let menu = menu(for: event) else { return false }
    willOpenMenu(menu, with: event)
    let location = event.location(in: self) ?? textCursorPosition.map { Point(x: $0.x, y: $0.y + 1) } ?? .zero
    ActionTrace.current?.note("\(ActionTrace.name(of: self)): pops up its context menu")
    return menu.popUp(at: location, in: self)
  }
}

extension Window {
  /// Whether `key` asks for the focused view's context menu: Shift+F10 or the Menu key, as
  /// on Windows and in GTK and Qt (a terminal has no other way to ask from the keyboard).
  static func asksForContextMenu(_ key: KeyEvent) -> Bool {
    let modifiers = key.modifierFlags.intersection(.deviceIndependent)
    return (key.keysym == .f(10) && modifiers == .shift) || (key.keysym == .menu && modifiers.isEmpty)
  }

  /// Pops up the context menu of the first responder or, when it has none, of the nearest
  /// view above it that has one; false when none has.
  func popUpFocusedContextMenu(for event: Event) -> Bool {
    var view = firstResponder as? View
    while let candidate = view {
      if candidate.popUpContextMenu(for: event) { return true }
      view = candidate.superview
    }
    return false
  }

  /// Delivers a secondary-button event: a down to the view under the pointer (the window
  /// itself when none), the drags and the up that follow to the same responder, as AppKit
  /// sends a button's events to the view that took its down.
  func deliverMouse(_ event: Event) {
    guard let mouse = event.mouse else { return }
    let target: Responder
    if mouse.phase == .down || mouseResponder == nil {
      let p = Point(x: mouse.location.x - frame.minX, y: mouse.location.y - frame.minY)
      rootView?.layoutIfNeeded()
      target = rootView.flatMap { $0.hitTest($0.convert(p, from: nil), with: event) } ?? self
      mouseResponder = mouse.phase == .up ? nil : target
    } else {
      target = mouseResponder ?? self
      if mouse.phase == .up { mouseResponder = nil }
    }
    let right = mouse.buttonNumber == MouseSample.rightButton
    switch mouse.phase {
    case .down: right ? target.rightMouseDown(with: event) : target.otherMouseDown(with: event)
    case .dragged: right ? target.rightMouseDragged(with: event) : target.otherMouseDragged(with: event)
    case .up: right ? target.rightMouseUp(with: event) : target.otherMouseUp(with: event)
    case .moved: break  // hovering goes to tracking areas (Application+Tracking.swift)
    }
  }
}
