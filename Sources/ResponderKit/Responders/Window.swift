import Foundation

/// A rectangle of the screen with its own view hierarchy, first responder and undo manager.
///
/// One window is *key* (it gets the keyboard) and one is *main* (the primary document or
/// screen); they differ when a panel such as an alert takes the keyboard over a main window.
/// A window's ``next`` responder is the application.
@MainActor
open class Window: Responder {
  /// Creates a window covering `frame` (screen cells).
  public init(frame: Rect = .zero) {
    self.frameStorage = frame.normalized
    super.init()
  }

  // MARK: Notifications

  /// Posted when the window became key; the object is the window.
  nonisolated public static let didBecomeKeyNotification = Notification.Name(
    "RKWindowDidBecomeKeyNotification")
  /// Posted when the window stopped being key.
  nonisolated public static let didResignKeyNotification = Notification.Name(
    "RKWindowDidResignKeyNotification")
  /// Posted when the window became main.
  nonisolated public static let didBecomeMainNotification = Notification.Name(
    "RKWindowDidBecomeMainNotification")
  /// Posted when the window stopped being main.
  nonisolated public static let didResignMainNotification = Notification.Name(
    "RKWindowDidResignMainNotification")
  /// Posted when the window is about to close.
  nonisolated public static let willCloseNotification = Notification.Name("RKWindowWillCloseNotification")
  /// Posted after the window's size changed.
  nonisolated public static let didResizeNotification = Notification.Name("RKWindowDidResizeNotification")

  // MARK: Geometry and content

  /// The window's rectangle on the screen, in cells; a non-finite or huge component is stored
  /// under the geometry rule (NaN as 0, clamped to ±2³⁰ cells).
  open var frame: Rect {
    get { frameStorage }
    set {
      let oldValue = frameStorage
      frameStorage = newValue.normalized
      guard frameStorage != oldValue else { return }
      if frameStorage.origin != oldValue.origin { View.geometryGeneration &+= 1 }
      layoutRootView()
      // What it uncovered shows what is behind it now.
      application?.damage(screenRows: Range(rowsOf: oldValue))
      setNeedsDisplay()
      if frameStorage.size != oldValue.size { post(Window.didResizeNotification) }
    }
  }

  private var frameStorage: Rect

  /// How the frame follows the screen size; ``Placement/fillsScreen`` by default.
  public var placement: Placement = .fillsScreen {
    didSet { if let app = application { fit(toScreen: app.screenSize) } }
  }

  /// A title, shown by windows that draw a title bar and by alerts.
  open var title: String = "" {
    didSet { setNeedsDisplay() }
  }

  /// The view filling the window.
  public var rootView: View? {
    didSet {
      guard oldValue !== rootView else { return }
      if let oldValue {
        viewWillLeave(oldValue)
        oldValue.hostWindow = nil
        oldValue.notifyWindowChange(from: self, to: nil)
      }
      if let rootView {
        rootView.removeFromSuperview()
        rootView.hostWindow = self
        rootView.notifyWindowChange(from: nil, to: self)
        layoutRootView()
      }
      setNeedsDisplay()
    }
  }

  isolated deinit {
    // The root view may outlive the window; its link back (unretained, see View) must not dangle.
    guard let view = rootView else { return }
    if view.isHostWindowLink(to: self) {
      view.hostWindowStorage = nil
    }
    view.clearWindowLinks(to: self)
  }

  /// The view controller whose view fills the window.
  public var rootViewController: ViewController? {
    didSet {
      guard oldValue !== rootViewController else { return }
      oldValue?.viewWillDisappear()
      let oldView = oldValue?.isViewLoaded == true ? oldValue?.view : nil
      rootView = rootViewController?.view
      if oldView != nil { oldValue?.viewDidDisappear() }
      if let rootViewController {
        rootViewController.viewWillAppear()
        rootViewController.viewDidAppear()
      }
    }
  }

  private func layoutRootView() {
    rootView?.frame = Rect(origin: .zero, size: frame.size)
  }

  /// The window's level: windows of a higher level are always in front. A modal session's
  /// window counts as at least ``Level/modalPanel`` while the session runs.
  public var level: Level = .normal {
    willSet { application?.windowLevelsWillChange() }
    didSet { if level != oldValue { application?.windowLevelsDidChange() } }
  }

