import Glibc
import ResponderKit
import Testing

@testable import TerminalHost

/// What the kitty protocol says reaches the application whole: shortcuts match the key
/// typed or the key pressed (as UIKit's `UIKey.characters` and `charactersIgnoringModifiers`
/// let them), and text-only events are typed text.
@Suite @MainActor struct KittyKeyEndToEndTests {
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

  @Test func textOnlyEventsAreInsertedAsText() {
    let app = Application()
    let window = Window()
    let field = TextField(frame: Rect(x: 0, y: 0, width: 20, height: 1))
    window.rootView = field
    app.addWindow(window)
    window.makeKeyAndOrderFront()
    window.makeFirstResponder(field)
    for item in decodeAll("\u{1b}[0;;104:233u\u{1b}[0;;33u") {
      guard case .event(let input) = item else { continue }
      app.handle(input)
    }
    #expect(field.text == "hé!")
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
