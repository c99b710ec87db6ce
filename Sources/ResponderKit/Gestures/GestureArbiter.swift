import Foundation

/// A window's gesture bookkeeping: which recognizers see which touches, UIKit's arbitration
/// between them, and what the views receive while recognizers decide.
///
/// One pass per touch event or deadline: recognizers see the touches first; arbitration admits
/// or fails those that left possible (deepest view first, newest recognizer first per view);
/// admitted recognizers cancel their touches in the views, then send their actions; then the
/// views get what is not withheld. When every touch of the recognizers is up, finished
/// recognizers reset.
@MainActor
final class GestureArbiter {
  private unowned let window: Window
  /// Recognizers that saw touches and have not been reset, in arbitration order.
  private var live: [GestureRecognizer] = []

  init(window: Window) {
    self.window = window
  }

  /// Handles a touch event when recognizers are concerned; false leaves the event to the
  /// window's plain delivery, so windows without recognizers pay only a look up the tree.
  func handle(_ event: Event, touches: [Touch]) -> Bool {
    var concerned = !live.isEmpty
    for touch in touches where touch.phase == .began {
      touch.gestureRecognizers = recognizers(for: touch, event: event)
      for recognizer in touch.gestureRecognizers where !live.contains(where: { $0 === recognizer }) {
        live.append(recognizer)
      }
      concerned = concerned || !touch.gestureRecognizers.isEmpty
    }
    guard concerned else { return false }
    for recognizer in live {
      let own = touches.filter { touch in touch.hasGestureRecognizer { $0 === recognizer } }
      guard !own.isEmpty, recognizer.isEnabled, !recognizer.state.isFinished, !recognizer.wantsToBegin
      else { continue }
      for touch in own where touch.phase == .began { recognizer.trackedTouches.append(touch) }
      for phase in [TouchPhase.began, .moved, .ended, .cancelled] {
        let set = Set(own.filter { $0.phase == phase })
        guard !set.isEmpty, !recognizer.state.isFinished else { continue }
        switch phase {
        case .began: recognizer.touchesBegan(set, with: event)
        case .moved: recognizer.touchesMoved(set, with: event)
        case .ended: recognizer.touchesEnded(set, with: event)
        case .cancelled: recognizer.touchesCancelled(set, with: event)
        case .stationary: break
        }
      }
    }
    settle(event: event, touches: touches)
    return true
  }

  /// Arbitrates, delivers what views may now see, and resets at the end of a sequence: after
  /// an event, a deadline, or a recognizer being disabled.
  func settle(event: Event? = nil, touches: [Touch] = []) {
    arbitrate()
    deliverToViews(event: event, eventTouches: touches)
    resetIfSequenceEnded()
  }

  // MARK: Collection

  /// The enabled recognizers of the touched view and its ancestors, deepest first and newest
  /// first per view, that the delegate lets see the touch.
  private func recognizers(for touch: Touch, event: Event) -> [GestureRecognizer] {
    var found: [GestureRecognizer] = []
    // Recognizers see touches the view refused (multiple- or exclusive-touch rules).
    var view = touch.view ?? window.rootView.flatMap { $0.hitTest(touch.location(in: $0), with: event) }
    guard view?.hasGestureRecognizerInAncestry == true else { return [] }
    while let current = view {
      for recognizer in current.gestureRecognizers.reversed()
      where recognizer.isEnabled && !recognizer.state.isFinished && !recognizer.wantsToBegin
        && recognizer.delegate?.gestureRecognizer(recognizer, shouldReceive: touch)
          ?? true
      {
        found.append(recognizer)
      }
      view = current.superview
    }
    return found
  }

  // MARK: Arbitration

  private func arbitrate() {
    var changed = true
    while changed {
      changed = false
      for recognizer in live where recognizer.wantsToBegin && !recognizer.isAdmitted {
        // Disabled before arbitration saw it: no action for a gesture nobody was shown.
        if recognizer.state == .failed || recognizer.state == .possible || recognizer.state == .cancelled {
          recognizer.wantsToBegin = false
          recognizer.needsAction = false
          continue
        }
        if !shouldBegin(recognizer) || isBlocked(recognizer) {
          fail(recognizer)
          changed = true
          continue
        }
        let requirements = self.requirements(of: recognizer)
        if requirements.contains(where: { $0.isAdmitted }) {
          fail(recognizer)
          changed = true
        } else if !requirements.contains(where: isUndecided) {
          admit(recognizer)
          changed = true
        }
      }
    }
    for recognizer in live where recognizer.isAdmitted && recognizer.needsAction {
      recognizer.sendActions()
    }
  }

