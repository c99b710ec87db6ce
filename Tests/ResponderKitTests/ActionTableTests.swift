import Testing

@testable import ResponderKit

@MainActor
private class BaseEditor: Responder {
  var log: [String] = []
  override class var actionTable: ActionTable { baseActions }
  private static let baseActions = ActionTable(BaseEditor.self, inheriting: Responder.actionTable) {
    $0.add(.copy) { $0.log.append("base.copy") }
    $0.add(.paste) { $0.log.append("base.paste") }
  }
}

@MainActor
private final class DerivedEditor: BaseEditor {
  override class var actionTable: ActionTable { derivedActions }
  private static let derivedActions = ActionTable(DerivedEditor.self, inheriting: BaseEditor.actionTable) {
    $0.add(.paste) { $0.log.append("derived.paste") }
    $0.add(.cut) { $0.log.append("derived.cut") }
    $0.remove(.copy)
  }
}

/// Per-type action tables: inheritance, overriding, removal; and user-interface validation.
@MainActor
struct ActionTableTests {
  @Test func subclassInheritsOverridesAndRemovesActions() {
    #expect(BaseEditor.actionTable.contains(.copy))
    #expect(!BaseEditor.actionTable.contains(.cut))
    #expect(DerivedEditor.actionTable.contains(.paste))
    #expect(DerivedEditor.actionTable.contains(.cut))
    #expect(!DerivedEditor.actionTable.contains(.copy))
    #expect(Set(DerivedEditor.actionTable.actions) == [.paste, .cut])
    #expect(Set(BaseEditor.actionTable.actions) == [.copy, .paste])
  }

  @Test func overriddenActionRunsTheSubclassMethod() {
    let editor = DerivedEditor()
    #expect(editor.tryToPerform(.paste, with: nil))
    #expect(editor.tryToPerform(.cut, with: nil))
    #expect(editor.log == ["derived.paste", "derived.cut"])
  }

  @Test func removedActionIsNotPerformedAndTheSearchSkipsTheObject() {
    let app = Application()
    let editor = DerivedEditor()
    #expect(!editor.canPerformAction(.copy, withSender: nil))
    #expect(!app.sendAction(.copy, to: editor, from: nil))
    #expect(editor.log.isEmpty)
  }

  @Test func baseClassKeepsItsOwnMethodsAfterSubclassOverrides() {
    let base = BaseEditor()
    #expect(base.tryToPerform(.paste, with: nil))
    #expect(base.log == ["base.paste"])
  }

  @Test func actionDeclaredAfterTheTableWasBuiltIsNotContained() {
    let late = Action("test.declaredLate.\(#line)")
    #expect(!DerivedEditor.actionTable.contains(late))
    #expect(!ActionTable.empty.contains(late))
  }

  @Test func standardActionsHaveCocoaNames() {
    let names = [
      Action.cut, .copy, .paste, .delete, .selectAll, .undo, .redo, .cancelOperation, .insertNewline,
      .insertTab, .insertBacktab, .moveUp, .moveWordForwardAndModifySelection, .deleteBackward,
      .scrollPageDown, .pageUp, .performClose, .terminate,
    ].map(\.name)
    #expect(
      names == [
        "cut", "copy", "paste", "delete", "selectAll", "undo", "redo", "cancelOperation", "insertNewline",
        "insertTab", "insertBacktab", "moveUp", "moveWordForwardAndModifySelection", "deleteBackward",
        "scrollPageDown", "pageUp", "performClose", "terminate",
      ])
  }

  // MARK: Validation

  @Test func itemIsEnabledWhenResolvedTargetValidatesIt() {
    let s = Scene()
    s.outer.probe.accepts = [.ping]
    #expect(s.app.validateItem(Item(.ping)))
    #expect(s.trace.calls == ["outer.validate"])
  }

  @Test func itemIsDisabledWhenResolvedTargetRefusesIt() {
    let s = Scene()
    s.outer.probe.accepts = [.ping]
    s.outer.probe.validates = false
    // Validation asks only the resolved target, not the objects after it.
    s.root.probe.accepts = [.ping]
    #expect(!s.app.validateItem(Item(.ping)))
    #expect(s.trace.calls == ["outer.validate"])
  }

  @Test func itemIsDisabledWhenNothingCanPerformItsAction() {
    let s = Scene()
    #expect(!s.app.validateItem(Item(.ping)))
    #expect(s.trace.calls.isEmpty)
  }

  @Test func itemWithoutActionIsDisabled() {
    let s = Scene()
    s.inner.probe.accepts = [.ping]
    #expect(!s.app.validateItem(Item(nil)))
  }

  @Test func itemWithExplicitTargetIsValidatedByThatTargetOnly() {
    let s = Scene()
    s.inner.probe.accepts = [.ping]
    s.root.probe.accepts = [.ping]
    #expect(s.app.validateItem(Item(.ping), target: s.root))
    #expect(s.trace.calls == ["root.validate"])
    #expect(!s.app.validateItem(Item(.ping), target: View()))
  }

  @Test func validationFollowsTheSameOrderAsSending() {
    let s = Scene()
    s.appDelegate.probe.accepts = [.ping]
    s.appDelegate.probe.validates = false
    #expect(!s.app.validateItem(Item(.ping)))
    s.appDelegate.probe.validates = true
    #expect(s.app.validateItem(Item(.ping)))
    #expect(s.trace.calls == ["appDelegate.validate", "appDelegate.validate"])
  }
}
