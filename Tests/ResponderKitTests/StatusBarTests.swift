import Observation
import Testing

@testable import ResponderKit

@Observable @MainActor
private final class Progress {
  var message = ""
  var count = 0
  var summary: String { "\(count) files" }
}

/// A root view that answers the action a status bar item sends (nil target: up the chain).
@MainActor
private final class HelpRoot: View {
  static let help = Action("statusBarTestHelp")
  var helps = 0
  override class var actionTable: ActionTable { table }
  private static let table = ActionTable(HelpRoot.self, inheriting: View.actionTable) {
    $0.add(HelpRoot.help) { $0.helps += 1 }
  }
}

@MainActor
struct StatusBarTests {
  let harness = ControlHarness(screen: Size(width: 40, height: 3))
  let bar = StatusBar(frame: Rect(x: 0, y: 2, width: 40, height: 1))
  let message = StatusBarItem(title: "")

  init() {
    harness.add(bar)
    bar.items = [
      StatusBarItem(key: "F1", title: "keys"), StatusBarItem(key: "^Q", title: "quit"), .flexibleSpace(),
      message,
    ]
  }

  /// The bar's row, as text (the screen's text leaves out trailing blanks).
  private var line: String { harness.rows(3)[2] }

  @Test func hintsStartOneInTwoApartAndTheMessageEndsOneBeforeTheEdge() {
    #expect(line == " F1 keys  ^Q quit")
    message.title = "Saved"
    #expect(line == " F1 keys  ^Q quit" + String(repeating: " ", count: 17) + "Saved")
    #expect(message.frame.maxX == 39, "one column before the edge")
    let screen = harness.app.renderScreen()
    #expect(screen[1, 2].style.attributes == [.reverse, .bold])  // the key
    #expect(screen[4, 2].style.attributes == .reverse)  // its action
    #expect(screen[39, 2].style.attributes == .reverse)  // the bar's whole row
  }

  @Test func hintsGiveWayToTheMessageTheLastFirst() {
    message.title = String(repeating: "m", count: 24)
    // 1 + "F1 keys" 7 + gap 1 + 24 + 1 = 34 fits; the second hint (9 more) does not.
    #expect(line == " F1 keys" + String(repeating: " ", count: 7) + String(repeating: "m", count: 24))
    message.title = String(repeating: "m", count: 50)
    #expect(line == " " + String(repeating: "m", count: 38))
    #expect(message.frame == Rect(x: 1, y: 0, width: 38, height: 1))
  }

  @Test func aLongMessageIsCutBeforeAShortCount() {
    let count = StatusBarItem(title: "5 items")
    bar.items = [.flexibleSpace(), message, count]
    message.title = String(repeating: "m", count: 40)
    // 1 + message + 2 + 7 + 1 = 40: the message keeps 29 columns, the count all of its 7.
    #expect(line == " " + String(repeating: "m", count: 29) + "  5 items")
  }

  /// UILabel's `.byTruncatingHead`: the end of the sentence (the reason) stays, "…" at the cut.
  @Test func aMessageTruncatingItsHeadKeepsItsEnd() {
    bar.items = [.flexibleSpace(), message]
    message.lineBreakMode = .truncatingHead
    message.title = "Cannot save to /a/very/long/path/of/folders/f.txt: read-only"
    #expect(line == " …long/path/of/folders/f.txt: read-only")
    message.lineBreakMode = .clipping
    #expect(line == " Cannot save to /a/very/long/path/of/fo")
  }

  @Test func anItemsTitleBoundToAModelFollowsItOncePerFrame() {
    let model = Progress()
    message.bind(\.title, to: model, \.summary)
    #expect(line.hasSuffix(" 0 files"))
    model.count = 12
    model.count = 1_234
    #expect(line.hasSuffix(" 1234 files"))
    model.message = "ignored"  // not bound
    #expect(!line.contains("ignored"))
  }

  @Test func clickingAnItemWithAnActionSendsItUpTheChain() {
    let root = HelpRoot(frame: Rect(x: 0, y: 0, width: 40, height: 3))
    harness.window.rootView = root
    root.addSubview(bar)
    bar.items[0].action = HelpRoot.help
    _ = harness.screen
    harness.tap(2, 2)
    #expect(root.helps == 1)
    harness.tap(12, 2)  // the second hint has no action
    harness.tap(30, 2)  // the flexible space
    #expect(root.helps == 1)
  }

  @Test func anEmptyItemTakesNoRoomAndRemovedItemsLeaveTheBar() {
    let count = StatusBarItem(title: "")
    bar.items = [StatusBarItem(title: "a"), count, StatusBarItem(title: "b")]
    #expect(line == " a  b")
    count.title = "c"
    #expect(line == " a  c  b")
    count.removeFromSuperview()
    #expect(bar.items.count == 2)
    #expect(line == " a  b")
  }

  @Test func aBarIsOneRowHighWhateverItIsOffered() {
    #expect(bar.sizeThatFits(Size(width: 17, height: 9)) == Size(width: 17, height: 1))
  }
}
