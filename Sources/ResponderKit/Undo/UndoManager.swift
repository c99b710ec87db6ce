import Foundation

/// A recorder of undo and redo operations with the shape of Foundation's `UndoManager`.
///
/// swift-corelibs-foundation has no `UndoManager`, so ResponderKit ships this one. It follows
/// Apple's documented behaviour with these deliberate differences:
///
/// - **Targets are held weakly.** Foundation keeps an unowned reference; in Swift that would
///   trap if the target died first. An action whose target is gone is skipped and reported as
///   ``UndoManagerMisuse/targetDeallocated``. Objects that go away should call
///   ``removeAllActions(withTarget:)``. The handler closure itself is held strongly, so it must
///   not capture the target strongly if that would keep it alive forever.
/// - **Misuse never crashes.** Where Foundation raises `NSInternalInconsistencyException`, this
///   class does the documented safe thing (usually: ignore the call), stores the reason in
///   ``lastMisuse`` and posts ``misuseNotification``. See ``UndoManagerMisuse``.
/// - **Grouping by event needs the application's help.** There is no `RunLoop` observer: with
///   ``groupsByEvent`` on, the first registration opens an implicit group and the application
///   closes it by calling ``endImplicitGroupingIfNeeded()`` after dispatching each event.
/// - **Nested groups are flattened** into their parent when they close. `undo()` reverts whole
///   top-level groups; ``undoNestedGroup()`` only runs when no group is open (as in GNUstep).
/// - **No localization.** Menu titles are "Undo" / "Redo" plus the action name; subclasses
///   override ``undoMenuTitle(forUndoActionName:)`` and ``redoMenuTitle(forUndoActionName:)``.
/// - **`canRedo` does not post a checkpoint**, because a property read should not notify.
///
/// ```swift
/// undoManager.registerUndo(withTarget: document) { document in
///   document.title = oldTitle
/// }
/// undoManager.setActionName("Rename")
/// undoManager.endImplicitGroupingIfNeeded()  // the application does this after each event
/// undoManager.undo()
/// ```
@MainActor
open class UndoManager {
  // MARK: Notifications

  /// Posted when a group opens or closes outside undo and redo, and before undo or redo.
  nonisolated public static let checkpointNotification = Notification.Name(
    "NSUndoManagerCheckpointNotification")
  /// Posted just before ``undoNestedGroup()`` (and so ``undo()``) reverts a group.
  nonisolated public static let willUndoChangeNotification = Notification.Name(
    "NSUndoManagerWillUndoChangeNotification")
  /// Posted just after ``undoNestedGroup()`` (and so ``undo()``) reverted a group.
  nonisolated public static let didUndoChangeNotification = Notification.Name(
    "NSUndoManagerDidUndoChangeNotification")
  /// Posted just before ``redo()`` replays a group.
  nonisolated public static let willRedoChangeNotification = Notification.Name(
    "NSUndoManagerWillRedoChangeNotification")
  /// Posted just after ``redo()`` replayed a group.
  nonisolated public static let didRedoChangeNotification = Notification.Name(
    "NSUndoManagerDidRedoChangeNotification")
  /// Posted after a group opens, including the group that collects redo (or undo) actions
  /// while undoing (or redoing).
  nonisolated public static let didOpenUndoGroupNotification = Notification.Name(
    "NSUndoManagerDidOpenUndoGroupNotification")
  /// Posted before a group closes.
  nonisolated public static let willCloseUndoGroupNotification = Notification.Name(
    "NSUndoManagerWillCloseUndoGroupNotification")
  /// Posted after a group closed.
  nonisolated public static let didCloseUndoGroupNotification = Notification.Name(
    "NSUndoManagerDidCloseUndoGroupNotification")
  /// Posted when a call could not be honoured as made; Foundation would have raised instead.
  ///
  /// The `userInfo` holds the ``UndoManagerMisuse`` under ``misuseUserInfoKey``.
  nonisolated public static let misuseNotification = Notification.Name(
    "ResponderKitUndoManagerMisuseNotification")
  /// The `userInfo` key of ``misuseNotification``.
  nonisolated public static let misuseUserInfoKey = "misuse"

