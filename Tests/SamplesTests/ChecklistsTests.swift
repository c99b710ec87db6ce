import EventReplay
import Foundation
import ResponderKit
import TerminalHost
import TestSupport
import Testing

@testable import Checklists

/// Checklists driven like a person would: keys and clicks through `HeadlessDriver`, which
/// takes the same `Application.handle` path as live terminal input.
@Suite("Checklists")
@MainActor
struct ChecklistsTests {
  /// A fresh data directory per test.
  let directory: URL
  /// Removes the directory when the test ends, passed, failed or thrown.
  private let scratchDirectory: ScratchDirectory
  var dataURL: URL { directory.appendingPathComponent("checklists.json") }

  init() throws {
    scratchDirectory = try ScratchDirectory("checklists-test")
    directory = scratchDirectory.url
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  /// Launches the app on the data file (the starter lists when there is none).
  func launch(width: Int = 80, height: Int = 20) -> (ChecklistsAppController, HeadlessDriver) {
    let controller = ChecklistsAppController(dataURL: dataURL)
    let driver = HeadlessDriver(application: controller.application, size: Size(width: width, height: height))
    return (controller, driver)
  }

  /// Opens the Groceries list (the second starter list): Milk, Bread ✓, Coffee beans.
  func openGroceries(_ driver: HeadlessDriver) {
    driver.press("Down")
    driver.press("Return")
  }

  func groceries(_ controller: ChecklistsAppController) -> [ChecklistItem] {
    controller.model.checklists[1].items
  }

  func savedLists() throws -> [Checklist] {
    try JSONDecoder().decode(ChecklistsFile.self, from: Data(contentsOf: dataURL)).checklists
  }

  func snapshot(_ name: String) -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
      "Snapshots/\(name).txt")
  }

  // MARK: Items

  @Test func addingAnItemShowsItAndSavesIt() throws {
    let (controller, driver) = launch()
    openGroceries(driver)
    driver.press("n")
    #expect(controller.navigation.topViewController is ItemDetailViewController)
    #expect(driver.screenText.contains("Add Item"))
    driver.type("Tea")
    driver.press("Return")
    #expect(controller.navigation.topViewController is ChecklistViewController)
    #expect(groceries(controller).map(\.text) == ["Milk", "Bread", "Coffee beans", "Tea"])
    #expect(driver.screenText.contains(" Tea"))
    let saved = try #require(try savedLists()[1].items.last)
    #expect(saved.text == "Tea" && !saved.checked)
  }

  @Test func doneIsDisabledWhileTheTextIsEmpty() throws {
    let (controller, driver) = launch()
    openGroceries(driver)
    driver.press("Control+n")
    let detail = try #require(controller.navigation.topViewController as? ItemDetailViewController)
    // Done and its note are bound to the draft: they follow it on the next frame, what the
    // user sees, so each check reads the screen first.
    func doneShowsEnabled() -> Bool {
      let screen = driver.screenText
      #expect(screen.contains("Type a name to enable Done.") != detail.form.doneButton.isEnabled)
      return detail.form.doneButton.isEnabled
    }
    #expect(!doneShowsEnabled())
    driver.press("Return")
    #expect(controller.navigation.topViewController === detail, "Return with no text must not finish")
    driver.type("  ")
    #expect(!doneShowsEnabled(), "blank text is still empty")
    driver.type("x")
    #expect(doneShowsEnabled())
    #expect(detail.draft.text == "  x", "the field is bound to the draft")
    for _ in 0..<3 { driver.press("BackSpace") }
    #expect(!doneShowsEnabled())
    // A click on the disabled button does nothing either.
    let done = detail.form.doneButton.convert(toScreen: .zero)
    driver.tap(x: done.x + 2, y: done.y)
    #expect(controller.navigation.topViewController === detail)
    #expect(groceries(controller).count == 3)
  }

  @Test func typingIsUndoneInTheFormAndForgottenWhenItCloses() throws {
    let (controller, driver) = launch()
    openGroceries(driver)
    driver.press("Control+n")
    let detail = try #require(controller.navigation.topViewController as? ItemDetailViewController)
    driver.type("Tea")
    driver.press("Control+z")
    _ = driver.screenText
    #expect(detail.textField.text == "Te" && detail.draft.text == "Te")
    driver.press("Escape")
    #expect(controller.navigation.topViewController is ChecklistViewController)
    let undoManager = try #require(controller.application.keyWindow?.undoManager)
    #expect(undoManager.undoActionName != "Typing", "no typing step outlives the form")
    #expect(groceries(controller).count == 3, "Cancel left the list as it was")
  }

  @Test func cancelLeavesTheListAsItWas() throws {
    let (controller, driver) = launch()
    openGroceries(driver)
    driver.press("n")
    driver.type("Tea")
    driver.press("Escape")
    #expect(controller.navigation.topViewController is ChecklistViewController)
    driver.press("n")
    driver.type("Jam")
    let detail = try #require(controller.navigation.topViewController as? ItemDetailViewController)
    _ = driver.screenText  // lay the screen out
    let cancel = detail.form.cancelButton.convert(toScreen: .zero)
    driver.tap(x: cancel.x + 2, y: cancel.y)
    #expect(controller.navigation.topViewController is ChecklistViewController)
    #expect(groceries(controller).map(\.text) == ["Milk", "Bread", "Coffee beans"])
    #expect(!FileManager.default.fileExists(atPath: dataURL.path), "nothing changed, nothing written")
  }

  @Test func returnEditsTheSelectedItemInTheSameScreen() throws {
    let (controller, driver) = launch()
    openGroceries(driver)
    driver.press("Down")
    driver.press("Return")
    let detail = try #require(controller.navigation.topViewController as? ItemDetailViewController)
    #expect(detail.title == "Edit Item")
    #expect(detail.textField.text == "Bread")
    for _ in 0..<5 { driver.press("BackSpace") }
    driver.type("Rye bread")
    driver.press("Return")
    #expect(groceries(controller).map(\.text) == ["Milk", "Rye bread", "Coffee beans"])
    #expect(groceries(controller)[1].checked, "editing keeps the checkmark")
    #expect(controller.window.undoManager?.undoActionName == "Edit Item")
  }

  @Test func spaceAndClickToggleTheCheckmark() throws {
    let (controller, driver) = launch()
    openGroceries(driver)
    driver.press("Space")
    #expect(groceries(controller)[0].checked)
    #expect(driver.screenText.split(separator: "\n")[3].hasSuffix("✓"))
    // The third row is on screen row 5 (menu bar, navigation bar, a blank line, rows).
    driver.tap(x: 4, y: 5)
    #expect(groceries(controller)[2].checked)
    #expect(controller.model.checklists[1].summary == "all done")
    driver.tap(x: 4, y: 5)
    #expect(!groceries(controller)[2].checked)
    #expect(try savedLists()[1].items.map(\.checked) == [true, true, false])
  }

  @Test func deleteRemovesTheRowAndUndoRedoRestoreIt() throws {
    let (controller, driver) = launch()
    openGroceries(driver)
    driver.press("Delete")
    #expect(groceries(controller).map(\.text) == ["Bread", "Coffee beans"])
    driver.press("BackSpace")
    #expect(groceries(controller).map(\.text) == ["Coffee beans"])
    driver.press("Control+z")
    #expect(groceries(controller).map(\.text) == ["Bread", "Coffee beans"])
    driver.press("Control+z")
    #expect(groceries(controller).map(\.text) == ["Milk", "Bread", "Coffee beans"])
    #expect(try savedLists()[1].items.count == 3, "undo is saved too")
    driver.press("Control+y")
    #expect(groceries(controller).map(\.text) == ["Bread", "Coffee beans"])
    driver.press("Control+Shift+z")
    #expect(groceries(controller).map(\.text) == ["Coffee beans"])
  }

  /// The list tells its table which rows changed (`insertRows(at:)`/`deleteRows(at:)`, as
  /// UIKit's table screens do) instead of reloading it. A row undo puts back is selected, as
  /// Finder selects what "Undo Move to Trash" brings back, so the next key acts on it (issue
  /// 27: `e` after an undone delete renamed another list); a move keeps its row selected.
  @Test func undoSelectsTheRowItPutsBackAndAMoveKeepsItsRow() throws {
    let (controller, driver) = launch()
    openGroceries(driver)
    driver.press("Delete")  // Milk
    driver.press("Down")
    let table = try #require(
      (controller.navigation.topViewController as? ChecklistViewController)?.tableView)
    #expect(table.indexPathForSelectedRow == IndexPath(row: 1))  // Coffee beans
    driver.press("Control+z")  // Milk comes back at row 0, selected
    #expect(groceries(controller).map(\.text) == ["Milk", "Bread", "Coffee beans"])
    #expect(table.indexPathForSelectedRow == IndexPath(row: 0), "Milk, put back")
    _ = driver.screenText
    #expect(table.cellForRow(at: IndexPath(row: 0))?.isSelected == true)
    driver.press("Control+y")  // Milk goes again
    #expect(groceries(controller).map(\.text) == ["Bread", "Coffee beans"])
    table.selectRow(at: IndexPath(row: 1))
    driver.press("Up")
    driver.press("Alt+Down")  // Bread below Coffee beans: moved once, by the table
    #expect(groceries(controller).map(\.text) == ["Coffee beans", "Bread"])
    #expect(table.indexPathForSelectedRow == IndexPath(row: 1))
    _ = driver.screenText
    #expect(table.cellForRow(at: IndexPath(row: 1))?.text == "Bread")
    driver.press("Control+z")  // the move undone: the table is told and follows
    #expect(groceries(controller).map(\.text) == ["Bread", "Coffee beans"])
    #expect(table.indexPathForSelectedRow == IndexPath(row: 0), "still Bread")
  }

  @Test func everyChangeIsUndoableWithItsName() throws {
    let (controller, driver) = launch()
    openGroceries(driver)
    let undo = try #require(controller.window.undoManager)
    driver.press("Space")
    #expect(undo.undoActionName == "Toggle Checkmark")
    driver.press("Alt+Down")
    #expect(groceries(controller).map(\.text) == ["Bread", "Milk", "Coffee beans"])
    #expect(undo.undoActionName == "Move Item")
    let editMenu = try #require(controller.application.mainMenu?.items[1].submenu)
    driver.press("n")
    driver.type("Tea")
    editMenu.update()
    #expect(editMenu.items[0].title == "Undo Typing", "the field names its own undo")
    driver.press("Return")
    #expect(undo.undoActionName == "Add Item")
    editMenu.update()
    #expect(editMenu.items[0].title == "Undo Add Item")
    // Typing in the detail screen left no undo steps behind: undo goes straight to the model.
    driver.press("Control+z")
    #expect(groceries(controller).map(\.text) == ["Bread", "Milk", "Coffee beans"])
    driver.press("Control+z")
    #expect(groceries(controller).map(\.text) == ["Milk", "Bread", "Coffee beans"])
    driver.press("Control+z")
    #expect(!groceries(controller)[0].checked)
    #expect(!undo.canUndo)
    editMenu.update()
    #expect(!editMenu.items[0].isEnabled)
    #expect(editMenu.items[1].title == "Redo Toggle Checkmark")
    for _ in 0..<3 { driver.press("Control+y") }
    #expect(groceries(controller).map(\.text) == ["Bread", "Milk", "Coffee beans", "Tea"])
    #expect(groceries(controller)[1].checked)
  }

  // MARK: Checklists

  @Test func checklistsAreAddedRenamedDeletedAndRestored() throws {
    let (controller, driver) = launch()
    driver.press("n")
    #expect(controller.navigation.topViewController is ListDetailViewController)
    driver.type("Trip")
    driver.press("Return")
    #expect(controller.model.checklists.map(\.name).last == "Trip")
    driver.press("e")
    #expect(controller.navigation.topViewController?.title == "Edit Checklist")
    driver.type(" to Oslo")
    driver.press("Return")
    #expect(controller.model.checklists.last?.name == "Trip to Oslo")
    driver.press("Delete")
    #expect(!controller.model.checklists.contains { $0.name.hasPrefix("Trip") })
    driver.press("Control+z")
    #expect(controller.model.checklists.last?.name == "Trip to Oslo")
    driver.press("Control+z")
    #expect(controller.model.checklists.last?.name == "Trip")
    #expect(try savedLists().last?.name == "Trip")
  }

  @Test func clickingAChecklistOpensIt() throws {
    let (controller, driver) = launch()
    driver.tap(x: 4, y: 6)  // the fourth list, "To Do"
    let items = try #require(controller.navigation.topViewController as? ChecklistViewController)
    #expect(items.title == "To Do")
    #expect(driver.screenText.contains("Walk the dog"))
    driver.press("Escape")
    #expect(controller.navigation.topViewController is AllListsViewController)
  }

  /// AppKit gives each document its own undo manager; here each checklist is a document and
  /// the set of lists belongs to the all-lists screen.
  @Test func eachChecklistUndoesOnlyItsOwnChanges() throws {
    let (controller, driver) = launch()
    openGroceries(driver)
    driver.press("Space")  // Milk checked in Groceries
    driver.press("Escape")
    driver.press("Down")
    driver.press("Down")
    driver.press("Return")
    #expect(controller.navigation.topViewController?.title == "To Do")
    driver.press("Delete")  // Walk the dog deleted in To Do
    driver.press("Control+z")
    driver.press("Control+z")  // nothing more to undo in To Do
    #expect(controller.model.checklists[3].items.first?.text == "Walk the dog")
    #expect(controller.model.checklists[1].items[0].checked, "To Do's undo reached Groceries")
    driver.press("Escape")
    driver.press("Up")
    driver.press("Up")
    driver.press("Return")
    driver.press("Control+z")
    #expect(!controller.model.checklists[1].items[0].checked)
  }

  @Test func changesToTheSetOfListsAreUndoneOnTheListsScreen() throws {
    let (controller, driver) = launch()
    driver.press("n")
    driver.type("Trip")
    driver.press("Return")
    driver.press("Return")
    #expect(controller.navigation.topViewController?.title == "Trip")
    driver.press("Control+z")
    #expect(controller.navigation.topViewController?.title == "Trip", "the new list has nothing to undo")
    driver.press("Escape")
    driver.press("Control+z")
    #expect(!controller.model.checklists.contains { $0.name == "Trip" })
  }

  @Test func redoIsPlainRedoWhenThereIsNothingToRedo() throws {
    let (controller, driver) = launch()
    let edit = try #require(controller.application.mainMenu?.items[1].submenu)
    openGroceries(driver)
    driver.press("Space")
    driver.press("Control+z")
    edit.update()
    #expect(edit.items[1].title == "Redo Toggle Checkmark")
    driver.press("Control+y")
    edit.update()
    #expect(edit.items[1].title == "Redo")
    #expect(!edit.items[1].isEnabled)
    #expect(edit.items[0].title == "Undo Toggle Checkmark")
  }

  // MARK: Menus and the responder chain

  @Test func menuItemsFollowWhatTheFirstResponderCanDo() throws {
    let (controller, driver) = launch()
    let app = controller.application
    let file = try #require(app.mainMenu?.items[0].submenu)
    let edit = try #require(app.mainMenu?.items[1].submenu)
    func enabled(_ menu: Menu, _ title: String) throws -> Bool {
      let item = try #require(menu.items.first { $0.title == title || $0.action?.name == title })
      return menu.isItemEnabled(item)
    }
    // The lists screen: new and delete lists; nothing to copy or paste.
    #expect(try enabled(file, "newItem"))
    #expect(try enabled(file, "Save"))
    #expect(try enabled(edit, "Delete"))
    #expect(try !enabled(edit, "Copy"))
    #expect(try !enabled(edit, "Paste"))
    file.update()
    #expect(file.items[0].title == "New Checklist")
    // The items screen with a row selected: copy, cut, delete; paste once something is copied.
    openGroceries(driver)
    file.update()
    #expect(file.items[0].title == "New Item")
    #expect(try enabled(edit, "Copy"))
    #expect(try enabled(edit, "Cut"))
    #expect(try !enabled(edit, "Paste"))
    driver.press("Control+c")
    #expect(controller.pasteboard.string == "Milk")
    #expect(try enabled(edit, "Paste"))
    // The detail screen: its text field is first responder; with nothing selected there it
    // neither copies nor deletes, but it pastes what was copied (Pasteboard.general).
    driver.press("n")
    #expect(try !enabled(edit, "Copy"))
    #expect(try enabled(edit, "Paste"))
    #expect(try !enabled(edit, "Delete"))
    #expect(try !enabled(file, "newItem"))
    #expect(try enabled(file, "Quit"))
    driver.press("Control+v")
    let field = (controller.navigation.topViewController as? ItemDetailViewController)?.textField
    #expect(field?.text == "Milk")
    // Selected text in the field enables Copy, which now copies from the field.
    driver.press("Shift+Home")
    #expect(try enabled(edit, "Copy"))
    #expect(field?.selectedText == "Milk")
  }

  @Test func copyAndPasteMoveAnItemsTextBetweenLists() throws {
    let (controller, driver) = launch()
    openGroceries(driver)
    driver.press("Down")
    driver.press("Control+x")
    #expect(groceries(controller).map(\.text) == ["Milk", "Coffee beans"])
    driver.press("Escape")
    driver.press("Down")
    driver.press("Down")
    driver.press("Return")
    #expect(controller.navigation.topViewController?.title == "To Do")
    driver.press("Control+v")
    let toDo = controller.model.checklists[3].items.map(\.text)
    #expect(toDo.first == "Walk the dog")
    #expect(toDo[1] == "Bread", "pasted below the selected row")
    #expect(controller.window.undoManager?.undoActionName == "Paste Item")
  }

  @Test func theMenuBarOpensWithF10AndChoosesWithTheKeyboard() throws {
    let (controller, driver) = launch()
    openGroceries(driver)
    driver.press("F10")
    #expect(driver.screenText.contains("New Item  Control+N"))
    driver.press("Right")
    #expect(driver.screenText.contains("Paste     Control+V") || driver.screenText.contains("Paste"))
    driver.press("Up")  // wraps to Delete, the last enabled item
    driver.press("Return")
    #expect(groceries(controller).map(\.text) == ["Bread", "Coffee beans"])
  }

  // MARK: Quitting

  @Test func quittingWithNoEditOpenQuitsAtOnce() {
    let (controller, driver) = launch()
    openGroceries(driver)
    driver.press("Control+q")
    #expect(controller.application.isTerminated)
  }

  /// Opens Add Item in Groceries, types "Tea" and asks to quit.
  func quitWithUnsavedEdit() throws -> (ChecklistsAppController, HeadlessDriver) {
    let (controller, driver) = launch()
    openGroceries(driver)
    driver.press("n")
    driver.type("Tea")
    driver.press("Control+q")
    #expect(!controller.application.isTerminated)
    #expect(controller.application.isTerminationPending)
    let alert = try #require(controller.currentAlert)
    #expect(alert.buttonTitles == ["Save", "Discard", "Cancel"])
    #expect(driver.screenText.contains("Save your changes before quitting?"))
    #expect(driver.screenText.contains("Add Item has “Tea”, not saved yet."))
    return (controller, driver)
  }

  @Test func quitWithUnsavedEditSaveAddsTheItemThenQuits() throws {
    let (controller, driver) = try quitWithUnsavedEdit()
    driver.press("Return")  // Save is the default button
    #expect(controller.application.isTerminated)
    #expect(try savedLists()[1].items.map(\.text) == ["Milk", "Bread", "Coffee beans", "Tea"])
  }

  @Test func quitWithUnsavedEditDiscardQuitsWithoutIt() throws {
    let (controller, driver) = try quitWithUnsavedEdit()
    driver.press("Right")
    driver.press("Return")
    #expect(controller.application.isTerminated)
    #expect(!FileManager.default.fileExists(atPath: dataURL.path), "nothing was changed or written")
    #expect(groceries(controller).count == 3)
  }

  @Test func quitWithUnsavedEditCancelKeepsEditing() throws {
    let (controller, driver) = try quitWithUnsavedEdit()
    driver.press("Escape")
    #expect(!controller.application.isTerminated)
    #expect(!controller.application.isTerminationPending)
    let detail = try #require(controller.navigation.topViewController as? ItemDetailViewController)
    #expect(detail.textField.isFirstResponder, "typing goes on where it was")
    driver.type("s")
    #expect(detail.textField.text == "Teas")
  }

  @Test func anInterruptAsksTheSameWay() throws {
    // SIGINT makes the terminal host call terminate(nil), as Control+Q does.
    let (controller, driver) = launch()
    openGroceries(driver)
    driver.press("Return")
    driver.type("!")
    controller.application.terminate(nil)
    #expect(controller.application.isTerminationPending)
    #expect(controller.currentAlert?.buttonTitles == ["Save", "Discard", "Cancel"])
  }

  @Test func aClearedNameCannotBeSavedOnQuit() throws {
    let (controller, driver) = launch()
    openGroceries(driver)
    driver.press("Return")
    for _ in 0..<4 { driver.press("BackSpace") }
    driver.press("Control+q")
    #expect(controller.currentAlert?.buttonTitles == ["Discard", "Cancel"])
    driver.press("Return")
    #expect(controller.application.isTerminated)
    #expect(groceries(controller)[0].text == "Milk")
  }

  // MARK: Data file

  @Test func dataRoundTripsThroughTheFile() throws {
    let (first, driver) = launch()
    driver.press("n")
    driver.type("Trip")
    driver.press("Return")
    driver.press("Return")
    driver.press("n")
    driver.type("Passport")
    driver.press("Return")
    driver.press("Space")
    driver.press("Control+q")
    #expect(first.application.isTerminated)

    let (second, _) = launch()
    #expect(second.launchProblem == nil)
    let trip = try #require(second.model.checklists.last)
    #expect(trip.name == "Trip")
    #expect(trip.items.map(\.text) == ["Passport"])
    #expect(trip.items.map(\.checked) == [true])
    #expect(second.model.checklists.map(\.name) == first.model.checklists.map(\.name))
    // Written atomically: no temporary file is left beside it.
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(names == ["checklists.json"])
  }

  @Test func aDamagedFileIsKeptAsideAndReported() throws {
    let damaged = Data("{\"version\": 1, \"checklists\": [{\"name\": 3}]".utf8)
    try damaged.write(to: dataURL)
    let (controller, driver) = launch()
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    let aside = try #require(names.first { $0.hasPrefix("checklists.json.damaged-") })
    #expect(!names.contains("checklists.json"))
    #expect(try Data(contentsOf: directory.appendingPathComponent(aside)) == damaged)
    #expect(controller.model.checklists.isEmpty)
    let alert = try #require(controller.currentAlert)
    #expect(alert.title == "Your checklists file was damaged")
    #expect(alert.message.contains(aside))
    #expect(driver.screenText.contains("Your checklists file was damaged"))
    driver.press("Return")
    #expect(controller.application.keyWindow === controller.window)
    // Working on makes a new file; the damaged one stays as it was.
    driver.press("n")
    driver.type("Fresh start")
    driver.press("Return")
    #expect(try savedLists().map(\.name) == ["Fresh start"])
    #expect(try Data(contentsOf: directory.appendingPathComponent(aside)) == damaged)
  }

  /// An empty file has nothing to lose: it is "empty", not "damaged", and nothing is moved
  /// aside (issue 27).
  @Test func anEmptyFileIsCalledEmptyNotDamaged() throws {
    try Data().write(to: dataURL)
    let (controller, driver) = launch()
    #expect(controller.currentAlert == nil)
    #expect(controller.model.checklists.isEmpty)
    #expect(driver.screenText.contains("checklists.json was empty"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["checklists.json"])
  }

  @Test func theStoreNamesWhatWasWrongInADamagedFile() throws {
    try Data("[1, 2".utf8).write(to: dataURL)
    guard case .damaged(let movedTo, let reason) = try ChecklistsStore(url: dataURL).load() else {
      Issue.record("expected a damaged result")
      return
    }
    #expect(reason.hasPrefix("not valid JSON"))
    #expect(movedTo.lastPathComponent.hasPrefix("checklists.json.damaged-"))

    try Data(#"{"version": 1, "checklists": [{"name": "A", "items": [{"text": "x"}]}]}"#.utf8).write(
      to: dataURL)
    guard case .damaged(_, let missing) = try ChecklistsStore(url: dataURL).load() else {
      Issue.record("expected a damaged result")
      return
    }
    #expect(missing == "missing \"checked\" at .checklists[0].items[0]")
  }

  @Test func aFileFromANewerVersionIsNeitherReadNorOverwritten() throws {
    let newer = Data(#"{"version": 99, "checklists": []}"#.utf8)
    try newer.write(to: dataURL)
    let (controller, driver) = launch()
    #expect(controller.savingDisabled)
    driver.press("Return")  // dismiss the alert
    driver.press("n")
    driver.type("x")
    driver.press("Return")
    #expect(try Data(contentsOf: dataURL) == newer)
  }

  @Test func theDataDirectoryFollowsXDG() {
    let xdg = ChecklistsStore.defaultURL(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/u"])
    #expect(xdg.path == "/data/ResponderKit-Checklists/checklists.json")
    let home = ChecklistsStore.defaultURL(environment: ["HOME": "/home/u"])
    #expect(home.path == "/home/u/.local/share/ResponderKit-Checklists/checklists.json")
    let relative = ChecklistsStore.defaultURL(environment: ["XDG_DATA_HOME": "data", "HOME": "/home/u"])
    #expect(relative.path == "/home/u/.local/share/ResponderKit-Checklists/checklists.json")
  }

  @Test func optionsNameTheBadArgument() throws {
    #expect(try ChecklistsOptions(arguments: ["--data", "/tmp/x.json"]).dataPath == "/tmp/x.json")
    #expect(throws: CommandLineError(argument: "--data", reason: "needs a file path")) {
      try ChecklistsOptions(arguments: ["--data"])
    }
    #expect(throws: CommandLineError(argument: "--bogus", reason: "unknown option")) {
      try ChecklistsOptions(arguments: ["--bogus"])
    }
  }

  // MARK: The delegate

  /// A stand-in opener: the detail screen reports to whatever conforms, not to a list screen.
  final class Recorder: ItemDetailViewControllerDelegate {
    var events: [String] = []
    func itemDetailViewControllerDidCancel(_ controller: ItemDetailViewController) { events.append("cancel") }
    func itemDetailViewController(_ controller: ItemDetailViewController, didFinishAdding item: ChecklistItem)
    {
      events.append("add \(item.text)")
    }
    func itemDetailViewController(
      _ controller: ItemDetailViewController, didFinishEditing item: ChecklistItem
    ) {
      events.append("edit \(item.text)")
    }
  }

  @Test func theItemScreenReportsOnlyThroughItsWeakDelegate() throws {
    let app = Application()
    let window = Window()
    app.addWindow(window)
    let detail = ItemDetailViewController(itemToEdit: ChecklistItem(text: "Milk"))
    window.rootViewController = detail
    window.makeKeyAndOrderFront()
    let driver = HeadlessDriver(application: app, size: Size(width: 60, height: 12))
    var recorder: Recorder? = Recorder()
    detail.delegate = recorder
    driver.press("Escape")
    #expect(recorder?.events == ["cancel"])
    driver.type(" and honey")
    driver.press("Return")
    #expect(recorder?.events == ["cancel", "edit Milk and honey"])
    weak let gone = recorder
    recorder = nil
    #expect(gone == nil, "the screen does not keep its delegate alive")
    #expect(detail.delegate == nil)
  }

  // MARK: Snapshots

  @Test func mainScreensMatchTheirSnapshots() throws {
    let (controller, driver) = launch(width: 80, height: 14)
    var failures: [String] = []
    func check(_ name: String) {
      if let mismatch = Snapshot.compare(driver.screenText, toFileAt: snapshot(name)) {
        failures.append(mismatch.description)
      }
    }
    check("checklists-lists")
    openGroceries(driver)
    check("checklists-items")
    driver.press("n")
    check("checklists-add-item")
    driver.type("Tea")
    driver.press("Control+q")
    check("checklists-quit-alert")
    driver.press("Escape")
    driver.press("Escape")
    driver.press("F10")
    driver.press("Right")
    check("checklists-edit-menu")
    #expect(!controller.application.isTerminated)
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
  }
}
