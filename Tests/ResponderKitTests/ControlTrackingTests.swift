import Testing

@testable import ResponderKit

/// The touch-to-control-event rules of `Control` (cocoa-semantics §3.3–3.5), driven by
/// scripted touches through `Application.handle(_:)`.
@MainActor
struct ControlTrackingTests {
  /// A 6×1 control at (10, 2): cells x 10–15 are inside, 9 and 16 are inside by slop.
  private func setUp() -> (ControlHarness, Control, ControlEventLog) {
    let harness = ControlHarness()
    let control = harness.add(Control(frame: Rect(x: 10, y: 2, width: 6, height: 1)))
    let log = ControlEventLog()
    log.observe(control)
    return (harness, control, log)
  }

  @Test func tapSendsTouchDownThenTouchUpInside() {
    let (h, control, log) = setUp()
    h.touch(.began, 12, 2)
    #expect(control.isTracking)
    #expect(control.isHighlighted)
    #expect(control.isTouchInside)
    #expect(control.state == .highlighted)
    h.touch(.ended, 12, 2)
    #expect(log.dispatches == [.touchDown, .touchUpInside])
    #expect(!control.isTracking)
    #expect(!control.isHighlighted)
    #expect(!control.isTouchInside)
  }

  @Test func actionsReceiveTheControlAsSender() {
    let (h, control, log) = setUp()
    h.tap(12, 2)
    #expect(log.entries.allSatisfy { $0.sender === control })
  }

