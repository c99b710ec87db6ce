/// An object that can receive events and actions, linked to the next responder in a chain
/// that runs view → superview (or view controller) → window → application.
///
/// Events a responder does not handle go to ``next``: override a method to handle it, call
/// `super` to pass it on. Actions are found by searching the chain for the first object whose
/// ``ActionTable`` has the action and whose ``canPerformAction(_:withSender:)`` agrees.
@MainActor
open class Responder: ActionTarget {
  /// Creates a responder.
  public init() {
    loadActionTable()
  }

  /// A name the app gives this object, shown by ``ActionTrace`` and the inspector (AppKit's
  /// `identifier`); nil shows the type name alone.
  public var identifier: String?

  /// The next responder in the chain, or nil at its end.
  open var next: Responder? { nil }

  /// The actions this type implements. Subclasses override it to return a table built once
  /// in a `static let`, inheriting their superclass's (see ``ActionTable``). Each object reads
  /// it once and keeps it, so it must return the same table every time.
  open class var actionTable: ActionTable { responderActions }

  private static let responderActions = ActionTable(Responder.self, keeping: .all) { _ in }

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

  /// Asks to become first responder; true if this object now is (UIKit's shape).
  ///
  /// Override it to refuse (return false) or to react, calling `super` to go ahead. The
  /// window calls it once on every path that moves focus here — ``Window/makeFirstResponder(_:)``,
  /// Tab, a tap, ``Window/initialFirstResponder`` — after the old first responder agreed to
  /// resign. The default answers ``canBecomeFirstResponder`` when the window is asking, and
  /// otherwise asks the window to make the change.
  @discardableResult
  open func becomeFirstResponder() -> Bool {
    guard let window = responderWindow, canBecomeFirstResponder else { return false }
    if window.isConsulting(self) { return true }
    return window.changeFirstResponder(to: self, consulted: self) && isFirstResponder
  }

