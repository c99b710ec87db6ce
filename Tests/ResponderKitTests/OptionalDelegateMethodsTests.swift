import Foundation
import Testing

@testable import ResponderKit

/// A table delegate that implements every optional method and declares only some, counting
/// how often the table reads the declaration.
@MainActor
final class DeclaringTableDelegate: TableViewDelegate {
  var declared: TableViewDelegateMethods
  var reads = 0
  var calls: [String] = []
  var refused: Set<Int> = []

  init(declaring declared: TableViewDelegateMethods) { self.declared = declared }

  var tableViewDelegateMethods: TableViewDelegateMethods {
    reads += 1
    return declared
  }
  func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
    calls.append("willSelect \(indexPath.row)")
    return refused.contains(indexPath.row) ? nil : indexPath
  }
  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    calls.append("didSelect \(indexPath.row)")
  }
  func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Int {
    calls.append("height \(indexPath.row)")
    return 2
  }
}

/// A data source that can commit and move, declaring only what a test says.
@MainActor
final class DeclaringDataSource: TableViewDataSource {
  let declared: TableViewDataSourceMethods
  var items = ["apple", "banana", "cherry"]
  var calls: [String] = []

  init(declaring declared: TableViewDataSourceMethods) { self.declared = declared }

  var tableViewDataSourceMethods: TableViewDataSourceMethods { declared }
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { items.count }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let cell = TableViewCell()
    cell.text = items[indexPath.row]
    return cell
  }
  func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool {
    calls.append("canEdit \(indexPath.row)")
    return indexPath.row != 0
  }
  func tableView(
    _ tableView: TableView, commit editingStyle: TableView.EditingStyle, forRowAt indexPath: IndexPath
  ) {
    calls.append("commit \(indexPath.row)")
    items.remove(at: indexPath.row)
    tableView.deleteRows(at: [indexPath])
  }
  func tableView(_ tableView: TableView, moveRowAt source: IndexPath, to destination: IndexPath) {
    calls.append("move \(source.row) \(destination.row)")
    items.insert(items.remove(at: source.row), at: destination.row)
  }
}

/// A window delegate whose `windowWillReturnUndoManager` answers a fixed value.
@MainActor
final class UndoSupplier: WindowDelegate {
  let declared: WindowDelegateMethods
  let supplied: UndoManager?
  var closeAsked = 0
  init(declaring declared: WindowDelegateMethods, supplying supplied: UndoManager?) {
    self.declared = declared
    self.supplied = supplied
  }
  var windowDelegateMethods: WindowDelegateMethods { declared }
  func windowWillReturnUndoManager(_ window: Window) -> UndoManager? { supplied }
  func windowShouldClose(_ window: Window) -> Bool {
    closeAsked += 1
    return false
  }
}

/// The one pattern for optional delegate methods: a delegate declares the optional methods
/// it implements, the delegating object reads the declaration once when the delegate is set
/// (as an Objective-C object caches `respondsToSelector:` answers) and calls nothing else. A
/// method not declared behaves as Apple documents an unimplemented one.
@MainActor
struct OptionalDelegateMethodsTests {
  let app: Application
  let window: Window
  let table = TableView()
  /// Kept here: the table holds its data source weakly.
  let fruit = DeclaringDataSource(declaring: [])

  init() {
    (app, window) = Input.app(columns: 20, rows: 8)
    window.rootView = table
    window.makeFirstResponder(table)
  }

  @Test func theDeclarationIsReadOnceWhenTheDelegateIsSet() {
    let source = DeclaringDataSource(declaring: [])
    table.dataSource = source
    let delegate = DeclaringTableDelegate(declaring: .didSelectRow)
    table.delegate = delegate
    for _ in 0..<5 { app.handle(Input.key(.down)) }
    #expect(delegate.reads == 1)
    #expect(delegate.calls == ["didSelect 0", "didSelect 1", "didSelect 2"])
  }

  @Test func anUndeclaredMethodIsNeverCalled() {
    table.dataSource = fruit
    let delegate = DeclaringTableDelegate(declaring: [])
    delegate.refused = [0]
    table.delegate = delegate
    app.handle(Input.key(.down))
    #expect(table.indexPathForSelectedRow?.row == 0, "not declared: every row may be selected")
    #expect(table.rectForRow(at: IndexPath(row: 1)).minY == 1, "not declared: rowHeight")
    #expect(delegate.calls.isEmpty)
  }

  /// UITableViewDelegate.tableView(_:willSelectRowAt:): "Return nil if you don't want the
  /// row selected."
  @Test func aDeclaredWillSelectReturningNilRefusesTheRow() {
    table.dataSource = fruit
    let delegate = DeclaringTableDelegate(declaring: [.willSelectRow, .didSelectRow])
    delegate.refused = [0]
    table.delegate = delegate
    app.handle(Input.key(.down))
    #expect(table.indexPathForSelectedRow?.row == 1)
    #expect(delegate.calls == ["willSelect 0", "willSelect 1", "didSelect 1"])
  }

  /// UITableViewDataSource.tableView(_:canEditRowAt:): "If this method is not implemented,
  /// all rows are assumed to be editable" — and deleting needs `commit`.
  @Test func withoutCanEditRowEveryRowIsEditableWhenCommitIsDeclared() {
    let source = DeclaringDataSource(declaring: .commitEditing)
    table.dataSource = source
    table.selectRow(at: IndexPath(row: 0))
    app.handle(Input.key(.backSpace))
    #expect(source.calls == ["commit 0"])
    #expect(source.items == ["banana", "cherry"])
  }

