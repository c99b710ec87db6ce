import Foundation
import Testing

@testable import ResponderKit

/// Target-action registration and dispatch of `Control` (cocoa-semantics §3.1–3.2).
@MainActor
struct ControlTargetActionTests {
  private func setUp() -> (ControlHarness, Control) {
    let harness = ControlHarness()
    let control = harness.add(Control(frame: Rect(x: 10, y: 2, width: 6, height: 1)))
    return (harness, control)
  }

  @Test func addingTheSameTargetAndActionTwiceDoesNotDuplicate() {
    let (h, control) = setUp()
    let counter = ActionCounter("a")
    control.addTarget(counter, action: ActionCounter.first, for: .touchUpInside)
    control.addTarget(counter, action: ActionCounter.first, for: .touchUpInside)
    h.tap(12, 2)
    #expect(counter.log.lines == ["a.controlTestFirst"])
    #expect(control.actions(forTarget: counter, forControlEvent: .touchUpInside) == [ActionCounter.first])
  }

  @Test func addingWithNoEventsRegistersNothing() {
    let (_, control) = setUp()
    let counter = ActionCounter("a")
    control.addTarget(counter, action: ActionCounter.first, for: [])
    #expect(control.allTargets.isEmpty)
    #expect(control.allControlEvents.isEmpty)
  }

