import EventReplay
import Foundation
import ResponderKit
import TerminalHost
import Testing

@testable import TouchLab

@Suite("TouchLab")
@MainActor
struct TouchLabTests {
  static let sampleDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Samples/TouchLab")

  func launch() -> (HeadlessDriver, LabViewController) {
    let (app, lab) = TouchLab.makeApplication()
    return (HeadlessDriver(application: app, size: Size(width: 80, height: 24)), lab)
  }

  func touch(_ driver: HeadlessDriver, _ phase: TouchPhase, _ x: Double, _ y: Double, id: Int = 0) {
    driver.send(.touches([TouchSample(id: id, phase: phase, location: Point(x: x, y: y))]))
  }

  @Test func aDragOutOfTheButtonAndBackInLogsEachDispatch() {
    let (driver, lab) = launch()
    touch(driver, .began, 15, 2)
    touch(driver, .moved, 16, 2)
    touch(driver, .moved, 30, 2)
    touch(driver, .moved, 31, 2)
    touch(driver, .moved, 16, 2)
    touch(driver, .ended, 16, 2)
    #expect(
      lab.log.entries.map(\.line) == [
        "Button     touchDown",
        "Button     touchDragInside",
        "Button     touchDragOutside|touchDragExit",
        "Button     touchDragOutside",
        "Button     touchDragInside|touchDragEnter",
        "Button     touchUpInside|primaryActionTriggered",
        "Button       ↳ buttonPressed → target: LabViewController (via responder chain)",
      ])
    #expect(driver.screenText.contains("Button     touchDragOutside|touchDragExit"))
  }

  @Test func aDragThatEndsOutsideSendsNoAction() {
    let (driver, lab) = launch()
    driver.drag(from: Point(x: 15, y: 2), to: Point(x: 40, y: 2), steps: 2)
    #expect(lab.log.events(of: "Button").last == "touchUpOutside")
    #expect(!lab.log.entries.contains { $0.kind == .action })
  }

  @Test func explicitTargetsAndChainTargetsAreToldApart() {
    let (driver, lab) = launch()
    driver.tap(x: 13, y: 3)  // the switch: explicit target, this controller
    driver.drag(from: Point(x: 14, y: 5), to: Point(x: 20, y: 5), steps: 3)  // Slider B: explicit observer
    let actions = lab.log.entries.filter { $0.kind == .action }.map(\.line)
    #expect(
      actions == [
        "Switch       ↳ switchFlipped → target: LabViewController (explicit)",
        "Slider B     ↳ sliderSettled → target: SliderObserver (explicit)",
      ])
    // The non-continuous slider reports its value once, with the touch-up.
    #expect(
      lab.log.events(of: "Slider B").filter { $0.contains("valueChanged") } == ["touchUpInside|valueChanged"])
    #expect(driver.screenText.contains("Switch     [✓] Lights             on") || lab.lightSwitch.isOn)
  }

  @Test func theGhostButtonShowsItsActionDropped() {
    let (driver, lab) = launch()
    driver.tap(x: 14, y: 9)
    #expect(
      lab.log.entries.map(\.line).suffix(2) == [
        "Ghost      touchUpInside|primaryActionTriggered",
        "Ghost        ✗ ghostTapped dropped: target is gone (didDropActionNotification)",
      ])
    // The registration went with its target: a second tap sends nothing to drop.
    driver.tap(x: 14, y: 9)
    #expect(lab.log.entries.filter { $0.kind == .drop }.count == 1)
  }

  @Test func theTwoFingerRecordingDrivesTwoControlsAtOnce() throws {
    let recording = try Recording(contentsOf: Self.sampleDirectory.appendingPathComponent("two-finger.rkrec"))
    let (driver, lab) = launch()
    driver.replay(recording)
    #expect(
      lab.log.events(of: "Button") == [
        "touchDown", "touchDragInside", "touchDragInside", "touchDragInside",
        "touchUpInside|primaryActionTriggered",
      ])
    let slider = lab.log.events(of: "Slider A")
    #expect(slider.first == "touchDown|valueChanged")
    #expect(slider.last == "touchUpInside")
    #expect(lab.continuousSlider.value > 0.8)
    // Both fingers were down together: the slider moved between the button's down and up.
    let lines = lab.log.entries.map(\.line)
    let buttonDown = try #require(lines.firstIndex(of: "Button     touchDown"))
    let buttonUp = try #require(lines.firstIndex(of: "Button     touchUpInside|primaryActionTriggered"))
    #expect(lines[buttonDown..<buttonUp].contains { $0.hasPrefix("Slider A   touchDragInside") })
    #expect(lines.contains("Slider A     ↳ sliderMoved → target: LabViewController (via responder chain)"))
  }

  @Test func theScreenLooksAsExpected() {
    let (driver, _) = launch()
    driver.tap(x: 15, y: 2)
    driver.tap(x: 13, y: 3)
    driver.tap(x: 14, y: 9)
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Snapshots/TouchLab.txt")
    if let mismatch = Snapshot.compare(driver.screenText, toFileAt: file) {
      Issue.record("\(mismatch)")
    }
  }

  @Test func theLogScrollsBackWithTheWheelAndReturnsOnNewEntries() {
    let (driver, lab) = launch()
    for _ in 0..<10 { driver.tap(x: 15, y: 2) }
    let newest = "Button       ↳ buttonPressed → target: LabViewController (via responder chain)"
    // The log's rows end where the action trace's begin.
    func logEndsWithNewest() -> Bool {
      let text = driver.screenText
      let log = text.range(of: "─ Action trace").map { text[..<$0.lowerBound] } ?? text[...]
      return log.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix(newest)
    }
    #expect(logEndsWithNewest())
    driver.scroll(x: 10, y: 13, dy: -5)
    #expect(!logEndsWithNewest())
    #expect(driver.screenText.contains("5 back"))
    driver.tap(x: 15, y: 2)
    #expect(logEndsWithNewest())
    #expect(lab.log.entries.count == 33)
  }

  @Test func theHostTakesItsOptionsAndTouchLabRejectsTheRest() throws {
    let (host, rest) = try HostOptions.extract(from: ["--replay", "a.rkrec", "--record=b.rkrec"])
    #expect(host.replayURL?.lastPathComponent == "a.rkrec")
    #expect(host.recordURL?.lastPathComponent == "b.rkrec")
    #expect(rest.isEmpty)
    #expect(try TouchLab.parseOptions(rest) == false)
    #expect(try TouchLab.parseOptions(["--gestures"]))
    #expect(throws: CommandLineError(argument: "--record", reason: "needs a file path")) {
      try HostOptions.extract(from: ["--record"])
    }
    #expect(throws: CommandLineError(argument: "--fast", reason: "unknown option")) {
      try TouchLab.parseOptions(HostOptions.extract(from: ["--fast", "--replay", "a"]).rest)
    }
  }

  @Test func theRecorderTimesInputsFromTheFirstOne() {
    let recorder = SessionRecorder(
      writingTo: URL(fileURLWithPath: "/dev/null"), screenSize: Size(width: 80, height: 24))
    recorder.record(.touches([TouchSample(id: 0, phase: .began, location: Point(x: 1, y: 2), timestamp: 50)]))
    recorder.record(
      .touches([TouchSample(id: 0, phase: .ended, location: Point(x: 1, y: 2), timestamp: 50.25)]))
    #expect(recorder.recording.entries.map(\.time) == [0, 0.25])
    #expect(recorder.recording.text.contains("0.250 touch 0 ended 1 2"))
  }

  @Test func restampingChangesOnlyTheTime() {
    let input = InputEvent.touches([
      TouchSample(id: 1, phase: .moved, location: Point(x: 3, y: 4), timestamp: 0.5)
    ])
    let moved = input.restamped(at: 99)
    #expect(moved.timestamp == 99)
    #expect(moved.restamped(at: 0.5) == input)
  }
}

