/// An object that can receive events and actions, linked to the next responder in a chain
/// that runs view → superview (or view controller) → window → application.
///
/// Events a responder does not handle go to ``next``: override a method to handle it, call
/// `super` to pass it on. Actions are found by searching the chain for the first object whose
/// ``ActionTable`` has the action and whose ``canPerformAction(_:withSender:)`` agrees.
@MainActor
open class Responder: ActionTarget {
  /// Creates a responder.
  public init() {}

  /// The next responder in the chain, or nil at its end.
  open var next: Responder? { nil }

  /// The actions this type implements. Subclasses override it to return a table built once
  /// in a `static let`, inheriting their superclass's (see ``ActionTable``). Each object reads
  /// it once and keeps it, so it must return the same table every time.
  open class var actionTable: ActionTable { responderActions }

  private static let responderActions = ActionTable(Responder.self) { _ in }

  // MARK: First responder

  /// The window whose first responder this object can be; views and view controllers answer
  /// their window, a window itself.
  open var responderWindow: Window? { nil }

  /// Whether this object is its window's first responder.
  public var isFirstResponder: Bool {
    guard let window = responderWindow else { return false }
    return window.firstResponder === self
  }

  /// Whether this object accepts becoming first responder. False by default, as in UIKit
  /// and AppKit; text fields, lists and other focusable views say true.
  open var canBecomeFirstResponder: Bool { false }

  /// Whether this object lets the first-responder status go. True by default; a field with
  /// invalid contents can say false to keep focus.
  open var canResignFirstResponder: Bool { true }

  /// Asks the window to make this object first responder; true if it now is.
  /// Same rules as ``Window/makeFirstResponder(_:)``.
  @discardableResult
  open func becomeFirstResponder() -> Bool {
    guard let window = responderWindow else { return false }
    _ = window.makeFirstResponder(self)
    return isFirstResponder
  }

  /// Gives up first-responder status, leaving the window as first responder. False if this
  /// object refuses (``canResignFirstResponder``) or is not first responder.
  @discardableResult
  open func resignFirstResponder() -> Bool {
    guard isFirstResponder, let window = responderWindow else { return false }
    return window.makeFirstResponder(nil)
  }

  /// Called after this object became first responder. Override to show focus.
  open func didBecomeFirstResponder() {}

  /// Called after this object stopped being first responder. Override to hide focus or end
  /// editing.
  open func didResignFirstResponder() {}

  // MARK: Actions

  /// Whether this object will perform `action` now; by default, whether its table has it.
  /// Return false to disable the action for the current state — the chain search then
  /// skips this object, as UIKit does.
  open func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
    implementsAction(action)
  }

  /// Whether this object's type has `action` in its ``actionTable``, read through a per-object
  /// cache: the search asks every responder it visits, and the class property costs a lazy
  /// initialisation check and a retain and release of the table each time. The table is
  /// fetched once per object, which is why a type's table must not change (build it once).
  @inline(__always)
  final func implementsAction(_ action: Action) -> Bool {
    let table: Unmanaged<ActionTable>
    if let cached = cachedActionTable {
      table = cached
    } else {
      table = Unmanaged.passRetained(type(of: self).actionTable)
      cachedActionTable = table
    }
    return Responder.table(table, contains: action)
  }

  /// Reads the table without retaining it. Nonisolated, so the closure needs no executor check.
  @inline(__always)
  private nonisolated static func table(_ table: Unmanaged<ActionTable>, contains action: Action) -> Bool {
    table._withUnsafeGuaranteedRef { $0.contains(action) }
  }

  private var cachedActionTable: Unmanaged<ActionTable>?

  deinit {
    cachedActionTable?.release()
  }

  /// Whether an item sending one of this object's actions should be enabled (menu items,
  /// buttons, key commands). Default true.
  open func validate(_ item: any ValidatedItem) -> Bool { true }

  /// The object that would perform `action` starting here: this object if it can, else the
  /// next responder's answer (UIKit's `target(forAction:withSender:)`).
  open func target(forAction action: Action, withSender sender: Any?) -> AnyObject? {
    var responder: Responder? = self
    while let current = responder {
      if current.canPerformAction(action, withSender: sender) { return current }
      responder = current.next
    }
    return nil
  }

  /// Performs `action` here if this object can, else passes it up the chain; false if
  /// nothing did (AppKit's `tryToPerform(_:with:)`).
  @discardableResult
  open func tryToPerform(_ action: Action, with sender: Any?) -> Bool {
    guard let target = target(forAction: action, withSender: sender) as? Responder else { return false }
    return type(of: target).actionTable.perform(action, on: target, sender: sender, event: nil)
  }

  // MARK: Events
  // Defaults pass the event on, so the first interested responder up the chain handles it.

  /// A key went down. The default passes it to ``next``; at the end of the chain the key is
  /// interpreted through the key bindings.
  open func keyDown(with event: KeyEvent) {
    if let next { next.keyDown(with: event) } else { noResponder(forKeyDown: event) }
  }

  /// A key went up. The default passes it to ``next``.
  open func keyUp(with event: KeyEvent) {
    next?.keyUp(with: event)
  }

  /// Text to insert — typed characters or a paste. The default passes it on.
  open func insertText(_ text: String) {
    next?.insertText(text)
  }

  /// Whether this responder takes typed characters through ``insertText(_:)`` (text fields do).
  /// Key bindings then send printable keys as text instead of looking for an action.
  open var acceptsTextInput: Bool { false }

  /// Touches began on a view. The default passes them on.
  open func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    next?.touchesBegan(touches, with: event)
  }

  /// Touches moved. The default passes them on.
  open func touchesMoved(_ touches: Set<Touch>, with event: Event) {
    next?.touchesMoved(touches, with: event)
  }

  /// Touches ended. The default passes them on.
  open func touchesEnded(_ touches: Set<Touch>, with event: Event) {
    next?.touchesEnded(touches, with: event)
  }

  /// Touches were cancelled. The default passes them on.
  open func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
    next?.touchesCancelled(touches, with: event)
  }

  /// The scroll wheel turned over this responder. The default passes it on.
  open func scrollWheel(with event: Event) {
    next?.scrollWheel(with: event)
  }

  /// Key commands this responder offers while it is in the first responder's chain; they are
  /// matched before the key reaches ``keyDown(with:)``.
  open var keyCommands: [KeyCommand] { [] }

  /// Called when a key down reached the end of the chain unhandled.
  open func noResponder(forKeyDown event: KeyEvent) {}

  // MARK: Undo

  /// The nearest undo manager up the chain; windows own one each.
  open var undoManager: UndoManager? { next?.undoManager }
}