  /// The application that shows the window.
  public internal(set) var application: Application? {
    get { applicationLink?.object }
    set {
      applicationLink = newValue.map { UnretainedReference($0) }
      linkNext()
    }
  }

  /// The window controller managing this window (``WindowController/window``), held weakly:
  /// the controller owns the window. When there is one it is the window's ``next`` responder,
  /// as in AppKit, and the window's delegate and document are asked after it.
  public var windowController: WindowController? { windowControllerStorage }

  weak var windowControllerStorage: WindowController? {
    didSet {
      hasWindowController = windowControllerStorage != nil
      linkNext()
    }
  }

  // Read first at every search and key, so that a window without a controller (most) pays a
  // load of a Bool, not of a weak reference.
  private var hasWindowController = false

  /// ``windowController``, for the search's steps.
  var controllerLink: WindowController? { hasWindowController ? windowControllerStorage : nil }

  /// A command sent to the key window ends with its window controller when it has one.
  override var commandEndsHere: Bool { endsCommand && controllerLink == nil }

  /// `controller` stops managing this window (it went, or took another window).
  func windowControllerWentAway(_ controller: WindowController) {
    if windowControllerStorage === controller || windowControllerStorage == nil {
      windowControllerStorage = nil
    }
  }

  /// Points ``nextLink`` at ``next``: the window controller, else the application. Unretained:
  /// the application holds this window while it is listed, and a window controller clears
  /// the link before it goes (its deinit, `WindowController.window`).
  private func linkNext() {
    if let controller = windowControllerStorage {
      nextLink = UnretainedReference(controller)
    } else {
      nextLink = applicationLink.map { UnretainedReference($0.object) }
    }
  }

  /// The buttons in the window, validated before each frame (Button.swift).
  var validatedButtons = Button.Registry()

  // Unretained (see UnretainedReference), not weak: a weak reference gives the application a
  // side table, after which every retain and release of it (several per key) takes the
  // runtime's slow path. Never dangles: set only by the application that holds this window in
  // `windows`, cleared when it removes the window and by its deinit.
  private var applicationLink: UnretainedReference<Application>?

  /// Whether this window's application link points to `application` (asked by its deinit).
  func isApplicationLink(to application: Application) -> Bool {
    applicationLink?.refers(to: application) == true
  }

  /// Whether the window is on screen (in its application's window list).
  public var isVisible: Bool { application?.lists(self) ?? false }

  /// The list holding this window, its place there and a mark for sorting (WindowList).
  var windowListIdentity: Int?
  var windowListSlot: Int?
  var windowListMark = 0

  /// The window controller when there is one (``windowController``), else the application.
  open override var next: Responder? { controllerLink ?? application }

  /// The window itself.
  open override var responderWindow: Window? { self }

  /// Windows accept first responder, so that with no focused view they get keys themselves.
  open override var canBecomeFirstResponder: Bool { true }

  // MARK: Delegate

  /// The delegate, held weakly. Setting it registers it for the window's notifications;
  /// replacing it unregisters the old one.
  public weak var delegate: (any WindowDelegate)? {
    didSet {
      registerDelegate()
      delegateActionTarget = delegate as? any ActionTarget
    }
  }

  /// The delegate when it is an ``ActionTarget``, cast once when set rather than in every
  /// action search (a dynamic protocol cast costs more than the rest of a window's search).
  weak var delegateActionTarget: (any ActionTarget)?

  private var delegateNotifications = DelegateNotifications<any WindowDelegate>()

  /// The gesture recognizers following this window's touches.
  lazy var gestureArbiter = GestureArbiter(window: self)

  private func registerDelegate() {
    guard delegate != nil else {
      delegateNotifications.removeAll()
      return
    }
    // Every method, implemented or not: a default does nothing.
    let methods: [(Notification.Name, DelegateNotifications<any WindowDelegate>.Method)] = [
      (Window.didBecomeKeyNotification, { $0.windowDidBecomeKey($1) }),
      (Window.didResignKeyNotification, { $0.windowDidResignKey($1) }),
      (Window.didBecomeMainNotification, { $0.windowDidBecomeMain($1) }),
      (Window.didResignMainNotification, { $0.windowDidResignMain($1) }),
      (Window.willCloseNotification, { $0.windowWillClose($1) }),
      (Window.didResizeNotification, { $0.windowDidResize($1) }),
    ]
    // Unowned, not weak (see `application`): the observations end with this object.
    delegateNotifications.register(methods, postedBy: self) { [unowned self] in self.delegate }
  }