@Suite("TouchLab keys")
@MainActor
struct TouchLabKeyTests {
  @Test func controlQQuitsAndControlLClearsFromLaunch() {
    let (app, lab) = TouchLab.makeApplication()
    let driver = HeadlessDriver(application: app, size: Size(width: 80, height: 24))
    driver.tap(x: 15, y: 2)
    #expect(!lab.log.entries.isEmpty)
    driver.press("Control+l")
    #expect(lab.log.entries.isEmpty)
    driver.press("Control+q")
    #expect(app.isTerminated)
  }
}

/// TouchLab shows the pointer live: the other buttons with their place and modifiers, the
/// pointer entering and leaving each control, and the log's context menu (issue 38).
@Suite("TouchLab pointer events")
@MainActor
struct TouchLabPointerTests {
  @Test func rightAndMiddleClicksAndHoverAreLogged() {
    let (app, lab) = TouchLab.makeApplication()
    let driver = HeadlessDriver(application: app, size: Size(width: 80, height: 24))
    driver.rightClick(x: 15, y: 2, modifiers: .shift)
    driver.click(button: MouseSample.middleButton, x: 60, y: 20)
    driver.hover(x: 15, y: 2)
    driver.hover(x: 13, y: 3)
    let pointer = lab.log.entries.filter { $0.kind == .pointer }.map(\.line)
    #expect(
      pointer == [
        "Pointer    right down at 15,2 (Shift) over Button",
        "Pointer    right up at 15,2 (Shift) over Button",
        "Pointer    button 2 down at 60,20", "Pointer    button 2 up at 60,20", "Pointer    entered Button",
        "Pointer    exited Button", "Pointer    entered Switch",
      ])
    #expect(driver.screenText.contains("Pointer    entered Switch"))
  }

  @Test func theLogsContextMenuClearsIt() {
    let (app, lab) = TouchLab.makeApplication()
    let driver = HeadlessDriver(application: app, size: Size(width: 80, height: 24))
    driver.tap(x: 15, y: 2)
    #expect(!lab.log.entries.isEmpty)
    driver.rightClick(x: 5, y: 14)
    #expect(driver.screenText.contains("Clear Log"))
    driver.press("Return")
    #expect(lab.log.entries.isEmpty)
  }
}
