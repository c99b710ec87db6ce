import EventReplay
import ResponderKit

extension CensusEntry {
  // Pointer events, tracking areas, text selection, the find bar and background work
  // (ResponderKit); the driver's mouse calls and idle waits (EventReplay).
  @MainActor static let interaction: [CensusEntry] = [
    // A screen selection is a plain value too: it keeps its points, and reading its cells and
    // text off the shown screen clamps them to the screen.
    CensusEntry("ResponderKit.ScreenSelection.anchor: Point", .stored) { stage, v in
      var selection = ScreenSelection(anchor: .zero, head: Point(x: 3, y: 3))
      selection.anchor = v
      _ = selection.text(in: stage.driver.screen)
      return selection.anchor
    },
    CensusEntry("ResponderKit.ScreenSelection.head: Point", .stored) { stage, v in
      var selection = ScreenSelection(anchor: .zero, head: Point(x: 3, y: 3))
      selection.head = v
      _ = selection.text(in: stage.driver.screen)
      return selection.head
    },
    CensusEntry("ResponderKit.ScreenSelection.init(anchor:head:) anchor: Point", .stored) { stage, v in
      let selection = ScreenSelection(anchor: v, head: Point(x: 3, y: 3))
      _ = selection.rows(in: stage.driver.screen)
      return selection.anchor
    },
    CensusEntry("ResponderKit.ScreenSelection.init(anchor:head:) head: Point", .stored) { stage, v in
      let selection = ScreenSelection(anchor: .zero, head: v)
      _ = selection.rows(in: stage.driver.screen)
      return selection.head
    },
    // A mouse sample is a plain value: it keeps its numbers, and delivering it to a view that
    // opens context menus, tracks hover and selects text must not trap on them.
    field(
      "ResponderKit.MouseSample.buttonNumber: Int", { censusMouse() }, \.buttonNumber),
    field("ResponderKit.MouseSample.location: Point", { censusMouse() }, \.location),
    field("ResponderKit.MouseSample.timestamp: TimeInterval", { censusMouse() }, \.timestamp),
    CensusEntry(
      "ResponderKit.MouseSample.init(buttonNumber:phase:location:modifierFlags:timestamp:) buttonNumber: Int",
      .stored
    ) { stage, v in
      stage.deliverMouse { MouseSample(buttonNumber: v, phase: $0, location: Point(x: 3, y: 2)) }.buttonNumber
    },
    CensusEntry(
      "ResponderKit.MouseSample.init(buttonNumber:phase:location:modifierFlags:timestamp:) location: Point",
      .stored
    ) { stage, v in
      stage.deliverMouse { MouseSample(buttonNumber: MouseSample.rightButton, phase: $0, location: v) }
        .location
    },
    CensusEntry(
      "ResponderKit.MouseSample.init(buttonNumber:phase:location:modifierFlags:timestamp:) timestamp: TimeInterval",
      .stored
    ) { stage, v in
      stage.deliverMouse {
        MouseSample(buttonNumber: 0, phase: $0, location: Point(x: 3, y: 2), timestamp: v)
      }.timestamp
    },
    // The area keeps its rectangle; hit-testing the pointer against it follows the geometry
    // rule where the pointer is (hover moves over it and around it).
    CensusEntry("ResponderKit.TrackingArea.init(rect:options:owner:userInfo:) rect: Rect", .stored) {
      stage, v in
      let view = stage.show(View())
      let area = TrackingArea(rect: v, options: [.mouseEnteredAndExited, .mouseMoved, .activeAlways])
      view.addTrackingArea(area)
      for x in [0.0, 3, 29, .nan, .infinity] { stage.driver.hover(x: x, y: 2) }
      _ = stage.driver.screen
      return area.rect
    },
    property(
      "ResponderKit.TextField.selectedRange: Range<Int>", .clamped(to: 0...5), { TextField(text: "hello") },
      \.selectedRange),
    property(
      "ResponderKit.TextView.selectedRange: Range<Int>", .clamped(to: 0...11),
      { TextView(text: "hello\nworld") }, \.selectedRange),
    argument("ResponderKit.TextView.scroll(by:) by: Int", Int.self, { TextView(text: censusLines) }) {
      view, v in
      view.scroll(by: v)
    },
    // The bar spans the screen's bottom row; a frame given to it is taken as a window's is.
    CensusEntry("ResponderKit.FindPanel.frame: Rect", .geometry) { stage, v in
      let view = stage.show(TextView(text: "find me"))
      guard let panel = FindPanel.show(for: view) else {
        stage.problem("no find bar opened")
        return nil
      }
      panel.frame = v
      stage.driver.type("me")
      _ = stage.driver.screen
      let frame = panel.frame
      panel.close()
      return frame
    },
    // The task sleeps on the virtual clock (a timer after `seconds`, under the timer rule);
    // the stage's later clock moves run it, an app with no task left is idle.
    call("ResponderKit.Application.sleep(for:) for: TimeInterval", Double.self) { stage, v in
      let application = stage.application
      application.startTask(named: "census sleep") { try? await application.sleep(for: v) }
      stage.driver.advance(by: 1)
    },

    // EventReplay's mouse calls.
    driverCall("EventReplay.HeadlessDriver.click(button:x:y:modifiers:) button: Int", Int.self) {
      $0.click(button: $1, x: 3, y: 2)
    },
    driverCall("EventReplay.HeadlessDriver.click(button:x:y:modifiers:) x: Double", Double.self) {
      $0.click(button: MouseSample.middleButton, x: $1, y: 2)
    },
    driverCall("EventReplay.HeadlessDriver.click(button:x:y:modifiers:) y: Double", Double.self) {
      $0.click(button: MouseSample.middleButton, x: 3, y: $1)
    },
    driverCall("EventReplay.HeadlessDriver.rightClick(x:y:modifiers:) x: Double", Double.self) {
      $0.rightClick(x: $1, y: 2)
    },
    driverCall("EventReplay.HeadlessDriver.rightClick(x:y:modifiers:) y: Double", Double.self) {
      $0.rightClick(x: 3, y: $1)
    },
    driverCall("EventReplay.HeadlessDriver.hover(x:y:) x: Double", Double.self) { $0.hover(x: $1, y: 2) },
    driverCall("EventReplay.HeadlessDriver.hover(x:y:) y: Double", Double.self) { $0.hover(x: 3, y: $1) },
    // The bound is only compared with the time waited (NaN and below 0 give up at once); the
    // waits are async, so HeadlessDriverIdleTests awaits them with these values and a busy
    // task, and the probe here starts one the stage's test leaves to run.
    field(
      "EventReplay.HeadlessDriver.NotIdleError.bound: TimeInterval",
      { HeadlessDriver.NotIdleError(busyTasks: ["census"], bound: 5) }, \.bound),
    CensusEntry("EventReplay.HeadlessDriver.NotIdleError.init(busyTasks:bound:) bound: TimeInterval", .stored)
    {
      _, v in HeadlessDriver.NotIdleError(busyTasks: [], bound: v).bound
    },
    call("EventReplay.HeadlessDriver.runUntilIdle(within:) within: TimeInterval", Double.self) { stage, v in
      let driver = stage.driver
      Task { @MainActor in try? await driver.runUntilIdle(within: v) }
    },
    call("EventReplay.HeadlessDriver.replaySettling(_:within:) within: TimeInterval", Double.self) {
      stage, v in
      let driver = stage.driver
      var recording = Recording()
      recording.append(.key(KeyEvent(keysym: .down, characters: "")), at: 1)
      Task { @MainActor in _ = try? await driver.replaySettling(recording, within: v) }
    },
  ]
}

/// A mouse sample at a cell of the stage's shown views.
func censusMouse() -> MouseSample {
  MouseSample(buttonNumber: MouseSample.rightButton, phase: .down, location: Point(x: 3, y: 2))
}

/// Forty lines, more than a view shows.
let censusLines = (1...40).map { "line \($0)" }.joined(separator: "\n")

extension CensusStage {
  /// Shows a selectable text view with a context menu, delivers the down, drag and up samples
  /// `make` gives for each phase, and returns the down one.
  func deliverMouse(_ make: (MousePhase) -> MouseSample) -> MouseSample {
    let view = show(TextView(text: censusLines))
    view.contextMenu = Menu(title: "census", items: [MenuItem(title: "Copy", action: .copy)])
    let down = make(.down)
    for phase in [MousePhase.down, .dragged, .moved, .up] {
      _ = driver.send(.mouse(phase == .down ? down : make(phase)))
    }
    driver.press("Escape")
    _ = driver.screen
    return down
  }
}
