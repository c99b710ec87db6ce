import Foundation
import Observation
import Testing

@testable import ResponderKit

/// A tree of path-named items ("3", "3.0", "3.0.7"), with every data source call logged: the
/// laziness the outline promises is what this log shows.
@MainActor
final class LoggedTree: OutlineViewDataSource {
  /// Children of an item (nil: the top level); items deeper than `depth` have none.
  var counts: [String?: Int]
  var defaultCount: Int
  var depth: Int
  var log: [String] = []

  init(counts: [String?: Int] = [:], defaultCount: Int = 3, depth: Int = 3) {
    self.counts = counts
    self.defaultCount = defaultCount
    self.depth = depth
  }

  static func path(_ item: AnyHashable?) -> String? { item?.base as? String }

  func level(_ path: String?) -> Int { path.map { $0.split(separator: ".").count } ?? 0 }

  func childCount(_ path: String?) -> Int { level(path) >= depth ? 0 : counts[path] ?? defaultCount }

  func outlineView(_ outlineView: OutlineView, numberOfChildrenOfItem item: AnyHashable?) -> Int {
    let path = Self.path(item)
    log.append("count \(path ?? "root")")
    return childCount(path)
  }

  func outlineView(_ outlineView: OutlineView, child index: Int, ofItem item: AnyHashable?) -> AnyHashable {
    let path = Self.path(item)
    log.append("child \(index) of \(path ?? "root")")
    return AnyHashable(path.map { "\($0).\(index)" } ?? "\(index)")
  }

  func outlineView(_ outlineView: OutlineView, isItemExpandable item: AnyHashable) -> Bool {
    childCount(Self.path(item)) > 0
  }
}

/// As many top-level items as an outline takes, counting the children asked for.
@MainActor
final class HugeTree: OutlineViewDataSource {
  var asked = 0
  func outlineView(_ outlineView: OutlineView, numberOfChildrenOfItem item: AnyHashable?) -> Int { .max }
  func outlineView(_ outlineView: OutlineView, child index: Int, ofItem item: AnyHashable?) -> AnyHashable {
    asked += 1
    return AnyHashable(index)
  }
  func outlineView(_ outlineView: OutlineView, isItemExpandable item: AnyHashable) -> Bool { false }
}

/// Records the outline delegate's calls and vetoes what it is told to.
@MainActor
final class OutlineLog: OutlineViewDelegate {
  var log: [String] = []
  var refuseExpanding: Set<String> = []
  var refuseCollapsing: Set<String> = []
  var refuseSelecting: Set<String> = []
  /// The outline's row count when each did-notification arrived.
  var rowsAtDid: [Int] = []
  weak var outline: OutlineView?

  private func name(_ note: Notification) -> String {
    LoggedTree.path(note.userInfo?[OutlineView.itemUserInfoKey] as? AnyHashable) ?? "?"
  }

  func outlineView(_ outlineView: OutlineView, shouldExpandItem item: AnyHashable) -> Bool {
    log.append("shouldExpand \(LoggedTree.path(item)!)")
    return !refuseExpanding.contains(LoggedTree.path(item)!)
  }
  func outlineView(_ outlineView: OutlineView, shouldCollapseItem item: AnyHashable) -> Bool {
    log.append("shouldCollapse \(LoggedTree.path(item)!)")
    return !refuseCollapsing.contains(LoggedTree.path(item)!)
  }
  func outlineView(_ outlineView: OutlineView, shouldSelectItem item: AnyHashable) -> Bool {
    !refuseSelecting.contains(LoggedTree.path(item)!)
  }
  func outlineViewItemWillExpand(_ notification: Notification) {
    log.append("willExpand \(name(notification))")
  }
  func outlineViewItemDidExpand(_ notification: Notification) {
    log.append("didExpand \(name(notification))")
    rowsAtDid.append(outline?.numberOfRows ?? -1)
  }
  func outlineViewItemWillCollapse(_ notification: Notification) {
    log.append("willCollapse \(name(notification))")
  }
  func outlineViewItemDidCollapse(_ notification: Notification) {
    log.append("didCollapse \(name(notification))")
    rowsAtDid.append(outline?.numberOfRows ?? -1)
  }
}

