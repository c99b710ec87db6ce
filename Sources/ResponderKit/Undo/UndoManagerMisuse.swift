/// A call that ``UndoManager`` could not honour as made.
///
/// Foundation raises `NSInternalInconsistencyException` for most of these; a terminal app must
/// not die because a stray `endUndoGrouping()` reached the undo manager, so ResponderKit's undo
/// manager does the documented safe thing instead and reports the misuse through
/// ``UndoManager/lastMisuse`` and ``UndoManager/misuseNotification``.
public enum UndoManagerMisuse: Error, Hashable, Sendable {
  /// `endUndoGrouping()` was called with no group open. The call was ignored.
  case endUndoGroupingWithoutOpenGroup

  /// `undo()`, `redo()` or `undoNestedGroup()` found nested groups still open, so it could not
  /// tell which group to act on. The call was ignored; close the groups first.
  ///
  /// - Parameters:
  ///   - operation: The method that was refused, such as `"undo()"`.
  ///   - groupingLevel: The nesting depth at the time of the call.
  case groupsStillOpen(operation: String, groupingLevel: Int)

  /// `undo()`, `redo()` or `undoNestedGroup()` was called from inside an undo or redo handler.
  /// The call was ignored, because running a second group halfway through the first would
  /// interleave their redo records.
  case reentrantUndoOrRedo(operation: String)

  /// `enableUndoRegistration()` was called more often than `disableUndoRegistration()`.
  /// The call was ignored and registration stays enabled.
  case enableWithoutMatchingDisable

  /// An undo action was registered while ``UndoManager/groupsByEvent`` is `false` and no group
  /// was open. The action was recorded in a group of its own rather than dropped.
  case registrationOutsideGroup

  /// ``UndoManager/levelsOfUndo`` was set to a negative value; it was set to 0 (unlimited).
  case negativeLevelsOfUndo(Int)

  /// An undo or redo action was skipped because its target had been deallocated.
  ///
  /// The undo manager holds targets weakly; an object that goes away should call
  /// ``UndoManager/removeAllActions(withTarget:)`` first.
  case targetDeallocated

  /// The application ended an event while explicit groups were still open inside the implicit
  /// per-event group, so the implicit group was left open.
  case eventEndedWithNestedGroupsOpen(groupingLevel: Int)
}