  private func shouldBegin(_ recognizer: GestureRecognizer) -> Bool {
    if recognizer.delegate?.gestureRecognizerShouldBegin(recognizer) == false { return false }
    // UIKit asks the views the gesture would take the touches from (a button refuses a tap of
    // its superview's recognizer); a recognizer that cancels nothing takes nothing.
    guard recognizer.cancelsTouchesInView else { return true }
    for touch in recognizer.trackedTouches {
      if let view = touch.view, view !== recognizer.view, !view.gestureRecognizerShouldBegin(recognizer) {
        return false
      }
    }
    return true
  }

  /// Whether a continuous rival in progress excludes `recognizer`.
  private func isBlocked(_ recognizer: GestureRecognizer) -> Bool {
    live.contains { other in
      other !== recognizer && other.isAdmitted && (other.state == .began || other.state == .changed)
        && excludes(other, recognizer)
    }
  }

  /// Whether `winner` recognizing fails `loser`: they share a touch, neither delegate lets them
  /// recognize together, and neither side opts out of preventing.
  private func excludes(_ winner: GestureRecognizer, _ loser: GestureRecognizer) -> Bool {
    guard winner.trackedTouches.contains(where: { touch in loser.trackedTouches.contains { $0 === touch } })
    else { return false }
    if winner.delegate?.gestureRecognizer(
      winner, shouldRecognizeSimultaneouslyWith: loser) == true
    {
      return false
    }
    if loser.delegate?.gestureRecognizer(
      loser, shouldRecognizeSimultaneouslyWith: winner) == true
    {
      return false
    }
    return winner.canPrevent(loser) && loser.canBePrevented(by: winner)
  }

  /// The live recognizers `recognizer` waits on: `require(toFail:)`, its own and the others'
  /// overrides, and both delegates.
  private func requirements(of recognizer: GestureRecognizer) -> [GestureRecognizer] {
    live.filter { other in
      guard other !== recognizer else { return false }
      return recognizer.failureRequirements.contains { $0.object === other }
        || recognizer.shouldRequireFailure(of: other) || other.shouldBeRequiredToFail(by: recognizer)
        || recognizer.delegate?.gestureRecognizer(
          recognizer, shouldRequireFailureOf: other) == true
        || other.delegate?.gestureRecognizer(
          other, shouldBeRequiredToFailBy: recognizer) == true
    }
  }

  /// Still possible, or recognized but waiting on a requirement.
  private func isUndecided(_ recognizer: GestureRecognizer) -> Bool {
    !recognizer.isAdmitted
      && (recognizer.state == .possible || (recognizer.wantsToBegin && recognizer.state != .failed))
  }

  private func fail(_ recognizer: GestureRecognizer) {
    recognizer.cancelDeadline()
    recognizer.state = .failed
    recognizer.wantsToBegin = false
    recognizer.needsAction = false
  }

  private func admit(_ recognizer: GestureRecognizer) {
    recognizer.isAdmitted = true
    recognizer.wantsToBegin = false
    // A continuous gesture that begins fails every undecided rival; a discrete one only those
    // recognizing in the same pass, so a double tap still counts after a single tap fired.
    // They are chosen now and kept from admission, so that no arbitration the views' code
    // below may start admits one.
    let losers = live.filter { other in
      guard other !== recognizer, isUndecided(other) else { return false }
      let rivals = (recognizer.isContinuous || other.wantsToBegin) && excludes(recognizer, other)
      return rivals || requirements(of: other).contains { $0 === recognizer }
    }
    for loser in losers { loser.wantsToBegin = false }
    if recognizer.cancelsTouchesInView {
      // Documented order: the views' touches are cancelled just before the first action.
      var cancelled: [Touch] = []
      for touch in recognizer.trackedTouches where !touch.viewFinished {
        touch.viewFinished = true
        if touch.viewBegan { cancelled.append(touch) }
      }
      deliver(cancelled.map { ($0, TouchPhase.cancelled) }, event: nil)
    }
    // The losers fail because this one recognized (require(toFail:)), so observers hear of its
    // state first; its targets still act with the losers failed.
    recognizer.publishState()
    for loser in losers { fail(loser) }
    if recognizer.needsAction { recognizer.sendActions(published: true) }
  }

  // MARK: Views

