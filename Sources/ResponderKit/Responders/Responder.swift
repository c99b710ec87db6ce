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
    let table: Unmanaged<ActionTable>
    if let cached = cachedActionTable {
      table = cached
    } else {
      table = loadActionTable()
    }
    return Responder.table(table, contains: action)
  }

  /// Reads the class's table once, checking that it was built for this class.
  private func loadActionTable() -> Unmanaged<ActionTable> {
    let table = type(of: self).actionTable
    table.checkAccepts(self)
    let reference = Unmanaged.passRetained(table)
    cachedActionTable = reference
    return reference
  }

  /// Calls this object's method for `action` through its checked, cached table; false if it
  /// has none.
  @discardableResult
  final func performAction(_ action: Action, sender: Any?, event: Event?) -> Bool {
    let table = cachedActionTable ?? loadActionTable()
    return table._withUnsafeGuaranteedRef {
      $0.perform(action, on: self, sender: sender, event: event, checked: true)
    }
  }

  /// Reads the table without retaining it. Nonisolated, so the closure needs no executor check.
  @inline(__always)
  private nonisolated static func table(_ table: Unmanaged<ActionTable>, contains action: Action) -> Bool {
    table._withUnsafeGuaranteedRef { $0.contains(action) }
  }

  // Nonisolated so that the unretained walk, which must not pay an executor check per
  // object, can read it; written only on the main actor.
  nonisolated(unsafe) private var cachedActionTable: Unmanaged<ActionTable>?

  /// Whether a plain view (whose table is loaded, see ``isPlainView``) performs `action`.
  @inline(__always)
  nonisolated final func plainViewImplements(_ action: Action) -> Bool {
    Responder.table(cachedActionTable.unsafelyUnwrapped, contains: action)
  }

  deinit {
    cachedActionTable?.release()
  }

  /// Whether an item sending one of this object's actions should be enabled (menu items,
  /// buttons, key commands). Default true.
  open func validate(_ item: any ValidatedItem) -> Bool { true }

  /// Whether menu items and key equivalents may reach this object during a modal session for
  /// a window it is not in (AppKit's `worksWhenModal`). Default false.
  open var worksWhenModal: Bool { false }

  /// The object that would perform `action` starting here: this object if it can, else the
  /// next responder's answer (UIKit's `target(forAction:withSender:)`).
  ///
  /// Override it to redirect an action: the nil-target search uses an override's answer when
  /// it reaches this object — an object means "send it there", nil "not me, go on up".
  open func target(forAction action: Action, withSender sender: Any?) -> AnyObject? {
    if TargetHooks.isAsking(self) { return TargetHooks.defaultAnswer }
    // This object's own override already ran (it called super): start with its default.
    if canPerformAction(action, withSender: sender) { return self }
    if hasTargetHooks, let supplemental = supplementalTarget(forAction: action, sender: sender) {
      return supplemental
    }
    var responder = next
    while let current = responder {
      switch current.searchStep(action, sender) {
      case .found(let target): return target
      case .goOn: responder = current.next
      }
    }
    return nil
  }

  /// One responder's part of a search, hooks included: an override of
  /// ``target(forAction:withSender:)`` answers first, then the object itself, then its
  /// ``supplementalTarget(forAction:sender:)``. Objects whose class overrides neither hook
  /// pay one cached flag test for them.
  @inline(__always)
  final func searchStep(_ action: Action, _ sender: Any?) -> TargetHooks.Step {
    let hooked = hasTargetHooks
    if hooked {
      let answer = TargetHooks.ask(self) { $0.target(forAction: action, withSender: sender) }
      if answer !== TargetHooks.defaultAnswer {
        return answer.map { .found($0) } ?? .goOn
      }
    }
    if canPerformAction(action, withSender: sender) { return .found(self) }
    if hooked, let supplemental = supplementalTarget(forAction: action, sender: sender) {
      return .found(supplemental)
    }
    return .goOn
  }

  /// Whether this object's class overrides a target hook, found once per class and kept.
  final var hasTargetHooks: Bool {
    @inline(__always) get {
      if searchKind == 0 { loadSearchKind() }
      return searchKind == TargetHooks.Kind.hooked.rawValue
    }
  }

  /// Whether the search may pass this object without retaining it (see
  /// ``TargetHooks/Kind/plainView``); false until the object was once searched normally.
  nonisolated final var isPlainView: Bool {
    @inline(__always) get { searchKind == TargetHooks.Kind.plainView.rawValue }
  }

  private func loadSearchKind() {
    let kind = TargetHooks.kind(of: type(of: self))
    // A plain view's table is read before the flag says so: the unretained walk must run
    // nothing but the framework's code.
    if kind == .plainView, cachedActionTable == nil { _ = loadActionTable() }
    searchKind = kind.rawValue
  }

  /// 0: not looked up yet, else a ``TargetHooks/Kind``.
  nonisolated(unsafe) private var searchKind: UInt8 = 0

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
    while let current = responder {
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
    let (handler, last) = nextKeyHandler(.keyDown)
    if let handler { handler.keyDown(with: event) } else { last.noResponder(forKeyDown: event) }
  }

  /// A key went up. The default passes it to ``next``.
  open func keyUp(with event: KeyEvent) {
    nextKeyHandler(.keyUp).handler?.keyUp(with: event)
  }

  /// Where a key this object passes on arrives: the first responder up the chain whose class
  /// overrides `method` — those between would each only pass it on, so they are passed over
  /// (unless a trace records every step) — or nil, with the chain's last responder.
  private final func nextKeyHandler(_ method: TargetHooks.KeyPathTraits) -> (
    handler: Responder?, last: Responder
  ) {
    guard ActionTrace.current == nil else { return (next, self) }
    guard let next else { return (nil, self) }
    return next.keyHandler(method)
  }

  /// The first responder from this one up the chain whose class overrides `method`, or nil
  /// with the chain's last responder.
  final func keyHandler(_ method: TargetHooks.KeyPathTraits) -> (handler: Responder?, last: Responder) {
    var current = Responder.passPlainViews(from: self, method)
    while !current.keyPathTraits.contains(method) {
      guard let next = current.next else { return (nil, current) }
      current = next
    }
    return (current, current)
  }

  /// The first responder from `start` up that is not a view passed over for `method` (one
  /// that keeps the defaults of `method` and `next`). The walk holds no references: only this
  /// loop runs meanwhile, and the window's tree holds the views. (Nonisolated, so the closure
  /// needs no executor check.)
  private nonisolated static func passPlainViews(
    from start: Responder, _ method: TargetHooks.KeyPathTraits
  ) -> Responder {
    var current = Unmanaged.passUnretained(start)
    while let next = current._withUnsafeGuaranteedRef({ responder -> Unmanaged<Responder>? in
      let traits = responder.loadedKeyPathTraits
      guard traits.contains(.plainView), !traits.contains(method) else { return nil }
      return unsafeDowncast(responder, to: View.self).unretainedNext
    }) {
      current = next
    }
    return current.takeUnretainedValue()
  }

  /// The class's ``TargetHooks/KeyPathTraits``, looked up once per object and kept.
  final var keyPathTraits: TargetHooks.KeyPathTraits {
    if !storedKeyPathTraits.contains(.known) {
      storedKeyPathTraits = TargetHooks.keyPathTraits(of: type(of: self))
    }
    return storedKeyPathTraits
  }

  /// ``keyPathTraits`` without looking them up (an object not yet looked up counts as passing
  /// nothing over), for the nonisolated walk.
  private nonisolated final var loadedKeyPathTraits: TargetHooks.KeyPathTraits { storedKeyPathTraits }

  // Nonisolated for the unretained walk; written only on the main actor.
  nonisolated(unsafe) private var storedKeyPathTraits: TargetHooks.KeyPathTraits = []

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