  func post(_ name: Notification.Name) {
    NotificationCenter.default.post(name: name, object: self)
  }

  // MARK: First responder

  /// The responder that gets keys first: a view, or the window itself.
  public private(set) var firstResponder: Responder? {
    get { firstResponderLink?.object ?? otherFirstResponder }
    set {
      if let newValue, newValue === self || newValue is View {
        (firstResponderLink, otherFirstResponder) = (UnretainedReference(newValue), nil)
      } else {
        (firstResponderLink, otherFirstResponder) = (nil, newValue)
      }
    }
  }

  /// The first responder when it is a view, unretained (see ``firstResponderLink``).
  var firstResponderViewLink: UnretainedReference<Responder>? {
    guard let link = firstResponderLink, !link.refers(to: self) else { return nil }
    return link
  }

  // The window itself or a view: unretained, for the reason given at `application`. Never
  // dangles: a view is first responder only while in this window's tree, which holds it; a
  // view leaving the tree gives up focus first (`viewWillLeave(_:)`).
  private var firstResponderLink: UnretainedReference<Responder>?
  // Any other responder (a view controller, an app's own kind), which nothing here owns.
  private weak var otherFirstResponder: Responder?

  /// The view to focus when the window becomes key with no first responder, and where the
  /// key view loop starts.
  public weak var initialFirstResponder: View?

  /// Makes `responder` first responder, with AppKit's rules:
  /// - already first: true, nothing happens;
  /// - the current one's ``Responder/resignFirstResponder()`` refuses: false, nothing changes;
  /// - the new one's ``Responder/becomeFirstResponder()`` refuses (or it is not in this
  ///   window): the window becomes first responder and the result is still true;
  /// - nil: the window becomes first responder.
  ///
  /// Each of the two is asked once, through the overridable methods.
  @discardableResult
  public func makeFirstResponder(_ responder: Responder?) -> Bool {
    changeFirstResponder(to: responder, consulted: nil)
  }

  /// The one path every focus change takes. `consulted` is the responder whose own
  /// `becomeFirstResponder()` or `resignFirstResponder()` started the change, so it is not
  /// asked a second time.
  func changeFirstResponder(to responder: Responder?, consulted: Responder?) -> Bool {
    let target = responder ?? self
    if firstResponder === target { return true }
    if let current = firstResponder, current !== self, current !== consulted {
      guard consult(current, { $0.resignFirstResponder() }) else { return false }
    }
    var accepted = target === self
    if !accepted, target.responderWindow === self {
      accepted = target === consulted || consult(target, { $0.becomeFirstResponder() })
    }
    switchFirstResponder(to: accepted ? target : self)
    return true
  }

  /// Asks `responder`'s overridable method; its call to `super` then answers the question
  /// instead of starting another change.
  private func consult(_ responder: Responder, _ question: (Responder) -> Bool) -> Bool {
    let saved = consulting
    consulting = ObjectIdentifier(responder)
    defer { consulting = saved }
    return question(responder)
  }

  // Identity only (a weak reference would give every focused view a side table, making its
  // retains slow): set only while the responder, held by the caller, is being asked.
  private var consulting: ObjectIdentifier?

  /// Whether the window is asking `responder` to become or resign first responder.
  func isConsulting(_ responder: Responder) -> Bool { consulting == ObjectIdentifier(responder) }

  /// Ends the focus of a first responder inside `view`, which is leaving the window: its
  /// `resignFirstResponder()` is called and the answer ignored, and the window becomes first
  /// responder.
  func endFocus(inside view: View) {
    guard let first = firstResponder, first !== self else { return }
    let focused = (first as? View) ?? (first as? ViewController)?.loadedViewIfPresent
    guard let focused, focused.isDescendant(of: view) else { return }
    _ = consult(first) { $0.resignFirstResponder() }
    // Whatever the resigning responder did, no view leaving the window keeps focus.
    if let current = firstResponder,
      current === first || (current as? View)?.isDescendant(of: view) == true
    {
      switchFirstResponder(to: self)
    }
  }

  /// `view` is leaving the window: a first responder inside it stops being first responder
  /// and touches on it are cancelled (UIKit: removal from the window is an interruption).
  func viewWillLeave(_ view: View) {
    endFocus(inside: view)
    application?.cancelTouches { $0.view?.isDescendant(of: view) == true }
  }

