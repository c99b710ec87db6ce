import Glibc
import ResponderKit
import Testing

@testable import TerminalHost

/// What the parser decodes reaches the application as the user meant it: kitty shortcuts
/// match the key typed or the key pressed (as UIKit's `UIKey.characters` and
/// `charactersIgnoringModifiers` let them), text-only events are typed text, and 0x08 erases.
@Suite @MainActor struct ParsedInputEndToEndTests {
  func decodedKey(_ input: String) -> KeyEvent? {
    guard case .event(.key(let key))? = decodeAll(input).first else { return nil }
    return key
  }

  @Test func keyCommandsMatchTheKeyTypedOrTheKeyPressed() throws {
    let shiftOne = try #require(decodedKey("\u{1b}[49:33;2u"))
    #expect(shiftOne.unshiftedKeysym == Keysym(0x31))
    #expect(KeyCommand(input: "!", action: .copy).matches(shiftOne))
    #expect(KeyCommand(input: "1", modifierFlags: .shift, action: .copy).matches(shiftOne))
    #expect(!KeyCommand(input: "1", modifierFlags: [.shift, .control], action: .copy).matches(shiftOne))
    let plainOne = try #require(decodedKey("\u{1b}[49u"))
    #expect(plainOne.unshiftedKeysym == nil)
    #expect(!KeyCommand(input: "!", action: .copy).matches(plainOne))
  }

  /// A text field, focused in a key window, fed with what `input` decodes to.
  func typeIntoField(_ input: String, parser: InputParser = InputParser()) -> String {
    let app = Application()
    let window = Window()
    let field = TextField(frame: Rect(x: 0, y: 0, width: 20, height: 1))
    window.rootView = field
    app.addWindow(window)
    window.makeKeyAndOrderFront()
    window.makeFirstResponder(field)
    for item in decodeAll(bytes(input), parser: parser) {
      guard case .event(let input) = item else { continue }
      app.handle(input)
    }
    return field.text
  }

  @Test func textOnlyEventsAreInsertedAsText() {
    #expect(typeIntoField("\u{1b}[0;;104:233u\u{1b}[0;;33u") == "hé!")
  }

  /// Control+H is `deleteBackward` in Cocoa's standard bindings, so 0x08 erases either way.
  @Test func controlHAndBackSpaceBothErase() {
    #expect(typeIntoField("abc\u{8}d\u{7f}") == "ab")
    var parser = InputParser()
    parser.reportsControlHAsBackSpace = true
    #expect(typeIntoField("abc\u{8}", parser: parser) == "ab")
  }

  /// The host reads the erase character from termios: ^H makes 0x08 the BackSpace key.
  @Test func theEraseCharacterDecidesWhat0x08Is() {
    var attributes = termios()
    withUnsafeMutableBytes(of: &attributes.c_cc) { $0[Int(VERASE)] = 0x08 }
    #expect(InputParser.erasesWithControlH(attributes))
    withUnsafeMutableBytes(of: &attributes.c_cc) { $0[Int(VERASE)] = 0x7f }
    #expect(!InputParser.erasesWithControlH(attributes))
  }
}
