import Testing

@testable import ResponderKit

// A framework class may declare in its action table the responder methods it keeps as
// inherited (ActionTable.KeptDefaults, package-internal), so that the chain's walks pass its
// objects without asking them. The declaration, never the class's metadata, decides; it never
// claims more than the superclass keeps; debug builds check every object passed; a subclass
// that declares nothing is asked through its methods as UIKit asks every responder.

/// A focusable view that overrides nothing the walks call, and says so.
@MainActor
final class DeclaredFocusView: View {
  override var canBecomeFirstResponder: Bool { true }
  override class var actionTable: ActionTable { actions }
  private static let actions = ActionTable(DeclaredFocusView.self, keeping: .all) { _ in }
}

/// A view offering key commands, with or without declaring that it offers none.
@MainActor
private class CommandView: View {
  var commands: [KeyCommand] = []
  override var canBecomeFirstResponder: Bool { true }
  override var keyCommands: [KeyCommand] { commands }
}

/// A view offering key commands whose table declares (wrongly) that it keeps `keyCommands`.
@MainActor
private final class MisdeclaredCommandView: View {
  var commands: [KeyCommand] = []
  override var canBecomeFirstResponder: Bool { true }
  override var keyCommands: [KeyCommand] { commands }
  override class var actionTable: ActionTable { actions }
  private static let actions = ActionTable(MisdeclaredCommandView.self, keeping: .keyCommands) { _ in }
}

/// A ``CommandView`` that declares nothing.
@MainActor
private final class UndeclaredCommandView: CommandView {}

/// Performs `moveDown` and `ping`, counting; can be told to refuse.
@MainActor
private final class MoveTarget: View {
  var performed: [Action] = []
  var allows = true
  override class var actionTable: ActionTable { actions }
  private static let actions = ActionTable(MoveTarget.self) {
    $0.add(.moveDown) { $0.performed.append(.moveDown) }
    $0.add(.ping) { $0.performed.append(.ping) }
  }
  override func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
    allows && super.canPerformAction(action, withSender: sender)
  }
}

/// A key window whose root is `top`, then `depth` plain views, then `focus` (first responder).
@MainActor
private func makeChain(top: View, depth: Int, focus: View) -> (Application, Window) {
  makeChain([top] + (0..<depth).map { _ in View() } + [focus])
}

/// A key window whose views are `path`, each the superview of the next; the last is first
/// responder.
@MainActor
private func makeChain(_ path: [View]) -> (Application, Window) {
  let app = Application()
  app.screenSize = Size(width: 40, height: 10)
  let window = Window()
  for (parent, child) in zip(path, path.dropFirst()) { parent.addSubview(child) }
  window.rootView = path[0]
  app.addWindow(window)
  window.makeKeyAndOrderFront()
  #expect(window.makeFirstResponder(path[path.count - 1]))
  return (app, window)
}

@MainActor
struct DeclaredKeptDefaultsTests {
  @Test func aSubclassThatDeclaresKeepingEverythingIsPassedLikeAPlainView() {
    let view = DeclaredFocusView()
    #expect(view.keptDefaults.contains(ActionTable.KeptDefaults.all))
    // A view keeping the search's defaults follows its links.
    #expect(view.keptDefaults.contains(.viewLink))
  }

  @Test func theDeclarationHoldsOnlyForTheDeclaringTypeNotItsSubclasses() {
    #expect(UndeclaredCommandView().keptDefaults.isEmpty)
    #expect(MisdeclaredCommandView().keptDefaults == .keyCommands)
  }

  @Test func viewLinkCannotBeDeclared() {
    final class Claims: View {
      override class var actionTable: ActionTable { actions }
      static let actions = ActionTable(Claims.self, keeping: ActionTable.KeptDefaults(rawValue: 64 | 2)) {
        _ in
      }
    }
    // Only `keyCommands` is declarable of the two bits; without `actionSearch` no link is followed.
    #expect(Claims().keptDefaults == .keyCommands)
  }

  /// UIKit asks every responder of the chain for its `keyCommands`
  /// (https://developer.apple.com/documentation/uikit/uiresponder/keycommands): an override
  /// whose class declares nothing is called.
  @Test func anOverrideOfKeyCommandsWithoutADeclarationIsAsked() {
    let top = MoveTarget()
    let focus = UndeclaredCommandView()
    focus.commands = [KeyCommand(input: "p", modifierFlags: .control, action: .ping)]
    let (app, window) = makeChain(top: top, depth: 3, focus: focus)
    #expect(window.keyCommandsInChain().map(\.action) == [.ping])
    app.handle(.key(KeyEvent.character("p", modifierFlags: .control)))
    #expect(top.performed == [.ping])
  }

