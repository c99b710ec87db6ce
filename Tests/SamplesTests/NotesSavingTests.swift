import EventReplay
import Foundation
import Glibc
import ResponderKit
import TerminalHost
import Testing

@testable import Notes

/// Notes never loses typing or a failed save silently, and the selection stays where the
/// user left it.
@Suite("Notes saving")
@MainActor
struct NotesSavingTests {
  let notes = [
    Note(title: "Groceries", body: "milk"), Note(title: "Ideas", body: "chain"),
    Note(title: "Meeting", body: "10:00"),
  ]

  /// A save that fails while `failure` is set, as a full disk does.
  final class Disk {
    var failure: FileError?
    var saved: [[Note]] = []
  }

  func launch(_ disk: Disk? = nil) -> (HeadlessDriver, NotesListViewController) {
    var save: (@MainActor ([Note]) throws -> Void)?
    if let disk {
      save = { notes in
        if let failure = disk.failure { throw failure }
        disk.saved.append(notes)
      }
    }
    let (app, list) = Notes.makeApplication(notes: notes, save: save)
    return (HeadlessDriver(application: app, size: Size(width: 100, height: 16)), list)
  }

  func editor(_ list: NotesListViewController) -> NoteEditorViewController? {
    list.presentedViewController as? NoteEditorViewController
      ?? list.navigationController?.topViewController as? NoteEditorViewController
  }

  @Test func aFailedSaveIsShownInTheAppAndQuittingAsks() throws {
    let disk = Disk()
    disk.failure = FileError(errno: ENOSPC, operation: .save, path: "/x/notes.json")
    let (driver, list) = launch(disk)
    driver.press("Delete")
    #expect(driver.screenText.contains("Not saved. Cannot save to /x/notes.json: the disk is full"))
    driver.press("Control+q")
    #expect(!driver.application.isTerminated)
    let alert = try #require(list.currentAlert)
    #expect(alert.title == "Your notes are not saved")
    #expect(alert.message.contains("Cannot save to /x/notes.json: the disk is full"))
    driver.press("Return")  // Save: fails again, asks again
    #expect(!driver.application.isTerminated)
    disk.failure = nil
    driver.press("Return")  // Save: works
    #expect(driver.application.isTerminated)
    #expect(disk.saved.last?.count == 2)
  }

  @Test func quittingWithAnOpenEditorsChangesAsks() throws {
    let disk = Disk()
    let (driver, list) = launch(disk)
    driver.press("Return")
    driver.type("!")
    driver.press("Control+q")
    #expect(list.currentAlert?.title == "Save your changes before quitting?")
    #expect(list.currentAlert?.buttonTitles == ["Save", "Discard", "Cancel"])
    driver.press("Escape")  // Cancel
    #expect(!driver.application.isTerminated && editor(list) != nil)
    driver.press("Control+q")
    driver.press("Return")  // Save
    #expect(driver.application.isTerminated)
    #expect(disk.saved.last?[0].title == "Groceries!")
  }

  @Test func quittingWithNothingUnsavedQuitsAtOnce() {
    let (driver, _) = launch(Disk())
    driver.press("Return")  // open, change nothing
    driver.press("Control+q")
    #expect(driver.application.isTerminated)
  }

  @Test func escapeWithTypedTextAsksAndKeepEditingIsTheDefault() throws {
    let (driver, list) = launch()
    driver.press("Return")
    driver.type("x")
    driver.press("Escape")
    let open = try #require(editor(list))
    let alert = try #require(open.discardAlert)
    #expect(alert.title == "Discard your changes?")
    #expect(alert.buttonTitles == ["Keep Editing", "Discard"])
    driver.press("Return")  // Keep Editing
    #expect(editor(list) === open)
    #expect(open.titleField.text == "Groceriesx")
    driver.press("Escape")
    driver.press("Escape")  // Escape in the alert keeps editing too
    #expect(editor(list) === open)
  }

  @Test func escapeWithNothingTypedLeavesAtOnce() {
    let (driver, list) = launch()
    driver.press("Return")
    driver.press("Escape")
    #expect(editor(list) == nil)
  }

  @Test func selectionSurvivesNewAndCancel() throws {
    let (driver, list) = launch()
    driver.press("Down")
    driver.press("Down")
    #expect(list.tableView.indexPathForSelectedRow?.row == 2)
    driver.press("Control+n")
    driver.press("Escape")  // nothing typed: no question
    #expect(list.notes == notes)
    #expect(list.tableView.indexPathForSelectedRow?.row == 2, "Meeting is selected again")
    driver.press("Return")
    driver.type("x")
    driver.press("Escape")
    driver.press("Right")
    driver.press("Return")  // Discard
    #expect(list.tableView.indexPathForSelectedRow?.row == 2)
    driver.press("Control+n")
    driver.type("New")
    driver.press("Control+s")
    #expect(list.tableView.indexPathForSelectedRow?.row == 0, "the new note is selected")
  }
}