  @Test func withoutCommitNoRowIsEditableAndDeleteGoesUpTheChain() {
    let source = DeclaringDataSource(declaring: .canEditRow)
    table.dataSource = source
    table.selectRow(at: IndexPath(row: 1))
    #expect(!table.canPerformAction(.deleteBackward, withSender: nil))
    app.handle(Input.key(.backSpace))
    #expect(source.calls.isEmpty)
    #expect(source.items.count == 3)
  }

  @Test func aDeclaredCanEditRowDecides() {
    let source = DeclaringDataSource(declaring: [.canEditRow, .commitEditing])
    table.dataSource = source
    table.selectRow(at: IndexPath(row: 0))
    app.handle(Input.key(.backSpace))
    table.selectRow(at: IndexPath(row: 1))
    app.handle(Input.key(.backSpace))
    #expect(source.calls.filter { $0.hasPrefix("commit") } == ["commit 1"])
    #expect(source.items == ["apple", "cherry"])
  }

  /// UITableViewDataSource.tableView(_:canMoveRowAt:): "By default, the reordering control
  /// is shown if the data source implements tableView(_:moveRowAt:to:)."
  @Test func withoutCanMoveRowEveryRowMovesWhenMoveRowIsDeclared() {
    let source = DeclaringDataSource(declaring: .moveRow)
    table.dataSource = source
    table.selectRow(at: IndexPath(row: 0))
    app.handle(Input.key(.down, .alt))
    #expect(source.calls == ["move 0 1"])
    #expect(table.indexPathForSelectedRow?.row == 1)

    let fixed = DeclaringDataSource(declaring: [])
    table.dataSource = fixed
    table.selectRow(at: IndexPath(row: 0))
    app.handle(Input.key(.down, .alt))
    #expect(fixed.calls.isEmpty)
  }

  /// NSWindowDelegate.windowWillReturnUndoManager(_:): nil from a delegate that implements
  /// it still means the window makes its own, as does not implementing it.
  @Test func willReturnUndoManagerNilMeansTheWindowMakesItsOwn() {
    let supplied = UndoManager()
    let declaring = UndoSupplier(declaring: .willReturnUndoManager, supplying: supplied)
    window.delegate = declaring
    #expect(window.undoManager === supplied)

    let other = Window()
    let undeclared = UndoSupplier(declaring: [], supplying: supplied)
    other.delegate = undeclared
    #expect(other.undoManager != nil)
    #expect(other.undoManager !== supplied, "not declared: never asked")

    let third = Window()
    let declaringNil = UndoSupplier(declaring: .willReturnUndoManager, supplying: nil)
    third.delegate = declaringNil
    #expect(third.undoManager != nil)
  }

  /// NSWindow.performClose(_:): the delegate's windowShouldClose(_:) is asked only if it
  /// implements it; otherwise the window's own answer stands.
  @Test func windowShouldCloseIsAskedOnlyWhenDeclared() {
    let undeclared = UndoSupplier(declaring: [], supplying: nil)
    window.delegate = undeclared
    #expect(window.performClose(nil))
    #expect(undeclared.closeAsked == 0)

    let second = Window()
    app.addWindow(second)
    let declared = UndoSupplier(declaring: .shouldClose, supplying: nil)
    second.delegate = declared
    #expect(!second.performClose(nil))
    #expect(declared.closeAsked == 1)
  }

  @Test func notificationMethodsAreRegisteredOnlyWhenDeclared() {
    final class KeyListener: WindowDelegate {
      let windowDelegateMethods: WindowDelegateMethods = .didBecomeKey
      var heard: [String] = []
      func windowDidBecomeKey(_ notification: Notification) { heard.append("didBecomeKey") }
      func windowDidResignKey(_ notification: Notification) { heard.append("didResignKey") }
    }
    let listener = KeyListener()
    let other = Window()
    app.addWindow(other)
    other.delegate = listener
    other.makeKeyAndOrderFront()
    window.makeKeyAndOrderFront()
    #expect(listener.heard == ["didBecomeKey"])
  }

  @Test func settingTheSameDelegateAgainReadsItsDeclarationAgain() {
    final class Redeclaring: WindowDelegate {
      var windowDelegateMethods: WindowDelegateMethods = []
      var heard = 0
      func windowDidResize(_ notification: Notification) { heard += 1 }
    }
    let delegate = Redeclaring()
    window.delegate = delegate
    window.frame.size = Size(width: 10, height: 4)
    delegate.windowDelegateMethods = .didResize
    window.delegate = delegate
    window.frame.size = Size(width: 12, height: 4)
    window.delegate = delegate
    window.frame.size = Size(width: 14, height: 4)
    #expect(delegate.heard == 2, "once per resize after the redeclaration, never twice")
  }

  @Test func anUndeclaredShouldTerminateLetsTheApplicationQuit() {
    final class Refuser: ApplicationDelegate {
      func applicationShouldTerminate(_ application: Application) -> Application.TerminateReply { .cancel }
    }
    let refuser = Refuser()
    app.delegate = refuser
    app.terminate(nil)
    #expect(app.isTerminated)
  }
}
