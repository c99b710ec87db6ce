import ResponderKit
import Testing
import XKBKeyboard

@Suite struct KeyboardStateTests {
  @Test func usTypesLettersAndShiftCapitalises() throws {
    let state = try makeState("us")
    #expect(state.tap(Key.a) == ("a", Keysym(0x61)))
    let shifted = state.holding(Key.leftShift) { state.tap(Key.a) }
    #expect(shifted == ("A", Keysym(0x41)))
    #expect(state.holding(Key.leftShift) { state.tap(Key.one).text } == "!")
    #expect(state.modifierFlags.isEmpty)
  }

  @Test func updateReportsChangedComponents() throws {
    let state = try makeState("us")
    let down = state.update(keyCode: Key.leftShift, direction: .down)
    #expect(down.contains(.modifiersDepressed))
    #expect(down.contains(.modifiersEffective))
    #expect(state.modifierFlags == .shift)
    #expect(state.update(keyCode: Key.a, direction: .down).isEmpty)
  }

  @Test func capsLockCapitalisesLightsItsLEDAndShiftUndoesIt() throws {
    let state = try makeState("us")
    _ = state.tap(Key.capsLock)
    #expect(state.leds == .capsLock)
    #expect(state.modifierFlags == .capsLock)
    #expect(state.tap(Key.a) == ("A", Keysym(0x41)))
    #expect(state.tap(Key.one).text == "1")
    #expect(state.holding(Key.leftShift) { state.tap(Key.a).text } == "a")
    _ = state.tap(Key.capsLock)
    #expect(state.leds.isEmpty)
    #expect(state.tap(Key.a).text == "a")
  }

  @Test func germanAltGrQTypesAt() throws {
    let state = try makeState("de")
    #expect(state.layoutName == "German")
    #expect(state.tap(Key.q).text == "q")
    let event = state.holding(Key.rightAlt) { () -> KeyEvent in
      #expect(state.isModifierActive(named: "Mod5"))
      let event = state.keyEvent(forKeyCode: Key.q, phase: .down)
      state.update(keyCode: Key.q, direction: .up)
      return event
    }
    #expect(event.keysym == .at)
    #expect(event.characters == "@")
    // German is QWERTZ: KEY_Y gives z.
    #expect(state.tap(21).text == "z")
  }

  @Test func frenchIsAzerty() throws {
    let state = try makeState("fr")
    #expect(state.tap(Key.q).text == "a")
    #expect(state.tap(Key.a).text == "q")
    #expect(state.tap(Key.one).text == "&")
    #expect(state.holding(Key.leftShift) { state.tap(Key.one).text } == "1")
  }

  @Test func russianGivesCyrillicLegacyKeysyms() throws {
    let state = try makeState("ru")
    let tap = state.tap(Key.c)
    #expect(tap.text == "с")
    #expect(tap.keysym == Keysym(0x6d3))  // Cyrillic_es
    #expect(tap.keysym.name == "Cyrillic_es")
  }

  @Test func dvorakMovesLetters() throws {
    let state = try makeState("us", variant: "dvorak")
    #expect(state.tap(Key.q).text == "'")
    #expect(state.tap(Key.s).text == "o")
    #expect(state.tap(Key.e).text == ".")
  }

  @Test func controlLetterTypesAControlCharacter() throws {
    let state = try makeState("us")
    let event = state.holding(Key.leftControl) { state.keyEvent(forKeyCode: Key.c, phase: .down) }
    state.update(keyCode: Key.c, direction: .up)
    #expect(event.characters == "\u{3}")
    #expect(event.charactersIgnoringModifiers == "c")
    #expect(event.modifierFlags == .control)
    #expect(event.keysym == Keysym(0x63))
  }

  @Test func controlOnCyrillicFallsBackToTheASCIILayout() throws {
    let state = try makeState("us,ru")
    state.update(keyCode: Key.leftAlt, direction: .down)
    state.update(keyCode: Key.leftShift, direction: .down)  // no grp option: nothing switches
    state.update(keyCode: Key.leftShift, direction: .up)
    state.update(keyCode: Key.leftAlt, direction: .up)
    #expect(state.layoutIndex == 0)

    let switched = try makeState("us,ru", options: "grp:alt_shift_toggle")
    switched.update(keyCode: Key.leftAlt, direction: .down)
    switched.update(keyCode: Key.leftShift, direction: .down)
    switched.update(keyCode: Key.leftShift, direction: .up)
    switched.update(keyCode: Key.leftAlt, direction: .up)
    #expect(switched.layoutIndex == 1)
    #expect(switched.tap(Key.c).text == "с")
    let control = switched.holding(Key.leftControl) { switched.tap(Key.c) }
    #expect(control.text == "\u{3}")
    #expect(control.keysym == Keysym(0x6d3))
  }

