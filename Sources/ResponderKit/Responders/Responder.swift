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

  /// Whether this object's type has `action` in its ``actionTable``, read through a per-object
  /// cache: the search asks every responder it visits, and the class property costs a lazy
  /// initialisation check and a retain and release of the table each time. The table is
  /// fetched once per object, which is why a type's table must not change (build it once).
  @inline(__always)
  final func implementsAction(_ action: Action) -> Bool {
    let table = actionTableLink ?? loadActionTable()
    return table.withObject { $0.contains(action) }
  }

  private func loadActionTable() -> UnretainedReference<ActionTable> {
    let table = type(of: self).actionTable
    table.checkAccepts(self)
    cachedActionTable = table
    let link = UnretainedReference(table)
    actionTableLink = link
    var kept = table.keptDefaults(of: type(of: self))
    // A view that keeps the search's defaults keeps View's `next`. The kinds whose next the
    // framework links (views, windows, applications) may have it read from the link.
    let isView = self is View
    if kept.contains(.actionSearch), isView { kept.insert([.viewLink, .nextResponder]) }
    if kept.contains(.nextResponder), isView || self is Window || self is Application {
      kept.insert(.linkedNext)
    }
    storedKeptDefaults = kept
    return link
  }

  private var cachedActionTable: ActionTable?
  /// ``cachedActionTable`` unretained, for the walks and for performing (which would otherwise
  /// retain and release the table at every object); it lives as long as that reference.
  private var actionTableLink: UnretainedReference<ActionTable>?

  /// The responder methods this object's class declares it keeps (see
  /// ``ActionTable/KeptDefaults``), read with its table.
  final var keptDefaults: ActionTable.KeptDefaults {
    @inline(__always) get {
      if cachedActionTable == nil { _ = loadActionTable() }
      return storedKeptDefaults
    }
  }

  /// ``keptDefaults`` as read so far: empty until the table is loaded, which only makes the
  /// walks ask the object through its methods.
  private var storedKeptDefaults: ActionTable.KeptDefaults = []

  /// For a view or a window, ``next`` as the framework makes it (View and Window keep it up to
  /// date; nil for the application); what the walks follow past objects whose class keeps it
  /// (``ActionTable/KeptDefaults/linkedNext``).
  var nextLink: UnretainedReference<Responder>?

  /// Calls this object's method for `action` through its checked, cached table; false if it
  /// has none.
  @discardableResult
  final func performAction(_ action: Action, sender: Any?, event: Event?) -> Bool {
    // Unretained: this object holds its table (`cachedActionTable`), and the caller holds it.
    let table = actionTableLink ?? loadActionTable()
    return table.withObject { $0.perform(action, on: self, sender: sender, event: event, checked: true) }
  }

  /// Whether an item sending one of this object's actions should be enabled (menu items,
  /// buttons, key commands). Default true.
  open func validate(_ item: any ValidatedItem) -> Bool { true }

  /// Whether menu items and key equivalents may reach this object during a modal session for
  /// a window it is not in (AppKit's `worksWhenModal`). Default false.
  open var worksWhenModal: Bool { false }

  /// The object that would perform `action` starting here (UIKit's
  /// `target(forAction:withSender:)`): this object if ``canPerformAction(_:withSender:)`` says
  /// yes, else its ``supplementalTarget(forAction:sender:)`` (AppKit's), else the next
  /// responder's answer, or nil at the end of the chain. ``Window`` and ``Application`` add
  /// AppKit's steps: the window's delegate and the main window, the application's delegate.
  ///
  /// The nil-target search (``Application/sendAction(_:to:from:for:)``) is this recursion,
  /// started at the first responder. Override it to redirect actions, as in UIKit: return
  /// another object to send the action there, nil to have nothing perform it (the search ends
  /// here), or `super`'s answer — the real answer of the rest of the chain — for the rest:
  ///
  ///     override func target(forAction action: Action, withSender sender: Any?) -> AnyObject? {
  ///       super.target(forAction: action, withSender: sender) ?? helper
  ///     }
  open func target(forAction action: Action, withSender sender: Any?) -> AnyObject? {
    if canPerformAction(action, withSender: sender) {
      ActionTrace.searching?.visit(self, nil)
      return self
    }
    ActionTrace.searching?.visit(self, skipReason(for: action))
    if let supplemental = supplementalTarget(forAction: action, sender: sender) { return supplemental }
    guard let next else { return nil }
    return Responder.target(forAction: action, from: next, withSender: sender)
  }

  /// `start.target(forAction:withSender:)`, the answer of the chain from `start` up, with the
  /// views whose class keeps the search's defaults (``ActionTable/KeptDefaults/actionSearch``)
  /// answered here from their tables, without a call or a retain each: their
  /// `target(forAction:withSender:)` would do exactly that. The first other object answers
  /// through its own method. (Untraced only; a trace records every object through its method.)
  static func target(forAction action: Action, from start: Responder, withSender sender: Any?) -> AnyObject? {
    var current = start
    if current.storedKeptDefaults.contains(.viewLink), ActionTrace.searching == nil {
      guard let stop = passViews(from: current, performing: action) else { return nil }
      if stop.found { return stop.responder }
      current = stop.responder
    }
    let answer = current.target(forAction: action, withSender: sender)
    if let answer, let search = ActionTrace.searching { search.noteAnswer(answer, of: current, for: action) }
    return answer
  }

  /// Walks up from `start`, a view that keeps the search's defaults, over such views without
  /// retaining them: the view whose table has `action` (found), or the first object that is
  /// not such a view (nil at the end of the chain). Only this loop runs meanwhile, and the
  /// window's tree holds the views (the invariant of ``UnretainedReference``).
  private static func passViews(from start: Responder, performing action: Action) -> (
    responder: Responder, found: Bool
  )? {
    // (No `Optional.map` here: its closure would check the executor on every call.)
    guard let stop = passViews(from: UnretainedReference(start), performing: action) else { return nil }
    return (stop.stop.object, stop.found)
  }

  /// ``passViews(from:performing:)`` that returns where it stopped unretained.
  static func passViews(from start: UnretainedReference<Responder>, performing action: Action) -> (
    stop: UnretainedReference<Responder>, found: Bool
  )? {
    var current = start
    while true {
      let step = current.withObject { view -> (found: Bool, next: UnretainedReference<Responder>?) in
        if view.actionTableLink?.withObject({ $0.contains(action) }) == true { return (true, nil) }
        return (false, view.nextLink)
      }
      if step.found { return (current, true) }
      guard let next = step.next else { return nil }
      guard next.withObject({ $0.storedKeptDefaults.contains(.viewLink) }) else { return (next, false) }
      current = next
    }
  }

  /// Why the search passes this object by, for the trace.
  final func skipReason(for action: Action) -> ActionTrace.SkipReason {
    implementsAction(action) ? .cannotPerform : .doesNotImplement
  }

  /// AppKit's delegate step of a window's or the application's part of the search: `delegate`
  /// if it can perform `action`.
  final func delegateTarget(
    _ delegate: (any ActionTarget)?, forAction action: Action, withSender sender: Any?
  ) -> AnyObject? {
    guard let delegate else { return nil }
    let can = delegate.canPerformAction(action, withSender: sender)
    if let search = ActionTrace.searching {
      search.visit(
        delegate,
        can ? nil : type(of: delegate).actionTable.contains(action) ? .cannotPerform : .doesNotImplement)
    }
    return can ? delegate : nil
  }

  /// An object to send `action` to when this responder cannot perform it itself (AppKit's
  /// `supplementalTarget(forAction:sender:)`), consulted by the nil-target search; default nil.
  open func supplementalTarget(forAction action: Action, sender: Any?) -> AnyObject? { nil }
  /// Performs `action` here if this object can, else passes it up the chain: a window's
  /// delegate is tried after the window, the application's after the application; false if
  /// nothing did (AppKit's `tryToPerform(_:with:)`).
  @discardableResult
  open func tryToPerform(_ action: Action, with sender: Any?) -> Bool {
    tryToPerform(action, with: sender, endingAt: nil)
  }

  /// ``tryToPerform(_:with:)`` that ends after `last` and its delegate: a key binding's
  /// command stays in the key window's chain (AppKit's `doCommand(by:)`; an NSWindow's chain
  /// does not go on to NSApp). The walk is this one's, not an override's.
  final func tryToPerform(_ action: Action, with sender: Any?, endingAt last: Responder?) -> Bool {
    var responder: Responder? = self
    let trace = ActionTrace.current
    // Views whose class keeps the search's defaults are passed as the nil-target search passes
    // them: their `canPerformAction` is their table's answer, they have no delegate and their
    // next is their link's, so no call, cast or retain per view (untraced only, and only when
    // `last` is not such a view, which the pass could go beyond).
    let passesViews = trace == nil && last?.storedKeptDefaults.contains(.viewLink) != true
    while var current = responder {
      if passesViews, current.storedKeptDefaults.contains(.viewLink) {
        guard let stop = Responder.passViews(from: current, performing: action) else { return false }
        if stop.found { return stop.responder.performAction(action, sender: sender, event: nil) }
        current = stop.responder
      }
      if current.canPerformAction(action, withSender: sender) {
        trace?.visit(current, nil)
        let performed = current.performAction(action, sender: sender, event: nil)
        if performed { trace?.performed(by: current) }
        return performed
      }
      trace?.visit(current, current.implementsAction(action) ? .cannotPerform : .doesNotImplement)
      if let delegate = (current as? Window)?.delegateActionTarget
        ?? (current as? Application)?.delegateActionTarget
      {
        guard delegate.canPerformAction(action, withSender: sender) else {
          trace?.visit(
            delegate, type(of: delegate).actionTable.contains(action) ? .cannotPerform : .doesNotImplement)
          responder = current === last ? nil : current.next
          continue
        }
        trace?.visit(delegate, nil)
        let performed = type(of: delegate).actionTable.perform(
          action, on: delegate, sender: sender, event: nil)
        if performed { trace?.performed(by: delegate) }
        return performed
      }
      responder = current === last ? nil : current.next
    }
    trace?.finish("dropped: nothing in the window's chain performs it")
    return false
  }

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

  /// Where a key this object passes on arrives: the next responder up whose class does not
  /// declare that it keeps `method` — those between would each only pass it on, so they are
  /// passed over (unless a trace records every step) — or nil at the end of the chain.
  private final func nextKeyHandler(_ method: ActionTable.KeptDefaults) -> Responder? {
    guard ActionTrace.current == nil else { return next }
    return nextResponder(notKeeping: method)
  }

  /// The last responder of the chain from here.
  private final var chainEnd: Responder {
    var current = self
    while let next = current.next { current = next }
    return current
  }

  /// The first responder above this one whose class does not declare that it keeps `method`
  /// (see ``ActionTable/KeptDefaults``), or nil at the end of the chain.
  final func nextResponder(notKeeping method: ActionTable.KeptDefaults) -> Responder? {
    var current = self
    while true {
      let link: UnretainedReference<Responder>
      if current.storedKeptDefaults.contains(.linkedNext) {
        guard let linked = current.nextLink else { return nil }
        link = linked
      } else {
        guard let next = current.next else { return nil }
        if !next.keptDefaults.contains(method) { return next }
        current = next
        continue
      }
      guard let stop = Responder.passLinked(from: link, keeping: method) else { return nil }
      let next = stop.object
      if !next.keptDefaults.contains(method) { return next }
      current = next
    }
  }

  /// The first responder from `start` up that is not passed over for `method` (one whose
  /// class keeps `method` and whose next is linked), or nil when the chain ends among those.
  /// The walk holds no references: only this loop runs meanwhile, and each link's object holds
  /// the one below it (the window's tree its views, the application its windows).
  private static func passLinked(
    from start: UnretainedReference<Responder>, keeping method: ActionTable.KeptDefaults
  ) -> UnretainedReference<Responder>? {
    let passed: ActionTable.KeptDefaults = [method, .linkedNext]
    var current = start
    while true {
      let step = current.withObject { responder -> (passed: Bool, next: UnretainedReference<Responder>?) in
        responder.storedKeptDefaults.isSuperset(of: passed) ? (true, responder.nextLink) : (false, nil)
      }
      guard step.passed else { return current }
      guard let next = step.next else { return nil }
      current = next
    }
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
