import EventReplay
import Foundation
import ResponderKit
import TerminalHost
import TestSupport
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

  /// Feeds records one at a time, as a device delivers them, so each event is logged with
  /// the state it left; returns the view.
  func feed(_ presses: [KeyPress], layout: String) throws -> KeyLogView {
    var options = KeyViewerOptions()
    options.names = RuleNames(layout: layout)
    options.composeLocale = "en_US.UTF-8"
    let (app, decoder) = try KeyViewer.makeApplication(options, decodesDevice: true)
    let driver = HeadlessDriver(application: app, size: Size(width: 120, height: 24))
    for press in presses {
      for event in try #require(decoder).decode(press.record().bytes) { driver.send(.key(event)) }
    }
    return try #require(app.keyWindow?.rootView as? KeyLogView)
  }

  @Test func aDeviceKeyShowsEverythingXkbcommonKnowsAboutIt() throws {
    // Shift+A on us: KEY_LEFTSHIFT 42, KEY_A 30.
    let view = try feed(
      [.init(keyCode: 42, direction: .down), .init(keyCode: 30, direction: .down)], layout: "us")
    #expect(
      view.details == [
        "key <AC01> 30   keysyms [ A ]   with Caps Lock A   repeats yes",
        "utf8 41   utf32 U+0041   layout 0 \"English (US)\"   level 1",
        "consumed: xkb Shift+Lock   gtk Shift+Lock",
        "modifiers: depressed Shift   latched -   locked -   effective Shift",
        "layout: depressed 0   latched 0   locked 0   effective 0",
        "LEDs: -",
        "compose: accepted, nothing",
      ])
  }

  @Test func deviceKeysShowControlTextAsBytesLEDsAndComposeSequences() throws {
    // Control+2 types one NUL byte; Caps Lock lights its LED; on de, the dead circumflex
    // (<TLDE>, 41) starts a sequence that e (18) finishes as ê.
    let control = try feed(
      [.init(keyCode: 29, direction: .down), .init(keyCode: 3, direction: .down)], layout: "us")
    #expect(control.details.dropFirst().first?.hasPrefix("utf8 00   utf32 0   ") == true)
    // Like xkbcli interactive-evdev, a key is shown in the state it was pressed in: Caps
    // Lock's own press does not show its LED, the next key does.
    let caps = try feed(
      [
        .init(keyCode: 58, direction: .down), .init(keyCode: 58, direction: .up),
        .init(keyCode: 30, direction: .down),
      ], layout: "us")
    #expect(caps.details.first?.hasPrefix("key <AC01> 30   keysyms [ A ]   with Caps Lock A") == true)
    #expect(caps.details.contains("LEDs: Caps Lock"))
    #expect(caps.details.contains("modifiers: depressed -   latched -   locked Lock   effective Lock"))
    let dead = try feed(
      [.init(keyCode: 41, direction: .down), .init(keyCode: 41, direction: .up)], layout: "de")
    #expect(dead.details.last == "compose: accepted, composing")
    let composed = try feed(
      [
        .init(keyCode: 41, direction: .down), .init(keyCode: 41, direction: .up),
        .init(keyCode: 18, direction: .down),
      ], layout: "de")
    #expect(composed.details.last == "compose: accepted, composed \"ê\" ecircumflex")
  }

  @Test func terminalKeysShowTheirKeysymTextAndWhereTheKeymapHasThem() throws {
    var options = KeyViewerOptions()
    options.names = RuleNames(layout: "de")
    let (app, _) = try KeyViewer.makeApplication(options, decodesDevice: false)
    let driver = HeadlessDriver(application: app, size: Size(width: 120, height: 24))
    driver.type("€")
    let view = try #require(app.keyWindow?.rootView as? KeyLogView)
    #expect(view.details.first?.hasPrefix("keysym ") == true)
    #expect(view.details.contains { $0.hasPrefix("text e2 82 ac") })
    #expect(
      view.details.last
        == "on this layout: key <AD03> 18   layout 0 \"German\"   level 2   modifiers Mod5   repeats yes")
    #expect(driver.screenText.contains("last key"))
  }

  /// Runs KeyViewer with `environment` (shell assignments) and `arguments`, returning what it
  /// writes to stdout and stderr together.
  func runKeyViewer(_ environment: String, _ arguments: String) throws -> String {
    let path = TmuxSession.productPath("KeyViewer")
    return try TmuxSession.spawn([
      "sh", "-c", "unset XDG_CONFIG_HOME; \(environment) timeout 20 '\(path)' \(arguments) 2>&1",
    ])
  }

  @Test func xkbcommonNeverWritesToTheTerminalEvenAtDebugLevel() throws {
    // xkbcommon's own logger writes `xkbcommon: LEVEL: ...`; every line must come through
    // the package, into the error KeyViewer prints.
    let debug = try runKeyViewer("XKB_LOG_LEVEL=debug XKB_LOG_VERBOSITY=10", "--layout xx")
    #expect(debug.hasPrefix("KeyViewer: unknown layout \"xx\""))
    #expect(!debug.contains("xkbcommon:"))
    #expect(!debug.contains("XF86EmojiPicker"))
    let root = try runKeyViewer("XKB_CONFIG_ROOT=/nonexistent/xkb HOME=/nonexistent", "--layout us")
    #expect(root.hasPrefix("KeyViewer: xkbcommon could not create a context"))
    #expect(root.contains("/nonexistent/xkb"))
    #expect(!root.contains("xkbcommon:"))
  }

  @Test func aLayoutThatIsAFIFOIsRefusedInsteadOfBlocking() throws {
    let scratch = try ScratchDirectory("home")
    let home = scratch.url
    let symbols = home.appendingPathComponent(".config/xkb/symbols")
    try FileManager.default.createDirectory(at: symbols, withIntermediateDirectories: true)
    let fifo = symbols.appendingPathComponent("pipe").path
    try #require(mkfifo(fifo, 0o600) == 0)
    let output = try runKeyViewer("HOME='\(home.path)'", "--layout pipe")
    #expect(output.hasPrefix("KeyViewer: \"\(fifo)\" is a FIFO, not a regular file"))
  }

  @Test func unknownNamesAreShownAsWarningsAndRefusedWithStrict() throws {
    let options = try KeyViewerOptions(arguments: [
      "--model", "jp106", "--layout", "us", "--options", "foo:bar",
    ])
    let (app, _) = try KeyViewer.makeApplication(options, decodesDevice: false)
    let driver = HeadlessDriver(application: app, size: Size(width: 140, height: 12))
    #expect(
      driver.screenText.contains(
        "warning: unknown model \"jp106\"; unknown option \"foo:bar\" was ignored"))
    let strict = try KeyViewerOptions(arguments: ["--model", "jp106", "--layout", "us", "--strict"])
    #expect(throws: KeymapError(.unknownModel("jp106"))) {
      try KeyViewer.makeApplication(strict, decodesDevice: false)
    }
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
