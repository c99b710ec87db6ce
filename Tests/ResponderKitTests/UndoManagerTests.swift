import Foundation
import Testing

@testable import ResponderKit

/// A model object that registers the inverse of every change, the usual undo pattern, so
/// undoing a change registers its redo.
@MainActor
private final class Document {
  var text: String
  let undoManager: UndoManager

  init(_ text: String = "", undoManager: UndoManager) {
    self.text = text
    self.undoManager = undoManager
  }

  func setText(_ newText: String) {
    let old = text
    undoManager.registerUndo(withTarget: self) { $0.setText(old) }
    text = newText
  }
}

/// Records the undo manager notifications posted for one manager, by short name.
@MainActor
private final class NotificationLog {
  private(set) var names: [String] = []
  private(set) var misuses: [UndoManagerMisuse] = []
  private var tokens: [any NSObjectProtocol] = []

  init(_ manager: UndoManager) {
    let all: [Notification.Name] = [
      UndoManager.checkpointNotification, UndoManager.willUndoChangeNotification,
      UndoManager.didUndoChangeNotification, UndoManager.willRedoChangeNotification,
      UndoManager.didRedoChangeNotification, UndoManager.didOpenUndoGroupNotification,
      UndoManager.willCloseUndoGroupNotification, UndoManager.didCloseUndoGroupNotification,
      UndoManager.misuseNotification,
    ]
    for name in all {
      let token = NotificationCenter.default.addObserver(
        forName: name, object: manager, queue: nil
      ) { [weak self] note in
        let short = note.name.rawValue
          .replacingOccurrences(of: "NSUndoManager", with: "")
          .replacingOccurrences(of: "Notification", with: "")
        let misuse = note.userInfo?[UndoManager.misuseUserInfoKey] as? UndoManagerMisuse
        MainActor.assumeIsolated {
          self?.names.append(short)
          if let misuse { self?.misuses.append(misuse) }
        }
      }
      tokens.append(token)
    }
  }

  func stop() {
    for token in tokens { NotificationCenter.default.removeObserver(token) }
    tokens.removeAll()
  }
}

/// Ends one simulated event, as the application's run loop does.
@MainActor
private func endEvent(_ manager: UndoManager) {
  manager.endImplicitGroupingIfNeeded()
}

@MainActor
@Suite("UndoManager")
struct UndoManagerTests {
  let manager = UndoManager()

  // MARK: Basic undo and redo

  @Test func undoRevertsTheLastChange() {
    let doc = Document("a", undoManager: manager)
    doc.setText("b")
    endEvent(manager)
    manager.undo()
    #expect(doc.text == "a")
  }

  @Test func redoReappliesTheUndoneChange() {
    let doc = Document("a", undoManager: manager)
    doc.setText("b")
    endEvent(manager)
    manager.undo()
    manager.redo()
    #expect(doc.text == "b")
    manager.undo()
    #expect(doc.text == "a")
  }

  @Test func canUndoAndCanRedoFollowTheStacks() {
    let doc = Document("a", undoManager: manager)
    #expect(!manager.canUndo && !manager.canRedo)
    doc.setText("b")
    #expect(manager.canUndo, "actions in the open event group count")
    endEvent(manager)
    #expect(manager.canUndo && !manager.canRedo)
    manager.undo()
    #expect(!manager.canUndo && manager.canRedo)
  }

  @Test func undoAndRedoWithEmptyStacksDoNothing() {
    manager.undo()
    manager.redo()
    #expect(manager.lastMisuse == nil)
    #expect(manager.groupingLevel == 0)
  }

  @Test func undoNestedGroupRevertsTheLastClosedGroup() {
    let doc = Document("a", undoManager: manager)
    doc.setText("b")
    endEvent(manager)
    manager.undoNestedGroup()
    #expect(doc.text == "a")
  }

  // MARK: Grouping

  @Test func changesInOneEventAreOneUndoStep() {
    let doc = Document("a", undoManager: manager)
    doc.setText("b")
    doc.setText("c")
    #expect(manager.groupingLevel == 1)
    #expect(manager.endImplicitGroupingIfNeeded())
    #expect(manager.groupingLevel == 0)
    manager.undo()
    #expect(doc.text == "a")
    #expect(!manager.canUndo)
  }

  @Test func separateEventsAreSeparateUndoSteps() {
    let doc = Document("a", undoManager: manager)
    doc.setText("b")
    endEvent(manager)
    doc.setText("c")
    endEvent(manager)
    manager.undo()
    #expect(doc.text == "b")
    manager.undo()
    #expect(doc.text == "a")
  }

