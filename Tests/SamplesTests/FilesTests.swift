import EventReplay
import Foundation
import ResponderKit
import TestSupport
import Testing

@testable import Files

/// Files driven as a person would, through `HeadlessDriver`, on a scratch folder tree; each
/// test checks the file system afterwards, not only the screen.
@Suite("Files", .serialized)
@MainActor
struct FilesTests {
  private let scratch: ScratchDirectory
  /// The folder shown: docs/ (a.txt), src/ (main.swift), notes.txt, readme.md.
  let root: URL
  let trash: URL

  init() throws {
    scratch = try ScratchDirectory("files-test")
    root = scratch.appending("home")
    trash = scratch.appending("Trash")
    let fm = FileManager.default
    try fm.createDirectory(at: root.appendingPathComponent("docs"), withIntermediateDirectories: true)
    try fm.createDirectory(at: root.appendingPathComponent("src"), withIntermediateDirectories: true)
    try Data("alpha\n".utf8).write(to: root.appendingPathComponent("docs/a.txt"))
    try Data("print(1)\n".utf8).write(to: root.appendingPathComponent("src/main.swift"))
    try Data("first line of the notes\nsecond line\n".utf8).write(
      to: root.appendingPathComponent("notes.txt"))
    try Data("# Readme\n".utf8).write(to: root.appendingPathComponent("readme.md"))
  }

  func launch(fileSystem: FileSystem = .system, width: Int = 100, height: Int = 20) async throws -> (
    FilesAppController, HeadlessDriver
  ) {
    let controller = FilesAppController(folder: root, trashFolder: trash, fileSystem: fileSystem)
    let driver = HeadlessDriver(application: controller.application, size: Size(width: width, height: height))
    try await driver.runUntilIdle()
    return (controller, driver)
  }