@MainActor
struct OutlineViewTests {
  let app: Application
  let window: Window
  let outline = OutlineView()
  let tree: LoggedTree
  let log = OutlineLog()

  init() {
    (app, window) = Input.app(columns: 24, rows: 6)
    tree = LoggedTree()
    window.rootView = outline
    outline.dataSource = tree
    outline.delegate = log
    log.outline = outline
    window.makeFirstResponder(outline)
  }

  func screen() -> [String] {
    let buffer = app.renderScreen()
    return (0..<6).map {
      buffer.text(ofRow: $0).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
    }
  }

  var selected: String? { LoggedTree.path(outline.selectedItem) }

  func select(_ path: String) {
    outline.selectRow(at: IndexPath(row: outline.row(forItem: path)!))
  }

  // MARK: Laziness

  @Test func aMillionTopLevelItemsCostTheirCountAndTheRowsOnScreen() {
    tree.counts[nil] = 1_000_000
    outline.reloadData()
    tree.log = []
    outline.reloadData()
    _ = screen()
    #expect(outline.numberOfRows == 1_000_000)
    #expect(tree.log == ["count root"] + (0..<6).map { "child \($0) of root" })
  }

  @Test func expandingAHugeItemAsksOneCountAndOnlyTheChildrenOnScreen() {
    tree.counts["1"] = 100_000
    _ = screen()
    select("1")
    tree.log = []
    app.handle(Input.key(.right))
    _ = screen()
    #expect(outline.isItemExpanded("1"))
    #expect(outline.numberOfRows == 3 + 100_000)
    // Rows 0 and 1 are "0" and "1", already known; rows 2...5 are the first four children.
    #expect(tree.log == ["count 1"] + (0..<4).map { "child \($0) of 1" })
    app.handle(Input.key(.end, .control))
    _ = screen()
    #expect(selected == "2")
    #expect(tree.log.count < 20, "End asked for \(tree.log.count) items")
  }

  @Test func collapsingForgetsTheChildrenSoTheyAreAskedAgain() {
    outline.expandItem("0")
    _ = screen()
    outline.collapseItem("0")
    tree.log = []
    outline.expandItem("0")
    _ = screen()
    #expect(tree.log.prefix(2) == ["count 0", "child 0 of 0"])
  }

  // MARK: Keys

  @Test func rightExpandsThenSelectsTheFirstChild() {
    _ = screen()
    app.handle(Input.key(.down))
    #expect(selected == "0")
    app.handle(Input.key(.right))
    #expect(outline.isItemExpanded("0") && selected == "0")
    app.handle(Input.key(.right))
    #expect(selected == "0.0")
    #expect(screen().prefix(3) == ["▾ 0", "  ▸ 0.0", "  ▸ 0.1"])
  }

  @Test func leftCollapsesThenSelectsTheParent() {
    outline.expandItem("0")
    outline.expandItem("0.1")
    select("0.1.2")
    app.handle(Input.key(.left))
    #expect(selected == "0.1")
    app.handle(Input.key(.left))
    #expect(!outline.isItemExpanded("0.1") && selected == "0.1")
    app.handle(Input.key(.left))
    #expect(selected == "0")
    app.handle(Input.key(.left))
    #expect(!outline.isItemExpanded("0") && outline.numberOfRows == 3)
  }

  @Test func altRightExpandsEveryDescendantAndAltLeftCollapsesThem() {
    select("1")
    app.handle(Input.key(.right, .alt))
    // 1, its 3 children and their 9 children (leaves at depth 3): all expanded.
    #expect(outline.numberOfRows == 3 + 3 + 9)
    #expect(outline.isItemExpanded("1.2") && outline.level(forItem: "1.2.2") == 2)
    select("1.2")
    app.handle(Input.key(.left, .alt))
    #expect(!outline.isItemExpanded("1.2") && outline.isItemExpanded("1"))
    select("1.1.0")
    app.handle(Input.key(.left, .alt))  // a leaf: its parent collapses
    #expect(!outline.isItemExpanded("1.1") && selected == "1.1")
  }