  @Test func explicitGroupIsOneStepWhenNotGroupingByEvent() {
    manager.groupsByEvent = false
    let doc = Document("a", undoManager: manager)
    manager.beginUndoGrouping()
    doc.setText("b")
    doc.setText("c")
    manager.endUndoGrouping()
    manager.undo()
    #expect(doc.text == "a")
    #expect(manager.lastMisuse == nil)
  }

  @Test func nestedGroupsUndoAsTheirTopLevelGroup() {
    manager.groupsByEvent = false
    let doc = Document("a", undoManager: manager)
    manager.beginUndoGrouping()
    doc.setText("b")
    manager.beginUndoGrouping()
    #expect(manager.groupingLevel == 2)
    doc.setText("c")
    manager.endUndoGrouping()
    #expect(manager.groupingLevel == 1)
    doc.setText("d")
    manager.endUndoGrouping()
    #expect(manager.groupingLevel == 0)
    manager.undo()
    #expect(doc.text == "a")
    #expect(!manager.canUndo)
  }

  @Test func groupWithoutActionsIsDiscarded() {
    manager.beginUndoGrouping()
    manager.setActionName("Nothing")
    manager.endUndoGrouping()
    #expect(!manager.canUndo)
    #expect(manager.undoActionName == "")
  }

  @Test func endImplicitGroupingWithoutImplicitGroupDoesNothing() {
    #expect(!manager.endImplicitGroupingIfNeeded())
    manager.beginUndoGrouping()
    #expect(!manager.endImplicitGroupingIfNeeded(), "an explicit group is the caller's to close")
    #expect(manager.groupingLevel == 1)
  }

  // MARK: Levels of undo

  @Test func levelsOfUndoDropsTheOldestGroups() {
    manager.levelsOfUndo = 2
    let doc = Document("a", undoManager: manager)
    for text in ["b", "c", "d"] {
      doc.setText(text)
      endEvent(manager)
    }
    manager.undo()
    manager.undo()
    #expect(doc.text == "b")
    #expect(!manager.canUndo)
  }

  @Test func loweringLevelsOfUndoDropsOldGroupsAtOnce() {
    let doc = Document("a", undoManager: manager)
    for text in ["b", "c", "d"] {
      doc.setText(text)
      endEvent(manager)
    }
    manager.levelsOfUndo = 1
    manager.undo()
    #expect(doc.text == "c")
    #expect(!manager.canUndo)
  }

  @Test func zeroLevelsOfUndoMeansUnlimited() {
    let doc = Document("0", undoManager: manager)
    for number in 1...50 {
      doc.setText(String(number))
      endEvent(manager)
    }
    for _ in 1...50 { manager.undo() }
    #expect(doc.text == "0")
  }

  @Test func negativeLevelsOfUndoIsReportedAndMeansUnlimited() {
    manager.levelsOfUndo = -3
    #expect(manager.levelsOfUndo == 0)
    #expect(manager.lastMisuse == .negativeLevelsOfUndo(-3))
  }

  // MARK: Action names and menu titles

  @Test func menuTitlesWithoutActionNameAreBareVerbs() {
    #expect(manager.undoMenuItemTitle == "Undo")
    #expect(manager.redoMenuItemTitle == "Redo")
    #expect(manager.undoActionName == "")
    #expect(manager.redoActionName == "")
  }

  @Test func actionNameAppearsInUndoThenRedoTitle() {
    let doc = Document("a", undoManager: manager)
    doc.setText("b")
    manager.setActionName("Typing")
    #expect(manager.undoMenuItemTitle == "Undo Typing", "the open event group is named")
    endEvent(manager)
    #expect(manager.undoActionName == "Typing")
    manager.undo()
    #expect(manager.undoMenuItemTitle == "Undo")
    #expect(manager.redoActionName == "Typing")
    #expect(manager.redoMenuItemTitle == "Redo Typing")
    manager.redo()
    #expect(manager.undoMenuItemTitle == "Undo Typing")
  }

  @Test func actionNameAfterTheGroupClosedNamesTheLastUndoGroup() {
    let doc = Document("a", undoManager: manager)
    doc.setText("b")
    endEvent(manager)
    manager.setActionName("Paste")
    #expect(manager.undoActionName == "Paste")
  }

  @Test func emptyActionNameRemovesTheName() {
    let doc = Document("a", undoManager: manager)
    doc.setText("b")
    manager.setActionName("Typing")
    manager.setActionName("")
    endEvent(manager)
    #expect(manager.undoMenuItemTitle == "Undo")
  }

