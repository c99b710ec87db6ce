import Testing

@testable import ResponderKit

extension Action {
  fileprivate static let declaredFirst = Action("test.declaredFirst")
  fileprivate static let declaredSecond = Action("test.declaredSecond")
}

/// A view declaring its actions in its `actionTable` override alone (issue 27: one
/// declaration, the type named once).
@MainActor
private class DeclaringView: View {
  static var builds = 0
  var performed: [String] = []
  override var canBecomeFirstResponder: Bool { true }
  override class var actionTable: ActionTable {
    .declared(by: self, keeping: [.keyCommands]) {
      DeclaringView.builds += 1
      $0.add(.declaredFirst) { $0.performed.append("first") }
    }
  }
}

/// Inherits the property without overriding it.
@MainActor
private final class PlainSubview: DeclaringView {}

/// Declares its own table the same way.
@MainActor
private final class ExtendingView: DeclaringView {
  override class var actionTable: ActionTable {
    .declared(by: self) { $0.add(.declaredSecond) { $0.performed.append("second") } }
  }
}

@MainActor
struct DeclaredActionTableTests {
  @Test func theTableIsBuiltOnceAndSharedBySubclassesWithoutTheirOwn() {
    let first = DeclaringView.actionTable
    let buildsAfterFirst = DeclaringView.builds
    #expect(DeclaringView.actionTable === first)
    #expect(PlainSubview.actionTable === first, "self in the inherited property is still DeclaringView")
    #expect(DeclaringView.builds == buildsAfterFirst && buildsAfterFirst == 1)
  }

  @Test func aDeclaredTableInheritsItsSuperclassesActions() {
    let table = ExtendingView.actionTable
    #expect(table.contains(.declaredFirst) && table.contains(.declaredSecond))
    #expect(!DeclaringView.actionTable.contains(.declaredSecond))
    #expect(table.accepts(ExtendingView.self) && !table.accepts(DeclaringView.self))
  }

  @Test func keptDefaultsHoldOnlyForTheDeclaringType() {
    #expect(DeclaringView.actionTable.keptDefaults(of: DeclaringView.self) == [.keyCommands])
    #expect(PlainSubview.actionTable.keptDefaults(of: PlainSubview.self).isEmpty)
    #expect(ExtendingView.actionTable.keptDefaults(of: ExtendingView.self).isEmpty)
  }

  @Test func aNilTargetActionReachesAViewThatDeclaredItThisWay() {
    let app = Application()
    let window = Window()
    let root = View()
    let view = ExtendingView()
    root.addSubview(view)
    window.rootView = root
    app.addWindow(window)
    window.makeKeyAndOrderFront()
    #expect(window.makeFirstResponder(view))
    #expect(app.sendAction(.declaredFirst, to: nil, from: nil))
    #expect(app.sendAction(.declaredSecond, to: nil, from: nil))
    #expect(view.performed == ["first", "second"])
  }
}
