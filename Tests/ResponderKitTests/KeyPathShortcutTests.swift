import Testing

@testable import ResponderKit

/// A view that records the keys that reach it and passes them on.
@MainActor
private final class PassingKeyRecorder: View {
  var downs: [String] = []
  var ups = 0
  override func keyDown(with event: KeyEvent) {
    downs.append(event.characters)
    super.keyDown(with: event)
  }
  override func keyUp(with event: KeyEvent) {
    ups += 1
    super.keyUp(with: event)
  }
}

/// A view that offers one key command.
@MainActor
private final class KeyCommandView: View {
  var performed = 0
  override var keyCommands: [KeyCommand] {
    [KeyCommand(input: "k", modifierFlags: .control, action: .shortcutTest)]
  }
  override class var actionTable: ActionTable { table }
  private static let table = ActionTable(KeyCommandView.self, inheriting: View.actionTable) {
    $0.add(.shortcutTest) { $0.performed += 1 }
  }
}

/// Focusable, handles nothing.
@MainActor
private final class PlainFocusView: View {
  override var canBecomeFirstResponder: Bool { true }
}

/// Remembers the key that ended the chain, and the event objects it sent.
@MainActor
private final class KeyChainEnd: Application {
  var unhandled: [String] = []
  var sent: [ObjectIdentifier] = []
  var kept: [Event] = []
  var keeping = false
  override func noResponder(forKeyDown event: KeyEvent) { unhandled.append(event.characters) }
  override func sendEvent(_ event: Event) {
    sent.append(ObjectIdentifier(event))
    if keeping { kept.append(event) }
    super.sendEvent(event)
  }
}

extension Action {
  fileprivate static let shortcutTest = Action("keyPathShortcutTests.test")
}

/// The key path passes over responders that keep the default `keyDown`, `keyUp` and
/// `keyCommands`; what every responder sees must be what level-by-level passing gives.
@MainActor
struct KeyPathShortcutTests {
  /// A chain: plain views, a recorder in the middle, a key-command view above it, plain views
  /// again, the focus at the bottom.
  private func chain(app: Application) -> (
    window: Window, recorder: PassingKeyRecorder, commands: KeyCommandView
  ) {
    let window = Window(frame: Rect(x: 0, y: 0, width: 20, height: 5))
    let root = View()
    let commands = KeyCommandView()
    let recorder = PassingKeyRecorder()
    var parent: View = root
    for view in [View(), commands, View(), recorder, View(), View()] {
      parent.addSubview(view)
      parent = view
    }
    let focus = PlainFocusView()
    parent.addSubview(focus)
    window.rootView = root
    app.addWindow(window)
    window.makeKeyAndOrderFront()
    #expect(window.makeFirstResponder(focus))
    return (window, recorder, commands)
  }

  @Test func keysReachTheRespondersThatOverrideTheirMethodsPastPlainOnes() {
    let app = KeyChainEnd()
    let (_, recorder, commands) = chain(app: app)
    app.handle(.key(.character("x")))
    app.handle(.key(KeyEvent(keysym: Keysym(unicodeScalar: "x"), characters: "x", phase: .up)))
    #expect(recorder.downs == ["x"])
    #expect(recorder.ups == 1)
    // Past the recorder, the window's key bindings have nothing for "x": the chain ends.
    #expect(app.unhandled == ["x"])
    app.handle(
      .key(
        KeyEvent(
          keysym: Keysym(unicodeScalar: "k"), characters: "\u{b}", charactersIgnoringModifiers: "k",
          modifierFlags: .control)))
    #expect(commands.performed == 1, "a key command of a class in the middle of the chain is found")
    #expect(recorder.downs == ["x"], "a key command takes the key before keyDown")
  }

  @Test func aTraceStillSeesEveryResponderPassTheKeyOn() throws {
    let app = KeyChainEnd()
    _ = chain(app: app)
    app.actionTrace = ActionTrace(capacity: 10)
    app.handle(.key(.character("x")))
    let text = try #require(app.actionTrace?.last).text
    #expect(text.components(separatedBy: "passes keyDown on").count - 1 >= 7)
  }

  @Test func keyEventObjectsAreReusedUnlessTheAppKeepsThem() {
    let app = KeyChainEnd()
    _ = chain(app: app)
    app.handle(.key(.character("a")))
    app.handle(.key(.character("b")))
    #expect(app.sent[0] == app.sent[1], "nothing kept the first event: its object is reused")
    app.keeping = true
    app.handle(.key(.character("c")))
    app.handle(.key(.character("d")))
    #expect(app.kept.map { $0.key?.characters } == ["c", "d"])
    #expect(app.kept[0] !== app.kept[1], "a kept event keeps its key")
  }

  @Test func asciiKeySpecsNormaliseAsUnicodeCaseMappingDoes() {
    for value in UInt32(0x21)...0x7e {
      let scalar = Unicode.Scalar(value)!
      for shift in [false, true] {
        let spec = KeySpec(keysym: Keysym(unicodeScalar: scalar), modifiers: shift ? .shift : [])
        // The general rule, on Unicode's own answers: lower-case letters with Shift, other
        // characters carry their Shift inside.
        let lower = Character(scalar).lowercased()
        let expectedScalar = lower.unicodeScalars.first!
        let expectedShift = lower != String(Character(scalar)) || (shift && scalar.properties.isAlphabetic)
        #expect(spec.keysym == Keysym(unicodeScalar: expectedScalar), "\(scalar)")
        #expect(spec.modifiers == (expectedShift ? .shift : []), "\(scalar) shift \(shift)")
      }
    }
  }

  @Test func packedTextsAnswerAsTheirStringsDo() {
    let texts = [
      "", "a", "Z", " ", "\u{1}", "\u{7f}", "é", "€", "😀", "e\u{301}", "ab", "\u{85}", "toolongtext",
    ]
    for text in texts {
      let packed = KeyText(characters: text, charactersIgnoringModifiers: text)
      let scalars = text.unicodeScalars
      #expect(
        packed.charactersArePrintable
          == (!text.isEmpty && scalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7f }), "\(text)")
      #expect(packed.scalarIgnoringModifiers == (scalars.count == 1 ? scalars.first : nil), "\(text)")
    }
  }
}