  @Test func menuTitleFormattingCanBeOverridden() {
    final class FrenchUndoManager: UndoManager {
      override func undoMenuTitle(forUndoActionName actionName: String) -> String {
        actionName.isEmpty ? "Annuler" : "Annuler \(actionName)"
      }
    }
    let french = FrenchUndoManager()
    let doc = Document("a", undoManager: french)
    doc.setText("b")
    french.setActionName("la frappe")
    #expect(french.undoMenuItemTitle == "Annuler la frappe")
    #expect(french.undoMenuTitle(forUndoActionName: "") == "Annuler")
  }

  // MARK: Registration during undo and redo

  @Test func registrationDuringUndoGoesToTheRedoStack() {
    let doc = Document("a", undoManager: manager)
    var sawUndoing = false
    manager.registerUndo(withTarget: doc) { doc in
      sawUndoing = doc.undoManager.isUndoing
      doc.setText("a")
    }
    doc.text = "b"
    endEvent(manager)
    manager.undo()
    #expect(sawUndoing)
    #expect(!manager.isUndoing)
    #expect(manager.canRedo && !manager.canUndo)
  }

  @Test func registrationDuringRedoGoesToTheUndoStackAndKeepsRedo() {
    let doc = Document("a", undoManager: manager)
    doc.setText("b")
    endEvent(manager)
    doc.setText("c")
    endEvent(manager)
    manager.undo()
    manager.undo()
    manager.redo()
    #expect(doc.text == "b")
    #expect(manager.canUndo)
    #expect(manager.canRedo, "redoing must not clear the rest of the redo stack")
    manager.redo()
    #expect(doc.text == "c")
  }

  @Test func newChangeClearsTheRedoStack() {
    let doc = Document("a", undoManager: manager)
    doc.setText("b")
    endEvent(manager)
    manager.undo()
    doc.setText("x")
    #expect(!manager.canRedo)
    endEvent(manager)
    manager.redo()
    #expect(doc.text == "x")
  }

  @Test func isRedoingIsTrueOnlyInsideRedo() {
    let doc = Document("a", undoManager: manager)
    doc.setText("b")
    endEvent(manager)
    manager.undo()
    var sawRedoing = false
    let token = NotificationCenter.default.addObserver(
      forName: UndoManager.didOpenUndoGroupNotification, object: manager, queue: nil
    ) { [manager] _ in
      MainActor.assumeIsolated { sawRedoing = sawRedoing || manager.isRedoing }
    }
    manager.redo()
    NotificationCenter.default.removeObserver(token)
    #expect(sawRedoing)
    #expect(!manager.isRedoing)
  }

  // MARK: Disabling registration

  @Test func disabledRegistrationRecordsNothing() {
    let doc = Document("a", undoManager: manager)
    manager.disableUndoRegistration()
    #expect(!manager.isUndoRegistrationEnabled)
    doc.setText("b")
    #expect(!manager.canUndo)
    #expect(manager.groupingLevel == 0, "no implicit group for an ignored registration")
  }

  @Test func disablingNestsUntilEveryCallIsBalanced() {
    let doc = Document("a", undoManager: manager)
    manager.disableUndoRegistration()
    manager.disableUndoRegistration()
    manager.enableUndoRegistration()
    #expect(!manager.isUndoRegistrationEnabled)
    manager.enableUndoRegistration()
    #expect(manager.isUndoRegistrationEnabled)
    doc.setText("b")
    #expect(manager.canUndo)
  }

  @Test func unbalancedEnableIsIgnoredAndReported() {
    manager.enableUndoRegistration()
    #expect(manager.isUndoRegistrationEnabled)
    #expect(manager.lastMisuse == .enableWithoutMatchingDisable)
    manager.disableUndoRegistration()
    #expect(!manager.isUndoRegistrationEnabled, "the stray enable must not be banked")
  }

  // MARK: Removing actions

  @Test func removeAllActionsWithTargetKeepsOtherTargets() {
    let first = Document("a", undoManager: manager)
    let second = Document("x", undoManager: manager)
    first.setText("b")
    endEvent(manager)
    second.setText("y")
    endEvent(manager)
    first.setText("c")
    second.setText("z")
    endEvent(manager)
    manager.removeAllActions(withTarget: first)
    manager.undo()
    #expect(second.text == "y" && first.text == "c")
    manager.undo()
    #expect(second.text == "x")
    #expect(!manager.canUndo, "the group holding only the first document's change is gone")
  }

