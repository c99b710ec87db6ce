import Foundation
import Testing

@testable import ResponderKit

/// A table delegate that implements some optional methods and declares nothing.
@MainActor
class ImplementingTableDelegate: TableViewDelegate {
  var calls: [String] = []
  var refused: Set<Int> = []

  func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
    calls.append("willSelect \(indexPath.row)")
    return refused.contains(indexPath.row) ? nil : indexPath
  }
  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    calls.append("didSelect \(indexPath.row)")
  }
}

/// Rows two cells high.
@MainActor
final class TallRows: TableViewRowHeightDelegate {
  var asked = 0
  func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Int {
    asked += 1
    return 2
  }
}

/// Three fruits, and nothing the user may change.
@MainActor
class PlainFruitSource: TableViewDataSource {
  var items = ["apple", "banana", "cherry"]
  var calls: [String] = []

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { items.count }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let cell = TableViewCell()
    cell.text = items[indexPath.row]
    return cell
  }
}

/// Rows the user may delete, UIKit's `canEditRowAt` left to its default.
@MainActor
final class EditingFruitSource: PlainFruitSource, TableViewEditingDataSource {
  func tableView(
    _ tableView: TableView, commit editingStyle: TableView.EditingStyle, forRowAt indexPath: IndexPath
  ) {
    calls.append("commit \(indexPath.row)")
    items.remove(at: indexPath.row)
    tableView.deleteRows(at: [indexPath])
  }
}

/// Rows the user may move, UIKit's `canMoveRowAt` left to its default.
@MainActor
final class ReorderingFruitSource: PlainFruitSource, TableViewReorderingDataSource {
  func tableView(_ tableView: TableView, moveRowAt source: IndexPath, to destination: IndexPath) {
    calls.append("move \(source.row) \(destination.row)")
    items.insert(items.remove(at: source.row), at: destination.row)
  }
}

/// A window delegate whose `windowWillReturnUndoManager` answers a fixed value.
@MainActor
final class UndoSupplier: WindowDelegate {
  let supplied: UndoManager?
  init(supplying supplied: UndoManager?) { self.supplied = supplied }
  func windowWillReturnUndoManager(_ window: Window) -> UndoManager? { supplied }
}

/// Optional delegate methods the compiler checks: a method with a neutral default lives in a
/// protocol extension, so implementing it is all it takes to be called; a group whose mere
/// presence changes behaviour in UIKit is a refining protocol, cast once when the data source
/// is set.
@MainActor
struct OptionalDelegateMethodsTests {
  let app: Application
  let window: Window
  let table = TableView()

  init() {
    (app, window) = Input.app(columns: 20, rows: 8)
    window.rootView = table
    window.makeFirstResponder(table)
  }

  /// The case the old option sets left silent: implemented, never declared, now called.
  @Test func anImplementedMethodIsCalledWithoutAnyDeclaration() {
    let source = PlainFruitSource()
    table.dataSource = source
    let delegate = ImplementingTableDelegate()
    delegate.refused = [0]
    table.delegate = delegate
    app.handle(Input.key(.down))
    #expect(table.indexPathForSelectedRow?.row == 1)
    #expect(delegate.calls == ["willSelect 0", "willSelect 1", "didSelect 1"])
  }