  @Test func actionsFireInRegistrationOrder() {
    let (h, control) = setUp()
    let log = SharedLog()
    let a = ActionCounter("a", log: log)
    let b = ActionCounter("b", log: log)
    let c = ActionCounter("c", log: log)
    control.addTarget(b, action: ActionCounter.second, for: .touchUpInside)
    control.addTarget(a, action: ActionCounter.first, for: .touchUpInside)
    control.addTarget(c, action: ActionCounter.third, for: .touchUpInside)
    // Re-adding keeps the original place.
    control.addTarget(b, action: ActionCounter.second, for: .touchDown)
    h.tap(12, 2)
    #expect(
      log.lines == [
        "b.controlTestSecond", "b.controlTestSecond", "a.controlTestFirst", "c.controlTestThird",
      ])
  }

  @Test func oneDispatchPerPhaseCallsAMultiEventRegistrationOnce() {
    let (h, control) = setUp()
    let counter = ActionCounter("a")
    control.addTarget(counter, action: ActionCounter.first, for: [.touchDown, .touchDownRepeat])
    h.tap(12, 2)
    h.tap(12, 2, step: 0.1)  // second tap: touchDown|touchDownRepeat in one dispatch
    #expect(counter.log.lines.count == 2)
  }

  @Test func removeTargetWithNilActionRemovesEveryActionOfTheTarget() {
    let (h, control) = setUp()
    let a = ActionCounter("a")
    let b = ActionCounter("b", log: a.log)
    control.addTarget(a, action: ActionCounter.first, for: .touchUpInside)
    control.addTarget(a, action: ActionCounter.second, for: .touchUpInside)
    control.addTarget(b, action: ActionCounter.first, for: .touchUpInside)
    control.removeTarget(a, action: nil, for: .allEvents)
    h.tap(12, 2)
    #expect(a.log.lines == ["b.controlTestFirst"])
    #expect(control.actions(forTarget: a, forControlEvent: .allEvents) == nil)
    #expect(control.allTargets.count == 1)
    #expect(control.allTargets.first! === b)
  }

  @Test func removeTargetWithAnActionKeepsTheOthers() {
    let (_, control) = setUp()
    let a = ActionCounter("a")
    control.addTarget(a, action: ActionCounter.first, for: .touchUpInside)
    control.addTarget(a, action: ActionCounter.second, for: .touchUpInside)
    control.removeTarget(a, action: ActionCounter.first, for: .touchUpInside)
    #expect(control.actions(forTarget: a, forControlEvent: .touchUpInside) == [ActionCounter.second])
  }

  @Test func removeTargetNilRemovesTheEventsForAllTargets() {
    let (_, control) = setUp()
    let a = ActionCounter("a")
    let b = ActionCounter("b")
    control.addTarget(a, action: ActionCounter.first, for: [.touchUpInside, .valueChanged])
    control.addTarget(b, action: ActionCounter.first, for: .touchUpInside)
    control.addTarget(nil, action: ActionCounter.second, for: .touchUpInside)
    control.removeTarget(nil, action: nil, for: .touchUpInside)
    #expect(control.allControlEvents == .valueChanged)
    #expect(control.allTargets.count == 1)
    #expect(control.actions(forTarget: b, forControlEvent: .allEvents) == nil)
  }

  @Test func removingPartOfTheEventsKeepsTheRest() {
    let (h, control) = setUp()
    let a = ActionCounter("a")
    control.addTarget(a, action: ActionCounter.first, for: [.touchDown, .touchUpInside])
    control.removeTarget(a, action: ActionCounter.first, for: .touchDown)
    #expect(control.allControlEvents == .touchUpInside)
    h.tap(12, 2)
    #expect(a.log.lines.count == 1)
  }

  @Test func allTargetsListsFirstResponderRegistrationsAsNil() {
    let (_, control) = setUp()
    let a = ActionCounter("a")
    control.addTarget(a, action: ActionCounter.first, for: .touchUpInside)
    control.addTarget(nil, action: ActionCounter.second, for: .touchUpInside)
    control.addTarget(nil, action: ActionCounter.third, for: .valueChanged)
    control.addTarget(a, action: ActionCounter.second, for: .touchDown)
    let targets = control.allTargets
    #expect(targets.count == 2)
    #expect(targets[0] === a)
    #expect(targets[1] == nil)
    #expect(control.allControlEvents == [.touchUpInside, .valueChanged, .touchDown])
    #expect(
      control.actions(forTarget: nil, forControlEvent: .allEvents) == [
        ActionCounter.second, ActionCounter.third,
      ])
    #expect(control.actions(forTarget: a, forControlEvent: .valueChanged) == nil)
  }

  @Test func aNilTargetSendsThroughTheResponderChain() {
    let h = ControlHarness()
    let container = h.add(ChainView(frame: Rect(x: 0, y: 0, width: 40, height: 10)))
    let control = Control(frame: Rect(x: 2, y: 2, width: 6, height: 1))
    container.addSubview(control)
    control.addTarget(nil, action: ChainView.chainAction, for: .touchUpInside)
    h.tap(4, 2)
    #expect(container.received.count == 1)
    #expect(container.received.first === control)
  }

  @Test func programmaticSendActionsHasNoEvent() {
    let (h, control) = setUp()
    let log = ControlEventLog()
    log.observe(control)
    withExtendedLifetime(h) { control.sendActions(for: [.valueChanged, .touchDown]) }
    #expect(log.entries.map(\.event) == [.touchDown, .valueChanged])
    #expect(log.entries.allSatisfy { $0.trigger == nil })
  }

  @Test func sendActionCanBeOverriddenToWatchDispatch() {
    let h = ControlHarness()
    let control = h.add(WatchingControl(frame: Rect(x: 10, y: 2, width: 6, height: 1)))
    let a = ActionCounter("a")
    control.addTarget(a, action: ActionCounter.first, for: .touchUpInside)
    control.addTarget(a, action: ActionCounter.second, for: .touchUpInside)
    control.suppressed = ActionCounter.second
    h.tap(12, 2)
    #expect(control.seen == [ActionCounter.first, ActionCounter.second])
    #expect(a.log.lines == ["a.controlTestFirst"])
  }

  @Test func aTargetRemovedDuringItsOwnActionStillFinishesTheDispatch() {
    let (h, control) = setUp()
    let log = SharedLog()
    let a = ActionCounter("a", log: log)
    let b = ActionCounter("b", log: log)
    let late = ActionCounter("late", log: log)
    control.addTarget(a, action: ActionCounter.first, for: .touchUpInside)
    control.addTarget(b, action: ActionCounter.first, for: .touchUpInside)
    a.onAction = { me, _ in
      // Remove itself and the next target, and add a new one, mid-dispatch.
      control.removeTarget(me, action: nil, for: .allEvents)
      control.removeTarget(b, action: nil, for: .allEvents)
      control.addTarget(late, action: ActionCounter.first, for: .touchUpInside)
    }
    h.tap(12, 2)
    // The targets were taken when dispatch started: b still runs, late does not.
    #expect(log.lines == ["a.controlTestFirst", "b.controlTestFirst"])
    log.lines = []
    h.tap(12, 2)
    #expect(log.lines == ["late.controlTestFirst"])
  }

  @Test func aTargetDeallocatedBeforeItsActionIsDroppedWithANotification() throws {
    let h = ControlHarness()
    let container = h.add(ChainView(frame: Rect(x: 0, y: 0, width: 40, height: 10)))
    let control = Control(frame: Rect(x: 2, y: 2, width: 6, height: 1))
    container.addSubview(control)
    var target: ChainView? = ChainView()
    control.addTarget(target, action: ChainView.chainAction, for: .touchUpInside)
    target = nil
    #expect(control.allTargets.isEmpty)
    let drops = DropRecorder()
    h.tap(4, 2)
    // Not re-routed to the chain, which could perform the same action.
    #expect(container.received.isEmpty)
    #expect(drops.actions == [ChainView.chainAction])
    #expect(drops.senders.first === control)
    #expect(control.allControlEvents.isEmpty)
    h.tap(4, 2)
    #expect(drops.actions.count == 1)
  }

  @Test func aTargetDeallocatedDuringItsActionDropsItsLaterRegistrations() {
    let (h, control) = setUp()
    var holder: [ActionCounter] = [ActionCounter("a")]
    let log = holder[0].log
    control.addTarget(holder[0], action: ActionCounter.first, for: .touchUpInside)
    control.addTarget(holder[0], action: ActionCounter.second, for: .touchUpInside)
    holder[0].onAction = { _, _ in holder.removeAll() }
    let drops = DropRecorder()
    h.tap(12, 2)
    #expect(holder.isEmpty)
    #expect(log.lines == ["a.controlTestFirst"])
    #expect(drops.actions == [ActionCounter.second])
    #expect(control.allTargets.isEmpty)
  }

  @Test func closureActionsRunWithTheSenderAndEvent() {
    let (h, control) = setUp()
    var calls: [String] = []
    control.addAction(
      // Unowned: the control owns the action, so a strong capture would be a cycle.
      ControlAction(title: "Go") { [unowned control] action in
        calls.append("\(action.title) \(action.sender === control) \(action.event != nil)")
      }, for: .touchUpInside)
    h.tap(12, 2)
    control.sendActions(for: .touchUpInside)
    #expect(calls == ["Go true true", "Go true false"])
  }

  @Test func aClosureForAllEventsSeesEachDispatchsWholeMask() {
    let (h, control) = setUp()
    var masks: [ControlEvents] = []
    let action = ControlAction { action in masks.append(action.controlEvents) }
    control.addAction(action, for: .allEvents)
    h.touch(.began, 12, 2)
    h.touch(.moved, 30, 2)
    h.touch(.moved, 31, 2)
    h.touch(.moved, 12, 2)
    h.touch(.ended, 12, 2)
    #expect(
      masks == [
        .touchDown, [.touchDragOutside, .touchDragExit], .touchDragOutside,
        [.touchDragInside, .touchDragEnter],
        .touchUpInside,
      ])
    #expect(action.controlEvents.isEmpty, "only set while the handler runs")
    control.sendActions(for: .valueChanged)
    #expect(masks.last == .valueChanged)
  }

  @Test func closureActionsAreUniqueByIdentifier() {
    let (h, control) = setUp()
    var calls: [String] = []
    let id = ControlAction.Identifier("save")
    control.addAction(ControlAction(identifier: id) { _ in calls.append("old") }, for: .touchUpInside)
    control.addAction(ControlAction { _ in calls.append("other") }, for: .touchUpInside)
    control.addAction(ControlAction(identifier: id) { _ in calls.append("new") }, for: .touchUpInside)
    h.tap(12, 2)
    #expect(calls == ["new", "other"])
    control.removeAction(identifiedBy: id, for: .touchUpInside)
    calls = []
    h.tap(12, 2)
    #expect(calls == ["other"])
    #expect(control.allTargets.isEmpty)
    #expect(control.allControlEvents == .touchUpInside)
  }

  @Test func closureAndTargetActionsShareOneOrder() {
    let (h, control) = setUp()
    let counter = ActionCounter("target")
    control.addAction(ControlAction { _ in counter.log.lines.append("closure") }, for: .touchUpInside)
    control.addTarget(counter, action: ActionCounter.first, for: .touchUpInside)
    h.tap(12, 2)
    #expect(counter.log.lines == ["closure", "target.controlTestFirst"])
  }
}