  @Test func removeAllActionsWithTargetCleansTheOpenGroup() {
    let doc = Document("a", undoManager: manager)
    doc.setText("b")
    manager.removeAllActions(withTarget: doc)
    #expect(!manager.canUndo)
    endEvent(manager)
    #expect(!manager.canUndo)
  }

  @Test func removeAllActionsEmptiesEverythingAndReenables() {
    let doc = Document("a", undoManager: manager)
    doc.setText("b")
    endEvent(manager)
    manager.undo()
    doc.setText("c")
    manager.beginUndoGrouping()
    manager.disableUndoRegistration()
    manager.removeAllActions()
    #expect(!manager.canUndo && !manager.canRedo)
    #expect(manager.groupingLevel == 0)
    #expect(manager.isUndoRegistrationEnabled)
  }

  // MARK: Target lifetime

  @Test func undoManagerDoesNotKeepTargetsAlive() {
    weak var weakDoc: Document?
    do {
      let doc = Document("a", undoManager: manager)
      weakDoc = doc
      doc.setText("b")
      endEvent(manager)
    }
    #expect(weakDoc == nil)
  }

  @Test func actionOfDeallocatedTargetIsSkippedAndReported() {
    let survivor = Document("x", undoManager: manager)
    do {
      let doomed = Document("a", undoManager: manager)
      doomed.setText("b")
      survivor.setText("y")
      endEvent(manager)
    }
    manager.undo()
    #expect(survivor.text == "x", "live targets in the same group are still undone")
    #expect(manager.lastMisuse == .targetDeallocated)
    #expect(!manager.canUndo)
  }

  // MARK: Notifications

