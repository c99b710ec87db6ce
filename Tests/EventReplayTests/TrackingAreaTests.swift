import Foundation
import ResponderKit
import Testing

@testable import EventReplay

extension Action {
  fileprivate static let hoverFirst = Action("test.hoverFirst")
  fileprivate static let hoverSecond = Action("test.hoverSecond")
}

/// Logs the tracking messages it gets as the owner of its areas, by area name.
@MainActor
final class HoverLog: View {
  /// The lines of one test's views.
  final class Journal {
    var lines: [String] = []
  }
  let name: String
  let journal: Journal
  init(_ name: String, frame: Rect, journal: Journal) {
    self.name = name
    self.journal = journal
    super.init(frame: frame)
  }
  private func note(_ what: String, _ event: Event) {
    let area = event.trackingArea?.userInfo?["name"] as? String ?? "?"
    let p = event.location(in: self) ?? .zero
    journal.lines.append("\(name) \(what) \(area) at \(Int(p.x)),\(Int(p.y))")
  }
  override func mouseEntered(with event: Event) { note("entered", event) }
  override func mouseExited(with event: Event) { note("exited", event) }
  override func mouseMoved(with event: Event) { note("moved", event) }

  @discardableResult
  func track(
    _ name: String, _ options: TrackingArea.Options = [.mouseEnteredAndExited, .activeInKeyWindow],
    rect: Rect? = nil
  ) -> TrackingArea {
    let area = TrackingArea(rect: rect ?? bounds, options: options, userInfo: ["name": name])
    addTrackingArea(area)
    return area
  }
}

/// Tracking areas deliver mouseEntered/Exited/Moved by AppKit's rules (NSTrackingArea,
/// NSResponder): areas are independent (nested and overlapping areas each report), exits come
/// before entries, moves only for areas that ask, only active areas of the window under the
/// pointer (issue 38).
@Suite("Tracking areas and hover")
@MainActor
struct TrackingAreaTests {
  let driver: HeadlessDriver
  let window: Window
  let journal = HoverLog.Journal()
  let outer: HoverLog
  let inner: HoverLog
  let sibling: HoverLog

  init() {
    outer = HoverLog("outer", frame: Rect(x: 2, y: 2, width: 20, height: 10), journal: journal)
    inner = HoverLog("inner", frame: Rect(x: 4, y: 2, width: 6, height: 3), journal: journal)
    sibling = HoverLog("sibling", frame: Rect(x: 8, y: 3, width: 10, height: 4), journal: journal)
    let app = Application()
    window = Window()
    let root = View()
    root.addSubview(outer)
    outer.addSubview(inner)
    outer.addSubview(sibling)  // over part of inner
    window.rootView = root
    app.addWindow(window)
    window.makeKeyAndOrderFront()
    driver = HeadlessDriver(application: app, size: Size(width: 40, height: 20))
  }