/// A view in the chain that performs one action and records its senders.
@MainActor
private final class ChainView: View {
  static let chainAction = Action("controlTestChainAction")
  var received: [AnyObject] = []
  override class var actionTable: ActionTable { table }
  private static let table = ActionTable(ChainView.self, inheriting: View.actionTable) {
    $0.add(ChainView.chainAction) { view, sender in view.received.append(sender as AnyObject) }
  }
}

private final class WatchingControl: Control {
  var seen: [Action] = []
  var suppressed: Action?
  override func sendAction(_ action: Action, to target: AnyObject?, for event: Event?) {
    seen.append(action)
    if action != suppressed { super.sendAction(action, to: target, for: event) }
  }
}

/// Collects ``Application/didDropActionNotification`` while alive.
@MainActor
private final class DropRecorder {
  var actions: [Action] = []
  var senders: [AnyObject] = []
  private var observer: (any NSObjectProtocol)?

  init() {
    observer = NotificationCenter.default.addObserver(
      forName: Application.didDropActionNotification, object: nil, queue: nil
    ) { [weak self] note in
      nonisolated(unsafe) let note = note
      MainActor.assumeIsolated {
        if let action = note.userInfo?[Application.actionUserInfoKey] as? Action {
          self?.actions.append(action)
        }
        if let sender = note.userInfo?[Application.senderUserInfoKey] {
          self?.senders.append(sender as AnyObject)
        }
      }
    }
  }

  isolated deinit {
    if let observer { NotificationCenter.default.removeObserver(observer) }
  }
}
