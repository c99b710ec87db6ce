import Testing

@testable import ResponderKit

@MainActor
struct SliderTests {
  /// An 11-column slider from 0 to 10 at row 1: column n is value n.
  private func setUp(continuous: Bool) -> (ControlHarness, Slider, ControlEventLog) {
    let h = ControlHarness()
    let slider = h.add(
      Slider(frame: Rect(x: 0, y: 1, width: 11, height: 1), value: 0, minimumValue: 0, maximumValue: 10))
    slider.isContinuous = continuous
    let log = ControlEventLog()
    log.observe(slider, events: [.valueChanged, .touchDown, .touchUpInside, .touchUpOutside])
    return (h, slider, log)
  }

  @Test func continuousSliderSendsValueChangedDuringTheDrag() {
    let (h, slider, log) = setUp(continuous: true)
    h.touch(.began, 2, 1)
    #expect(slider.value == 2)
    h.touch(.moved, 5, 1)
    #expect(slider.value == 5)
    h.touch(.moved, 5.5, 1)  // same column: no change, no valueChanged
    h.touch(.moved, 30, 1)  // past the end: clamped to the maximum
    #expect(slider.value == 10)
    h.touch(.ended, 30, 1)
    #expect(
      log.dispatches == [[.touchDown, .valueChanged], .valueChanged, .valueChanged, .touchUpOutside])
  }

  @Test func settingTheValueNotifiesTargetsOnlyWhenAskedAndChanged() {
    let (harness, slider, log) = setUp(continuous: true)
    defer { withExtendedLifetime(harness) {} }
    slider.setValue(4, notifyingTargets: false)
    #expect(slider.value == 4)
    #expect(log.dispatches.isEmpty)
    slider.setValue(6, notifyingTargets: true)
    slider.setValue(6, notifyingTargets: true)  // unchanged: nothing sent
    slider.setValue(99, notifyingTargets: true)  // clamped to 10
    #expect(slider.value == 10)
    #expect(log.dispatches == [.valueChanged, .valueChanged])
  }

  @Test func nonContinuousSliderSendsOneValueChangedAtTheEnd() {
    let (h, slider, log) = setUp(continuous: false)
    h.touch(.began, 2, 1)
    h.touch(.moved, 5, 1)
    h.touch(.moved, 7, 1)
    #expect(slider.value == 7)
    #expect(log.dispatches == [.touchDown])
    h.touch(.ended, 7, 1)
    #expect(log.dispatches == [.touchDown, [.touchUpInside, .valueChanged]])
  }

  @Test func nonContinuousSliderWithoutAChangeSendsNoValueChanged() {
    let (h, _, log) = setUp(continuous: false)
    h.touch(.began, 0, 1)
    h.touch(.ended, 0, 1)
    #expect(log.dispatches == [.touchDown, .touchUpInside])
  }

  @Test func arrowKeysStepHomeAndEndJump() {
    let (h, slider, log) = setUp(continuous: true)
    h.window.makeFirstResponder(slider)
    h.key(.right)
    h.key(.right)
    #expect(slider.value == 2)
    h.key(.left)
    #expect(slider.value == 1)
    h.key(.end)
    #expect(slider.value == 10)
    h.key(.right)  // at the end: no change, nothing sent
    h.key(.home)
    #expect(slider.value == 0)
    #expect(log.entries.count == 5)
    slider.keyIncrement = 3
    h.key(.right)
    #expect(slider.value == 3)
  }

  @Test func valueIsClampedAndCodeSendsNothing() {
    let (_, slider, log) = setUp(continuous: true)
    slider.value = 42
    #expect(slider.value == 10)
    slider.maximumValue = 4
    #expect(slider.value == 4)
    #expect(log.entries.isEmpty)
  }
}

@MainActor
struct StepperTests {
  private func setUp() -> (ControlHarness, Stepper, ControlEventLog) {
    let h = ControlHarness()
    let stepper = h.add(Stepper(value: 1, minimumValue: 0, maximumValue: 2, stepValue: 1))
    let log = ControlEventLog()
    log.observe(stepper, events: [.valueChanged, .touchDown, .touchUpInside])
    return (h, stepper, log)
  }

  @Test func steppingNotifiesTargetsOnlyWhenAskedEnabledAndChanged() {
    let (harness, stepper, log) = setUp()
    defer { withExtendedLifetime(harness) {} }
    #expect(stepper.step(.increment))
    #expect(log.dispatches.isEmpty)
    #expect(!stepper.step(.increment, notifyingTargets: true), "already at the maximum")
    #expect(stepper.step(.decrement, notifyingTargets: true))
    stepper.isEnabled = false
    #expect(!stepper.step(.decrement, notifyingTargets: true))
    #expect(stepper.value == 1)
    #expect(log.dispatches == [.valueChanged])
  }

