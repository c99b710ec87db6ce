/// One recorded undo (or redo) operation.
///
/// The target is weak: Foundation keeps an unowned reference to avoid retain cycles, and in
/// Swift a weak one gives the same freedom without trapping when the target is gone.
struct UndoAction {
  /// The object the action is sent to; `nil` once it has been deallocated.
  weak var target: AnyObject?
  /// The registered handler, already cast back to the target's type.
  let perform: @MainActor (AnyObject) -> Void
}

/// The actions recorded by one top-level undo group, oldest first, with its action name.
///
/// Nested groups are flattened into their parent when they close: `undo()` only ever reverts
/// whole top-level groups, so the nesting would never be observed.
struct UndoGroup {
  /// Actions in registration order; undo runs them in reverse.
  var actions: [UndoAction] = []
  /// The name shown in the Undo and Redo menu items; empty when none was set.
  var actionName = ""
}