  private func switchFirstResponder(to newResponder: Responder) {
    let old = firstResponder
    guard old !== newResponder else { return }
    firstResponder = newResponder
    if let old, old !== self { old.didResignFirstResponder() }
    if newResponder !== self { newResponder.didBecomeFirstResponder() }
    (old as? View)?.setNeedsDisplay()
    (newResponder as? View)?.setNeedsDisplay()
  }

  // MARK: Key and main

  /// Whether the window can take the keyboard. Default true.
  open var canBecomeKey: Bool { true }
  /// Whether the window can be the main window. Default true; panels say false.
  open var canBecomeMain: Bool { true }

  /// Whether this is its application's key window.
  public var isKeyWindow: Bool { application?.keyWindow === self }
  /// Whether this is its application's main window.
  public var isMainWindow: Bool { application?.mainWindow === self }

  /// Makes this the key window (if ``canBecomeKey``).
  public func makeKey() {
    application?.setKeyWindow(self)
  }

  /// Makes this the main window (if ``canBecomeMain``).
  public func makeMain() {
    application?.setMainWindow(self)
  }

  /// Brings the window to the front and makes it key and, if it can be, main.
  public func makeKeyAndOrderFront() {
    orderFront()
    makeKey()
    if canBecomeMain { makeMain() }
  }

  /// Brings the window to the front of the window list.
  public func orderFront() {
    application?.order(self, front: true)
  }

  /// Sends the window behind the others.
  public func orderBack() {
    application?.order(self, front: false)
  }

  /// Called when the window became key: restores focus to ``initialFirstResponder`` when
  /// nothing is focused. Override to react; call super.
  open func becomeKey() {
    if firstResponder == nil || firstResponder === self, let initial = initialFirstResponder {
      makeFirstResponder(initial)
    } else if firstResponder == nil {
      firstResponder = self
    }
    post(Window.didBecomeKeyNotification)
  }

  /// Called when the window stopped being key.
  open func resignKey() {
    post(Window.didResignKeyNotification)
  }

  /// Called when the window became main.
  open func becomeMain() {
    post(Window.didBecomeMainNotification)
  }

  /// Called when the window stopped being main.
  open func resignMain() {
    post(Window.didResignMainNotification)
  }

  // MARK: Closing

  /// Whether the window may close; default true. Asked when there is no delegate, or through
  /// the default ``WindowDelegate/windowShouldClose(_:)`` of a delegate that does not
  /// implement it, as AppKit asks the window itself then.
  open func windowShouldClose() -> Bool { true }

  /// Closes the window as if the user asked: the delegate (or, when it does not implement
  /// `windowShouldClose`, the window) can veto. Returns whether the window closed.
  ///
  /// The window of a ``Document`` asks the document first, as AppKit does: closing the last
  /// window of an edited document shows Save / Don't Save / Cancel as a sheet on this window
  /// (``Document/canClose(_:)``), and the answer comes later — this returns false, and the
  /// window closes (after the delegate agrees) once the changes were saved or discarded.
  @discardableResult
  public func performClose(_ sender: Any?) -> Bool {
    if let app = application, let modal = app.modalWindow, modal !== self { return false }
    if let controller = controllerLink, let document = controller.document,
      document.closingNeedsReview(of: controller)
    {
      document.canClose { [weak self] shouldClose in
        guard shouldClose, let self else { return }
        _ = self.closeIfDelegateAgrees()
      }
      return false
    }
    return closeIfDelegateAgrees()
  }

  private func closeIfDelegateAgrees() -> Bool {
    let allowed = delegate?.windowShouldClose(self) ?? windowShouldClose()
    guard allowed else { return false }
    close()
    return true
  }

  /// Closes the window without asking: posts ``willCloseNotification`` and removes it from
  /// the screen. A modal session on this window ends with ``ModalResponse/abort``. A window
  /// controller's document closes with its last window.
  public func close() {
    guard let app = application else { return }
    post(Window.willCloseNotification)
    app.taskRegistry.cancel(ownedBy: ObjectIdentifier(self))
    app.remove(self)
    windowControllerStorage?.windowDidClose()
  }

  // MARK: Actions

  /// The window's own actions: closing, moving focus, and undo and redo through its
  /// ``undoManager``.
  open override class var actionTable: ActionTable { windowActions }

