import ResponderKit
import Testing

extension Action {
  fileprivate static let namingPressed = Action("naming.pressed")
}

/// A control subclass that names the input `Event` unqualified: before `ControlEvents` was a
/// top-level type, `Event` here meant the control's event mask and this did not compile.
@MainActor
private final class TrackingCounter: Control {
  var tracked: [Event.EventType] = []

  override func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
    if let event { tracked.append(event.type) }
    return super.beginTracking(touch, with: event)
  }
}

/// One object that takes actions, as the one target type of controls and gesture recognizers.
@MainActor
private final class Receiver: Responder {
  var senders: [String] = []
  override class var actionTable: ActionTable { actions }
  private static let actions = ActionTable(Receiver.self, inheriting: Responder.actionTable) {
    $0.add(.namingPressed) { receiver, sender in
      receiver.senders.append(sender is Control ? "control" : "gesture")
    }
  }
}

@Suite("Control naming: ControlEvents and one target type")
@MainActor
struct ControlNamingTests {
  @Test func aControlSubclassSeesTheInputEventUnderItsOwnName() {
    let harness = ControlHarness()
    let control = harness.add(TrackingCounter(frame: Rect(x: 0, y: 0, width: 10, height: 1)))
    let events: ControlEvents = [.touchDown, .primaryActionTriggered]
    control.addTarget(nil, action: .namingPressed, for: events)
    harness.tap(2, 0)
    #expect(control.tracked == [.touches])
    #expect(control.allControlEvents == events)
  }

  /// The same `any ActionTarget` value is accepted by a control and a gesture recognizer, and
  /// removed from both the same way.
  @Test func controlsAndGestureRecognizersTakeTheSameTargetType() {
    let receiver = Receiver()
    let target: any ActionTarget = receiver
    let control = Control()
    control.addTarget(target, action: .namingPressed, for: .primaryActionTriggered)
    let tap = TapGestureRecognizer(target: target, action: .namingPressed)
    #expect(control.actions(forTarget: target, forControlEvent: .primaryActionTriggered) == [.namingPressed])
    control.removeTarget(target, action: nil, for: .allEvents)
    tap.removeTarget(target, action: nil)
    #expect(control.actions(forTarget: target, forControlEvent: .primaryActionTriggered) == nil)
  }
}