  @Test func groupSwitchingTogglesLayoutAndBack() throws {
    let state = try makeState("us,ru", options: "grp:alt_shift_toggle")
    #expect(state.layoutName == "English (US)")
    func toggle() {
      state.update(keyCode: Key.leftAlt, direction: .down)
      let changed = state.update(keyCode: Key.leftShift, direction: .down)
      #expect(changed.contains(.layoutLocked) || changed.contains(.layoutEffective))
      state.update(keyCode: Key.leftShift, direction: .up)
      state.update(keyCode: Key.leftAlt, direction: .up)
    }
    toggle()
    #expect(state.layoutIndex == 1)
    #expect(state.layoutName == "Russian")
    #expect(state.tap(Key.q).text == "й")
    toggle()
    #expect(state.layoutIndex == 0)
    #expect(state.tap(Key.q).text == "q")
  }

  @Test func numLockSwitchesTheKeypadToDigits() throws {
    let state = try makeState("us")
    #expect(state.tap(Key.kp7) == ("", Keysym.kpHome))
    _ = state.tap(Key.numLock)
    #expect(state.leds == .numLock)
    #expect(state.modifierFlags == .numLock)
    #expect(state.tap(Key.kp7) == ("7", Keysym.kp7))
    // Shift+NumLock goes back to level 1.
    #expect(state.holding(Key.leftShift) { state.tap(Key.kp7).keysym } == .kpHome)
  }

  @Test func shiftKeypad7WithNumLockOffIsStillHome() throws {
    // xkb-data 2.35.1's KEYPAD type has no Shift-only entry (keyboard.md, pitfalls).
    let state = try makeState("us")
    #expect(state.holding(Key.leftShift) { state.tap(Key.kp7).keysym } == .kpHome)
  }

  @Test func consumedModifiersIncludeShiftForCapitalLetters() throws {
    let state = try makeState("us")
    state.update(keyCode: Key.leftShift, direction: .down)
    state.update(keyCode: Key.leftControl, direction: .down)
    let consumed = state.consumedModifierFlags(forKeyCode: Key.a)
    #expect(consumed.contains(.shift))
    #expect(!consumed.contains(.control))
    #expect(state.consumedModifierFlags(forKeyCode: Key.enter).isEmpty)
  }

  @Test func keyEventReadsThePressBeforeUpdating() throws {
    let state = try makeState("us")
    let shiftDown = state.keyEvent(forKeyCode: Key.leftShift, phase: .down, timestamp: 1.5)
    #expect(shiftDown.keysym == .shiftL)
    #expect(shiftDown.modifierFlags.isEmpty)
    #expect(shiftDown.keyCode == Key.leftShift)
    #expect(shiftDown.timestamp == 1.5)
    let a = state.keyEvent(forKeyCode: Key.a, phase: .down)
    #expect(a.modifierFlags == .shift)
    #expect(a.characters == "A")
    let aRepeat = state.keyEvent(forKeyCode: Key.a, phase: .repeat)
    #expect(aRepeat.phase == .repeat)
    #expect(aRepeat.characters == "A")
    let aUp = state.keyEvent(forKeyCode: Key.a, phase: .up)
    #expect(aUp.characters.isEmpty)
    #expect(aUp.keysym == Keysym(0x41))
    _ = state.keyEvent(forKeyCode: Key.leftShift, phase: .up)
    #expect(state.modifierFlags.isEmpty)
  }

  @Test func repeatDoesNotChangeState() throws {
    let state = try makeState("us")
    _ = state.keyEvent(forKeyCode: Key.capsLock, phase: .repeat)
    #expect(state.leds.isEmpty)
  }

  @Test func keysymsAndScalarFollowCapsLock() throws {
    let state = try makeState("us")
    #expect(state.keysyms(forKeyCode: Key.a) == [Keysym(0x61)])
    _ = state.tap(Key.capsLock)
    #expect(state.keysyms(forKeyCode: Key.a) == [Keysym(0x41)])
    #expect(state.keysym(forKeyCode: Key.a) == Keysym(0x41))
    #expect(state.unicodeScalar(forKeyCode: Key.a) == "A")
  }

  @Test func withUTF8HandsOverTheBytes() throws {
    let state = try makeState("ru")
    let bytes = state.withUTF8(forKeyCode: Key.c) { Array($0) }
    #expect(bytes == Array("с".utf8))
    #expect(state.withUTF8(forKeyCode: Key.leftShift) { $0.count } == 0)
  }
}