  func exists(_ path: String) -> Bool {
    FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path)
  }

  /// Moves the table's selection to `name` with the arrow keys.
  func select(_ name: String, _ controller: FilesAppController, _ driver: HeadlessDriver) throws {
    let target = try #require(controller.model.entries.firstIndex { $0.name == name })
    while let row = controller.entries.tableView.indexPathForSelectedRow?.row, row != target {
      driver.press(row < target ? "Down" : "Up")
    }
  }

  // MARK: The window

  @Test func theWindowShowsTheTreeTheColumnsThePreviewAndTheStatusBar() async throws {
    let (controller, driver) = try await launch()
    let screen = driver.screenText
    #expect(screen.contains("▾ home"))
    #expect(screen.contains("▸ docs"))
    #expect(screen.contains("Name") && screen.contains("Size") && screen.contains("Modified"))
    #expect(controller.entries.tableView.sortDescriptors.first == TableSortDescriptor(key: "name"))
    #expect(screen.contains("docs/"))
    #expect(screen.contains("TXT file"))
    #expect(screen.contains("4 items, 2 folders"))
    #expect(screen.contains("F1 keys"))
    // Folders first, then files by name.
    #expect(controller.model.entries.map(\.name) == ["docs", "src", "notes.txt", "readme.md"])
    try select("notes.txt", controller, driver)
    #expect(driver.screenText.contains("first line of the notes"))
    #expect(controller.preview.textView.text.hasPrefix("first line"))
  }

  @Test func sortingBySizeFromTheViewMenuReversesOnTheSecondChoice() async throws {
    let (controller, driver) = try await launch()
    let sortBySize = try #require(controller.application.mainMenu?.items[2].submenu)
    #expect(sortBySize.items[1].title == "Sort by Size")
    sortBySize.update()
    #expect(sortBySize.items[0].state == .on)
    _ = sortBySize.performActionForItem(at: 1)
    #expect(controller.model.entries.map(\.name) == ["docs", "src", "readme.md", "notes.txt"])
    #expect(controller.entries.tableView.sortDescriptors.first == TableSortDescriptor(key: "size"))
    _ = sortBySize.performActionForItem(at: 1)
    #expect(controller.model.entries.map(\.name) == ["docs", "src", "notes.txt", "readme.md"])
    #expect(
      controller.entries.tableView.sortDescriptors.first == TableSortDescriptor(key: "size", ascending: false)
    )
    #expect(driver.screenText.contains("▼"))
  }

  /// The header row's title, in window coordinates.
  func header(_ column: String, _ controller: FilesAppController) throws -> Point {
    let table = controller.entries.tableView
    let index = try #require(table.column(withIdentifier: TableColumn.Identifier(column)))
    let rect = table.rect(ofColumn: index)
    return table.convert(Point(x: rect.minX + 1, y: table.contentOffset.y), to: nil)
  }

  @Test func clickingAHeaderSortsByItsColumnAndAgainReverses() async throws {
    let (controller, driver) = try await launch()
    _ = driver.screen
    try select("notes.txt", controller, driver)
    let size = try header("size", controller)
    driver.tap(x: size.x, y: size.y)
    #expect(controller.model.entries.map(\.name) == ["docs", "src", "readme.md", "notes.txt"])
    #expect(controller.entries.selectedEntry?.name == "notes.txt", "the selection follows the entry")
    let view = try #require(controller.application.mainMenu?.items[2].submenu)
    view.update()
    #expect(view.items[1].state == .on, "the View menu reads the same descriptors")
    driver.tap(x: size.x, y: size.y)
    #expect(controller.model.entries.map(\.name) == ["docs", "src", "notes.txt", "readme.md"])
    #expect(!controller.model.ascending)
  }

  @Test func draggingAHeaderDividerWidensTheColumn() async throws {
    let (controller, driver) = try await launch()
    _ = driver.screen
    let table = controller.entries.tableView
    let name = try #require(table.tableColumn(withIdentifier: "name"))
    let width = name.width
    let divider = table.convert(Point(x: table.rect(ofColumn: 0).maxX, y: table.contentOffset.y), to: nil)
    driver.drag(from: divider, to: Point(x: divider.x - 5, y: divider.y))
    #expect(name.width == width - 5)
    _ = driver.screen
    #expect(table.rect(ofColumn: 1).minX == table.rect(ofColumn: 0).maxX + 1, "the next column follows")
  }

  @Test func homeAndEndMoveTheSelectionToTheFirstAndLastEntry() async throws {
    let (controller, driver) = try await launch()
    driver.press("End")
    #expect(controller.entries.selectedEntry?.name == "readme.md")
    #expect(driver.screenText.contains("# Readme"), "the preview follows")
    driver.press("Home")
    #expect(controller.entries.selectedEntry?.name == "docs")
  }

  @Test func theTreeExpandsWithRightCollapsesWithLeftAndAltExpandsAll() async throws {
    let (controller, driver) = try await launch()
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("docs/deep/deeper"), withIntermediateDirectories: true)
    let outline = controller.tree.outlineView
    _ = controller.window.makeFirstResponder(outline)
    driver.press("Down")  // docs
    #expect(controller.tree.selectedFolder?.lastPathComponent == "docs")
    #expect(controller.model.folder.lastPathComponent == "docs", "selecting a folder shows it")
    let docs = root.appendingPathComponent("docs").standardizedFileURL
    let deep = docs.appendingPathComponent("deep")
    let deeper = deep.appendingPathComponent("deeper")
    driver.press("Right")
    #expect(outline.isItemExpanded(docs) && outline.row(forItem: deep) != nil)
    #expect(driver.screenText.contains("▸ deep"), "read lazily: deep is not read yet")
    driver.press("Left")
    #expect(!outline.isItemExpanded(docs) && outline.row(forItem: deep) == nil)
    driver.press("Alt+Right")
    #expect(outline.isItemExpanded(deep) && outline.row(forItem: deeper) != nil)
    #expect(driver.screenText.contains("▾ deep"))
    #expect(!outline.isExpandable(deeper), "a folder read empty has no disclosure")
    driver.press("Left")
    driver.press("Left")  // on a collapsed folder: its parent
    #expect(controller.tree.selectedFolder?.path == root.standardizedFileURL.path)
  }

  @Test func returnOnAFolderOpensItAndAltUpGoesBack() async throws {
    let (controller, driver) = try await launch()
    driver.press("Return")  // docs
    try await driver.runUntilIdle()
    #expect(controller.model.folder.lastPathComponent == "docs")
    #expect(controller.model.entries.map(\.name) == ["a.txt"])
    #expect(controller.tree.selectedFolder?.lastPathComponent == "docs", "the tree follows")
    driver.press("Alt+Up")
    try await driver.runUntilIdle()
    #expect(controller.model.folder.path == root.standardizedFileURL.path)
  }

  // MARK: Actions through the chain

  @Test func copyPathPutsTheFullPathOnThePasteboard() async throws {
    let (controller, driver) = try await launch()
    try select("readme.md", controller, driver)
    driver.press("Control+c")
    #expect(driver.pasteboard.string == root.appendingPathComponent("readme.md").standardizedFileURL.path)
    #expect(driver.screenText.contains("Copied"))
  }

  @Test func theSelectionsActionsAreDisabledWhereNothingInTheChainCanDoThem() async throws {
    let (controller, driver) = try await launch()
    let file = try #require(controller.application.mainMenu?.items[0].submenu)
    file.update()
    let titles = { file.items.filter(\.isEnabled).map(\.title) }
    #expect(titles() == ["New Folder…", "Rename…", "Move to Trash…", "Copy Path", "Reload", "Quit"])
    // The tree has the focus: the entry table's controller is not in the chain.
    _ = controller.window.makeFirstResponder(controller.tree.outlineView)
    file.update()
    #expect(titles() == ["New Folder…", "Reload", "Quit"])
    driver.press("Control+c")
    #expect(driver.pasteboard.string == nil)
  }

  @Test func aRightClickSelectsTheRowAndPopsUpItsMenu() async throws {
    let (controller, driver) = try await launch()
    let table = controller.entries.tableView
    _ = driver.screen  // laid out
    let row = try #require(controller.model.entries.firstIndex { $0.name == "notes.txt" })
    let rect = table.convert(table.rectForRow(at: IndexPath(row: row)), to: nil)
    driver.rightClick(x: rect.minX + 2, y: rect.minY)
    #expect(controller.entries.selectedEntry?.name == "notes.txt")
    let screen = driver.screenText
    #expect(screen.contains("Copy Path") && screen.contains("Move to Trash…"))
  }

  // MARK: Trash

  @Test func deleteAsksThenMovesToTheTrashAndUndoPutsItBack() async throws {
    let (controller, driver) = try await launch()
    try select("notes.txt", controller, driver)
    driver.press("Delete")
    #expect(driver.screenText.contains("Move “notes.txt” to the trash?"))
    driver.press("Right")
    driver.press("Return")
    #expect(!exists("notes.txt"))
    let trashed = trash.appendingPathComponent("files/notes.txt")
    #expect(FileManager.default.fileExists(atPath: trashed.path))
    let info = try String(
      contentsOf: trash.appendingPathComponent("info/notes.txt.trashinfo"), encoding: .utf8)
    #expect(
      info.hasPrefix("[Trash Info]\nPath=\(root.appendingPathComponent("notes.txt").path)\nDeletionDate="))
    #expect(!controller.model.entries.contains { $0.name == "notes.txt" })
    let edit = try #require(controller.application.mainMenu?.items[1].submenu)
    edit.update()
    #expect(edit.items[0].title == "Undo Move to Trash" && edit.items[0].isEnabled)
    driver.press("Control+z")
    #expect(exists("notes.txt"))
    #expect(!FileManager.default.fileExists(atPath: trashed.path))
    #expect(controller.entries.selectedEntry?.name == "notes.txt")
    driver.press("Control+y")
    #expect(!exists("notes.txt"))
  }

  @Test func returnInTheConfirmationCancelsAndKeepsTheFile() async throws {
    let (controller, driver) = try await launch()
    try select("notes.txt", controller, driver)
    driver.press("Delete")
    driver.press("Return")
    #expect(exists("notes.txt"))
    #expect(controller.currentAlert == nil)
  }

  @Test func aSecondFileOfTheSameNameGetsAFreeNameInTheTrash() async throws {
    let (controller, driver) = try await launch()
    for _ in 0..<2 {
      try Data("x".utf8).write(to: root.appendingPathComponent("dup.txt"))
      driver.press("Control+r")
      try await driver.runUntilIdle()
      try select("dup.txt", controller, driver)
      driver.press("Delete")
      driver.press("Right")
      driver.press("Return")
    }
    #expect(FileManager.default.fileExists(atPath: trash.appendingPathComponent("files/dup 2.txt").path))
    #expect(
      FileManager.default.fileExists(atPath: trash.appendingPathComponent("info/dup 2.txt.trashinfo").path))
  }

  @Test func whenTheTrashCannotBeWrittenTheFileStaysAndAnAlertSaysWhy() async throws {
    try Data("not a folder".utf8).write(to: trash)  // the trash is a file: nothing goes in
    let (controller, driver) = try await launch()
    try select("readme.md", controller, driver)
    driver.press("Delete")
    driver.press("Right")
    driver.press("Return")
    #expect(exists("readme.md"))
    let screen = driver.screenText
    #expect(screen.contains("Could not move to the trash readme.md"))
    #expect(screen.contains("is a file, not a folder"))
    #expect(controller.currentAlert != nil)
    driver.press("Return")
    #expect(controller.currentAlert == nil)
    #expect(
      driver.screenText.contains("Could not move to the trash readme.md"), "and the status bar keeps it")
  }

  // MARK: Rename and New Folder

  @Test func renameAsksForTheNameAndUndoRestoresIt() async throws {
    let (controller, driver) = try await launch()
    try select("readme.md", controller, driver)
    driver.press("F2")
    #expect(driver.screenText.contains("Rename to: readme.md"))
    driver.type("README.txt")  // replaces the selected name
    driver.press("Return")
    #expect(!exists("readme.md") && exists("README.txt"))
    #expect(controller.entries.selectedEntry?.name == "README.txt")
    #expect(controller.entries.tableView.isFirstResponder, "the focus comes back to the table")
    driver.press("Control+z")
    #expect(exists("readme.md") && !exists("README.txt"))
  }

  @Test func renamingOntoATakenNameOrWithASlashIsRefused() async throws {
    let (controller, driver) = try await launch()
    try select("readme.md", controller, driver)
    driver.press("F2")
    driver.type("notes.txt")
    driver.press("Return")
    #expect(exists("readme.md"))
    #expect(driver.screenText.contains("“notes.txt” is already taken"))
    driver.press("Return")
    driver.press("F2")
    driver.type("a/b")
    driver.press("Return")
    #expect(exists("readme.md"))
    #expect(driver.screenText.contains("cannot contain “/”"))
  }

  @Test func escapeLeavesTheNameAlone() async throws {
    let (controller, driver) = try await launch()
    try select("readme.md", controller, driver)
    driver.press("F2")
    driver.type("other")
    driver.press("Escape")
    #expect(exists("readme.md") && !exists("other"))
    #expect(!controller.rootViewController.prompt.isAsking)
  }

  @Test func newFolderMakesItSelectsItAndUndoTrashesIt() async throws {
    let (controller, driver) = try await launch()
    driver.press("Control+n")
    driver.type("fresh")
    driver.press("Return")
    var isFolder: ObjCBool = false
    #expect(
      FileManager.default.fileExists(
        atPath: root.appendingPathComponent("fresh").path, isDirectory: &isFolder))
    #expect(isFolder.boolValue)
    #expect(controller.entries.selectedEntry?.name == "fresh")
    #expect(driver.screenText.contains("▸ fresh"), "the tree shows it")
    driver.press("Control+z")
    #expect(!exists("fresh"))
    #expect(FileManager.default.fileExists(atPath: trash.appendingPathComponent("files/fresh").path))
  }

  // MARK: Reading

  @Test func aFolderThatCannotBeReadSaysWhyAndDisablesNewFolder() async throws {
    var fileSystem = FileSystem.system
    let locked = root.appendingPathComponent("src").standardizedFileURL
    fileSystem.contents = { url in
      if url.standardizedFileURL == locked {
        throw CocoaError(
          .fileReadNoPermission,
          userInfo: [NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(EACCES))])
      }
      return try FileSystem.system.contents(url)
    }
    let (controller, driver) = try await launch(fileSystem: fileSystem)
    driver.press("Down")  // src
    driver.press("Return")
    try await driver.runUntilIdle()
    let screen = driver.screenText
    #expect(screen.contains("Could not read src: Permission denied"))
    #expect(screen.contains("Not readable"))
    #expect(controller.model.entries.isEmpty)
    let file = try #require(controller.application.mainMenu?.items[0].submenu)
    file.update()
    #expect(!file.items[0].isEnabled, "New Folder needs a readable folder")
  }

  @Test func aBigFolderIsReadInBatchesWithTheLoadingRowShowingUntilDone() async throws {
    let big = root.appendingPathComponent("big")
    try FileManager.default.createDirectory(at: big, withIntermediateDirectories: false)
    for index in 0..<1_200 {
      _ = FileManager.default.createFile(atPath: big.appendingPathComponent("f\(index)").path, contents: nil)
    }
    let (controller, driver) = try await launch()
    var counts: [Int] = []
    let observed = controller.model
    controller.open(big, revealInTree: true)
    #expect(controller.model.isLoading)
    #expect(driver.screenText.contains("Reading…"))
    #expect(
      driver.screenText.contains("⠋") || driver.screenText.contains("⠙")
        || driver.screenText.range(of: "[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]", options: .regularExpression) != nil)
    while observed.isLoading {
      counts.append(observed.loadedCount)
      try await Task.sleep(for: .milliseconds(1))
    }
    try await driver.runUntilIdle()
    #expect(controller.model.entries.count == 1_200)
    #expect(driver.screenText.contains("1200 items"))
    #expect(driver.screenText.contains("Read 1200 items in 0.00 s"), "timed on the virtual clock")
    #expect(!driver.screenText.contains("Reading"))
    #expect(Set(counts).isSubset(of: [0, 500, 1000, 1200]))
    #expect(controller.application.nextTimerFireDate == nil || controller.rootViewController.loading.isHidden)
  }

  // MARK: Split and keys

  @Test func draggingTheDividerWidensTheTreeAndTheTableGivesWay() async throws {
    let (controller, driver) = try await launch()
    let split = controller.rootViewController.split
    _ = driver.screen
    let treeWidth = controller.tree.view.frame.width
    let tableWidth = controller.entries.view.frame.width
    let divider = split.convert(Point(x: treeWidth, y: 2), to: nil)
    driver.drag(from: divider, to: Point(x: divider.x + 6, y: divider.y))
    _ = driver.screen
    #expect(controller.tree.view.frame.width == treeWidth + 6)
    #expect(controller.entries.view.frame.width == tableWidth - 6)
    driver.resize(to: Size(width: 120, height: 20))
    _ = driver.screen
    #expect(controller.tree.view.frame.width == treeWidth + 6, "the tree keeps its width")
    #expect(controller.entries.view.frame.width == tableWidth - 6 + 20, "the table takes the difference")
  }

  @Test func f1ListsTheKeys() async throws {
    let (controller, driver) = try await launch()
    defer { withExtendedLifetime(controller) {} }
    driver.press("F1")
    let screen = driver.screenText
    #expect(screen.contains("New Folder…"))
    #expect(screen.contains("Move to Trash…"))
    #expect(screen.contains("Copy Path"))
  }

  // MARK: Recording and replay

  @Test func aRecordedSessionReplaysOnAFreshTreeToTheSameFiles() async throws {
    let recording: Recording
    do {
      let (controller, driver) = try await launch()
      try select("readme.md", controller, driver)
      driver.press("F2")
      driver.type("renamed.md")
      driver.press("Return")
      driver.press("Control+n")
      driver.type("made")
      driver.press("Return")
      try select("notes.txt", controller, driver)
      driver.press("Delete")
      driver.press("Right")
      driver.press("Return")
      recording = driver.recording
    }
    #expect(exists("renamed.md") && exists("made") && !exists("notes.txt"))
    // The same tree again, and the recording's text read back, as --replay reads a file.
    try FileManager.default.removeItem(at: root)
    try FileManager.default.removeItem(at: trash)
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("docs"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("src"), withIntermediateDirectories: true)
    try Data("n".utf8).write(to: root.appendingPathComponent("notes.txt"))
    try Data("r".utf8).write(to: root.appendingPathComponent("readme.md"))
    let replayed = try Recording(parsing: recording.text)
    let controller = FilesAppController(folder: root, trashFolder: trash)
    let driver = HeadlessDriver(application: controller.application, size: replayed.screenSize)
    try await driver.replaySettling(replayed)
    #expect(exists("renamed.md") && exists("made") && !exists("notes.txt") && !exists("readme.md"))
    #expect(FileManager.default.fileExists(atPath: trash.appendingPathComponent("files/notes.txt").path))
  }
}
