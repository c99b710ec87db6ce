import Testing

@testable import ResponderKit

@MainActor
struct ButtonTests {
  @Test func tapSendsTouchUpInsideAndPrimaryActionInOneDispatch() {
    let h = ControlHarness()
    let button = h.add(Button(title: "OK"))
    button.frame.origin = Point(x: 5, y: 1)
    let log = ControlEventLog()
    log.observe(button)
    let counter = ActionCounter("both")
    button.addTarget(counter, action: ActionCounter.first, for: [.touchUpInside, .primaryActionTriggered])
    h.tap(7, 1)
    #expect(log.dispatches == [.touchDown, [.touchUpInside, .primaryActionTriggered]])
    #expect(counter.log.lines.count == 1)
  }

  @Test func releaseOutsideIsNotAPrimaryAction() {
    let h = ControlHarness()
    let button = h.add(Button(title: "OK"))
    let log = ControlEventLog()
    log.observe(button)
    h.touch(.began, 1, 0)
    h.touch(.ended, 1, 5)
    #expect(log.dispatches == [.touchDown, .touchUpOutside])
  }

  @Test func spaceAndReturnActivateTheFocusedButton() {
    let h = ControlHarness()
    let button = h.add(Button(title: "OK"))
    let log = ControlEventLog()
    log.observe(button)
    #expect(h.window.makeFirstResponder(button))
    #expect(button.isFirstResponder)
    #expect(button.state == .focused)
    h.key(.space)
    h.app.handle(.key(.character(" ")))
    let counter = ActionCounter("both")
    button.addTarget(counter, action: ActionCounter.first, for: [.touchUpInside, .primaryActionTriggered])
    h.key(.returnKey)
    #expect(counter.log.lines.count == 1)  // one dispatch carrying both events
    #expect(
      log.entries.map(\.event) == [
        .touchUpInside, .primaryActionTriggered, .touchUpInside, .primaryActionTriggered,
        .touchUpInside, .primaryActionTriggered,
      ])
  }

  @Test func keysDoNothingWhenTheButtonIsNotFocused() {
    let h = ControlHarness()
    let button = h.add(Button(title: "OK"))
    let log = ControlEventLog()
    log.observe(button)
    h.key(.returnKey)
    h.type(" ")
    #expect(log.entries.isEmpty)
  }

  @Test func aDisabledButtonCannotTakeFocus() {
    let h = ControlHarness()
    let button = h.add(Button(title: "OK"))
    h.window.makeFirstResponder(button)
    button.isEnabled = false
    #expect(!button.isFirstResponder)
    h.window.makeFirstResponder(button)
    #expect(!button.isFirstResponder)
  }

  @Test func drawsBracketsAndReversesWhileHighlighted() {
    let h = ControlHarness(screen: Size(width: 20, height: 2))
    let button = h.add(Button(frame: Rect(x: 2, y: 0, width: 10, height: 1), title: "OK"))
    #expect(h.rows(1) == ["    [ OK ]"])
    h.touch(.began, 5, 0)
    let cell = h.app.renderScreen()[4, 0]
    #expect(cell.text == "[")
    #expect(cell.style.attributes.contains(.reverse))
    h.touch(.ended, 5, 0)
    #expect(!h.app.renderScreen()[4, 0].style.attributes.contains(.reverse))
    #expect(button.sizeThatFits(.zero) == Size(width: 6, height: 1))
  }
}

@MainActor
struct SwitchTests {
  @Test func tapTogglesAndSendsValueChangedWithTheTouchUp() {
    let h = ControlHarness()
    let toggle = h.add(Switch(title: "Wrap"))
    let log = ControlEventLog()
    log.observe(toggle)
    h.tap(1, 0)
    #expect(toggle.isOn)
    #expect(log.dispatches == [.touchDown, [.touchUpInside, .valueChanged, .primaryActionTriggered]])
    h.tap(1, 0)
    #expect(!toggle.isOn)
  }

  @Test func releaseOutsideDoesNotToggle() {
    let h = ControlHarness()
    let toggle = h.add(Switch(title: "Wrap"))
    h.touch(.began, 1, 0)
    h.touch(.ended, 1, 3)
    #expect(!toggle.isOn)
  }

  @Test func spaceAndReturnToggleTheFocusedSwitch() {
    let h = ControlHarness()
    let toggle = h.add(Switch(title: "Wrap"))
    let log = ControlEventLog()
    log.observe(toggle)
    h.window.makeFirstResponder(toggle)
    h.type(" ")
    #expect(toggle.isOn)
    h.key(.returnKey)
    #expect(!toggle.isOn)
    #expect(
      log.entries.map(\.event) == [
        .valueChanged, .primaryActionTriggered, .valueChanged, .primaryActionTriggered,
      ])
  }

  @Test func settingIsOnInCodeSendsNothing() {
    let h = ControlHarness()
    let toggle = h.add(Switch(title: "Wrap"))
    let log = ControlEventLog()
    log.observe(toggle)
    toggle.isOn = true
    #expect(log.entries.isEmpty)
    #expect(h.rows(1) == ["[x] Wrap"])
  }
}