  @Test func eventGroupPostsOpenAndCloseInOrder() {
    let log = NotificationLog(manager)
    defer { log.stop() }
    let doc = Document("a", undoManager: manager)
    doc.setText("b")
    doc.setText("c")
    endEvent(manager)
    #expect(
      log.names == [
        "Checkpoint", "DidOpenUndoGroup",
        "Checkpoint", "WillCloseUndoGroup", "DidCloseUndoGroup",
      ])
  }

  @Test func undoPostsWillAndDidAroundTheRedoGroup() {
    let doc = Document("a", undoManager: manager)
    doc.setText("b")
    endEvent(manager)
    let log = NotificationLog(manager)
    defer { log.stop() }
    manager.undo()
    #expect(
      log.names == [
        "Checkpoint", "WillUndoChange",
        "DidOpenUndoGroup", "WillCloseUndoGroup", "DidCloseUndoGroup",
        "DidUndoChange",
      ])
  }

  @Test func redoPostsWillAndDidAroundTheUndoGroup() {
    let doc = Document("a", undoManager: manager)
    doc.setText("b")
    endEvent(manager)
    manager.undo()
    let log = NotificationLog(manager)
    defer { log.stop() }
    manager.redo()
    #expect(
      log.names == [
        "Checkpoint", "WillRedoChange",
        "DidOpenUndoGroup", "WillCloseUndoGroup", "DidCloseUndoGroup",
        "DidRedoChange",
      ])
  }

  @Test func undoWithOpenEventGroupClosesItFirst() {
    let doc = Document("a", undoManager: manager)
    doc.setText("b")
    let log = NotificationLog(manager)
    defer { log.stop() }
    manager.undo()
    #expect(doc.text == "a")
    #expect(manager.groupingLevel == 0)
    #expect(
      Array(log.names.prefix(5)) == [
        "Checkpoint", "WillCloseUndoGroup", "DidCloseUndoGroup", "Checkpoint", "WillUndoChange",
      ])
  }

  @Test func changeFlushedByACheckpointObserverIsWhatUndoReverts() {
    let doc = Document("a", undoManager: manager)
    doc.setText("b")
    endEvent(manager)
    var pending: String? = "c"
    let token = NotificationCenter.default.addObserver(
      forName: UndoManager.checkpointNotification, object: manager, queue: nil
    ) { _ in
      MainActor.assumeIsolated {
        // Like a text view committing its typing run when asked for a checkpoint.
        if let text = pending {
          pending = nil
          doc.setText(text)
        }
      }
    }
    defer { NotificationCenter.default.removeObserver(token) }
    manager.undo()
    #expect(doc.text == "b", "the flushed change, not the older one, is undone")
    #expect(manager.groupingLevel == 0)
    manager.undo()
    #expect(doc.text == "a")
  }

  @Test func notificationsCarryOnlyTheirOwnManager() {
    let other = UndoManager()
    let log = NotificationLog(manager)
    defer { log.stop() }
    let doc = Document("a", undoManager: other)
    doc.setText("b")
    #expect(log.names.isEmpty)
  }

  @Test func foundationSpellingsMatchTheStaticNames() {
    #expect(Notification.Name.NSUndoManagerCheckpoint.rawValue == "NSUndoManagerCheckpointNotification")
    #expect(Notification.Name.NSUndoManagerDidUndoChange == UndoManager.didUndoChangeNotification)
    #expect(
      Notification.Name.NSUndoManagerWillCloseUndoGroup
        == UndoManager.willCloseUndoGroupNotification)
  }

  // MARK: Misuse

  @Test func endUndoGroupingWithoutGroupIsIgnoredAndReported() {
    let log = NotificationLog(manager)
    defer { log.stop() }
    manager.endUndoGrouping()
    #expect(manager.groupingLevel == 0)
    #expect(manager.lastMisuse == .endUndoGroupingWithoutOpenGroup)
    #expect(log.names == ["ResponderKitUndoManagerMisuse"])
    #expect(log.misuses == [.endUndoGroupingWithoutOpenGroup])
  }

  @Test func undoWithNestedGroupsOpenIsRefused() {
    let doc = Document("a", undoManager: manager)
    manager.beginUndoGrouping()
    manager.beginUndoGrouping()
    doc.setText("b")
    manager.undo()
    #expect(doc.text == "b")
    #expect(manager.groupingLevel == 2)
    #expect(manager.lastMisuse == .groupsStillOpen(operation: "undo()", groupingLevel: 2))
  }

  @Test func redoWithNestedGroupsOpenIsRefused() {
    let doc = Document("a", undoManager: manager)
    doc.setText("b")
    endEvent(manager)
    manager.undo()
    manager.beginUndoGrouping()
    manager.beginUndoGrouping()
    manager.redo()
    #expect(doc.text == "a")
    #expect(manager.lastMisuse == .groupsStillOpen(operation: "redo()", groupingLevel: 2))
  }

  @Test func undoNestedGroupWithAGroupOpenIsRefused() {
    let doc = Document("a", undoManager: manager)
    doc.setText("b")
    endEvent(manager)
    manager.beginUndoGrouping()
    manager.undoNestedGroup()
    #expect(doc.text == "b")
    #expect(
      manager.lastMisuse == .groupsStillOpen(operation: "undoNestedGroup()", groupingLevel: 1))
  }

  @Test func undoFromInsideAnUndoHandlerIsRefused() {
    let doc = Document("a", undoManager: manager)
    doc.setText("b")
    endEvent(manager)
    doc.setText("c")
    endEvent(manager)
    manager.registerUndo(withTarget: doc) { doc in doc.undoManager.undo() }
    endEvent(manager)
    manager.undo()
    #expect(manager.lastMisuse == .reentrantUndoOrRedo(operation: "undo()"))
    #expect(doc.text == "c", "only the outer group was undone")
    #expect(!manager.isUndoing)
  }

  @Test func registrationOutsideGroupGetsItsOwnGroupAndIsReported() {
    manager.groupsByEvent = false
    let doc = Document("a", undoManager: manager)
    doc.setText("b")
    doc.setText("c")
    #expect(manager.groupingLevel == 0)
    #expect(manager.lastMisuse == .registrationOutsideGroup)
    manager.undo()
    #expect(doc.text == "b", "each stray registration is its own step")
  }

  @Test func eventEndingInsideAnExplicitGroupLeavesItOpenAndReports() {
    let doc = Document("a", undoManager: manager)
    doc.setText("b")
    manager.beginUndoGrouping()
    #expect(!manager.endImplicitGroupingIfNeeded())
    #expect(manager.groupingLevel == 2)
    #expect(manager.lastMisuse == .eventEndedWithNestedGroupsOpen(groupingLevel: 2))
    manager.endUndoGrouping()
    #expect(manager.endImplicitGroupingIfNeeded())
  }

  @Test func handlerThatLeavesAGroupOpenDoesNotWedgeTheManager() {
    let doc = Document("a", undoManager: manager)
    manager.registerUndo(withTarget: doc) { doc in
      doc.undoManager.beginUndoGrouping()
      doc.setText("a")
    }
    doc.text = "b"
    endEvent(manager)
    manager.undo()
    #expect(manager.groupingLevel == 0)
    #expect(manager.canRedo)
    manager.redo()
    #expect(doc.text == "b")
  }
}