  @Test func upDownAndHomeEndMoveLikeTheTable() {
    outline.expandItem("0")
    _ = screen()
    app.handle(Input.key(.down))
    app.handle(Input.key(.down))
    #expect(selected == "0.0")
    app.handle(Input.key(.end))
    #expect(selected == "2")
    app.handle(Input.key(.home))
    #expect(selected == "0")
    app.handle(Input.key(.pageDown))
    #expect(outline.indexPathForSelectedRow!.row > 1)
  }

  // MARK: Mouse

  @Test func aClickOnTheTriangleTogglesAndAClickOnTheTextSelects() {
    _ = screen()
    Input.tap(app, x: 0, y: 1, time: 0)
    #expect(outline.isItemExpanded("1") && outline.selectedItem == nil)
    #expect(screen()[1] == "▾ 1" && screen()[2] == "  ▸ 1.0")
    Input.tap(app, x: 2, y: 2, time: 1)  // "▸" of 1.0, indented one level
    #expect(outline.isItemExpanded("1.0"))
    Input.tap(app, x: 6, y: 2, time: 2)  // its text
    #expect(selected == "1.0")
    Input.tap(app, x: 0, y: 1, time: 3)
    #expect(!outline.isItemExpanded("1") && selected == "1")
  }

  @Test func anAltClickOnTheTriangleExpandsEveryDescendant() {
    _ = screen()
    let p = Point(x: 0.5, y: 0.5)
    app.handle(.touches([TouchSample(phase: .began, location: p, modifierFlags: .alt, timestamp: 0)]))
    app.handle(.touches([TouchSample(phase: .ended, location: p, modifierFlags: .alt, timestamp: 0.05)]))
    #expect(outline.isItemExpanded("0.2") && outline.numberOfRows == 3 + 3 + 9)
  }

  // MARK: Delegate

  @Test func theDelegateVetoesTheUsersExpansionButNotTheCodes() {
    log.refuseExpanding = ["0"]
    select("0")
    app.handle(Input.key(.right))
    #expect(!outline.isItemExpanded("0"))
    #expect(log.log == ["shouldExpand 0"])
    outline.expandItem("0")
    #expect(outline.isItemExpanded("0"))
    #expect(log.log == ["shouldExpand 0", "willExpand 0", "didExpand 0"])
  }

  @Test func aVetoInsideExpandAllLeavesThatBranchCollapsed() {
    log.refuseExpanding = ["0.1"]
    select("0")
    app.handle(Input.key(.right, .alt))
    #expect(outline.isItemExpanded("0.0") && !outline.isItemExpanded("0.1") && outline.isItemExpanded("0.2"))
  }

  @Test func theDelegateVetoesCollapseAndSelection() {
    outline.expandItem("0")
    log.refuseCollapsing = ["0"]
    select("0")
    app.handle(Input.key(.left))
    #expect(outline.isItemExpanded("0"))
    log.refuseSelecting = ["0.0", "0.1"]
    app.handle(Input.key(.down))
    #expect(selected == "0.2")
  }

