import Foundation
import ResponderKit
import Testing

@testable import EventReplay

/// A click on a linked label inside the app is an action the app handles (issue 38).
@Suite("Link clicks")
@MainActor
struct LinkClickTests {
  final class LinkHandler: View {
    var opened: [String] = []
    override class var actionTable: ActionTable { actions }
    static let actions = ActionTable(LinkHandler.self) {
      $0.add(.openLink) { handler, sender in
        if let url = (sender as? Label)?.style.link?.url { handler.opened.append(url) }
      }
    }
  }

  @Test func aClickOnALinkedLabelSendsOpenLinkUpTheChain() {
    let app = Application()
    let window = Window()
    let root = LinkHandler()
    let label = Label(frame: Rect(x: 2, y: 1, width: 10, height: 1), text: "the docs")
    label.style.link = Hyperlink("https://example.org/docs")
    let plain = Label(frame: Rect(x: 2, y: 3, width: 10, height: 1), text: "no link")
    root.addSubview(label)
    root.addSubview(plain)
    window.rootView = root
    app.addWindow(window)
    window.makeKeyAndOrderFront()
    window.makeFirstResponder(nil)
    let driver = HeadlessDriver(application: app, size: Size(width: 20, height: 5))
    driver.tap(x: 4, y: 1)
    driver.tap(x: 4, y: 3)
    driver.drag(from: Point(x: 4, y: 1), to: Point(x: 15, y: 4))  // lifted outside: no click
    #expect(root.opened == ["https://example.org/docs"])
    #expect(driver.screen[4, 1].style.link?.url == "https://example.org/docs")
  }
}

extension LinkClickTests {
  @Test func aTextViewsStyleLinkIsDrawnIntoItsCells() {
    let app = Application()
    let window = Window()
    let text = TextView(frame: Rect(x: 0, y: 0, width: 20, height: 2))
    text.text = "linked"
    text.style.link = Hyperlink("https://example.org/text")
    window.rootView = text
    app.addWindow(window)
    window.makeKeyAndOrderFront()
    let driver = HeadlessDriver(application: app, size: Size(width: 20, height: 2))
    #expect(driver.screen[0, 0].style.link?.url == "https://example.org/text")
    #expect(driver.screen[5, 0].style.link?.url == "https://example.org/text")
  }
}