  /// A subclass overriding a method its conforming superclass implements is called: the
  /// requirement's witness is the class method, dispatched through the class.
  @Test func aSubclassOverrideOfAnImplementedMethodIsCalled() {
    final class Subclass: ImplementingTableDelegate {
      override func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
        calls.append("subclass didSelect \(indexPath.row)")
      }
    }
    let source = PlainFruitSource()
    table.dataSource = source
    let delegate = Subclass()
    table.delegate = delegate
    app.handle(Input.key(.down))
    #expect(delegate.calls == ["willSelect 0", "subclass didSelect 0"])
  }

  /// UITableViewDataSource.tableView(_:commit:forRowAt:) turns editing on by being there;
  /// tableView(_:canEditRowAt:): "If this method is not implemented, all rows are assumed to
  /// be editable."
  @Test func anEditingDataSourceLetsTheUserDeleteEveryRow() {
    let source = EditingFruitSource()
    table.dataSource = source
    table.selectRow(at: IndexPath(row: 0))
    #expect(table.canPerformAction(.deleteBackward, withSender: nil))
    app.handle(Input.key(.backSpace))
    #expect(source.calls == ["commit 0"])
    #expect(source.items == ["banana", "cherry"])
  }

  @Test func aDataSourceThatIsNotEditingHasNoEditableRowAndDeleteGoesUpTheChain() {
    let source = PlainFruitSource()
    table.dataSource = source
    table.selectRow(at: IndexPath(row: 1))
    #expect(!table.canPerformAction(.deleteBackward, withSender: nil))
    app.handle(Input.key(.backSpace))
    #expect(source.items.count == 3)
  }

  /// UITableViewDataSource.tableView(_:canMoveRowAt:): "By default, the reordering control
  /// is shown if the data source implements tableView(_:moveRowAt:to:)."
  @Test func aReorderingDataSourceMovesRowsAndAPlainOneDoesNot() {
    let source = ReorderingFruitSource()
    table.dataSource = source
    table.selectRow(at: IndexPath(row: 0))
    app.handle(Input.key(.down, .alt))
    #expect(source.calls == ["move 0 1"])
    #expect(table.indexPathForSelectedRow?.row == 1)

    let fixed = PlainFruitSource()
    table.dataSource = fixed
    table.selectRow(at: IndexPath(row: 0))
    #expect(!table.canPerformAction(.moveSelectedRowDown, withSender: nil))
    app.handle(Input.key(.down, .alt))
    #expect(fixed.items == ["apple", "banana", "cherry"])
  }

  /// UITableViewDelegate.tableView(_:heightForRowAt:): implemented, it sizes every row;
  /// otherwise `rowHeight` does ("If your rows are the same height, do not override this
  /// method; assign a value to the rowHeight property").
  @Test func aRowHeightDelegateSizesRowsAndAPlainOneLeavesRowHeight() {
    let source = PlainFruitSource()
    table.dataSource = source
    let tall = TallRows()
    table.delegate = tall
    #expect(table.rectForRow(at: IndexPath(row: 1)).minY == 2)
    #expect(tall.asked == 3)
    let plain = ImplementingTableDelegate()
    table.delegate = plain
    #expect(table.rectForRow(at: IndexPath(row: 1)).minY == 1)
  }

  /// The conformance is read once, when the data source or delegate is set — as UIKit's
  /// table caches `respondsToSelector:` in `setDataSource:` — not on each key: the cached
  /// roles are there before any event, and are replaced only by setting another.
  @Test func theRefiningProtocolsAreCastWhenTheDataSourceOrDelegateIsSet() {
    let editing = EditingFruitSource()
    table.dataSource = editing
    #expect(table.roles.editing === editing)
    #expect(table.roles.reordering == nil)
    let reordering = ReorderingFruitSource()
    table.dataSource = reordering
    #expect(table.roles.editing == nil)
    #expect(table.roles.reordering === reordering)
    let tall = TallRows()
    table.delegate = tall
    #expect(table.roles.rowHeights === tall)
  }

  /// Data sources and delegates are weak, as UIKit's: one that went away is simply none, for
  /// the cached roles too.
  @Test func aDataSourceAndDelegateThatWentAwayAreNone() {
    do {
      let source = EditingFruitSource()
      let delegate = ImplementingTableDelegate()
      table.dataSource = source
      table.delegate = delegate
      table.selectRow(at: IndexPath(row: 0))
    }
    #expect(table.dataSource == nil)
    #expect(table.delegate == nil)
    #expect(table.roles.editing == nil)
    #expect(!table.canPerformAction(.deleteBackward, withSender: nil))
    app.handle(Input.key(.backSpace))
    app.handle(Input.key(.down))
    table.reloadData()
    #expect(table.numberOfSections == 0)
  }

  /// NSWindowDelegate.windowWillReturnUndoManager(_:): nil from the delegate means the window
  /// makes its own, as does a delegate that does not implement it.
  @Test func willReturnUndoManagerNilMeansTheWindowMakesItsOwn() {
    let supplied = UndoManager()
    let supplier = UndoSupplier(supplying: supplied)
    window.delegate = supplier
    #expect(window.undoManager === supplied)

    let other = Window()
    let declining = UndoSupplier(supplying: nil)
    other.delegate = declining
    #expect(other.undoManager != nil)
    #expect(other.undoManager !== supplied)
  }

  /// NSWindow.performClose(_:): "If the window's delegate or the window itself implements
  /// windowShouldClose(_:), that message is sent ... only the delegate receives the message"
  /// when both do. The default delegate method asks the window.
  @Test func windowShouldCloseIsTheWindowsOwnUnlessTheDelegateImplementsIt() {
    final class Stubborn: Window {
      override func windowShouldClose() -> Bool { false }
    }
    final class Indifferent: WindowDelegate {}
    final class Closer: WindowDelegate {
      func windowShouldClose(_ window: Window) -> Bool { true }
    }
    let stubborn = Stubborn()
    app.addWindow(stubborn)
    let indifferent = Indifferent()
    stubborn.delegate = indifferent
    #expect(!stubborn.performClose(nil))
    let closer = Closer()
    stubborn.delegate = closer
    #expect(stubborn.performClose(nil))
  }

  @Test func anImplementedNotificationMethodIsCalled() {
    final class KeyListener: WindowDelegate {
      var heard: [String] = []
      func windowDidBecomeKey(_ notification: Notification) { heard.append("didBecomeKey") }
    }
    let listener = KeyListener()
    let other = Window()
    app.addWindow(other)
    other.delegate = listener
    other.makeKeyAndOrderFront()
    window.makeKeyAndOrderFront()
    #expect(listener.heard == ["didBecomeKey"])
  }

  @Test func settingTheSameDelegateAgainRegistersItOnce() {
    final class Resizes: WindowDelegate {
      var heard = 0
      func windowDidResize(_ notification: Notification) { heard += 1 }
    }
    let delegate = Resizes()
    window.delegate = delegate
    window.delegate = delegate
    window.frame.size = Size(width: 12, height: 4)
    #expect(delegate.heard == 1)
  }

  @Test func anImplementedShouldTerminateIsAsked() {
    final class Refuser: ApplicationDelegate {
      func applicationShouldTerminate(_ application: Application) -> Application.TerminateReply { .cancel }
    }
    let refuser = Refuser()
    app.delegate = refuser
    app.terminate(nil)
    #expect(!app.isTerminated)
  }
}