  /// Whether a recognizer of `touch` still deciding withholds a phase from the view.
  private func isWithheld(_ touch: Touch, by flag: KeyPath<GestureRecognizer, Bool>) -> Bool {
    touch.hasGestureRecognizer { $0[keyPath: flag] && isUndecided($0) }
  }

  private func deliverToViews(event: Event?, eventTouches: [Touch]) {
    var candidates = eventTouches
    for recognizer in live {
      for touch in recognizer.trackedTouches
      where !touch.viewFinished && !candidates.contains(where: { $0 === touch }) {
        candidates.append(touch)
      }
    }
    var deliveries: [(Touch, TouchPhase)] = []
    var late: [Touch] = []
    for touch in candidates where touch.isDelivered && touch.view != nil && !touch.viewFinished {
      let inEvent = eventTouches.contains { $0 === touch }
      if !touch.viewBegan {
        if isWithheld(touch, by: \.delaysTouchesBegan) { continue }
        touch.viewBegan = true
        deliveries.append((touch, .began))
        // A began held back while the touch moved: the view hears where it began, then one
        // move to where it is now (UIGestureRecognizer.delaysTouchesBegan).
        if touch.phase != .began {
          late.append(touch)
          if touch.phase == .moved || touch.phase == .stationary,
            touch.screenLocation != touch.startLocation
          {
            deliveries.append((touch, .moved))
          }
        }
      } else if inEvent, touch.phase == .moved {
        deliveries.append((touch, .moved))
      }
      guard touch.phase == .ended || touch.phase == .cancelled else { continue }
      if touch.phase == .ended, isWithheld(touch, by: \.delaysTouchesEnded) { continue }
      touch.viewFinished = true
      deliveries.append((touch, touch.phase))
    }
    deliver(deliveries, event: event, late: late)
    for touch in candidates where touch.phase == .ended || touch.phase == .cancelled {
      if touch.viewFinished || !touch.isDelivered || touch.view == nil { touch.view = nil }
    }
  }

  /// Sends each phase to each view, touches of a view and phase together, as the window does.
  /// The `late` touches' began is delivered as they began, and their next move as from there.
  private func deliver(_ deliveries: [(Touch, TouchPhase)], event: Event?, late: [Touch] = []) {
    guard !deliveries.isEmpty else { return }
    let event =
      event
      ?? Event(
        type: .touches, timestamp: window.application?.timerClock() ?? 0,
        touches: Set(deliveries.map(\.0)))
    for phase in [TouchPhase.began, .moved, .ended, .cancelled] {
      var groups: [(View, Set<Touch>)] = []
      for (touch, touchPhase) in deliveries where touchPhase == phase {
        guard let view = touch.view else { continue }
        if let index = groups.firstIndex(where: { $0.0 === view }) {
          groups[index].1.insert(touch)
        } else {
          groups.append((view, [touch]))
        }
      }
      for (view, touches) in groups {
        ActionTrace.current?.delivered(phase, to: view)
        switch phase {
        case .began:
          let replayed = late.filter { touches.contains($0) }
          Touch.presentingStart(of: replayed) { view.touchesBegan(touches, with: event) }
        case .moved:
          let replayed = late.filter { touches.contains($0) }
          Touch.presentingStart(of: replayed, asPreviousOnly: true) {
            view.touchesMoved(touches, with: event)
          }
        case .ended: view.touchesEnded(touches, with: event)
        case .cancelled: view.touchesCancelled(touches, with: event)
        case .stationary: break
        }
      }
    }
  }

  // MARK: Reset

  private func resetIfSequenceEnded() {
    let touches = live.flatMap(\.trackedTouches)
    guard !touches.contains(where: { $0.phase != .ended && $0.phase != .cancelled }) else { return }
    // A recognizer left possible with its touches up and nothing to wait for would hold every
    // delayed touch and dependent for ever: it fails.
    for recognizer in live where recognizer.state == .possible && !recognizer.hasDeadline {
      fail(recognizer)
    }
    arbitrate()
    deliverToViews(event: nil, eventTouches: [])
    var kept: [GestureRecognizer] = []
    for recognizer in live {
      let finished = recognizer.state.isFinished && !isUndecided(recognizer)
      if finished {
        recognizer.resetForNextSequence()
      } else {
        kept.append(recognizer)
      }
    }
    if kept.isEmpty {
      for touch in touches { touch.view = nil }
    }
    live = kept
  }

  /// Forgets a recognizer removed from its view.
  func remove(_ recognizer: GestureRecognizer) {
    live.removeAll { $0 === recognizer }
  }
}
