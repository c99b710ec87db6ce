import Testing

@testable import ResponderKit

// Issue 34's cases, each of which failed before the search became one recursion: the answer
// must not depend on what was asked before nor on tracing; AppKit's `tryToPerform(_:with:)`
// forwards to the next responder, so every override on the way is reached
// (https://developer.apple.com/documentation/appkit/nsresponder/trytoperform(_:with:)), and
// `doCommand(by:)`, which a key binding sends, goes through it
// (https://developer.apple.com/documentation/appkit/nsresponder/docommand(by:)); a touch the
// table takes is traced as delivered to it.

/// A window whose table removes undo, declaring what Window declared it keeps.
@MainActor
private final class NoUndoWindow: Window {
  override class var actionTable: ActionTable { actions }
  static let actions = ActionTable(
    NoUndoWindow.self, keeping: [.actionSearch, .keyCommands, .keyUp, .nextResponder]
  ) { $0.remove(.undo) }
}

/// An application whose table adds undo, declaring what Application declared it keeps.
@MainActor
private final class UndoApplication: Application {
  var undos = 0
  override class var actionTable: ActionTable { actions }
  static let actions = ActionTable(
    UndoApplication.self, keeping: [.actionSearch, .keyCommands, .keyUp, .nextResponder]
  ) { $0.add(.undo) { $0.undos += 1 } }
}

/// A view that records every `tryToPerform` it is sent and passes it on.
@MainActor
private final class ForwardingView: View {
  var seen: [Action] = []
  override func tryToPerform(_ action: Action, with sender: Any?) -> Bool {
    seen.append(action)
    return super.tryToPerform(action, with: sender)
  }
}

/// A window whose `tryToPerform` override performs `ping` and `moveDown` itself.
@MainActor
private final class CatchingWindow: Window {
  var caught: [Action] = []
  override func tryToPerform(_ action: Action, with sender: Any?) -> Bool {
    if action == .ping || action == .moveDown {
      caught.append(action)
      return true
    }
    return super.tryToPerform(action, with: sender)
  }
}

/// An application that performs `moveDown`, which a key binding must not reach.
@MainActor
private final class MovingApplication: Application {
  var moves = 0
  override class var actionTable: ActionTable { actions }
  static let actions = ActionTable(MovingApplication.self) { $0.add(.moveDown) { $0.moves += 1 } }
}

/// Shows `window` key in `app`, its views `path` each the superview of the next, the last
/// first responder.
@MainActor
private func show(_ path: [View], in window: Window, of app: Application) {
  app.screenSize = Size(width: 20, height: 5)
  for (parent, child) in zip(path, path.dropFirst()) { parent.addSubview(child) }
  window.rootView = path[0]
  app.addWindow(window)
  window.makeKeyAndOrderFront()
  #expect(window.makeFirstResponder(path[path.count - 1]))
}

@MainActor
struct SingleSearchTests {
  /// Issue 34, item 1: before, the first search answered nil and the second the application,
  /// the recursion answered the window, and a traced send failed where an untraced one
  /// succeeded. Window's undo is at most its table's; the answer is the application's, always.
  @Test func theAnswerIsTheSameTheFirstTimeTheSecondTimeTracedAndThroughTheRecursion() {
    let app = UndoApplication()
    let window = NoUndoWindow()
    let focus = DeclaredFocusView()
    show([View(), focus], in: window, of: app)
    let undo = window.undoManager!
    undo.groupsByEvent = false
    undo.beginUndoGrouping()
    undo.registerUndo(withTarget: window) { _ in }
    undo.endUndoGrouping()
    #expect(undo.canUndo)

    #expect(app.target(forAction: .undo, to: nil, from: nil) === app)
    #expect(app.target(forAction: .undo, to: nil, from: nil) === app)
    #expect(focus.target(forAction: .undo, withSender: nil) === app)
    #expect(!window.canPerformAction(.undo, withSender: nil))
    #expect(app.sendAction(.undo, to: nil, from: nil))
    let trace = ActionTrace()
    app.actionTrace = trace
    #expect(app.sendAction(.undo, to: nil, from: nil))
    app.actionTrace = nil
    #expect(app.undos == 2)
    #expect(trace.text.contains("NoUndoWindow: does not implement"))
    #expect(trace.text.contains("performed by UndoApplication"))
    #expect(undo.canUndo, "the window's undo manager was never asked to undo")
  }

  /// NSResponder forwards `tryToPerform` to its next responder, so an override anywhere on the
  /// way is reached: before, only the first object's method ran and the walk did the rest.
  @Test func tryToPerformReachesEveryOverrideOnTheWayUp() {
    let app = Application()
    let window = CatchingWindow()
    let forwarding = ForwardingView()
    let focus = DeclaredFocusView()
    show([View(), forwarding, View(), focus], in: window, of: app)

    #expect(focus.tryToPerform(.ping, with: nil))
    #expect(forwarding.seen == [.ping] && window.caught == [.ping])
    #expect(!focus.tryToPerform(.unimplemented, with: nil))
    #expect(forwarding.seen == [.ping, .unimplemented])
  }

  /// A key binding's command is `tryToPerform` from where keys start (AppKit's
  /// `doCommand(by:)`): every override on the way is reached, and the command ends with the
  /// key window, short of the application.
  @Test func aKeyBindingsCommandReachesTheOverridesAndStopsAtTheWindow() {
    let app = MovingApplication()
    let window = CatchingWindow()
    let forwarding = ForwardingView()
    show([forwarding, DeclaredFocusView()], in: window, of: app)

    app.handle(.key(KeyEvent(keysym: .down)))
    #expect(forwarding.seen == [.moveDown] && window.caught == [.moveDown])
    // A plain window passes the command on to nothing: the application is not reached.
    show([DeclaredFocusView()], in: Window(), of: app)
    app.handle(.key(KeyEvent(keysym: .down)))
    #expect(app.moves == 0)
    #expect(app.tryToPerform(.moveDown, with: nil) && app.moves == 1)
  }

  /// Issue 34, item 6: a tap that selects a table row goes through the table's gesture
  /// arbiter (its double-tap recognizer); the trace said "unhandled" for both phases.
  @Test func aTapThatSelectsATableRowIsTracedAsDeliveredToTheTable() {
    let (app, window) = Input.app(columns: 20, rows: 4)
    let table = TableView()
    let source = FruitSource(["apple", "banana", "cherry"])
    table.dataSource = source
    table.identifier = "fruit"
    window.rootView = table
    let trace = ActionTrace()
    app.actionTrace = trace
    Input.tap(app, x: 2, y: 1, time: 0)
    #expect(table.indexPathForSelectedRow?.row == 1)
    #expect(trace.entries.count == 2)
    for entry in trace.entries {
      #expect(entry.outcome == "ended: delivered to TableView \"fruit\"")
      #expect(entry.performer === table)
    }
  }
}
