import EventReplay
import ResponderKit
import TerminalHost
import Testing
import XKBKeyboard

@testable import KeyViewer

@Suite("KeyViewer")
@MainActor
struct KeyViewerTests {
  /// Press and release of each evdev key code, as a keyboard device reports them.
  func records(_ codes: [UInt32]) -> [UInt8] {
    var bytes: [UInt8] = []
    for code in codes {
      bytes += KeyPress(keyCode: code, direction: .down).record(seconds: 0, microseconds: 0).bytes
      bytes += KeyPress(keyCode: code, direction: .up).record(seconds: 0, microseconds: 0).bytes
    }
    return bytes
  }

  func decode(_ codes: [UInt32], layout: String) throws -> [KeyLogView.Entry] {
    var options = KeyViewerOptions()
    options.names = RuleNames(layout: layout)
    let (app, decoder) = try KeyViewer.makeApplication(options, decodesDevice: true)
    let driver = HeadlessDriver(application: app, size: Size(width: 100, height: 20))
    for event in try #require(decoder).decode(records(codes)) {
      driver.send(.key(event))
    }
    let view = try #require(app.keyWindow?.rootView as? KeyLogView)
    return view.entries
  }

  @Test func theSameKeyCodesGiveLayoutSpecificKeysymsOnUsAndDe() throws {
    // KEY_Y, KEY_Z, KEY_SEMICOLON: QWERTY versus QWERTZ.
    let us = try decode([21, 44, 39], layout: "us").filter { $0.phase == "down" }.map(\.keysym)
    let de = try decode([21, 44, 39], layout: "de").filter { $0.phase == "down" }.map(\.keysym)
    #expect(us == ["y", "z", "semicolon"])
    #expect(de == ["z", "y", "odiaeresis"])
  }

  @Test func aDeviceKeyShowsItsCodeLayoutAndKeyName() throws {
    let entries = try decode([30], layout: "de")
    #expect(
      entries.first
        == KeyLogView.Entry(
          phase: "down", keyCode: "30", keysym: "a", text: "a", modifiers: "—", layout: "German",
          compose: "—", whereOnLayout: "<AC01>"))
    #expect(entries.count == 2)
  }

  @Test func terminalKeysAreExplainedOnTheChosenLayout() throws {
    var options = KeyViewerOptions()
    options.names = RuleNames(layout: "de")
    let (app, _) = try KeyViewer.makeApplication(options, decodesDevice: false)
    let driver = HeadlessDriver(application: app, size: Size(width: 100, height: 8))
    driver.type("@")
    let view = try #require(app.keyWindow?.rootView as? KeyLogView)
    #expect(view.entries.first?.whereOnLayout == "AltGr+<AD01>")
    #expect(driver.screenText.contains("at              @"))
  }

  @Test func controlQQuits() throws {
    let (app, _) = try KeyViewer.makeApplication(KeyViewerOptions(), decodesDevice: false)
    let driver = HeadlessDriver(application: app)
    driver.press("Control+q")
    #expect(app.isTerminated)
  }

  @Test func badArgumentsNameTheArgument() {
    #expect(throws: CommandLineError(argument: "--layout", reason: "needs a value")) {
      try KeyViewerOptions(arguments: ["--layout"])
    }
    #expect(throws: CommandLineError(argument: "--bogus", reason: "unknown option")) {
      try KeyViewerOptions(arguments: ["--bogus"])
    }
    #expect(throws: CommandLineError(argument: "--grab", reason: "only with --evdev")) {
      try KeyViewerOptions(arguments: ["--grab"])
    }
  }
}