  // MARK: State

  /// Closed groups that `undo()` reverts, oldest first.
  private var undoStack: [UndoGroup] = []
  /// How many new groups of changes (neither undo nor redo) were closed onto the undo stack:
  /// a document compares it at each close to count a change done, as NSDocument does.
  private(set) var registeredGroupCount = 0
  /// Changes whenever the undo stack's last step may no longer be the one an editor
  /// registered: any registration, undo, redo, removal, or ``breakCoalescing()``. A text editor
  /// extends its typing step only while this still has the value it saw (typing coalescing).
  private(set) var coalescingGeneration = 0
  /// Closed groups that `redo()` replays, oldest first.
  private var redoStack: [UndoGroup] = []
  /// Open groups, outermost first; registrations go to the last one.
  private var openGroups: [UndoGroup] = []
  /// Whether the outermost open group was opened by a registration under ``groupsByEvent``.
  private var implicitGroupOpen = false

  /// The managers that opened an implicit group since the last event ended. Like Foundation's
  /// run-loop observer, a manager is listed only while it has a group to close, so the end of
  /// an event costs nothing per window when nothing was registered.
  private static var openImplicitGroups: [WeakManager] = []

  private struct WeakManager {
    weak var manager: UndoManager?
  }

  /// Closes the implicit group of every manager that opened one (the application calls this
  /// after each event); a manager whose group must stay open (nested groups, an undo in
  /// progress) stays listed for the next event.
  ///
  /// No access to the list spans a call (the list is taken out, changed, put back), so the
  /// whole-module optimizer can drop the dynamic exclusivity check of this per-event read.
  static func endImplicitGroupsOfTheEvent() {
    guard !openImplicitGroups.isEmpty else { return }
    let listed = openImplicitGroups
    openImplicitGroups = []
    for entry in listed {
      guard let manager = entry.manager, manager.implicitGroupOpen else { continue }
      manager.endImplicitGroupingIfNeeded()
      if manager.implicitGroupOpen { listOpenImplicitGroup(entry) }
    }
  }

  private static func listOpenImplicitGroup(_ entry: WeakManager) {
    var list = openImplicitGroups
    openImplicitGroups = []
    list.append(entry)
    openImplicitGroups = list
  }
  /// How many `disableUndoRegistration()` calls are not yet balanced.
  private var disableCount = 0

  /// Whether the undo manager is reverting a group; registrations then go to the redo stack.
  public private(set) var isUndoing = false
  /// Whether the undo manager is replaying a group; registrations then go to the undo stack.
  public private(set) var isRedoing = false
  /// The most recent call that could not be honoured as made, or `nil` if none yet.
  public private(set) var lastMisuse: UndoManagerMisuse?

  /// Whether the first registration in an event opens a group that
  /// ``endImplicitGroupingIfNeeded()`` closes. The default is `true`.
  open var groupsByEvent = true

  /// The most top-level groups each stack keeps; 0, the default, means no limit.
  ///
  /// When a stack grows past the limit its oldest groups are dropped. Lowering the limit
  /// drops old groups at once. A negative value is reported and treated as 0.
  open var levelsOfUndo = 0 {
    didSet {
      if levelsOfUndo < 0 {
        report(.negativeLevelsOfUndo(levelsOfUndo))
        levelsOfUndo = 0
      }
      trim(&undoStack)
      trim(&redoStack)
    }
  }

  /// The number of open groups: 0 when none is open. While undoing or redoing this counts the
  /// group collecting the reverse actions.
  open var groupingLevel: Int { openGroups.count }

  /// Whether registrations are recorded: `false` between `disableUndoRegistration()` and its
  /// matching `enableUndoRegistration()`.
  open var isUndoRegistrationEnabled: Bool { disableCount == 0 }

  /// Whether ``undo()`` has something to revert, counting actions in a still-open group.
  open var canUndo: Bool {
    !undoStack.isEmpty || (!isUndoing && openGroups.contains { !$0.actions.isEmpty })
  }

  /// Whether ``redo()`` has something to replay.
  open var canRedo: Bool { !redoStack.isEmpty }

