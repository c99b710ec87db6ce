import Testing

@testable import ResponderKit

/// The standard key bindings, key specs, and reading a bindings file.
@MainActor
struct KeyBindingsTests {
  private func control(_ letter: Character) -> KeyEvent {
    let code = Character(Unicode.Scalar(letter.asciiValue! - 0x60))
    return KeyEvent(
      keysym: Keysym(unicodeScalar: letter.unicodeScalars.first!), characters: String(code),
      charactersIgnoringModifiers: String(letter), modifierFlags: .control)
  }

  @Test func standardBindingsFollowCocoa() {
    let b = KeyBindings.standard
    #expect(b.actions(for: key(.up)) == [.moveUp])
    #expect(b.actions(for: key(.left, .shift)) == [.moveLeftAndModifySelection])
    #expect(b.actions(for: key(.left, .alt)) == [.moveWordBackward])
    #expect(b.actions(for: key(.returnKey)) == [.insertNewline])
    #expect(b.actions(for: key(.kpEnter)) == [.insertNewline])
    #expect(b.actions(for: key(.escape)) == [.cancelOperation])
    #expect(b.actions(for: key(.backSpace)) == [.deleteBackward])
    #expect(b.actions(for: key(.tab)) == [.insertTab])
    #expect(b.actions(for: key(.isoLeftTab)) == [.insertBacktab])
    #expect(b.actions(for: key(.tab, .shift)) == [.insertBacktab])
    #expect(b.actions(for: control("a")) == [.moveToBeginningOfLine])
    #expect(b.actions(for: control("k")) == [.deleteToEndOfLine])
    #expect(b.actions(for: control("o")) == [.insertNewlineIgnoringFieldEditor, .moveBackward])
    #expect(b.actions(for: key(.f(5))).isEmpty)
  }

  @Test func lockKeysDoNotChangeTheBinding() {
    #expect(KeyBindings.standard.actions(for: key(.up, [.capsLock, .numLock])) == [.moveUp])
  }

  @Test func keySpecsNormaliseShiftAndCase() throws {
    #expect(try KeySpec(parsing: "Control+Shift+z") == KeySpec(character: "Z", modifiers: .control))
    #expect(try KeySpec(parsing: "ctrl+Z") == KeySpec(parsing: "Control+Shift+z"))
    #expect(try KeySpec(parsing: "Shift+@") == KeySpec(character: "@", modifiers: []))
    #expect(try KeySpec(parsing: "Shift+Tab") == KeySpec(keysym: .isoLeftTab, modifiers: []))
    #expect(try KeySpec(parsing: "Control++") == KeySpec(character: "+", modifiers: .control))
    #expect(try KeySpec(parsing: "alt+PageUp") == KeySpec(keysym: .pageUp, modifiers: .alt))
    #expect(try KeySpec(parsing: "F12").keysym == .f(12))
    #expect(try KeySpec(parsing: "Control+Shift+z").description == "Control+Shift+z")
  }

  /// Found by the key-bindings fuzz target: a control character as the key was described as
  /// `0x1000003`, which did not read back.
  @Test func aSpecWithNoPrintableKeyReadsBackFromItsDescription() throws {
    let spec = try KeySpec(parsing: "\u{3}")
    #expect(try KeySpec(parsing: spec.description) == spec)
  }

  @Test func badKeySpecsSayWhatIsWrong() {
    #expect(throws: KeySpecError.unknownModifier("Hpyer")) { try KeySpec(parsing: "Hpyer+a") }
    #expect(throws: KeySpecError.unknownKey("Retrun")) { try KeySpec(parsing: "Retrun") }
    #expect(throws: KeySpecError.missingKey("Control+")) { try KeySpec(parsing: "Control+") }
  }

