import ResponderKit
import Testing
import XKBKeyboard

@Suite struct TypingTests {
  @Test func atOnGermanIsAltGrQ() throws {
    let keymap = try makeKeymap("de")
    let first = try #require(keymap.keyStrokes(for: "@").first)
    #expect(first.keyCode == Key.q)
    #expect(first.level == 2)
    #expect(first.modifiers == ["Mod5"])
  }

  @Test func capitalLetterNeedsShiftFirstAndCapsLockLast() throws {
    let keymap = try makeKeymap("us")
    let strokes = keymap.keyStrokes(for: "A")
    #expect(strokes.first == KeyStroke(keyCode: Key.a, layout: 0, level: 1, modifiers: ["Shift"]))
    #expect(strokes.last?.modifiers == ["Lock"])
    #expect(keymap.keyStrokes(for: "a").first?.modifiers == [])
  }

  @Test func typedTextDecodesBackOnGerman() throws {
    let keymap = try makeKeymap("de")
    let presses = try keymap.keyPresses(typing: "Hello @ world")
    #expect(presses.prefix(4).map(\.description) == ["down 42", "down 35", "up 35", "up 42"])
    let state = try #require(KeyboardState(keymap: keymap))
    var text = ""
    for press in presses {
      let event = state.keyEvent(forKeyCode: press.keyCode, phase: press.direction == .down ? .down : .up)
      text += event.characters
    }
    #expect(text == "Hello @ world")
    #expect(state.modifierFlags.isEmpty)
  }

  @Test func typedTextDecodesBackOnRussianAndFrench() throws {
    for (layout, sample) in [("ru", "Привет, мир"), ("fr", "ça va? 1&2 @home")] {
      let keymap = try makeKeymap(layout)
      let state = try #require(KeyboardState(keymap: keymap))
      var text = ""
      for press in try keymap.keyPresses(typing: sample) {
        text +=
          state.keyEvent(forKeyCode: press.keyCode, phase: press.direction == .down ? .down : .up).characters
      }
      #expect(text == sample, "layout \(layout)")
    }
  }

  @Test func deadKeyOnlyCharacterIsATypingError() throws {
    let keymap = try makeKeymap("de")
    #expect(keymap.keyStrokes(for: "é").isEmpty)
    let error = #expect(throws: TypingError.self) { try keymap.keyPresses(typing: "Café") }
    #expect(error?.character == "é")
    #expect(error?.offset == 3)
    #expect(error?.description.contains("U+E9") == true)
  }

  @Test func returnAndTabAreTypable() throws {
    let keymap = try makeKeymap("us")
    #expect(keymap.keyStrokes(for: "\n").first?.keyCode == Key.enter)
    #expect(keymap.keyStrokes(for: "\t").first?.keyCode == 15)
  }
}

@Suite struct KeyPressTests {
  @Test func pressesBecomeKernelRecordsThatDecodeBack() throws {
    let keymap = try makeKeymap("us", variant: "dvorak")
    let presses = try keymap.keyPresses(typing: "Dvorak!")
    let bytes = presses.enumerated().flatMap { $0.element.record(microseconds: $0.offset).bytes }
    let decoder = EvdevDecoder(state: try #require(KeyboardState(keymap: keymap)))
    #expect(decoder.decode(bytes).map(\.characters).joined() == "Dvorak!")
  }
}

@Suite struct ReverseLookupOrderTests {
  @Test func euroOnGermanAndFrenchIsAltGrEFirstAndKeyEuroStillListed() throws {
    for layout in ["de", "fr"] {
      let keymap = try makeKeymap(layout)
      let strokes = keymap.keyStrokes(for: "€")
      #expect(
        strokes.first == KeyStroke(keyCode: Key.e, layout: 0, level: 2, modifiers: ["Mod5"]), "\(layout)")
      // KEY_EURO (<I443>) types it too, with no modifier: still among all the ways.
      #expect(strokes.contains { keymap.keyName(forKeyCode: $0.keyCode) == "I443" && $0.modifiers.isEmpty })
    }
  }

  @Test func everyPrintableASCIICharacterOnUSIsFirstAnOrdinaryKeyWithAtMostShift() throws {
    let keymap = try makeKeymap("us")
    let ordinary = Set(["TLDE", "BKSL", "LSGT", "SPCE"])
    for value in UInt32(0x20)...0x7e {
      let character = Character(Unicode.Scalar(value)!)
      let first = try #require(keymap.keyStrokes(for: character).first)
      let name = keymap.keyName(forKeyCode: first.keyCode) ?? ""
      #expect(
        ordinary.contains(name) || name.range(of: #"^A[EDCB]\d\d$"#, options: .regularExpression) != nil)
      #expect(first.modifiers.count <= 1, "\(character)")
    }
  }
}