  /// Creates an empty undo manager that groups by event.
  public init() {}

  // MARK: Registering

  /// Records `handler` as the way to undo a change to `target`.
  ///
  /// While undoing, the action goes to the redo stack; while redoing, to the undo stack. Any
  /// other registration means a new change, so it clears the redo stack. Nothing is recorded
  /// while registration is disabled.
  ///
  /// With no group open, ``groupsByEvent`` decides: if on, an implicit group opens; if off,
  /// the action gets a group of its own and ``UndoManagerMisuse/registrationOutsideGroup`` is
  /// reported (Foundation raises).
  ///
  /// - Parameters:
  ///   - target: The object changed; held weakly.
  ///   - handler: Reverts the change; it receives `target` and usually registers the opposite
  ///     change, which becomes the redo action.
  open func registerUndo<Target: AnyObject>(
    withTarget target: Target, handler: @escaping @MainActor (Target) -> Void
  ) {
    guard isUndoRegistrationEnabled else { return }
    coalescingGeneration &+= 1
    var standalone = false
    if openGroups.isEmpty {
      beginUndoGrouping()
      if groupsByEvent {
        implicitGroupOpen = true
        UndoManager.listOpenImplicitGroup(WeakManager(manager: self))
      } else {
        standalone = true
        report(.registrationOutsideGroup)
      }
    }
    if !isUndoing && !isRedoing {
      redoStack.removeAll()
    }
    let action = UndoAction(target: target) { object in
      if let target = object as? Target { handler(target) }
    }
    openGroups[openGroups.count - 1].actions.append(action)
    if standalone {
      endUndoGrouping()
    }
  }

  /// Stops recording registrations until the matching ``enableUndoRegistration()``.
  ///
  /// Calls nest: each needs its own `enableUndoRegistration()`.
  open func disableUndoRegistration() {
    disableCount += 1
  }

  /// Balances one ``disableUndoRegistration()``.
  ///
  /// An unbalanced call is ignored and reported as
  /// ``UndoManagerMisuse/enableWithoutMatchingDisable``.
  open func enableUndoRegistration() {
    guard disableCount > 0 else {
      report(.enableWithoutMatchingDisable)
      return
    }
    disableCount -= 1
  }

  // MARK: Grouping

  /// Opens a group; groups nest, and only the outermost one becomes a step of undo.
  ///
  /// Posts ``checkpointNotification`` (unless undoing or redoing), then
  /// ``didOpenUndoGroupNotification``.
  open func beginUndoGrouping() {
    if !isUndoing && !isRedoing {
      post(Self.checkpointNotification)
    }
    openGroups.append(UndoGroup())
    post(Self.didOpenUndoGroupNotification)
  }

  /// Closes the innermost open group.
  ///
  /// A nested group's actions join its parent. When the outermost group closes it goes on the
  /// redo stack while undoing and on the undo stack otherwise; a group without actions is
  /// discarded. Posts ``checkpointNotification`` (unless undoing or redoing),
  /// ``willCloseUndoGroupNotification`` and ``didCloseUndoGroupNotification``.
  ///
  /// With no group open the call is ignored and reported as
  /// ``UndoManagerMisuse/endUndoGroupingWithoutOpenGroup``.
  open func endUndoGrouping() {
    guard !openGroups.isEmpty else {
      report(.endUndoGroupingWithoutOpenGroup)
      return
    }
    if !isUndoing && !isRedoing {
      post(Self.checkpointNotification)
    }
    post(Self.willCloseUndoGroupNotification)
    let group = openGroups.removeLast()
    if let parent = openGroups.indices.last {
      openGroups[parent].actions += group.actions
    } else {
      implicitGroupOpen = false
      if !group.actions.isEmpty {
        if isUndoing {
          redoStack.append(group)
          trim(&redoStack)
        } else {
          undoStack.append(group)
          trim(&undoStack)
          if !isRedoing { registeredGroupCount &+= 1 }
        }
      }
    }
    post(Self.didCloseUndoGroupNotification)
  }

