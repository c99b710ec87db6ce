import EventReplay
import Foundation
import ResponderKit
import TestSupport
import Testing

@testable import Notes

/// Stands between the table and the notes list, counting which rows the table asks cells
/// for: proof of what a reload touched.
@MainActor
final class CellRequestSpy: TableViewEditingDataSource {
  let inner: NotesListViewController
  var requests: [Int] = []

  init(_ inner: NotesListViewController) { self.inner = inner }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    inner.tableView(tableView, numberOfRowsInSection: section)
  }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    requests.append(indexPath.row)
    return inner.tableView(tableView, cellForRowAt: indexPath)
  }
  func tableView(
    _ tableView: TableView, commit editingStyle: TableView.EditingStyle, forRowAt indexPath: IndexPath
  ) {
    inner.tableView(tableView, commit: editingStyle, forRowAt: indexPath)
  }
}

/// Records what an editor reports, instead of the list.
@MainActor
final class EditorReportSpy: NoteEditorDelegate {
  var changes: [(Note, IndexPath)] = []
  var cancels = 0
  func noteEditor(_ editor: NoteEditorViewController, didChange note: Note, at indexPath: IndexPath) {
    changes.append((note, indexPath))
  }
  func noteEditorDidCancel(_ editor: NoteEditorViewController) { cancels += 1 }
}

@Suite("Notes")
@MainActor
struct NotesTests {
  let notes = [
    Note(title: "Groceries", body: "milk, eggs\ncoffee"),
    Note(title: "Ideas", body: "a responder chain"),
    Note(title: "Meeting", body: "Thursday 10:00"),
  ]

  func launch(_ notes: [Note]? = nil) -> (HeadlessDriver, NotesListViewController) {
    let (app, list) = Notes.makeApplication(notes: notes ?? self.notes)
    return (HeadlessDriver(application: app, size: Size(width: 80, height: 16)), list)
  }

  /// The screen row showing list row `row` (under the bar and a blank line).
  func line(_ driver: HeadlessDriver, row: Int) -> String {
    let lines = driver.screenText.split(separator: "\n", omittingEmptySubsequences: false)
    return String(lines[2 + row])
  }

  var topEditor: (HeadlessDriver) -> NoteEditorViewController? {
    { driver in
      (driver.application.keyWindow?.rootViewController as? NavigationController)?.topViewController
        as? NoteEditorViewController
    }
  }

  @Test func editingANoteReloadsOnlyItsRowWithTheNewText() throws {
    let (driver, list) = launch()
    let spy = CellRequestSpy(list)
    list.tableView.dataSource = spy
    _ = driver.screenText
    #expect(spy.requests == [0, 1, 2])
    // Without the selection marker, which moves with the selection and asks nothing.
    let untouched = [line(driver, row: 0).dropFirst(2), line(driver, row: 2).dropFirst(2)]
    spy.requests = []

    driver.press("Down")
    driver.press("Return")
    let editor = try #require(topEditor(driver))
    #expect(editor.indexPath == IndexPath(row: 1))
    #expect(driver.screenText.contains("Title  Ideas"))
    driver.type(" for later")
    driver.press("Tab")
    driver.press("Control+Home")
    driver.type("Big one")
    driver.press("Return")
    driver.press("Control+s")

    #expect(topEditor(driver) == nil, "Done goes back to the list")
    #expect(list.notes[1] == Note(title: "Ideas for later", body: "Big one\na responder chain"))
    let screen = driver.screenText
    #expect(spy.requests == [1], "only the edited row was asked for again")
    #expect(line(driver, row: 1).contains("Ideas for later"))
    #expect(line(driver, row: 1).contains("Big one"))
    #expect([line(driver, row: 0).dropFirst(2), line(driver, row: 2).dropFirst(2)] == untouched)
    #expect(screen.contains("3 notes"))
  }

  @Test func theEditorReportsTheIndexPathItWasOpenedFor() throws {
    let (driver, _) = launch()
    driver.press("Control+End")
    driver.press("Return")
    let editor = try #require(topEditor(driver))
    let spy = EditorReportSpy()
    editor.delegate = spy
    driver.type("!")
    driver.press("Control+s")
    #expect(spy.changes.count == 1)
    #expect(spy.changes.first?.0 == Note(title: "Meeting!", body: "Thursday 10:00"))
    #expect(spy.changes.first?.1 == IndexPath(row: 2, section: 0))
    driver.press("Escape")
    #expect(spy.cancels == 0, "an editor reports once")
  }

  @Test func aClickOpensTheRowUnderIt() throws {
    let (driver, _) = launch()
    driver.tap(x: 5, y: 4)
    #expect(topEditor(driver)?.indexPath == IndexPath(row: 2))
  }