  /// Gives up first-responder status, leaving the window as first responder; false if this
  /// object refuses or is not first responder.
  ///
  /// Override it to refuse (return false, for example while a field holds invalid text) or
  /// to react, calling `super` to go ahead. The window calls it once whenever focus moves
  /// away; when the object leaves its window the answer is ignored. The default answers
  /// ``canResignFirstResponder``.
  @discardableResult
  open func resignFirstResponder() -> Bool {
    guard let window = responderWindow else { return false }
    if window.isConsulting(self) { return canResignFirstResponder }
    guard isFirstResponder, canResignFirstResponder else { return false }
    return window.changeFirstResponder(to: nil, consulted: self)
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

  /// Whether this object's type has `action` in its ``actionTable``, read through the table
  /// the object loaded when it was made (the class property costs a lazy initialisation check
  /// and a retain and release of the table each time). That is why a type's table must not
  /// change (build it once).
  @inline(__always)
  final func implementsAction(_ action: Action) -> Bool {
    actionTableLink.withObject { $0.contains(action) }
  }

  /// Reads the class's table and what it keeps, once, when the object is made: everything the
  /// walks read of an object is then settled before anything can ask, so no answer depends on
  /// whether, or by which path, an object was asked before.
  private func loadActionTable() {
    let table = type(of: self).actionTable
    table.checkAccepts(self)
    cachedActionTable = table
    actionTableLink = UnretainedReference(table)
    var kept = table.keptDefaults(of: type(of: self))
    // A view that keeps the search's defaults keeps View's `next`. The kinds whose next the
    // framework links (views, windows, applications) may have it read from the link.
    let isView = self is View
    if kept.contains(.actionSearch), isView { kept.insert([.viewLink, .nextResponder]) }
    if kept.contains(.nextResponder), isView || self is Window || self is Application {
      kept.insert(.linkedNext)
    }
    keptDefaults = kept
    asksDelegates = self is Window || self is Application || self is WindowController
  }

  /// Whether this object's part of the search has the delegate steps (``actionDelegate``,
  /// ``followingTarget``): windows, window controllers and applications. Read from the object
  /// so the other responders asked through their methods skip two dynamic calls.
  private(set) var asksDelegates = false

  private var cachedActionTable = ActionTable.empty
  /// ``cachedActionTable`` unretained, for the walks and for performing (which would otherwise
  /// retain and release the table at every object); it lives as long as that reference.
  private(set) var actionTableLink = UnretainedReference(ActionTable.empty)

  /// The responder methods this object's class declares it keeps (see
  /// ``ActionTable/KeptDefaults``), read with its table when the object was made.
  private(set) var keptDefaults: ActionTable.KeptDefaults = []

  /// For a view or a window, ``next`` as the framework makes it (View and Window keep it up to
  /// date; nil for the application); what the walks follow past objects whose class keeps it
  /// (``ActionTable/KeptDefaults/linkedNext``).
  var nextLink: UnretainedReference<Responder>?

  /// Calls this object's method for `action` through its checked, cached table; false if it
  /// has none.
  @discardableResult
  final func performAction(_ action: Action, sender: Any?, event: Event?) -> Bool {
    // Unretained: this object holds its table (`cachedActionTable`), and the caller holds it.
    actionTableLink.withObject { $0.perform(action, on: self, sender: sender, event: event, checked: true) }
  }

  /// Whether an item sending one of this object's actions should be enabled (menu items,
  /// buttons, key commands). Default true.
  open func validate(_ item: any ValidatedItem) -> Bool { true }

  /// Whether menu items and key equivalents may reach this object during a modal session for
  /// a window it is not in (AppKit's `worksWhenModal`). Default false.
  open var worksWhenModal: Bool { false }

  /// The object that would perform `action` starting here (UIKit's
  /// `target(forAction:withSender:)`), in AppKit's order: this object if
  /// ``canPerformAction(_:withSender:)`` says yes, else its
  /// ``supplementalTarget(forAction:sender:)`` (AppKit's), else — for a ``Window`` or the
  /// ``Application`` — its delegate if that can perform it, then a window's ``Document`` or the
  /// application's ``DocumentController`` (after the window's ``WindowController``, which is
  /// the window's next responder), else the answer of the responder
  /// that comes next in the search (``next``; after the key window, the main or modal window
  /// when it is another one), or nil at the end of the chain.
  ///
  /// The nil-target search (``Application/sendAction(_:to:from:for:)-(_,AnyObject?,_,_)``) is this recursion,
  /// started at the first responder; every step is written here once. Override it to redirect
  /// actions, as in UIKit: return another object to send the action there, nil to have nothing
  /// perform it (the search ends here), or `super`'s answer — the real answer of the rest of
  /// the chain — for the rest:
  ///
  ///     override func target(forAction action: Action, withSender sender: Any?) -> AnyObject? {
  ///       super.target(forAction: action, withSender: sender) ?? helper
  ///     }
  open func target(forAction action: Action, withSender sender: Any?) -> AnyObject? {
    let search = ActionTrace.searching
    if let search, self is Application { search.note("the application") }
    if canPerformAction(action, withSender: sender) {
      search?.visit(self, nil)
      return self
    }
    search?.visit(self, skipReason(for: action))
    if let supplemental = supplementalTarget(forAction: action, sender: sender) { return supplemental }
    if asksDelegates {
      if let delegate = actionDelegate, delegate.canPerform(action, withSender: sender, tracedBy: search) {
        return delegate
      }
      if let following = followingTarget, following.canPerform(action, withSender: sender, tracedBy: search) {
        return following
      }
    }
    guard let next = nextInSearch(from: sender) else { return nil }
    return Responder.target(forAction: action, from: next, withSender: sender)
  }

  /// The delegate a window's or the application's part of the search and of
  /// ``tryToPerform(_:with:)`` tries after the object itself (AppKit: the delegate follows the
  /// window in the responder chain); nil for every other responder.
  var actionDelegate: (any ActionTarget)? { nil }

  /// The object AppKit asks after ``actionDelegate`` in the search and in
  /// ``tryToPerform(_:with:)``: a window's ``Document`` (through its window controller when it
  /// has one), the application's ``DocumentController``; nil for every other responder.
  var followingTarget: (any ActionTarget)? { nil }

  /// Where the nil-target search goes after this object: ``next``, except after the key window
  /// (``Window`` overrides it).
  func nextInSearch(from sender: Any?) -> Responder? { next }

  /// Why the search passes this object by, for the trace.
  final func skipReason(for action: Action) -> ActionTrace.SkipReason {
    implementsAction(action) ? .cannotPerform : .doesNotImplement
  }

  /// An object to send `action` to when this responder cannot perform it itself (AppKit's
  /// `supplementalTarget(forAction:sender:)`), consulted by the nil-target search; default nil.
  open func supplementalTarget(forAction action: Action, sender: Any?) -> AnyObject? { nil }

  /// Performs `action` here if this object can, else passes the message to the next responder
  /// (AppKit's `tryToPerform(_:with:)`): a window's delegate and document are tried after the
  /// window (or its window controller), the application's delegate and document controller
  /// after the application; false if nothing did. Every responder's override is
  /// reached on the way up, as NSResponder forwards the message to `nextResponder`; a key
  /// binding's command is this message sent to where keys start (AppKit's `doCommand(by:)`),
  /// and stops after the key window and its delegate.
  @discardableResult
  open func tryToPerform(_ action: Action, with sender: Any?) -> Bool {
    let trace = ActionTrace.current
    if canPerformAction(action, withSender: sender) {
      trace?.visit(self, nil)
      let performed = performAction(action, sender: sender, event: nil)
      if performed { trace?.performed(by: self) }
      return performed
    }
    trace?.visit(self, skipReason(for: action))
    // No array of the two: this runs for every responder a key binding's command passes.
    func perform(_ target: any ActionTarget) -> Bool {
      let performed = type(of: target).actionTable.perform(action, on: target, sender: sender, event: nil)
      if performed { trace?.performed(by: target) }
      return performed
    }
    if asksDelegates {
      if let delegate = actionDelegate, delegate.canPerform(action, withSender: sender, tracedBy: trace) {
        return perform(delegate)
      }
      if let following = followingTarget, following.canPerform(action, withSender: sender, tracedBy: trace) {
        return perform(following)
      }
    }
    guard !commandEndsHere, let next else { return false }
    return Responder.tryToPerform(action, from: next, with: sender)
  }

  /// Set on the key window while it sends a key binding's command: the message then ends with
  /// the window and its delegate (AppKit: a window's responder chain does not go on to NSApp).
  var endsCommand = false

  /// Whether a key binding's command stops after this object: the key window's, or its window
  /// controller's when it has one (the window's part then ends there).
  var commandEndsHere: Bool { endsCommand }

  // MARK: Events
  // Defaults pass the event on, so the first interested responder up the chain handles it.

  /// A key went down. The default passes it to ``next``; at the end of the chain the key is
  /// interpreted through the key bindings.
  open func keyDown(with event: KeyEvent) {
    if let trace = ActionTrace.current {
      trace.note("\(ActionTrace.name(of: self)) passes keyDown on")
      if let next {
        trace.handled("ended: keyDown, handled by \(ActionTrace.name(of: next))", by: next)
      } else {
        trace.handled("ended: unhandled, noResponder", by: nil)
      }
    }
    guard let handler = nextKeyHandler(.keyDown) else {
      // The end of the chain: this object (the application, usually) or the last one above.
      (next == nil ? self : chainEnd).noResponder(forKeyDown: event)
      return
    }
    handler.keyDown(with: event)
  }

  /// A key went up. The default passes it to ``next``.
  open func keyUp(with event: KeyEvent) {
    nextKeyHandler(.keyUp)?.keyUp(with: event)
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
    passTouches(.began)?.touchesBegan(touches, with: event)
  }

  /// Touches moved. The default passes them on.
  open func touchesMoved(_ touches: Set<Touch>, with event: Event) {
    passTouches(.moved)?.touchesMoved(touches, with: event)
  }

  /// Touches ended. The default passes them on.
  open func touchesEnded(_ touches: Set<Touch>, with event: Event) {
    passTouches(.ended)?.touchesEnded(touches, with: event)
  }

  /// Touches were cancelled. The default passes them on.
  open func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
    passTouches(.cancelled)?.touchesCancelled(touches, with: event)
  }