  // Declares what Window keeps of Responder's defaults (it handles keys and undo itself).
  private static let windowActions = ActionTable(
    Window.self, inheriting: Responder.actionTable, keeping: [.keyCommands, .keyUp, .nextResponder]
  ) {
    $0.add(.performClose) { window, sender in window.performClose(sender) }
    $0.add(.selectNextKeyView) { window, sender in window.selectNextKeyView(sender) }
    $0.add(.selectPreviousKeyView) { window, sender in window.selectPreviousKeyView(sender) }
    $0.add(.undo) { $0.existingUndoManager?.undo() }
    $0.add(.redo) { $0.existingUndoManager?.redo() }
  }

  /// The window's delegate follows it in the search and in `tryToPerform` (AppKit); with a
  /// window controller, it follows the controller, which is the window's next responder.
  override var actionDelegate: (any ActionTarget)? {
    controllerLink == nil ? delegateActionTarget : nil
  }

  /// AppKit's steps after the window (`NSApplication.target(forAction:to:from:)`): its window
  /// controller, which asks the delegate and the document; else, from the key window, the
  /// main (or modal) window's chain when it is another window; then the application, whatever
  /// ``next`` says.
  override func nextInSearch(from sender: Any?) -> Responder? {
    if let controller = controllerLink { return controller }
    return searchAfterWindow(from: sender)
  }

  /// Where the search goes once this window's part (its chain, controller, delegate and
  /// document) has no answer: the main or modal window's part, or the application.
  func searchAfterWindow(from sender: Any?) -> Responder? {
    guard let application else { return nil }
    guard let main = application.mainWindowSearchedAfter(self) else { return application }
    ActionTrace.searching?.note(
      "\(application.modalWindow == nil ? "main" : "modal") window \(ActionTrace.name(ofObject: main))")
    return main.searchStart(for: sender)
  }

  /// Where this window's part of a nil-target search starts: its first responder; when it has
  /// none but itself, `sender` if the sender is a view in this window (so a button reaches its
  /// view controller, as in UIKit), else the deepest visible content view controller
  /// (``contentResponder``).
  func searchStart(for sender: Any?) -> Responder {
    if let first = firstResponder, first !== self { return first }
    guard let view = sender as? View else { return contentResponder }
    if view.window === self { return view }
    // A sender in another window is not where this window's search starts.
    ActionTrace.searching?.visit(view, .differentWindow)
    return contentResponder
  }