  @Test func theHalvesStepOnTouchDown() {
    let (h, stepper, log) = setUp()
    h.touch(.began, 3, 0)  // "+" half
    #expect(stepper.value == 2)
    #expect(stepper.pressedPart == .increment)
    h.touch(.ended, 3, 0)
    h.tap(0, 0)  // "-" half
    #expect(stepper.value == 1)
    #expect(
      log.dispatches == [
        [.touchDown, .valueChanged], .touchUpInside, [.touchDown, .valueChanged], .touchUpInside,
      ])
  }

  @Test func withoutWrapsTheValueStopsAtTheEndsAndNothingIsSent() {
    let (h, stepper, log) = setUp()
    h.tap(4, 0)
    h.tap(4, 0)
    #expect(stepper.value == 2)
    #expect(!stepper.canIncrement)
    #expect(log.entries.filter { $0.event == .valueChanged }.count == 1)
  }

  @Test func withWrapsSteppingPastAnEndGoesToTheOther() {
    let (h, stepper, log) = setUp()
    stepper.wraps = true
    h.tap(4, 0)
    h.tap(4, 0)
    #expect(stepper.value == 0)
    h.tap(0, 0)
    #expect(stepper.value == 2)
    #expect(log.entries.filter { $0.event == .valueChanged }.count == 3)
  }

  @Test func keysStepTheFocusedStepper() {
    let (h, stepper, log) = setUp()
    h.window.makeFirstResponder(stepper)
    h.type("-")
    #expect(stepper.value == 0)
    h.key(.up)
    h.type("+")
    #expect(stepper.value == 2)
    h.key(.left)
    #expect(stepper.value == 1)
    #expect(log.entries.map(\.event) == [.valueChanged, .valueChanged, .valueChanged, .valueChanged])
  }

  @Test func aBadStepValueIsIgnored() {
    let (_, stepper, _) = setUp()
    stepper.stepValue = -3
    #expect(stepper.stepValue == 1)
  }
}

@MainActor
struct SegmentedControlTests {
  private func setUp() -> (ControlHarness, SegmentedControl, ControlEventLog) {
    let h = ControlHarness()
    let control = h.add(SegmentedControl(items: ["One", "Two", "Three"]))
    let log = ControlEventLog()
    log.observe(control, events: [.valueChanged, .touchUpInside])
    return (h, control, log)
  }

  @Test func aTapSelectsTheSegmentUnderIt() {
    let (h, control, log) = setUp()
    #expect(control.segmentRanges == [0..<5, 6..<11, 12..<19])
    #expect(control.frame.size == Size(width: 19, height: 1))
    h.tap(8, 0)
    #expect(control.selectedSegmentIndex == 1)
    h.tap(8, 0)  // already selected: no valueChanged
    h.tap(14, 0)
    #expect(control.selectedSegmentIndex == 2)
    #expect(
      log.dispatches == [[.touchUpInside, .valueChanged], .touchUpInside, [.touchUpInside, .valueChanged]])
  }

  @Test func liftingOnAnotherSegmentSelectsNothing() {
    let (h, control, _) = setUp()
    h.touch(.began, 1, 0)
    h.touch(.moved, 8, 0)
    h.touch(.ended, 8, 0)
    #expect(control.selectedSegmentIndex == SegmentedControl.noSegment)
  }

  @Test func arrowKeysMoveTheSelection() {
    let (h, control, log) = setUp()
    h.window.makeFirstResponder(control)
    h.key(.right)
    #expect(control.selectedSegmentIndex == 0)
    h.key(.right)
    h.key(.right)
    h.key(.right)
    #expect(control.selectedSegmentIndex == 2)
    h.key(.left)
    #expect(control.selectedSegmentIndex == 1)
    #expect(log.entries.count == 4)
  }

  @Test func editingSegmentsKeepsTheSelectionOnItsSegment() {
    let (_, control, log) = setUp()
    control.selectedSegmentIndex = 1
    control.insertSegment(withTitle: "Zero", at: 0)
    #expect(control.selectedSegmentIndex == 2)
    #expect(control.titleForSegment(at: 2) == "Two")
    control.removeSegment(at: 2)
    #expect(control.selectedSegmentIndex == SegmentedControl.noSegment)
    control.selectedSegmentIndex = 9
    #expect(control.selectedSegmentIndex == SegmentedControl.noSegment)
    #expect(log.entries.isEmpty)
  }
}