  /// The next responder, to which the default touch methods pass touches of `phase`; the
  /// trace records that the touches went on, and where they ended: with the responder that
  /// kept them, or unhandled at the end of the chain (as a key's trace does).
  private func passTouches(_ phase: TouchPhase) -> Responder? {
    guard let next else {
      ActionTrace.current?.handled("ended: unhandled, no responder took the touches", by: nil)
      return nil
    }
    ActionTrace.current?.delivered(phase, to: next, passedOnBy: self)
    return next
  }

  /// The scroll wheel turned over this responder. The default passes it on.
  open func scrollWheel(with event: Event) {
    next?.scrollWheel(with: event)
  }

  // The secondary buttons, by AppKit's names: "the default implementation simply passes this
  // message to the next responder" (NSResponder). A view's default shows its context menu.

  /// The right button went down over this responder (``Event/mouse``). The default passes it
  /// on; ``View`` first pops up its ``View/menu(for:)``, as NSView does.
  open func rightMouseDown(with event: Event) {
    if let view = self as? View, view.popUpContextMenu(for: event) { return }
    next?.rightMouseDown(with: event)
  }

  /// The pointer moved with the right button held; sent to the responder that took the down.
  /// The default passes it on.
  open func rightMouseDragged(with event: Event) {
    next?.rightMouseDragged(with: event)
  }

  /// The right button went up; sent to the responder that took the down. The default passes
  /// it on.
  open func rightMouseUp(with event: Event) {
    next?.rightMouseUp(with: event)
  }

  /// The middle or an extra button went down (``MouseSample/buttonNumber`` says which). The
  /// default passes it on.
  open func otherMouseDown(with event: Event) {
    next?.otherMouseDown(with: event)
  }

  /// The pointer moved with the middle or an extra button held. The default passes it on.
  open func otherMouseDragged(with event: Event) {
    next?.otherMouseDragged(with: event)
  }

  /// The middle or an extra button went up. The default passes it on.
  open func otherMouseUp(with event: Event) {
    next?.otherMouseUp(with: event)
  }

  /// The pointer entered a tracking area this responder owns (``Event/trackingArea`` says
  /// which). The default passes it on, as NSResponder does: a superview may hear of its
  /// subviews' areas, so check the area.
  open func mouseEntered(with event: Event) {
    next?.mouseEntered(with: event)
  }

  /// The pointer left a tracking area this responder owns. The default passes it on.
  open func mouseExited(with event: Event) {
    next?.mouseExited(with: event)
  }

  /// The pointer moved inside a tracking area this responder owns that asks for moves
  /// (``TrackingArea/Options/mouseMoved``). The default passes it on, as NSResponder does.
  open func mouseMoved(with event: Event) {
    next?.mouseMoved(with: event)
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