  /// A declaration that contradicts an override is a bug the walks would hide (they do not
  /// call the override): debug builds check each object passed and stop with a sentence that
  /// names the class and the method.
  @Test func aDeclarationThatContradictsAnOverrideStopsNamingClassAndMethod() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let focus = MisdeclaredCommandView()
        focus.commands = [KeyCommand(input: "p", modifierFlags: .control, action: .ping)]
        // A key command walk from a view below it passes it.
        let below = View()
        focus.addSubview(below)
        _ = below.nextResponder(notKeeping: .keyCommands)
      }
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("MisdeclaredCommandView declares in its ActionTable that it keeps keyCommands"))
  }

  /// A declaration never claims more than the superclass keeps: Window overrides `keyDown` to
  /// run the key bindings, so a Window subclass declaring `.all` still runs them (before, its
  /// bindings were silently lost).
  @Test func aWindowSubclassDeclaringEverythingKeepsItsKeyBindings() {
    final class AllWindow: Window {
      override class var actionTable: ActionTable { actions }
      static let actions = ActionTable(AllWindow.self, keeping: .all) { _ in }
    }
    #expect(!AllWindow().keptDefaults.contains(.keyDown))
    #expect(AllWindow().keptDefaults.contains(.keyCommands))
    let app = Application()
    app.screenSize = Size(width: 40, height: 10)
    let top = MoveTarget()
    let focus = DeclaredFocusView()
    top.addSubview(focus)
    let window = AllWindow()
    window.rootView = top
    app.addWindow(window)
    window.makeKeyAndOrderFront()
    #expect(window.makeFirstResponder(focus))
    app.handle(.key(KeyEvent(keysym: .down)))
    #expect(top.performed == [.moveDown])
    // And a class whose superclass declares nothing keeps nothing, whatever it declares.
    class Undeclared: View {}
    final class Redeclared: Undeclared {
      override class var actionTable: ActionTable { actions }
      static let actions = ActionTable(Redeclared.self, keeping: .all) { _ in }
    }
    #expect(Redeclared().keptDefaults.isEmpty)
  }

  /// NSResponder.doCommand(by:) tries the bound command up the key window's chain
  /// (https://developer.apple.com/documentation/appkit/nsresponder/trytoperform(_:with:)):
  /// the walk passes plain views from their tables and still asks the object that implements it.
  @Test func aBoundKeyPassesPlainViewsAndReachesTheTop() {
    let top = MoveTarget()
    let (app, _) = makeChain(top: top, depth: 30, focus: DeclaredFocusView())
    app.handle(.key(KeyEvent(keysym: .down)))
    #expect(top.performed == [.moveDown])
    // The implementing object's `canPerformAction` is still asked: refusing stops the command.
    top.allows = false
    app.handle(.key(KeyEvent(keysym: .down)))
    #expect(top.performed == [.moveDown])
  }

  @Test func aBoundKeyIsPerformedByTheNearestImplementingViewThatAgrees() {
    let top = MoveTarget()
    let middle = MoveTarget()
    let (app, _) = makeChain([top, View(), middle, View(), View(), DeclaredFocusView()])
    middle.allows = false
    app.handle(.key(KeyEvent(keysym: .down)))
    #expect(middle.performed.isEmpty && top.performed == [.moveDown])
    middle.allows = true
    app.handle(.key(KeyEvent(keysym: .down)))
    #expect(middle.performed == [.moveDown] && top.performed == [.moveDown])
  }

  /// UIKit: `next` is overridable (https://developer.apple.com/documentation/uikit/uiresponder/next),
  /// and every responder it returns is asked for its `keyCommands`. A window whose class keeps
  /// Window's `next` is passed through its link to the application; a subclass that overrides
  /// `next` (and declares nothing) is followed through the override.
  @Test func aWindowSubclassThatOverridesNextIsFollowedThroughTheOverride() {
    final class Extra: Responder {
      override var keyCommands: [KeyCommand] {
        [KeyCommand(input: "p", modifierFlags: .control, action: .ping)]
      }
    }
    final class RoutingWindow: Window {
      let extra = Extra()
      override var next: Responder? { extra }
    }
    let app = Application()
    app.screenSize = Size(width: 40, height: 10)
    let top = MoveTarget()
    let focus = DeclaredFocusView()
    top.addSubview(focus)
    let window = RoutingWindow()
    window.rootView = top
    app.addWindow(window)
    window.makeKeyAndOrderFront()
    #expect(window.makeFirstResponder(focus))
    #expect(!window.keptDefaults.contains(.linkedNext))
    #expect(window.keyCommandsInChain().map(\.action) == [.ping])
    app.handle(.key(KeyEvent.character("p", modifierFlags: .control)))
    #expect(top.performed == [.ping])
    // A plain window keeps Window's `next`: its link (the application) is what the walks read.
    let plain = Window()
    app.addWindow(plain)
    #expect(plain.keptDefaults.contains([.nextResponder, .linkedNext]))
    #expect(plain.nextLink?.refers(to: app) == true)
    app.remove(plain)
    #expect(plain.nextLink == nil && plain.next == nil)
  }
}
