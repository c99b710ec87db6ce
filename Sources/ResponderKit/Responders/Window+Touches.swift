extension Window {
  /// UIKit's touch delivery: a touch is hit-tested once, when it begins, and its later phases
  /// go to the same view; touches of one event are grouped per view and phase.
  func deliverTouches(_ event: Event) {
    let mine = event.touches(for: self).sorted { $0.id < $1.id }
    // Hit-test against the layout the user will see, not one still pending.
    if mine.contains(where: { $0.phase == .began }) { rootView?.layoutIfNeeded() }
    for touch in mine where touch.phase == .began {
      assignView(to: touch, among: mine, event: event)
    }
    if gestureArbiter.handle(event, touches: mine) { return }
    for phase in [TouchPhase.began, .moved, .ended, .cancelled] {
      var groups: [(Responder, Set<Touch>)] = []
      for touch in mine where touch.phase == phase && touch.isDelivered {
        let receiver: Responder = touch.view ?? self
        if let index = groups.firstIndex(where: { $0.0 === receiver }) {
          groups[index].1.insert(touch)
        } else {
          groups.append((receiver, [touch]))
        }
      }
      for (receiver, touches) in groups {
        ActionTrace.current?.delivered(phase, to: receiver)
        switch phase {
        case .began: receiver.touchesBegan(touches, with: event)
        case .moved: receiver.touchesMoved(touches, with: event)
        case .ended: receiver.touchesEnded(touches, with: event)
        case .cancelled: receiver.touchesCancelled(touches, with: event)
        case .stationary: break
        }
      }
    }
    // A finished touch lets go of its view so nothing outlives the gesture.
    for touch in mine where touch.phase == .ended || touch.phase == .cancelled {
      touch.view = nil
      touch.isDelivered = false
    }
  }

  private func assignView(to touch: Touch, among touches: [Touch], event: Event) {
    // hitTest takes the root view's own coordinates, which differ when it is scrolled.
    let hit = rootView.flatMap { $0.hitTest(touch.location(in: $0), with: event) }
    let tracking = touches.filter {
      $0 !== touch && $0.isDelivered && $0.phase != .ended && $0.phase != .cancelled
    }
    touch.isDelivered = false
    if tracking.contains(where: { $0.view?.isExclusiveTouch == true }) {
      ActionTrace.current?.note("touch \(touch.id): not delivered, another touch is exclusive")
      return
    }
    if let hit {
      if hit.isExclusiveTouch, !tracking.isEmpty {
        ActionTrace.current?.note(
          "touch \(touch.id): not delivered, \(ActionTrace.name(of: hit)) is exclusive")
        return
      }
      if !hit.isMultipleTouchEnabled, tracking.contains(where: { $0.view === hit }) {
        ActionTrace.current?.note(
          "touch \(touch.id): not delivered, \(ActionTrace.name(of: hit)) takes one touch")
        return
      }
    }
    touch.view = hit
    touch.isDelivered = true
    if let trace = ActionTrace.current {
      let path = sequence(first: hit as View?) { $0?.superview }.compactMap { $0 }.reversed()
      trace.note(
        "touch \(touch.id) hit-test: " + path.map { ActionTrace.name(of: $0) }.joined(separator: " > "))
    }
  }
}