  @Test func nestedAreasEnterOutsideInAndExitInsideOut() {
    outer.track("outer")
    inner.track("inner")
    driver.hover(x: 0, y: 0)
    driver.hover(x: 3, y: 3)  // outer only
    driver.hover(x: 7, y: 4)  // inner too
    driver.hover(x: 3, y: 3)
    driver.hover(x: 30, y: 15)
    #expect(
      journal.lines == [
        "outer entered outer at 1,1", "inner entered inner at 1,0", "inner exited inner at -3,-1",
        "outer exited outer at 28,13",
      ])
  }

  @Test func leavingStraightIntoAnotherAreaExitsBeforeEntering() {
    outer.track("outer")
    inner.track("inner")
    driver.hover(x: 7, y: 4)
    journal.lines = []
    driver.hover(x: 30, y: 15)
    #expect(journal.lines == ["inner exited inner at 24,11", "outer exited outer at 28,13"])
  }

  @Test func overlappingAreasEachReportEvenWhereOneViewCoversTheOther() {
    inner.track("inner")
    sibling.track("sibling")
    driver.hover(x: 6, y: 4)  // inner only
    driver.hover(x: 11, y: 6)  // under the sibling too (inner is below it)
    driver.hover(x: 16, y: 8)  // sibling only
    #expect(
      journal.lines == [
        "inner entered inner at 0,0", "sibling entered sibling at 1,1", "inner exited inner at 10,4",
      ])
  }

  @Test func onlyAreasThatAskForMovesGetThem() {
    outer.track("outer")
    inner.track("inner", [.mouseMoved, .activeInKeyWindow])
    driver.hover(x: 7, y: 4)
    driver.hover(x: 8, y: 4)
    #expect(
      journal.lines == [
        "outer entered outer at 5,2", "inner moved inner at 1,0", "inner moved inner at 2,0",
      ])
  }

  @Test func theOwnerGetsTheEventsOfAnAreaItDidNotAdd() {
    let area = TrackingArea(
      rect: inner.bounds, options: [.mouseEnteredAndExited, .activeAlways], owner: sibling,
      userInfo: ["name": "lent"])
    inner.addTrackingArea(area)
    driver.hover(x: 7, y: 4)
    #expect(journal.lines == ["sibling entered lent at -3,-1"])
  }

  @Test func aRectInsideTheViewIsTrackedAloneAndInVisibleRectFollowsTheBounds() {
    outer.track("corner", rect: Rect(x: 0, y: 0, width: 2, height: 1))
    inner.track("bounds", [.mouseEnteredAndExited, .activeAlways, .inVisibleRect], rect: .zero)
    driver.hover(x: 3, y: 2)
    driver.hover(x: 5, y: 2)
    inner.frame = Rect(x: 4, y: 2, width: 12, height: 3)
    driver.hover(x: 17, y: 4)
    #expect(
      journal.lines == [
        "outer entered corner at 1,0", "outer exited corner at 3,0", "inner entered bounds at 11,0",
      ])
  }

  @Test func activeInKeyWindowAreasAreQuietWhenTheWindowIsNotKey() {
    outer.track("key only")
    inner.track("always", [.mouseEnteredAndExited, .activeAlways])
    let other = Window(frame: Rect(x: 30, y: 0, width: 10, height: 5))
    other.placement = .fixed
    other.rootView = View()
    driver.application.addWindow(other)
    other.makeKeyAndOrderFront()
    driver.hover(x: 7, y: 4)
    #expect(driver.application.keyWindow === other)
    #expect(journal.lines == ["inner entered always at 1,0"])
  }

  @Test func hiddenViewsAndCoveredWindowsDoNotTrack() {
    inner.track("inner")
    inner.isHidden = true
    driver.hover(x: 7, y: 4)
    inner.isHidden = false
    let cover = Window(frame: Rect(x: 0, y: 0, width: 40, height: 20))
    cover.rootView = View()
    driver.application.addWindow(cover)
    cover.orderFront()
    driver.hover(x: 7, y: 5)
    #expect(journal.lines.isEmpty)
  }

  @Test func theHostIsToldWhileAnyViewTracks() {
    let before = TrackingArea.isPointerTracked
    let area = inner.track("inner")
    #expect(TrackingArea.isPointerTracked)
    inner.removeTrackingArea(area)
    #expect(TrackingArea.isPointerTracked == before)
    #expect(inner.trackingAreas.isEmpty && area.view == nil)
  }

  @Test func hoverMovesRecordAndReplay() throws {
    outer.track("outer")
    driver.hover(x: 3, y: 3)
    driver.hover(x: 30, y: 15)
    let text = driver.recording.text
    #expect(text.contains("mouse none moved 3 3\n"))
    let again = TrackingAreaTests()
    again.outer.track("outer")
    again.driver.replay(try Recording(parsing: text))
    #expect(again.journal.lines == journal.lines)
    #expect(journal.lines.count == 2)
  }

  @Test func aMoveNeedsNoButtonAndAButtonNeedsAPhase() {
    let error = #expect(throws: RecordingError.self) {
      try Recording(parsing: "responderkit-recording 2\n0.1 mouse right moved 1 1\n")
    }
    #expect(error?.field == "phase")
  }

  /// The hover style of menus: the item under the pointer is the highlighted one.
  @Test func hoveringAPopupMenuHighlightsTheItemUnderThePointer() {
    final class Performer: View {
      var log: [String] = []
      override var canBecomeFirstResponder: Bool { true }
      override class var actionTable: ActionTable { actions }
      static let actions = ActionTable(Performer.self) {
        $0.add(.hoverFirst) { $0.log.append("first") }
        $0.add(.hoverSecond) { $0.log.append("second") }
      }
    }
    let performer = Performer(frame: Rect(x: 0, y: 0, width: 1, height: 1))
    outer.addSubview(performer)
    window.makeFirstResponder(performer)
    let menu = Menu(items: [
      MenuItem(title: "First", action: .hoverFirst), MenuItem(title: "Second", action: .hoverSecond),
    ])
    #expect(menu.popUp(at: Point(x: 10, y: 10), in: window.rootView!))
    #expect(TrackingArea.isPointerTracked, "an open popup follows the pointer")
    driver.hover(x: 14, y: 12)  // on Second
    driver.press("Return")
    #expect(performer.log == ["second"])
  }
}

/// The hover style of buttons: underlined while the pointer is over one that asks for it.
@Suite("Button hover style")
@MainActor
struct ButtonHoverTests {
  @Test func aButtonThatHighlightsOnHoverIsUnderlinedWhileThePointerIsOverIt() {
    let app = Application()
    let window = Window()
    let root = View()
    let button = Button(frame: Rect(x: 2, y: 1, width: 8, height: 1), title: "OK")
    root.addSubview(button)
    window.rootView = root
    app.addWindow(window)
    window.makeKeyAndOrderFront()
    let driver = HeadlessDriver(application: app, size: Size(width: 20, height: 4))
    let underlined = { driver.screen[3, 1].style.attributes.contains(.underline) }
    driver.hover(x: 4, y: 1)
    #expect(!underlined(), "off by default")
    button.highlightsOnHover = true
    driver.hover(x: 5, y: 1)
    #expect(button.isHovered && underlined())
    driver.hover(x: 15, y: 3)
    #expect(!button.isHovered && !underlined())
    button.highlightsOnHover = false
    #expect(button.trackingAreas.isEmpty)
  }
}