  @Test func cancellingLeavesTheNoteAndItsRowAsTheyWere() throws {
    let (driver, list) = launch()
    let before = driver.screenText
    driver.press("Return")
    driver.type("zzz")
    driver.press("Tab")
    driver.type("more")
    driver.press("Escape")
    #expect(
      list.navigationController?.topViewController is NoteEditorViewController, "typing is kept until asked")
    driver.press("Right")
    driver.press("Return")  // Discard
    #expect(topEditor(driver) == nil)
    #expect(list.notes == notes)
    #expect(driver.screenText == before)
  }

  @Test func goingBackWithTheBarKeepsTheEdit() throws {
    let (driver, list) = launch()
    driver.press("Return")
    driver.type("!")
    driver.tap(x: 1, y: 0)  // the back label
    #expect(topEditor(driver) == nil)
    #expect(list.notes[0].title == "Groceries!")
    #expect(line(driver, row: 0).contains("Groceries!"))
  }

  /// UIKit's parent/child pattern for a new item: the editor is presented modally over the
  /// navigation controller (its root ancestor), not pushed, and is in the responder chain just
  /// above its presenter (UIKit: a presented controller's `next` is its presenter).
  @Test func newNoteIsPresentedModallyAboveTheNavigationStack() throws {
    let (driver, list) = launch()
    let navigation = try #require(list.navigationController)
    driver.press("Control+n")
    let editor = try #require(list.presentedViewController as? NoteEditorViewController)
    #expect(editor.isNew)
    #expect(navigation.viewControllers.count == 1, "presenting pushes nothing")
    #expect(editor.presentingViewController === navigation)
    #expect(editor.next === navigation)
    #expect(driver.application.keyWindow?.rootView === editor.view)
    #expect(driver.application.keyWindow?.firstResponder === editor.titleField)
    #expect(driver.screenText.hasPrefix(" New Note"), "the editor shows its own title, there is no bar")
    #expect(!driver.screenText.contains("Groceries"), "the list is covered")
    driver.press("Control+s")
    #expect(list.presentedViewController == nil)
    #expect(editor.presentingViewController == nil)
    #expect(driver.application.keyWindow?.rootView === navigation.view)
    #expect(driver.application.keyWindow?.firstResponder === list.tableView)
  }

  @Test func addingANoteInsertsItAtTheTopAndSelectsIt() throws {
    let (driver, list) = launch()
    driver.press("Control+n")
    driver.type("Fresh")
    driver.press("Tab")
    driver.type("first line")
    driver.press("Return")
    driver.type("second")
    driver.press("Control+s")
    #expect(list.notes.count == 4)
    #expect(list.notes[0] == Note(title: "Fresh", body: "first line\nsecond"))
    #expect(line(driver, row: 0).contains("Fresh"))
    #expect(line(driver, row: 0).contains("first line"))
    #expect(line(driver, row: 1).contains("Groceries"))
    #expect(driver.screenText.contains("4 notes"))
    #expect(list.tableView.indexPathForSelectedRow == IndexPath(row: 0))
  }

  @Test func cancellingANewNoteAddsNothingAndKeepsTheSelection() throws {
    let (driver, list) = launch()
    driver.press("Down")
    driver.press("Control+n")
    driver.type("Oops")
    driver.press("Escape")
    driver.press("Right")
    driver.press("Return")  // Discard
    #expect(list.presentedViewController == nil)
    #expect(list.notes == notes)
    #expect(line(driver, row: 0).contains("Groceries"))
    #expect(list.tableView.indexPathForSelectedRow == IndexPath(row: 1))
  }

  @Test func deleteRemovesTheSelectedNote() throws {
    let (driver, list) = launch()
    driver.press("Down")
    driver.press("Delete")
    #expect(list.notes.map(\.title) == ["Groceries", "Meeting"])
    #expect(!driver.screenText.contains("Ideas"))
    #expect(driver.screenText.contains("2 notes"))
    driver.press("BackSpace")
    driver.press("BackSpace")
    #expect(list.notes.isEmpty)
    #expect(driver.screenText.contains("No notes yet"))
  }

  @Test func theListAndTheEditorLookAsExpected() throws {
    let (driver, _) = launch()
    let snapshots = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
      "Snapshots")
    if let mismatch = Snapshot.compare(
      driver.screenText, toFileAt: snapshots.appendingPathComponent("Notes-list.txt"))
    {
      Issue.record("\(mismatch)")
    }
    driver.press("Return")
    if let mismatch = Snapshot.compare(
      driver.screenText, toFileAt: snapshots.appendingPathComponent("Notes-editor.txt"))
    {
      Issue.record("\(mismatch)")
    }
  }

  @Test func notesSurviveAJSONRoundTripAndADamagedFileIsMovedAside() throws {
    let scratch = try ScratchDirectory("notes")
    let directory = scratch.url
    let file = directory.appendingPathComponent("notes.json")
    #expect(try NotesFile.load(from: file) == .missing)
    try NotesFile.save(notes, to: file)
    #expect(try NotesFile.load(from: file) == .loaded(notes))
    try Data("\n".utf8).write(to: file)
    #expect(try NotesFile.load(from: file) == .empty)
    try Data("{not json".utf8).write(to: file)
    guard case .damaged(let aside, _) = try NotesFile.load(from: file) else {
      Issue.record("expected a damaged result")
      return
    }
    #expect(try Data(contentsOf: aside) == Data("{not json".utf8))
    #expect(!FileManager.default.fileExists(atPath: file.path))
  }
}