  /// Undo and redo are enabled only when the undo manager has something to undo or redo, so
  /// their menu items and keys are disabled, and the search goes on, when there is nothing.
  /// Like every answer, it is at most the table's: a subclass whose table removes undo cannot
  /// perform it, whatever its undo manager holds.
  open override func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
    guard super.canPerformAction(action, withSender: sender) else { return false }
    if action == .undo { return existingUndoManager?.canUndo ?? false }
    if action == .redo { return existingUndoManager?.canRedo ?? false }
    return true
  }

  /// Moves focus to the next view of the key view loop: the first responder's
  /// ``View/nextValidKeyView``, else the next view in reading order, wrapping around.
  public func selectNextKeyView(_ sender: Any?) {
    moveFocus(forward: true)
  }

  /// Moves focus to the previous view of the key view loop.
  public func selectPreviousKeyView(_ sender: Any?) {
    moveFocus(forward: false)
  }

  private func moveFocus(forward: Bool) {
    let current = firstResponder as? View
    if let current {
      if let explicit = forward ? current.nextValidKeyView : current.previousValidKeyView {
        makeFirstResponder(explicit)
        return
      }
    }
    let loop = rootView?.keyViewsInReadingOrder() ?? []
    guard !loop.isEmpty else { return }
    guard let current, let index = loop.firstIndex(where: { $0 === current }) else {
      if let initial = initialFirstResponder, initial.canBecomeKeyView {
        makeFirstResponder(initial)
      } else {
        makeFirstResponder(forward ? loop.first : loop.last)
      }
      return
    }
    let next = forward ? (index + 1) % loop.count : (index - 1 + loop.count) % loop.count
    makeFirstResponder(loop[next])
  }

  // MARK: Undo

  private var ownUndoManager: UndoManager?

  /// The undo manager if one was made or given, without making one.
  var existingUndoManager: UndoManager? {
    ownUndoManager ?? delegateUndoManager ?? documentUndoManager
  }

  /// The undo manager of the window controller's document: the window's, as in AppKit, so
  /// undo in any of a document's windows undoes the document's changes.
  private var documentUndoManager: UndoManager? {
    controllerLink?.document?.undoManager
  }

  /// The delegate's ``WindowDelegate/windowWillReturnUndoManager(_:)``; its nil, like
  /// AppKit's, means "make your own".
  private var delegateUndoManager: UndoManager? {
    delegate?.windowWillReturnUndoManager(self)
  }

  /// The delegate's undo manager if it gives one, else the document's (see
  /// ``WindowController/document``), else the window's own, made on first use.
  open override var undoManager: UndoManager? {
    if ownUndoManager == nil, let given = delegateUndoManager ?? documentUndoManager {
      return given
    }
    if ownUndoManager == nil { ownUndoManager = UndoManager() }
    return ownUndoManager
  }

  // MARK: Events

  /// Delivers an event to the window: keys to the first responder, touches to the views
  /// they began in, scrolls to the view under the pointer.
  open func sendEvent(_ event: Event) {
    switch event.type {
    case .key:
      dispatchKey(event)
    case .touches:
      deliverTouches(event)
    case .scroll:
      guard let scroll = event.scroll else { return }
      let p = Point(x: scroll.location.x - frame.minX, y: scroll.location.y - frame.minY)
      rootView?.layoutIfNeeded()
      let target: Responder = rootView.flatMap { $0.hitTest($0.convert(p, from: nil), with: event) } ?? self
      target.scrollWheel(with: event)
    case .paste:
      // A paste is its own undo step, never part of the typing around it.
      TypingCoalescing.isDeliveringPaste = true
      defer { TypingCoalescing.isDeliveringPaste = false }
      (firstResponder ?? self).insertText(event.text ?? "")
    case .mouse:
      deliverMouse(event)
    }
  }

  /// At the end of the view chain an unhandled key is interpreted: Shift+F10 and the Menu key
  /// pop up the focused view's context menu (View+ContextMenu.swift), typed text goes to a
  /// first responder that accepts it, other keys become actions through the key bindings.
  open override func keyDown(with event: KeyEvent) {
    if Window.asksForContextMenu(event), popUpFocusedContextMenu(for: Event(key: event)) { return }
    if interpretKeyEvent(event) { return }
    super.keyDown(with: event)
  }

  /// The responder that took the secondary button's down, which its drags and up go to.
  weak var mouseResponder: Responder?

  // MARK: Drawing

  /// Whether any view of the window needs to be drawn.
  public private(set) var needsDisplay = true

  /// Marks the whole window for drawing in the next frame: every screen row of its frame is
  /// drawn again (see ``View/setNeedsDisplay(_:)``).
  public func setNeedsDisplay() {
    setNeedsDisplay(screenRows: Range(rowsOf: frame))
  }

  /// Marks screen rows for drawing in the next frame, for a view of this window.
  func setNeedsDisplay(screenRows rows: Range<Int>) {
    needsDisplay = true
    application?.damage(screenRows: rows)
  }

  /// Lays out and draws the window into `canvas` (screen coordinates), clipped to its frame.
  open func display(in canvas: Canvas) {
    needsDisplay = false
    rootView?.layoutIfNeeded()
    canvas.withTranslation(frame.origin, clippedTo: frame) { canvas in
      drawBackground(in: canvas)
      rootView?.render(in: canvas)
    }
  }

  /// Whether the window draws every cell of its frame (AppKit's `isOpaque`; true by default):
  /// the windows behind it are then not drawn where it covers them. Set it to false when
  /// ``drawBackground(in:)`` leaves cells for the windows below to show through.
  public var isOpaque = true

  /// Draws what is behind the root view (a frame or title bar); default: blank cells. A
  /// window whose override leaves cells untouched sets ``isOpaque`` to false.
  open func drawBackground(in canvas: Canvas) {
    canvas.fill(Rect(origin: .zero, size: frame.size))
  }

  /// Where the text cursor should be, in screen cells, or nil to hide it; asked of the
  /// first responder after each frame (text fields put it at the insertion point).
  public var cursorPosition: Point? {
    guard let view = firstResponder as? View, let p = view.textCursorPosition else { return nil }
    return view.convert(toScreen: p)
  }
}