  /// Closes the implicit per-event group; the application calls this after each event.
  ///
  /// This stands in for the run-loop observer Foundation installs: with ``groupsByEvent`` on,
  /// everything registered while handling one event becomes one step of undo. Nothing
  /// happens if no implicit group is open or while undoing or redoing. If explicit groups are
  /// still open inside the implicit one, it stays open and
  /// ``UndoManagerMisuse/eventEndedWithNestedGroupsOpen(groupingLevel:)`` is reported.
  ///
  /// - Returns: Whether a group was closed.
  @discardableResult
  open func endImplicitGroupingIfNeeded() -> Bool {
    guard implicitGroupOpen, !isUndoing, !isRedoing else { return false }
    guard groupingLevel == 1 else {
      report(.eventEndedWithNestedGroupsOpen(groupingLevel: groupingLevel))
      return false
    }
    endUndoGrouping()
    return true
  }

  // MARK: Undo and redo

  /// Closes the top-level group if one is open, then reverts the last group.
  ///
  /// Refused, and reported, when called from an undo or redo handler or when nested groups
  /// are open (``groupingLevel`` above 1), where Foundation raises.
  open func undo() {
    guard prepareForUndoOrRedo("undo()") else { return }
    undoNestedGroup()
  }

  /// Reverts the last closed group, recording the actions it registers as one redo group.
  ///
  /// Unlike ``undo()`` it does not close an open group: it is refused, and reported, while
  /// any group is open or while undoing or redoing. Posts ``checkpointNotification`` first;
  /// a change an observer registers in response (a pending edit being committed) is closed
  /// into its own group and is the one reverted. Then posts ``willUndoChangeNotification``
  /// before reverting and ``didUndoChangeNotification`` after.
  open func undoNestedGroup() {
    guard !isUndoing && !isRedoing else {
      report(.reentrantUndoOrRedo(operation: "undoNestedGroup()"))
      return
    }
    guard groupingLevel == 0 else {
      report(.groupsStillOpen(operation: "undoNestedGroup()", groupingLevel: groupingLevel))
      return
    }
    post(Self.checkpointNotification)
    closeGroupsOpenedByCheckpointObservers()
    guard !undoStack.isEmpty else { return }
    post(Self.willUndoChangeNotification)
    coalescingGeneration &+= 1
    isUndoing = true
    replay(undoStack.removeLast())
    isUndoing = false
    post(Self.didUndoChangeNotification)
  }

  /// Closes the top-level group if one is open, then replays the last undone group.
  ///
  /// The actions it registers go to the undo stack as one group, without clearing the redo
  /// stack. Refused and reported like ``undo()``. Posts ``checkpointNotification`` and
  /// ``willRedoChangeNotification`` before, ``didRedoChangeNotification`` after.
  open func redo() {
    guard prepareForUndoOrRedo("redo()") else { return }
    post(Self.checkpointNotification)
    closeGroupsOpenedByCheckpointObservers()
    guard !redoStack.isEmpty else { return }
    post(Self.willRedoChangeNotification)
    coalescingGeneration &+= 1
    isRedoing = true
    replay(redoStack.removeLast())
    isRedoing = false
    post(Self.didRedoChangeNotification)
  }

  // MARK: Action names

  /// Names the change being recorded, for the Undo and Redo menu items.
  ///
  /// Names the open top-level group if there is one (while undoing, the redo group being
  /// recorded), else the last group on the undo stack. An empty string removes the name.
  open func setActionName(_ actionName: String) {
    if !openGroups.isEmpty {
      openGroups[0].actionName = actionName
    } else if let last = undoStack.indices.last {
      undoStack[last].actionName = actionName
    }
  }

  /// The name of the change ``undo()`` would revert, or "" if unnamed or nothing to undo.
  open var undoActionName: String {
    if !isUndoing, openGroups.contains(where: { !$0.actions.isEmpty }) {
      return openGroups[0].actionName
    }
    return undoStack.last?.actionName ?? ""
  }

  /// The name of the change ``redo()`` would replay, or "" if unnamed or nothing to redo.
  open var redoActionName: String { redoStack.last?.actionName ?? "" }