  @Test func notificationsCarryTheItemAndDidComesAfterTheRowsAreCounted() {
    var posted: [String] = []
    let observation = NotificationCenter.default.addMainActorObserver(
      forName: OutlineView.itemDidExpandNotification, object: outline
    ) { note in posted.append(LoggedTree.path(note.userInfo?["NSObject"] as? AnyHashable) ?? "?") }
    select("2")
    app.handle(Input.key(.right))
    app.handle(Input.key(.left))
    #expect(posted == ["2"])
    #expect(
      log.log == [
        "shouldExpand 2", "willExpand 2", "didExpand 2", "shouldCollapse 2", "willCollapse 2",
        "didCollapse 2",
      ])
    #expect(log.rowsAtDid == [6, 3])
    observation.cancel()
  }

  @Test func aDelegateThatWentAwayIsNotCalled() {
    var gone: OutlineLog? = OutlineLog()
    outline.delegate = gone
    gone = nil
    select("0")
    app.handle(Input.key(.right))
    #expect(outline.isItemExpanded("0"))
  }

  // MARK: Selection and reloading

  @Test func collapsingAnAncestorOfTheSelectionSelectsIt() {
    outline.expandItem("1", expandChildren: true)
    select("1.2.0")
    outline.collapseItem("1")
    #expect(selected == "1")
  }

  @Test func theSelectionStaysWithItsItemAsRowsAppearAbove() {
    select("2")
    outline.expandItem("0")
    #expect(selected == "2" && outline.indexPathForSelectedRow?.row == 5)
  }

  @Test func reloadingChildrenCountsAgainAndKeepsExpandedItemsExpanded() {
    outline.expandItem("0")
    outline.expandItem("0.2")
    select("0.2.1")
    tree.counts["0"] = 5
    outline.reloadItem("0", reloadChildren: true)
    #expect(outline.numberOfRows == 3 + 5 + 3)
    #expect(outline.isItemExpanded("0.2") && selected == "0.2.1")
    tree.counts["0"] = 2
    outline.reloadItem("0", reloadChildren: true)
    #expect(!outline.isItemExpanded("0.2") && outline.selectedItem == nil && outline.numberOfRows == 5)
  }

  @Test func reloadDataKeepsExpansion() {
    outline.expandItem("1")
    outline.expandItem("1.1")
    outline.reloadData()
    #expect(outline.isItemExpanded("1.1") && outline.numberOfRows == 3 + 3 + 3)
  }

  @Test func anItemNeverShownIsFoundByAskingForChildrenParentsFirst() {
    outline.expandItem("0")
    tree.log = []
    #expect(outline.row(forItem: "0.2") == 3)
    #expect(
      tree.log == ["child 1 of root", "child 2 of root", "child 0 of 0", "child 1 of 0", "child 2 of 0"])
    #expect(outline.row(forItem: "9") == nil)
    #expect(outline.parent(forItem: "0.2") == AnyHashable("0") && outline.parent(forItem: "0") == nil)
  }

  /// Rows, items, levels and parents against a plain walk of the same expanded tree, over
  /// random expansions and collapses.
  @Test(arguments: [1, 2, 3, 4])
  func rowsMatchAPlainWalkOfTheTree(seed: UInt64) {
    var random = SeededGenerator(state: seed)
    tree.defaultCount = 4
    tree.counts = [nil: 5]
    outline.reloadData()
    var expanded: Set<String> = []
    func walk(_ path: String?, into rows: inout [(String, Int, String?)]) {
      for index in 0..<tree.childCount(path) {
        let child = path.map { "\($0).\(index)" } ?? "\(index)"
        rows.append((child, tree.level(path), path))
        if expanded.contains(child) { walk(child, into: &rows) }
      }
    }
    for _ in 0..<60 {
      var rows: [(String, Int, String?)] = []
      walk(nil, into: &rows)
      let (path, _, _) = rows[Int.random(in: 0..<rows.count, using: &random)]
      if expanded.contains(path) {
        outline.collapseItem(path)
        expanded = expanded.filter { $0 != path && !$0.hasPrefix(path + ".") }
      } else if tree.childCount(path) > 0 {
        outline.expandItem(path)
        expanded.insert(path)
      }
      rows = []
      walk(nil, into: &rows)
      #expect(outline.numberOfRows == rows.count)
      for (row, (path, level, parent)) in rows.enumerated() {
        #expect(LoggedTree.path(outline.item(atRow: row)) == path)
        #expect(outline.row(forItem: path) == row)
        #expect(outline.level(forItem: path) == level)
        #expect(LoggedTree.path(outline.parent(forItem: path)) == parent)
      }
    }
  }

  @Test func aSearchForAnUnknownItemInAHugeTreeStopsAtItsBound() {
    let huge = HugeTree()
    outline.dataSource = huge
    #expect(outline.row(forItem: "not in the tree") == nil)
    #expect(huge.asked == OutlineView.maximumChildrenAskedPerSearch)
  }

  @Test func hostileCountsAreCapped() {
    tree.counts[nil] = Int.max
    tree.counts["0"] = -5
    outline.reloadData()
    #expect(outline.numberOfRows == OutlineView.maximumNumberOfChildren)
    outline.expandItem("0")
    #expect(!outline.isItemExpanded("0") && outline.numberOfRows == OutlineView.maximumNumberOfChildren)
    outline.indentationPerLevel = -3
    #expect(outline.indentationPerLevel == 0)
  }
}