  @Test func fileBindsOverridesAndUnbinds() throws {
    var b = KeyBindings.standard
    try b.apply(
      contentsOf: """
        # my keys
        Control+Shift+z = redo
        Up = moveDown   # swapped
        Control+o = insertNewline, moveForward

        Control+t =
        Control+# = selectAll
        """, file: "keys.conf")
    #expect(
      b.actions(
        for: KeyEvent(
          keysym: Keysym(unicodeScalar: "Z"), characters: "\u{1a}", charactersIgnoringModifiers: "Z",
          modifierFlags: [.control, .shift])) == [.redo])
    #expect(b.actions(for: key(.up)) == [.moveDown])
    #expect(b.actions(for: control("o")) == [.insertNewline, .moveForward])
    #expect(b.actions(for: control("t")).isEmpty)
    #expect(b[KeySpec(character: "#", modifiers: .control)] == [.selectAll])
    #expect(b.actions(for: key(.down)) == [.moveDown])
  }

  @Test func standardActionNamesAreKnownBeforeAnyCodeTouchesThem() {
    // Nothing in the package or these tests mentions these constants before this lookup.
    #expect(Action.existing(named: "scrollLineUp")?.name == "scrollLineUp")
    #expect(Action.existing(named: "moveWordLeft")?.name == "moveWordLeft")
    #expect(Set(Action.standardSet).count == Action.standardSet.count)
  }

  @Test func fileMayNameActionsPassedAsAdditional() throws {
    var b = KeyBindings()
    let custom = Action("test.bindingOnly")
    try b.apply(contentsOf: "F2 = test.bindingOnly", additionalActions: [custom])
    #expect(b.actions(for: key(.f(2))) == [custom])
  }

  @Test(arguments: [
    ("Up = moveUp\nnonsense\n", 2, KeyBindingError.Problem.missingEquals("nonsense")),
    ("\n\nUp = moveUp\nSupr+a = copy", 4, .badKey(.unknownModifier("Supr"))),
    ("Retrun = insertNewline", 1, .badKey(.unknownKey("Retrun"))),
    ("Up = moveUp\nDown = moveDwon", 2, .unknownAction("moveDwon")),
    ("# only a comment\nF3 = copy, pasteIt", 2, .unknownAction("pasteIt")),
  ])
  func badFileNamesFileLineAndProblemAndChangesNothing(
    text: String, line: Int, problem: KeyBindingError.Problem
  ) {
    var b = KeyBindings.standard
    let before = b.table
    #expect(throws: KeyBindingError(file: "bad.keys", line: line, problem: problem)) {
      try b.apply(contentsOf: text, file: "bad.keys")
    }
    #expect(b.table == before)
  }

  @Test func errorDescriptionIsFileColonLineColonMessage() {
    var b = KeyBindings()
    do {
      try b.apply(
        contentsOf: "F1 = help\nF2 = nosuchaction", file: "/home/u/.keys", additionalActions: [Action("help")]
      )
      Issue.record("expected an error")
    } catch {
      #expect(error.description == "/home/u/.keys:2: unknown action \"nosuchaction\"")
    }
  }

  @Test func userBindingsChangeWhatTheApplicationDoesWithAKey() throws {
    let s = Scene()
    let mover = MoverView()
    s.inner.addSubview(mover)
    s.window.makeFirstResponder(mover)
    try s.app.keyBindings.apply(contentsOf: "F6 = moveUp, moveBackward")
    s.app.handle(.key(key(.f(6))))
    #expect(mover.moves == ["moveUp", "moveBackward"])
  }

  /// The lookup first tests a bit per hashed spec; every bound key must still be found,
  /// through its own spec and through its physical key, and an unbound one must not.
  @Test func everyBoundKeyIsFoundAndAnUnboundOneIsNot() throws {
    var bindings = KeyBindings.standard
    try bindings.apply(contentsOf: "Control+Shift+z = redo\nAlt+F5 = moveUp\nF7 = moveDown")
    #expect(bindings.table.count > 40)
    for (spec, actions) in bindings.table {
      let key = KeyEvent(keysym: spec.keysym, modifierFlags: spec.modifiers)
      #expect(KeySpec(key) == spec)
      #expect(bindings.actions(for: key) == actions, "\(spec)")
      var otherLayout = KeyEvent(keysym: Keysym(0x6c3), modifierFlags: spec.modifiers)  // Cyrillic_es
      otherLayout.baseLayoutKeysym = spec.keysym
      #expect(bindings.actions(for: otherLayout) == actions, "\(spec) on another layout")
    }
    bindings[KeySpec(keysym: .f(7), modifiers: [])] = []
    #expect(bindings.actions(for: KeyEvent(keysym: .f(7))).isEmpty)
    #expect(bindings.actions(for: KeyEvent(keysym: .f(8))).isEmpty)
  }
}
