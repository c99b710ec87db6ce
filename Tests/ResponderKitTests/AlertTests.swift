import Foundation
import Testing

@testable import ResponderKit

@MainActor
final class AlertAnswers: AlertDelegate {
  var indices: [Int?] = []
  func alert(_ alert: Alert, didDismissWithButtonAt index: Int?) { indices.append(index) }
}

@MainActor
struct AlertTests {
  let app: Application
  let window: Window
  let alert: Alert
  let answers = AlertAnswers()
  let box = ResponseBox()

  @MainActor
  final class ResponseBox {
    var responses: [ModalResponse] = []
  }

  init() {
    (app, window) = Input.app(columns: 40, rows: 10)
    alert = Alert(title: "Save changes?", message: "Your edits will be lost if you don't save them.")
    alert.addButton(withTitle: "Save")
    alert.addButton(withTitle: "Cancel")
    alert.alertDelegate = answers
  }

  func show() {
    let box = self.box
    alert.beginModal(for: app) { box.responses.append($0) }
  }

  @Test func returnPressesTheFirstButton() {
    show()
    #expect(app.keyWindow === alert)
    #expect(app.modalWindow === alert)
    app.handle(Input.key(.returnKey))
    #expect(box.responses == [.alertFirstButtonReturn])
    #expect(answers.indices == [0])
    #expect(!alert.isVisible)
    #expect(app.keyWindow === window)
    #expect(app.modalWindow == nil)
  }

  @Test func escapePressesTheCancelButton() {
    show()
    app.handle(Input.key(.escape))
    #expect(box.responses == [.alertSecondButtonReturn])
    #expect(answers.indices == [1])
  }

  @Test func escapeWithoutACancelButtonAbortsTheSession() {
    let note = Alert(title: "Done")
    let box = self.box
    note.beginModal(for: app) { box.responses.append($0) }
    #expect(note.buttonTitles == ["OK"])
    app.handle(Input.key(.escape))
    #expect(box.responses == [.abort])
    #expect(!note.isVisible)
  }

  @Test func tabAndArrowsMoveFocusAndSpacePresses() {
    show()
    #expect(alert.focusedButtonIndex == 0)
    app.handle(Input.key(.tab))
    #expect(alert.focusedButtonIndex == 1)
    app.handle(Input.key(.right))
    #expect(alert.focusedButtonIndex == 0)
    app.handle(Input.key(.left))
    #expect(alert.focusedButtonIndex == 1)
    app.handle(Input.char(" "))
    #expect(box.responses == [.alertSecondButtonReturn])
  }

  @Test func returnPressesTheFocusedButton() {
    show()
    app.handle(Input.key(.right))
    app.handle(Input.key(.returnKey))
    #expect(box.responses == [.alertSecondButtonReturn])
  }

  @Test func otherWindowsRefuseEventsWhileTheAlertRuns() {
    let field = FocusView(frame: Rect(x: 0, y: 0, width: 40, height: 10))
    window.rootView = field
    show()
    // A tap on the main window outside the alert goes nowhere.
    app.handle(.touches([TouchSample(phase: .began, location: Point(x: 0.5, y: 0.5))]))
    let delivered = app.handle(.touches([TouchSample(phase: .ended, location: Point(x: 0.5, y: 0.5))]))
    #expect(!delivered)
    window.makeKeyAndOrderFront()
    #expect(app.keyWindow === alert)
    #expect(!window.performClose(nil))
    #expect(box.responses.isEmpty)
  }

  @Test func tappingAButtonPressesIt() throws {
    show()
    _ = app.renderScreen()
    let cancel = alert.buttonViews[1]
    let p = cancel.convert(toScreen: Point(x: 1, y: 0))
    Input.tap(app, x: Int(p.x), y: Int(p.y), time: 0)
    #expect(box.responses == [.alertSecondButtonReturn])
  }

  @Test func runModalReturnsTheButtonCode() async {
    let task = Task { await alert.runModal(for: app) }
    await Task.yield()
    while alert.session == nil { await Task.yield() }
    app.handle(Input.key(.tab))
    app.handle(Input.key(.returnKey))
    #expect(await task.value == .alertSecondButtonReturn)
  }

  @Test func closingTheAlertAbortsIt() {
    show()
    alert.close()
    #expect(box.responses == [.abort])
    #expect(answers.indices == [nil])
  }

  @Test func rendersCentredWithTitleMessageAndButtons() {
    alert.maximumTextWidth = 26
    show()
    let expected = [
      "",
      "     ╭────────────────────────────╮",
      "     │ Save changes?              │",
      "     │                            │",
      "     │ Your edits will be lost if │",
      "     │ you don't save them.       │",
      "     │                            │",
      "     │    [ Save ]  [ Cancel ]    │",
      "     ╰────────────────────────────╯",
      "",
    ].joined(separator: "\n")
    let screen = app.renderScreen()
    #expect(screen.plainText == expected)
    // The focused default button is reversed and bold; the other is plain.
    #expect(screen[11, 7].style.attributes == [.bold, .reverse])
    #expect(screen[21, 7].style.attributes == [])
  }
}

/// `UIAlertAction.Style` and NSAlert's default button: a destructive button is never the
/// default unless named so, the cancel-style button answers Escape, and Return presses the
/// default button, which has focus when the alert opens.
@MainActor
@Suite("Alert button styles")
struct AlertButtonStyleTests {
  let app: Application
  let window: Window
  let answers = AlertAnswers()