// MARK: Bindings

@Observable @MainActor
final class BoundFolder: Hashable {
  var name: String
  var subfolders: [BoundFolder]
  init(_ name: String, _ subfolders: [BoundFolder] = []) {
    self.name = name
    self.subfolders = subfolders
  }
  nonisolated static func == (a: BoundFolder, b: BoundFolder) -> Bool { a === b }
  nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

@Observable @MainActor
final class BoundDisk {
  var folders: [BoundFolder]
  init(_ folders: [BoundFolder]) { self.folders = folders }
}

@MainActor
final class BoundDiskSource: OutlineViewDataSource {
  let disk: BoundDisk
  var counted: [String] = []
  init(_ disk: BoundDisk) { self.disk = disk }
  func folders(_ item: AnyHashable?) -> [BoundFolder] {
    (item?.base as? BoundFolder)?.subfolders ?? disk.folders
  }
  func outlineView(_ outlineView: OutlineView, numberOfChildrenOfItem item: AnyHashable?) -> Int {
    counted.append((item?.base as? BoundFolder)?.name ?? "root")
    return folders(item).count
  }
  func outlineView(_ outlineView: OutlineView, child index: Int, ofItem item: AnyHashable?) -> AnyHashable {
    folders(item)[index]
  }
  func outlineView(_ outlineView: OutlineView, isItemExpandable item: AnyHashable) -> Bool {
    (item.base as? BoundFolder)?.subfolders.isEmpty == false
  }
  func outlineView(_ outlineView: OutlineView, textForItem item: AnyHashable) -> String {
    (item.base as? BoundFolder)?.name ?? ""
  }
}

@MainActor
struct OutlineBindingTests {
  let app: Application
  let outline = OutlineView()
  let music = BoundFolder("Music", [BoundFolder("Jazz"), BoundFolder("Rock")])
  let photos = BoundFolder("Photos", [BoundFolder("2025")])
  let disk: BoundDisk
  let source: BoundDiskSource

  init() {
    let window: Window
    (app, window) = Input.app(columns: 20, rows: 8)
    window.rootView = outline
    disk = BoundDisk([music, photos])
    source = BoundDiskSource(disk)
    outline.dataSource = source
    outline.bindItems(to: disk, \.folders, children: \BoundFolder.subfolders)
  }

  func names() -> [String] {
    let buffer = app.renderScreen()
    return (0..<outline.numberOfRows).map { buffer.text(ofRow: $0).trimmingCharacters(in: .whitespaces) }
  }

  @Test func aChangeToAnExpandedItemsChildrenReloadsThemKeepingTheSelection() {
    outline.expandItem(music)
    outline.selectRow(at: IndexPath(row: outline.row(forItem: music.subfolders[1])!))
    _ = names()
    music.subfolders.insert(BoundFolder("Blues"), at: 0)
    #expect(names() == ["▾ Music", "Blues", "Jazz", "Rock", "▸ Photos"])
    #expect((outline.selectedItem?.base as? BoundFolder)?.name == "Rock")
  }

  @Test func aChangeInsideACollapsedItemAsksNothing() {
    _ = names()
    source.counted = []
    photos.subfolders.append(BoundFolder("2026"))
    _ = names()
    #expect(source.counted.isEmpty)
    outline.expandItem(photos)
    #expect(names() == ["▸ Music", "▾ Photos", "2025", "2026"])
  }

  @Test func anItemExpandedAfterBindingIsObservedFromTheNextFrame() {
    _ = names()
    outline.expandItem(photos)
    _ = names()
    photos.subfolders.removeAll()
    #expect(names() == ["▸ Music", "Photos"])
  }

  @Test func aNewTopLevelItemReloadsAndKeepsExpansion() {
    outline.expandItem(music)
    _ = names()
    disk.folders.insert(BoundFolder("Documents"), at: 0)
    #expect(names() == ["Documents", "▾ Music", "Jazz", "Rock", "▸ Photos"])
    #expect(outline.isItemExpanded(music))
  }
}