  @Test func doubleTapAddsTouchDownRepeatToTheSecondTouchDown() {
    let (h, _, log) = setUp()
    h.tap(12, 2)
    h.tap(12, 2, step: 0.1)
    #expect(
      log.dispatches == [.touchDown, .touchUpInside, [.touchDown, .touchDownRepeat], .touchUpInside])
  }

  @Test func slowSecondTapIsNotARepeat() {
    let (h, _, log) = setUp()
    h.tap(12, 2)
    h.tap(12, 2, step: 2)
    #expect(log.dispatches == [.touchDown, .touchUpInside, .touchDown, .touchUpInside])
  }

  @Test func dragOutAndBackInSendsExitThenEnter() {
    let (h, control, log) = setUp()
    h.touch(.began, 12, 2)
    h.touch(.moved, 14, 2)
    #expect(control.isHighlighted)
    h.touch(.moved, 20, 2)
    #expect(!control.isHighlighted)
    #expect(!control.isTouchInside)
    #expect(control.isTracking)
    h.touch(.moved, 22, 2)
    h.touch(.moved, 13, 2)
    #expect(control.isHighlighted)
    h.touch(.ended, 13, 2)
    #expect(
      log.dispatches == [
        .touchDown,
        .touchDragInside,
        [.touchDragOutside, .touchDragExit],
        .touchDragOutside,
        [.touchDragInside, .touchDragEnter],
        .touchUpInside,
      ])
  }

  @Test func trackingSlopIsOneCellHorizontallyAndNoneVertically() {
    let (h, control, log) = setUp()
    #expect(control.trackingSlop == EdgeInsets(top: 0, left: 1, bottom: 0, right: 1))
    h.touch(.began, 15, 2)
    h.touch(.moved, 16, 2)  // one cell right of the bounds: still inside
    h.touch(.moved, 9, 2)  // one cell left: still inside
    h.touch(.moved, 12, 3)  // the row below: outside
    h.touch(.ended, 12, 3)
    #expect(
      log.dispatches == [
        .touchDown, .touchDragInside, .touchDragInside, [.touchDragOutside, .touchDragExit],
        .touchUpOutside,
      ])
  }

  @Test func zeroSlopMakesTheNextCellOutside() {
    let (h, control, log) = setUp()
    control.trackingSlop = .zero
    h.touch(.began, 15, 2)
    h.touch(.moved, 16, 2)
    h.touch(.ended, 16, 2)
    #expect(log.dispatches == [.touchDown, [.touchDragOutside, .touchDragExit], .touchUpOutside])
  }

  @Test func releaseOutsideSendsOnlyTouchUpOutside() {
    let (h, _, log) = setUp()
    h.touch(.began, 12, 2)
    h.touch(.moved, 30, 5)
    h.touch(.ended, 30, 5)
    #expect(log.dispatches.last == .touchUpOutside)
    #expect(!log.entries.contains { $0.event == .touchUpInside })
  }

  @Test func releaseOutsideWithoutAMoveIsStillOutside() {
    let (h, _, log) = setUp()
    h.touch(.began, 12, 2)
    h.touch(.ended, 40, 2)
    #expect(log.dispatches == [.touchDown, .touchUpOutside])
  }

  @Test func cancelMidDragSendsTouchCancelAndNoTouchUp() {
    let (h, control, log) = setUp()
    h.touch(.began, 12, 2)
    h.touch(.moved, 13, 2)
    h.touch(.cancelled, 13, 2)
    #expect(log.dispatches == [.touchDown, .touchDragInside, .touchCancel])
    #expect(!control.isHighlighted)
    #expect(!control.isTracking)
  }

  @Test func aNewPressWithoutReleaseCancelsTheOldTouch() {
    let (h, _, log) = setUp()
    h.touch(.began, 12, 2)
    h.touch(.began, 12, 2)
    h.touch(.ended, 12, 2)
    // The cancel and the new touch-down come from one input event, cancel first.
    #expect(log.entries.map(\.event) == [.touchDown, .touchCancel, .touchDown, .touchUpInside])
  }

  @Test func twoTouchesOnTwoControlsInOneEvent() {
    let h = ControlHarness()
    let left = h.add(Control(frame: Rect(x: 0, y: 0, width: 5, height: 1)))
    let right = h.add(Control(frame: Rect(x: 20, y: 0, width: 5, height: 1)))
    let leftLog = ControlEventLog()
    let rightLog = ControlEventLog()
    leftLog.observe(left)
    rightLog.observe(right)
    h.touches([(1, .began, 2, 0), (2, .began, 22, 0)])
    #expect(left.isTracking && right.isTracking)
    h.touches([(1, .moved, 3, 0), (2, .moved, 40, 0)])
    h.touches([(1, .ended, 3, 0), (2, .ended, 40, 0)])
    #expect(leftLog.dispatches == [.touchDown, .touchDragInside, .touchUpInside])
    #expect(
      rightLog.dispatches == [.touchDown, [.touchDragOutside, .touchDragExit], .touchUpOutside])
  }

  @Test func aControlTracksOnlyItsFirstTouch() {
    let (h, control, log) = setUp()
    control.isMultipleTouchEnabled = true
    h.touch(.began, 12, 2, id: 1)
    h.touch(.began, 14, 2, id: 2)
    h.touch(.moved, 40, 2, id: 2)
    h.touch(.ended, 40, 2, id: 2)
    #expect(control.isTracking)
    #expect(control.isTouchInside)
    h.touch(.ended, 12, 2, id: 1)
    #expect(log.dispatches == [.touchDown, .touchUpInside])
  }

  @Test func aSecondTouchInOneEventIsIgnored() {
    let (h, control, log) = setUp()
    control.isMultipleTouchEnabled = true
    h.touches([(1, .began, 12, 2), (2, .began, 13, 2)])
    h.touches([(1, .ended, 12, 2), (2, .ended, 13, 2)])
    #expect(log.dispatches == [.touchDown, .touchUpInside])
  }

  @Test func aDisabledControlReceivesNothingAndTheTouchFallsThrough() {
    let h = ControlHarness()
    let behind = h.add(Control(frame: Rect(x: 0, y: 0, width: 30, height: 5)))
    let control = h.add(Control(frame: Rect(x: 10, y: 2, width: 6, height: 1)))
    let log = ControlEventLog()
    let behindLog = ControlEventLog()
    log.observe(control)
    behindLog.observe(behind)
    control.isEnabled = false
    #expect(control.state == .disabled)
    h.tap(12, 2)
    h.key(.space)
    #expect(log.entries.isEmpty)
    #expect(!control.isHighlighted)
    #expect(behindLog.dispatches == [.touchDown, .touchUpInside])
  }

  @Test func disablingWhileTrackingCancels() {
    let (h, control, log) = setUp()
    h.touch(.began, 12, 2)
    control.isEnabled = false
    h.touch(.moved, 13, 2)
    h.touch(.ended, 13, 2)
    #expect(log.dispatches == [.touchDown, .touchCancel])
    #expect(!control.isTracking)
    #expect(!control.isHighlighted)
  }

  @Test func refusingToBeginTrackingSendsNoTouchEvents() {
    let h = ControlHarness()
    let control = h.add(RefusingControl(frame: Rect(x: 10, y: 2, width: 6, height: 1)))
    let log = ControlEventLog()
    log.observe(control)
    h.touch(.began, 12, 2)
    #expect(!control.isTracking)
    #expect(control.isHighlighted)
    h.touch(.moved, 13, 2)
    h.touch(.ended, 13, 2)
    #expect(log.entries.isEmpty)
    #expect(!control.isHighlighted)
  }

  @Test func continueTrackingReturningFalseStopsTheEvents() {
    let h = ControlHarness()
    let control = h.add(OneMoveControl(frame: Rect(x: 10, y: 2, width: 6, height: 1)))
    let log = ControlEventLog()
    log.observe(control)
    h.touch(.began, 12, 2)
    h.touch(.moved, 13, 2)
    h.touch(.moved, 14, 2)
    h.touch(.ended, 14, 2)
    #expect(log.dispatches == [.touchDown, .touchDragInside])
    #expect(control.calls == ["begin", "continue", "continue"])
  }

  @Test func trackingHooksRunInOrderWithTheQueuedEventsInTheSameDispatch() {
    let h = ControlHarness()
    let control = h.add(HookControl(frame: Rect(x: 10, y: 2, width: 6, height: 1)))
    let log = ControlEventLog()
    log.observe(control)
    h.touch(.began, 12, 2)
    h.touch(.moved, 13, 2)
    h.touch(.ended, 13, 2)
    h.touch(.began, 12, 2, step: 2)
    h.touch(.cancelled, 12, 2)
    #expect(control.calls == ["begin", "continue", "end", "begin", "cancel"])
    #expect(
      log.dispatches == [
        [.touchDown, .valueChanged], [.touchDragInside, .valueChanged],
        [.touchUpInside, .valueChanged], [.touchDown, .valueChanged], [.touchCancel, .valueChanged],
      ])
  }

  @Test func eventRawValuesMatchUIKit() {
    #expect(ControlEvents.touchDown.rawValue == 0x1)
    #expect(ControlEvents.touchDownRepeat.rawValue == 0x2)
    #expect(ControlEvents.touchDragInside.rawValue == 0x4)
    #expect(ControlEvents.touchDragOutside.rawValue == 0x8)
    #expect(ControlEvents.touchDragEnter.rawValue == 0x10)
    #expect(ControlEvents.touchDragExit.rawValue == 0x20)
    #expect(ControlEvents.touchUpInside.rawValue == 0x40)
    #expect(ControlEvents.touchUpOutside.rawValue == 0x80)
    #expect(ControlEvents.touchCancel.rawValue == 0x100)
    #expect(ControlEvents.valueChanged.rawValue == 0x1000)
    #expect(ControlEvents.primaryActionTriggered.rawValue == 0x2000)
    #expect(ControlEvents.menuActionTriggered.rawValue == 0x4000)
    #expect(ControlEvents.editingDidBegin.rawValue == 0x10000)
    #expect(ControlEvents.editingChanged.rawValue == 0x20000)
    #expect(ControlEvents.editingDidEnd.rawValue == 0x40000)
    #expect(ControlEvents.editingDidEndOnExit.rawValue == 0x80000)
    #expect(ControlEvents.allTouchEvents.rawValue == 0xFFF)
    #expect(ControlEvents.allEditingEvents.rawValue == 0xF0000)
    #expect(ControlEvents.applicationReserved.rawValue == 0x0F00_0000)
    #expect(ControlEvents.systemReserved.rawValue == 0xF000_0000)
    #expect(ControlEvents.allEvents.rawValue == 0xFFFF_FFFF)
    let touches: [ControlEvents] = [
      .touchDown, .touchDownRepeat, .touchDragInside, .touchDragOutside, .touchDragEnter,
      .touchDragExit, .touchUpInside, .touchUpOutside, .touchCancel,
    ]
    #expect(touches.allSatisfy { ControlEvents.allTouchEvents.contains($0) })
    #expect(ControlEvents([.touchDown, .touchDownRepeat]).description == "touchDown|touchDownRepeat")
  }

  @Test func stateRawValuesMatchUIKit() {
    #expect(Control.State.normal.rawValue == 0)
    #expect(Control.State.highlighted.rawValue == 1)
    #expect(Control.State.disabled.rawValue == 2)
    #expect(Control.State.selected.rawValue == 4)
    #expect(Control.State.focused.rawValue == 8)
  }
}

private final class RefusingControl: Control {
  override func beginTracking(_ touch: Touch, with event: Event?) -> Bool { false }
}

private final class OneMoveControl: Control {
  var calls: [String] = []
  override func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
    calls.append("begin")
    return true
  }
  override func continueTracking(_ touch: Touch, with event: Event?) -> Bool {
    calls.append("continue")
    return calls.count < 3
  }
}

private final class HookControl: Control {
  var calls: [String] = []
  override func beginTracking(_ touch: Touch, with event: Event?) -> Bool {
    calls.append("begin")
    queueActions(for: .valueChanged)
    return true
  }
  override func continueTracking(_ touch: Touch, with event: Event?) -> Bool {
    calls.append("continue")
    queueActions(for: .valueChanged)
    return true
  }
  override func endTracking(_ touch: Touch?, with event: Event?) {
    calls.append("end")
    queueActions(for: .valueChanged)
  }
  override func cancelTracking(with event: Event?) {
    calls.append("cancel")
    queueActions(for: .valueChanged)
  }
}