  init() {
    (app, window) = Input.app(columns: 40, rows: 10)
  }

  func alert(_ buttons: [(String, Alert.ButtonStyle)]) -> Alert {
    let alert = Alert(title: "Delete “notes.txt”?")
    for (title, style) in buttons { alert.addButton(withTitle: title, style: style) }
    alert.alertDelegate = answers
    alert.beginModal(for: app)
    return alert
  }

  @Test func returnDoesNotPressADestructiveFirstButton() {
    let alert = alert([("Delete", .destructive), ("Keep", .cancel)])
    #expect(alert.effectiveDefaultButtonIndex == 1)
    #expect(alert.focusedButtonIndex == 1)
    app.handle(Input.key(.returnKey))
    #expect(answers.indices == [1])
  }

  @Test func escapePressesTheCancelStyleButtonWhateverItsTitle() {
    let alert = alert([("Move to Trash", .destructive), ("Don’t Move", .cancel)])
    #expect(alert.effectiveCancelButtonIndex == 1)
    app.handle(Input.key(.escape))
    #expect(answers.indices == [1])
  }

  @Test func theNamedDefaultButtonTakesReturnEvenWhenDestructive() {
    let alert = Alert(title: "Empty Trash?")
    alert.addButton(withTitle: "Cancel", style: .cancel)
    alert.addButton(withTitle: "Empty", style: .destructive)
    alert.defaultButtonIndex = 1
    alert.alertDelegate = answers
    alert.beginModal(for: app)
    #expect(alert.focusedButtonIndex == 1)
    app.handle(Input.key(.returnKey))
    #expect(answers.indices == [1])
  }

  @Test func aPlainFirstButtonStaysTheDefaultAsInNSAlert() {
    let alert = alert([("Save", .default), ("Delete", .destructive), ("Cancel", .cancel)])
    #expect(alert.effectiveDefaultButtonIndex == 0)
    #expect(alert.buttonStyles == [.default, .destructive, .cancel])
    _ = app.renderScreen()
    let delete = alert.buttonViews[1].convert(toScreen: Point(x: 2, y: 0))
    let cell = app.renderScreen()[Int(delete.x), Int(delete.y)]
    #expect(cell.style.foreground == Theme.standard.destructive)
    let save = alert.buttonViews[0].convert(toScreen: Point(x: 2, y: 0))
    #expect(app.renderScreen()[Int(save.x), Int(save.y)].style.attributes.contains(.bold))
  }
}

/// An alert's title and message wrap over lines, as NSAlert's `messageText` and
/// `informativeText` and UIAlertController's title and message do: a document's name in them
/// is never cut. Only a screen too short for every line cuts text, the message first.
@MainActor
@Suite("Alert text wrapping")
struct AlertTextWrappingTests {
  static let title = "Do you want to save the changes made to “a-rather-long-document-name.txt”?"
  static let message = "Your changes will be lost if you don't save them."

  /// The text inside the alert's box, row by row, without the borders.
  func boxRows(_ app: Application) -> [String] {
    app.renderScreen().plainText.split(separator: "\n").compactMap { row in
      guard let open = row.firstIndex(of: "│"), let close = row.lastIndex(of: "│"), open < close else {
        return nil
      }
      return row[row.index(after: open)..<close].trimmingCharacters(in: .whitespaces)
    }
  }

  /// The rows' text without its spaces, which wrapping may replace by line breaks (a word
  /// wider than a line is split); what is left shows nothing was cut or reordered.
  func reading(_ rows: [String]) -> String {
    letters(rows.filter { !$0.hasPrefix("[") }.joined())
  }

  func letters(_ text: String) -> String { text.filter { !$0.isWhitespace } }

  @Test(arguments: [16, 24, 33, 50, 80, 120])
  func theTitleAndMessageAreShownWholeAtEveryWidth(columns: Int) {
    let (app, _) = Input.app(columns: columns, rows: 24)
    let alert = Alert(title: Self.title, message: Self.message)
    alert.addButton(withTitle: "Save")
    alert.beginModal(for: app)
    let rows = boxRows(app)
    #expect(reading(rows) == letters(Self.title + Self.message), "at \(columns) columns: \(rows)")
    #expect(!rows.joined().contains("…"))
    #expect(alert.frame.width <= Double(columns) && alert.frame.maxX <= Double(columns))
  }

  @Test func theTextWrapsAgainWhenTheScreenNarrows() {
    let (app, _) = Input.app(columns: 80, rows: 24)
    let alert = Alert(title: Self.title, message: Self.message)
    alert.beginModal(for: app)
    let wide = alert.frame.height
    app.screenSize = Size(width: 26, height: 24)
    #expect(alert.frame.height > wide && alert.frame.width <= 26)
    #expect(reading(boxRows(app)) == letters(Self.title + Self.message))
  }

  @Test func aScreenTooShortCutsTheMessageBeforeTheTitle() {
    let (app, _) = Input.app(columns: 30, rows: 10)
    let alert = Alert(title: Self.title, message: String(repeating: "lost ", count: 40))
    alert.addButton(withTitle: "OK")
    alert.beginModal(for: app)
    let rows = boxRows(app)
    #expect(alert.frame.height == 10)
    #expect(reading(rows).hasPrefix(letters(Self.title + "lost")), "\(rows)")
    #expect(rows.contains { $0.hasSuffix("…") }, "the cut is shown")
    #expect(rows.last?.contains("[ OK ]") == true, "the buttons stay")
  }
}
