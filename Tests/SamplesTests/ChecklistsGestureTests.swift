import EventReplay
import Foundation
import ResponderKit
import TestSupport
import Testing

@testable import Checklists

/// Checklists' row gestures: a sideways drag deletes a row, holding one pops up its menu.
/// Groceries' rows are on screen rows 3, 4 and 5 (menu bar, navigation bar, a blank line).
@Suite("Checklists gestures")
@MainActor
struct ChecklistsGestureTests {
  let directory: URL
  /// Removes the directory when the test ends, passed, failed or thrown.
  private let scratchDirectory: ScratchDirectory

  init() throws {
    scratchDirectory = try ScratchDirectory("checklists-gestures")
    directory = scratchDirectory.url
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  func launch() -> (ChecklistsAppController, HeadlessDriver) {
    let controller = ChecklistsAppController(dataURL: directory.appendingPathComponent("checklists.json"))
    return (
      controller, HeadlessDriver(application: controller.application, size: Size(width: 80, height: 20))
    )
  }

  /// Opens Groceries: Milk, Bread ✓, Coffee beans.
  func openGroceries(_ driver: HeadlessDriver) {
    driver.press("Down")
    driver.press("Return")
  }

  func groceries(_ controller: ChecklistsAppController) -> [String] {
    controller.model.checklists[1].items.map(\.text)
  }

  @Test func aSidewaysDragDeletesTheRowItStartsOnUndoably() throws {
    let (controller, driver) = launch()
    openGroceries(driver)
    driver.drag(from: Point(x: 30, y: 4), to: Point(x: 14, y: 4), steps: 4)
    #expect(groceries(controller) == ["Milk", "Coffee beans"])
    // Deleted through the data source, as the Delete key does: the same undo step.
    #expect(controller.window.undoManager?.undoMenuItemTitle == "Undo Delete Item")
    #expect(!driver.screenText.contains("Bread"))
    driver.press("Control+z")
    #expect(groceries(controller) == ["Milk", "Bread", "Coffee beans"])
  }

  @Test func aMostlyVerticalDragDeletesNothingAndAClickStillToggles() throws {
    let (controller, driver) = launch()
    openGroceries(driver)
    driver.drag(from: Point(x: 10, y: 3), to: Point(x: 13, y: 5), steps: 4)
    #expect(groceries(controller) == ["Milk", "Bread", "Coffee beans"])
    // A drag that comes back to its row is still a click on it: the row is selected and toggled.
    driver.drag(from: Point(x: 10, y: 5), to: Point(x: 10, y: 5), steps: 2)
    #expect(controller.model.checklists[1].items[2].checked)
  }

  @Test func aShortSidewaysDragDeletesNothingAndTogglesNothing() throws {
    let (controller, driver) = launch()
    openGroceries(driver)
    driver.drag(from: Point(x: 20, y: 3), to: Point(x: 16, y: 3), steps: 4)
    #expect(groceries(controller) == ["Milk", "Bread", "Coffee beans"])
    // The drag became a swipe attempt, which cancelled the click.
    #expect(!controller.model.checklists[1].items[0].checked)
  }

  @Test func holdingARowPopsUpItsMenuWhoseItemsActOnThatRow() throws {
    let (controller, driver) = launch()
    openGroceries(driver)
    driver.longPress(at: Point(x: 6, y: 5))
    let screen = driver.screenText
    for title in ["Toggle", "Edit…", "Cut", "Copy", "Delete"] { #expect(screen.contains(title)) }
    // The hold selected the row and toggled nothing.
    #expect(!controller.model.checklists[1].items[2].checked)
    driver.press("Down")
    driver.press("Down")
    driver.press("Down")
    driver.press("Down")
    driver.press("Return")
    #expect(groceries(controller) == ["Milk", "Bread"])
    #expect(!driver.screenText.contains("Edit…"))
  }

  @Test func holdingAChecklistOffersToOpenIt() throws {
    let (_, driver) = launch()
    driver.longPress(at: Point(x: 6, y: 4))
    #expect(driver.screenText.contains("Rename…"))
    driver.press("Return")  // "Open", the first item
    #expect(driver.screenText.contains("Coffee beans"))
  }
}
