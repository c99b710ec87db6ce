import Foundation
import ResponderKit
import Testing

@testable import EventReplay

/// Pointer shapes of tracking areas (AppKit's cursorUpdate/NSCursor idea): the innermost area
/// under the pointer with a shape sets it, and the host hears each change once.
@MainActor
@Suite struct PointerShapeTests {
  @Test func theInnermostAreaWithAShapeSetsThePointerAndLeavingGivesTheDefaultBack() {
    let app = Application()
    let window = Window(frame: Rect(x: 0, y: 0, width: 20, height: 5))
    let root = View(frame: window.frame)
    let link = View(frame: Rect(x: 2, y: 1, width: 6, height: 1))
    let plain = View(frame: Rect(x: 10, y: 1, width: 6, height: 1))
    window.rootView = root
    root.addSubview(link)
    root.addSubview(plain)
    app.addWindow(window)
    window.makeKeyAndOrderFront()
    let text = TrackingArea(rect: .zero, options: [.mouseEnteredAndExited, .activeAlways, .inVisibleRect])
    text.pointerShape = .iBeam
    root.addTrackingArea(text)
    let hand = TrackingArea(rect: .zero, options: [.mouseEnteredAndExited, .activeAlways, .inVisibleRect])
    hand.pointerShape = .pointingHand
    link.addTrackingArea(hand)
    plain.addTrackingArea(TrackingArea(rect: .zero, options: [.mouseMoved, .activeAlways, .inVisibleRect]))
    var heard: [String] = []
    app.pointerShapeHandler = { heard.append($0?.cssName ?? "nil") }
    let driver = HeadlessDriver(application: app, size: Size(width: 20, height: 5))
    driver.hover(x: 0, y: 0)
    #expect(app.pointerShape == .iBeam)
    driver.hover(x: 3, y: 1)
    #expect(app.pointerShape == .pointingHand, "the link's area is inside the root's")
    driver.hover(x: 4, y: 1)
    driver.hover(x: 11, y: 1)
    #expect(app.pointerShape == .iBeam, "an area with no shape leaves the outer one's")
    driver.hover(x: 25, y: 9)
    #expect(app.pointerShape == nil)
    #expect(heard == ["text", "pointer", "text", "nil"], "one call per change")
  }
}