  /// The Undo menu item's title, such as "Undo Typing"; "Undo" when unnamed.
  open var undoMenuItemTitle: String { undoMenuTitle(forUndoActionName: undoActionName) }

  /// The Redo menu item's title, such as "Redo Typing"; "Redo" when unnamed.
  open var redoMenuItemTitle: String { redoMenuTitle(forUndoActionName: redoActionName) }

  /// The Undo menu item's title for `actionName`; override to localize.
  open func undoMenuTitle(forUndoActionName actionName: String) -> String {
    actionName.isEmpty ? "Undo" : "Undo \(actionName)"
  }

  /// The Redo menu item's title for `actionName`; override to localize.
  open func redoMenuTitle(forUndoActionName actionName: String) -> String {
    actionName.isEmpty ? "Redo" : "Redo \(actionName)"
  }

  // MARK: Clearing

  /// Empties both stacks, drops open groups and re-enables registration.
  open func removeAllActions() {
    coalescingGeneration &+= 1
    undoStack.removeAll()
    redoStack.removeAll()
    openGroups.removeAll()
    implicitGroupOpen = false
    disableCount = 0
  }

  /// Removes every action registered with `target` from both stacks and the open groups.
  ///
  /// Closed groups left without actions are removed too, so `canUndo` stays truthful.
  open func removeAllActions(withTarget target: AnyObject) {
    coalescingGeneration &+= 1
    func strip(_ group: inout UndoGroup) {
      group.actions.removeAll { $0.target === target }
    }
    for index in openGroups.indices { strip(&openGroups[index]) }
    for index in undoStack.indices { strip(&undoStack[index]) }
    for index in redoStack.indices { strip(&redoStack[index]) }
    undoStack.removeAll { $0.actions.isEmpty }
    redoStack.removeAll { $0.actions.isEmpty }
  }

  /// Ends typing coalescing in every text editor using this manager: the next keystroke
  /// starts a new undo step (a document calls it when it is saved, as AppKit's documents make
  /// their text views `breakUndoCoalescing()`, so the saved state is a step boundary).
  func breakCoalescing() {
    coalescingGeneration &+= 1
  }

  // MARK: Private

  /// Refuses reentrant and nested-group calls, and closes a lone open group.
  private func prepareForUndoOrRedo(_ operation: String) -> Bool {
    guard !isUndoing && !isRedoing else {
      report(.reentrantUndoOrRedo(operation: operation))
      return false
    }
    guard groupingLevel <= 1 else {
      report(.groupsStillOpen(operation: operation, groupingLevel: groupingLevel))
      return false
    }
    if groupingLevel == 1 {
      endUndoGrouping()
    }
    return true
  }

  /// Closes groups that a checkpoint observer opened by flushing a pending change (a text
  /// view ending its typing run), so that change becomes the group undo acts on.
  private func closeGroupsOpenedByCheckpointObservers() {
    while !openGroups.isEmpty {
      endUndoGrouping()
    }
  }

  /// Runs `group`'s actions newest first inside a fresh group that keeps its name.
  private func replay(_ group: UndoGroup) {
    beginUndoGrouping()
    openGroups[0].actionName = group.actionName
    for action in group.actions.reversed() {
      if let target = action.target {
        action.perform(target)
      } else {
        report(.targetDeallocated)
      }
    }
    // A handler that left groups open must not leave the manager stuck mid-undo.
    while !openGroups.isEmpty {
      endUndoGrouping()
    }
  }

  /// Drops the oldest groups beyond ``levelsOfUndo``.
  private func trim(_ stack: inout [UndoGroup]) {
    if levelsOfUndo > 0 && stack.count > levelsOfUndo {
      stack.removeFirst(stack.count - levelsOfUndo)
    }
  }

  private func post(_ name: Notification.Name) {
    NotificationCenter.default.post(name: name, object: self)
  }

  private func report(_ misuse: UndoManagerMisuse) {
    lastMisuse = misuse
    NotificationCenter.default.post(
      name: Self.misuseNotification, object: self, userInfo: [Self.misuseUserInfoKey: misuse])
  }
}
