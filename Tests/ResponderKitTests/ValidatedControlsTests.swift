import Foundation
import Testing

@testable import ResponderKit

extension Action {
  fileprivate static let archive = Action("validated.archive")
}

/// A focusable view that archives, when it has something to archive.
@MainActor
private final class Archiver: View {
  var hasItems = true
  var archived = 0
  override var canBecomeFirstResponder: Bool { true }
  override class var actionTable: ActionTable { actions }
  private static let actions = ActionTable(Archiver.self, inheriting: View.actionTable) {
    $0.add(.archive) { $0.archived += 1 }
  }
  override func validate(_ item: any ValidatedItem) -> Bool {
    item.action == .archive ? hasItems : super.validate(item)
  }
}

/// Buttons validated through the responder chain like menu items (TargetAction.md, "Sending";
/// ActionTable.swift's `ValidatedItem`): a nil-target button is enabled only while some
/// responder can perform its action and validates it.
@MainActor
@Suite("Validated buttons")
struct ValidatedButtonTests {
  private let h = ControlHarness(screen: Size(width: 40, height: 6))
  private let archiver = Archiver(frame: Rect(x: 0, y: 0, width: 10, height: 1))
  private let button = Button(frame: Rect(x: 0, y: 2, width: 12, height: 1), title: "Archive")

  init() {
    h.add(archiver)
    h.add(button)
    button.addTarget(nil, action: .archive, for: .primaryActionTriggered)
  }

  @Test func aNilTargetButtonWhoseActionNobodyPerformsIsDisabled() {
    #expect(button.action == .archive)
    _ = h.app.renderScreen()
    #expect(!button.isEnabled, "nothing in the chain archives: the archiver is not first responder")
    h.tap(3, 2.5)
    #expect(archiver.archived == 0)
  }

  @Test func theButtonIsEnabledWhileTheChainCanPerformAndValidateIt() {
    h.window.makeFirstResponder(archiver)
    _ = h.app.renderScreen()
    #expect(button.isEnabled)
    h.tap(3, 2.5)
    #expect(archiver.archived == 1)
    archiver.hasItems = false
    _ = h.app.renderScreen()
    #expect(!button.isEnabled, "validate(_:) said no")
    #expect(h.app.renderScreen()[2, 2].style.attributes.contains(.dim) || button.state.contains(.disabled))
  }

  @Test func aButtonThatDoesNotAutovalidateIsTheAppsToEnable() {
    button.autovalidates = false
    _ = h.app.renderScreen()
    #expect(button.isEnabled)
    button.isEnabled = false
    h.window.makeFirstResponder(archiver)
    _ = h.app.renderScreen()
    #expect(!button.isEnabled)
  }

  @Test func aButtonWithAnExplicitTargetIsNotValidatedAndComesBackWhenItsNilTargetGoes() {
    _ = h.app.renderScreen()
    #expect(!button.isEnabled)
    button.removeTarget(nil, action: .archive, for: .primaryActionTriggered)
    button.addTarget(archiver, action: .archive, for: .primaryActionTriggered)
    #expect(button.action == nil)
    _ = h.app.renderScreen()
    #expect(button.isEnabled, "validation that disabled it lets go")
    h.tap(3, 2.5)
    #expect(archiver.archived == 1)
  }
}

/// The Undo and Redo menu items are named after the change, from the undo manager of the
/// responder that would undo, without any subclass (AppKit's "Undo Typing").
@MainActor
@Test func theUndoMenuItemIsNamedAfterTheActionWithoutASubclass() {
  let h = ControlHarness(screen: Size(width: 40, height: 6))
  let undo = MenuItem(title: "Undo", action: .undo)
  let redo = MenuItem(title: "Redo", action: .redo)
  let menu = Menu(title: "Edit", items: [undo, redo])
  let edit = MenuItem(title: "Edit")
  edit.submenu = menu
  h.app.mainMenu = Menu(title: "", items: [edit])
  #expect(!menu.isItemEnabled(undo))
  #expect(undo.title == "Undo")
  let manager = h.window.undoManager
  let flag = UndoableFlag()
  if let manager {
    manager.beginUndoGrouping()
    flag.toggle(manager)
    manager.endUndoGrouping()
  }
  #expect(menu.isItemEnabled(undo))
  #expect(undo.title == "Undo Rename")
  manager?.undo()
  #expect(!menu.isItemEnabled(undo))
  #expect(undo.title == "Undo")
  #expect(menu.isItemEnabled(redo))
  #expect(redo.title == "Redo Rename")
  // Typing in a field names it after the field's change.
  let field = h.add(TextField(frame: Rect(x: 0, y: 0, width: 20, height: 1)))
  h.window.makeFirstResponder(field)
  h.type("ab")
  #expect(menu.isItemEnabled(undo))
  #expect(undo.title == "Undo Typing")
}

/// A change that registers its own reversal, so undoing it can be redone.
@MainActor
final class UndoableFlag {
  var isOn = false
  func toggle(_ manager: UndoManager) {
    isOn.toggle()
    manager.registerUndo(withTarget: self) { $0.toggle(manager) }
    manager.setActionName("Rename")
  }
}
