import Foundation

/// The application: owns the windows, turns input into events and delivers them, resolves
/// actions through the responder chain, and runs modal sessions and termination.
///
/// Several applications can exist at once (tests make one each); ``shared`` is the one
/// running. The application is the last responder of every window's chain; its delegate is
/// the last stop of an action search but not a link in the chain, as in AppKit.
@MainActor
open class Application: Responder {
  /// The running application: the last one that finished launching and has not terminated.
  /// Not owned here, like a window's application: whoever runs the application owns it (the
  /// terminal host while it runs, a test while it drives one), and one no longer owned is freed
  /// (this then answers nil).
  public private(set) static var shared: Application? {
    get { sharedLink?.object }
    set { sharedLink = newValue.map { UnretainedReference($0) } }
  }

  // Unretained, not weak, for the reason given at `Window.application`: cleared by the
  // application's deinit, so it never dangles.
  private static var sharedLink: UnretainedReference<Application>?

  /// Creates an application with no windows.
  public override init() {
    super.init()
  }

  // Isolated, so that the links to this application are cleared on the main actor before it
  // is freed.
  isolated deinit {
    if Application.sharedLink?.refers(to: self) == true {
      Application.sharedLink = nil
    }
    // Windows someone else still holds must not point here once the application is gone.
    for window in windows where window.isApplicationLink(to: self) { window.application = nil }
    keyCommandOverlayStorage?.applicationDidEnd()
  }

  /// The application's own actions: quitting.
  open override class var actionTable: ActionTable { applicationActions }

  // Declares what Application keeps of Responder's defaults (it handles keys itself).
  private static let applicationActions = ActionTable(
    Application.self, inheriting: Responder.actionTable, keeping: [.keyCommands, .keyUp, .nextResponder]
  ) {
    $0.add(.terminate) { app, sender in app.terminate(sender) }
  }

  /// The application's delegate follows it in the search and in `tryToPerform` (AppKit's last
  /// step).
  override var actionDelegate: (any ActionTarget)? { delegateActionTarget }

  /// The document controller follows the application's delegate (AppKit's very last step in a
  /// document-based app).
  override var followingTarget: (any ActionTarget)? { documentController }

  /// The object that makes, opens and keeps this application's documents (AppKit's shared
  /// `NSDocumentController`); nil in an app without documents. Setting one makes it the last
  /// stop of the nil-target search, has quitting review its edited documents first, and
  /// starts its autosaving.
  public var documentController: DocumentController? {
    didSet {
      guard oldValue !== documentController else { return }
      oldValue?.detach(from: self)
      documentController?.attach(to: self)
    }
  }

  // MARK: Notifications

  /// Posted after ``finishLaunching()``.
  nonisolated public static let didFinishLaunchingNotification = Notification.Name(
    "RKApplicationDidFinishLaunchingNotification")
  /// Posted when termination was decided, before windows close.
  nonisolated public static let willTerminateNotification = Notification.Name(
    "RKApplicationWillTerminateNotification")
  /// Posted when the process is about to stop (Control-Z, `SIGTSTP`) — the last moment to
  /// save before a shell may never continue it; the document controller autosaves here.
  nonisolated public static let willSuspendNotification = Notification.Name(
    "RKApplicationWillSuspendNotification")
  /// Posted when the terminal gained focus.
  nonisolated public static let didBecomeActiveNotification = Notification.Name(
    "RKApplicationDidBecomeActiveNotification")
  /// Posted when the terminal lost focus.
  nonisolated public static let didResignActiveNotification = Notification.Name(
    "RKApplicationDidResignActiveNotification")
  /// Posted when an action was dropped because its target was deallocated. The user info
  /// holds ``actionUserInfoKey`` (the ``Action``) and, when there was one, ``senderUserInfoKey``.
  nonisolated public static let didDropActionNotification = Notification.Name(
    "RKApplicationDidDropActionNotification")
  /// User-info key for the action of a ``didDropActionNotification``.
  nonisolated public static let actionUserInfoKey = "action"
  /// User-info key for the sender of a ``didDropActionNotification``.
  nonisolated public static let senderUserInfoKey = "sender"

  // MARK: Delegate

  /// The delegate, held weakly. Setting it registers it for the application's notifications.
  public weak var delegate: (any ApplicationDelegate)? {
    didSet {
      registerDelegate()
      delegateActionTarget = delegate as? any ActionTarget
    }
  }

  /// The delegate when it is an ``ActionTarget``, cast once when set rather than in every
  /// action search.
  weak var delegateActionTarget: (any ActionTarget)?

  private var delegateNotifications = DelegateNotifications<any ApplicationDelegate>()

  private func registerDelegate() {
    guard delegate != nil else {
      delegateNotifications.removeAll()
      return
    }
    // Every method, implemented or not: a default does nothing.
    let methods: [(Notification.Name, DelegateNotifications<any ApplicationDelegate>.Method)] = [
      (Application.didFinishLaunchingNotification, { $0.applicationDidFinishLaunching($1) }),
      (Application.willTerminateNotification, { $0.applicationWillTerminate($1) }),
      (Application.didBecomeActiveNotification, { $0.applicationDidBecomeActive($1) }),
      (Application.didResignActiveNotification, { $0.applicationDidResignActive($1) }),
    ]
    // Unowned, not weak (see `Window.application`): the observations end with this object.
    delegateNotifications.register(methods, postedBy: self) { [unowned self] in self.delegate }
  }

  private func post(_ name: Notification.Name, userInfo: [AnyHashable: Any]? = nil) {
    NotificationCenter.default.post(name: name, object: self, userInfo: userInfo)
  }

  // MARK: Life cycle

  /// Whether the application has launched and not terminated.
  public private(set) var isRunning = false
  /// Whether the application has terminated; it then refuses events.
  public var isTerminated: Bool { terminated }
  // The stored state every dispatch reads sits behind a public computed property: storage the
  // module alone sees, whose accesses the optimiser proves cannot overlap, has no runtime
  // exclusivity check (~40 instructions per read); a public stored property keeps one.
  private var terminated = false
  /// Whether the terminal has focus.
  public private(set) var isActive = true

  /// The host's hook, called once after termination (the terminal host exits its run loop).
  package var terminationHandler: (@MainActor (Application) -> Void)?

  /// The screen size in cells; windows that fill the screen follow it. Stored as whole cells,
  /// 0 to ``Size/maximumScreenDimension`` a side: a fractional, negative, huge or non-finite
  /// size is clamped (rounded down; NaN is 0).
  public var screenSize: Size {
    get { screenSizeStorage }
    set {
      // Whole cells, 0 to Size.maximumScreenDimension a side, whatever the caller passed: the
      // screen is allocated as cells, so a hostile size must not reach the allocator.
      let oldValue = screenSizeStorage
      screenSizeStorage = newValue.normalizedScreen
      guard screenSizeStorage != oldValue else { return }
      for window in windows {
        // An alert's text wraps again for the new width first.
        (window as? Alert)?.sizeToFit(screen: screenSizeStorage)
        window.fit(toScreen: screenSizeStorage)
      }
      setNeedsDisplay()
    }
  }

  private var screenSizeStorage = Size(width: 80, height: 24)

  /// Makes this the running application and tells the delegate launching finished.
  public func finishLaunching() {
    guard !isRunning, !isTerminated else { return }
    isRunning = true
    Application.shared = self
    post(Application.didFinishLaunchingNotification)
  }

  /// Records whether the terminal has focus and tells the delegate; losing it cancels the
  /// touches in progress.
  public func setActive(_ active: Bool) {
    guard active != isActive else { return }
    isActive = active
    setNeedsDisplay()  // views may draw an inactive application apart
    // Resigning active interrupts every touch in progress (UIKit).
    if !active { cancelTouches { _ in true } }
    post(active ? Application.didBecomeActiveNotification : Application.didResignActiveNotification)
  }

  private var terminationPending = false

  /// Asks to quit: the delegate answers now, cancel or later (then
  /// ``reply(toApplicationShouldTerminate:)`` decides). Windows are not asked
  /// `windowShouldClose`, as in AppKit.
  ///
  /// With a ``documentController`` holding edited documents, each is reviewed first, in turn
  /// (Save / Don't Save / Cancel on its window, AppKit's order); Cancel on any of them cancels
  /// the quit, and the delegate is asked only once every document was saved or discarded.
  public func terminate(_ sender: Any?) {
    guard !isTerminated, !terminationPending else { return }
    if let documents = documentController, documents.hasEditedDocuments {
      terminationPending = true
      documents.reviewUnsavedDocuments { [weak self] shouldTerminate in
        guard let self, self.terminationPending else { return }
        self.terminationPending = false
        if shouldTerminate { self.askDelegateToTerminate() }
      }
      return
    }
    askDelegateToTerminate()
  }

  /// Tells observers the process is about to stop (``willSuspendNotification``); the host
  /// calls it before it suspends.
  package func prepareForSuspend() {
    post(Application.willSuspendNotification)
  }

  private func askDelegateToTerminate() {
    switch delegate?.applicationShouldTerminate(self) ?? .now {
    case .now: finishTermination()
    case .cancel: break
    case .later: terminationPending = true
    }
  }

  /// Whether a `.later` answer is waiting for ``reply(toApplicationShouldTerminate:)``.
  public var isTerminationPending: Bool { terminationPending }

  /// Answers a `.later` reply: true quits, false goes on running.
  public func reply(toApplicationShouldTerminate shouldTerminate: Bool) {
    guard terminationPending else { return }
    terminationPending = false
    if shouldTerminate { finishTermination() }
  }

  /// Quits without asking the delegate — for when asking is impossible (the host calls it on
  /// `SIGTERM` or when the terminal hangs up). The delegate still hears
  /// `applicationWillTerminate`.
  package func terminateNow() {
    guard !isTerminated else { return }
    terminationPending = false
    finishTermination()
  }

  private func finishTermination() {
    post(Application.willTerminateNotification)
    taskRegistry.cancel(ownedBy: nil)
    for session in modalSessions.reversed() { session.finish(.abort) }
    modalSessions.removeAll()
    for window in windows { window.close() }
    terminated = true
    isRunning = false
    if Application.shared === self { Application.shared = nil }
    terminationHandler?(self)
  }

  // MARK: Windows

  /// The visible windows, front to back.
  public var windows: [Window] { windowList.windows(level: effectiveLevel(of:)) }
  /// The windows, ordered in O(1) per operation and brought up to date when read.
  private var windowList = WindowList()
  /// The window that gets the keyboard.
  public private(set) var keyWindow: Window? {
    get { keyWindowLink?.object }
    set { keyWindowLink = newValue.map { UnretainedReference($0) } }
  }
  /// The main window (the document or screen the user works on).
  public private(set) var mainWindow: Window? {
    get { mainWindowLink?.object }
    set { mainWindowLink = newValue.map { UnretainedReference($0) } }
  }

  // Unretained, not weak, for the reason given at `Window.application`. Never dangle: the key
  // and main windows are always in `windows`, which holds them, and `remove(_:)` clears these
  // before it lets a window go.
  private(set) var keyWindowLink: UnretainedReference<Window>?
  private var mainWindowLink: UnretainedReference<Window>?

  /// The window whose chain AppKit's search takes after `window`'s: the modal window, else the
  /// main window, when `window` is the key window and that other window differs from it.
  /// (Compared without counting references: asked at every action search.)
  func mainWindowSearchedAfter(_ window: Window) -> Window? {
    guard keyWindowLink?.refers(to: window) == true else { return nil }
    if modalSessions.isEmpty, mainWindowLink?.refers(to: window) ?? true { return nil }
    guard let main = modalWindow ?? mainWindow, main !== window else { return nil }
    return main
  }

  /// Adds a window to the application without showing it in front; ``Window/makeKeyAndOrderFront()``
  /// does this and more.
  public func addWindow(_ window: Window) {
    leaveOtherApplication(window)
    window.application = self
    if !windowList.contains(window) {
      windowList.order(window, front: false, level: effectiveLevel(of:))
      window.fit(toScreen: screenSize)
      setNeedsDisplay()
    }
  }

  func order(_ window: Window, front: Bool) {
    leaveOtherApplication(window)
    window.application = self
    windowList.order(window, front: front, level: effectiveLevel(of:))
    window.fit(toScreen: screenSize)
    setNeedsDisplay()
  }

  /// A window is in one application's list: moving to this one, it leaves the other's.
  private func leaveOtherApplication(_ window: Window) {
    if let other = window.application, other !== self, other.lists(window) { other.remove(window) }
  }

  /// Whether `window` is in ``windows``, without bringing the list up to date.
  func lists(_ window: Window) -> Bool {
    windowList.contains(window)
  }

  /// The level a window is ordered by: its own, raised to ``Window/Level/modalPanel`` while
  /// it runs a modal session, so no other window of the application covers it.
  func effectiveLevel(of window: Window) -> Window.Level {
    modalSessions.contains { $0.window === window } ? max(window.level, .modalPanel) : window.level
  }

  /// Call before a window's effective level changes: orderings made so far are applied by
  /// the levels they were made under.
  func windowLevelsWillChange() {
    windowList.settle(level: effectiveLevel(of:))
  }

  /// Call after a window's effective level changed: the windows are sorted by level again,
  /// keeping their order within a level.
  func windowLevelsDidChange() {
    windowList.levelsDidChange()
    setNeedsDisplay()
  }

  func setKeyWindow(_ window: Window) {
    guard window.canBecomeKey, keyWindow !== window else { return }
    guard modalAllows(window) else { return }
    if !windowList.contains(window) { order(window, front: true) }
    let old = keyWindow
    keyWindow = window
    // Views may draw key and non-key windows apart.
    old?.setNeedsDisplay()
    window.setNeedsDisplay()
    old?.resignKey()
    window.becomeKey()
  }

  func setMainWindow(_ window: Window) {
    guard window.canBecomeMain, mainWindow !== window else { return }
    if !windowList.contains(window) { order(window, front: true) }
    let old = mainWindow
    mainWindow = window
    old?.setNeedsDisplay()
    window.setNeedsDisplay()
    old?.resignMain()
    window.becomeMain()
  }

  func remove(_ window: Window) {
    cancelTouches { $0.window === window }
    windowList.remove(window, level: effectiveLevel(of:))
    if let index = modalSessions.lastIndex(where: { $0.window === window }) {
      let session = modalSessions.remove(at: index)
      session.finish(.abort)
    }
    if keyWindow === window {
      keyWindow = nil
      window.resignKey()
      if let next = windows.first(where: { $0.canBecomeKey }) { setKeyWindow(next) }
    }
    if mainWindow === window {
      mainWindow = nil
      window.resignMain()
      if let next = windows.first(where: { $0.canBecomeMain }) { setMainWindow(next) }
    }
    window.application = nil
    setNeedsDisplay()
  }

  // MARK: Modal sessions

  /// The window of the innermost modal session: while it runs, events for other windows are
  /// refused and it stands in for the main window when actions are resolved.
  public var modalWindow: Window? { modalWindowLink?.object }

  private var modalSessions: [ModalSession] = [] {
    // A session raises its window's level: orderings made before count by the old levels.
    willSet { windowLevelsWillChange() }
    didSet {
      modalWindowLink = modalSessions.last.map { UnretainedReference($0.window) }
      windowLevelsDidChange()
    }
  }
  // The last session's window, read on every event; kept apart because the optimiser cannot
  // prove the array's accesses free of overlap, so each read of it paid a runtime exclusivity
  // check. Unretained: the session in `modalSessions` holds the window.
  private var modalWindowLink: UnretainedReference<Window>?

  /// Starts a modal session for `window` without waiting: shows it in front and makes it
  /// key. End it with ``stopModal(withCode:)``, ``abortModal()`` or ``endModalSession(_:code:)``.
  @discardableResult
  public func beginModalSession(
    for window: Window, completionHandler: (@MainActor (ModalResponse) -> Void)? = nil
  ) -> ModalSession {
    let session = ModalSession(window: window, completion: completionHandler)
    // Touches elsewhere end before the session shuts their windows out.
    cancelTouches { $0.window !== window }
    modalSessions.append(session)
    order(window, front: true)
    let previousKey = keyWindow
    setKeyWindow(window)
    session.previousKeyWindow = previousKey
    return session
  }

  /// Runs `window` modally and returns the code it was stopped with; the caller resumes when
  /// the session ends, while events keep flowing through the run loop.
  public func runModal(for window: Window) async -> ModalResponse {
    await withCheckedContinuation { continuation in
      beginModalSession(for: window) { continuation.resume(returning: $0) }
    }
  }

  /// Ends the innermost modal session with `code`.
  public func stopModal(withCode code: ModalResponse) {
    guard let session = modalSessions.popLast() else { return }
    end(session, code)
  }

  /// Ends the innermost modal session with ``ModalResponse/stop``.
  public func stopModal() {
    stopModal(withCode: .stop)
  }

  /// Ends the innermost modal session with ``ModalResponse/abort``.
  public func abortModal() {
    stopModal(withCode: .abort)
  }

  /// Ends a given session (and, since sessions nest, every session begun after it, which are
  /// aborted first).
  public func endModalSession(_ session: ModalSession, code: ModalResponse = .stop) {
    guard let index = modalSessions.firstIndex(where: { $0 === session }) else { return }
    while modalSessions.count > index + 1 {
      end(modalSessions.removeLast(), .abort)
    }
    end(modalSessions.removeLast(), code)
  }

  private func end(_ session: ModalSession, _ code: ModalResponse) {
    if let previous = session.previousKeyWindow, previous.application === self {
      setKeyWindow(previous)
    }
    session.finish(code)
  }

  // MARK: Drawing

  /// Whether some window needs drawing.
  public internal(set) var needsDisplay = true

  /// Marks the whole screen for drawing in the next frame: every row is drawn again.
  public func setNeedsDisplay() {
    damage.addAll()
    setNeedsFrame()
  }

  /// Asks for a frame without damaging anything more.
  func setNeedsFrame() {
    let wasClean = !needsDisplay
    needsDisplay = true
    if wasClean { needsDisplayHandler?() }
  }

  /// Damages screen rows (for ``Window/setNeedsDisplay()`` and ``View/setNeedsDisplay(_:)``).
  func damage(screenRows rows: Range<Int>) {
    damage.add(rows: rows)
    setNeedsFrame()
  }

  /// The rows changed since the last frame drawn over ``frameCanvas`` (Application+Damage.swift).
  var damage = ScreenDamage()
  /// The last frame drawn by `renderFrame()`, kept to draw the next one over; nil before the first.
  var frameCanvas: Canvas?
  /// How many frames `renderFrame()` has drawn: a host knows from it whether the changed rows
  /// it is told are relative to the frame it drew last.
  var frameGeneration = 0
  /// Whether the last such frame showed the screen selection or the key command overlay,
  /// which are drawn over the whole screen.
  var overlaysInLastFrame = false

  /// Whether each frame drawn over the last one (the terminal host's) is checked against the
  /// whole screen drawn anew, every cell; a cell that differs is reported with the view that
  /// draws it, as a view that changed what it draws without ``View/setNeedsDisplay()``. On in
  /// debug builds (so in every test through ``renderScreen()``), off in release builds.
  public var checksDamage = Application.checksDamageByDefault

  /// Called with the report of a cell ``checksDamage`` found wrong, instead of stopping the
  /// program (the default headless, so a test run cannot miss it); set
  /// `RESPONDERKIT_DAMAGE_CHECK=log` in the environment to print every report and go on. The
  /// terminal host sets one, unless the app did, that writes the first ten reports to standard
  /// error (shown when the app exits): a user's app is not stopped, and it shows the screen
  /// drawn anew.
  public var damageCheckHandler: (@MainActor (String) -> Void)?

  /// The host's hook, called when the screen goes from clean to needing a frame, so changes
  /// made outside event handling (a timer, a `Task`) are drawn too.
  package var needsDisplayHandler: (@MainActor () -> Void)?

  /// Draws the windows, back to front, into a canvas of the screen's size. A window that
  /// opaque windows in front of it hide entirely (``Window/isOpaque``), or that is off the
  /// screen, is not drawn: a frame costs the windows in sight.
  public func render(into canvas: Canvas) {
    ValueBinding.applyPendingUpdates()  // model changes since the last frame, once each
    needsDisplay = false
    findWindowsInSight(columns: canvas.buffer.columns, rows: canvas.buffer.rows)
    for window in windowsInSight.reversed() {
      // Nil-target buttons, validated through the chain as menus validate their items.
      window.validatedButtons.validate(in: window, application: self)
      window.display(in: canvas)
    }
    windowsInSight.removeAll(keepingCapacity: true)  // holds no window between frames
    drawOverlays(in: canvas)
  }

  /// Fills ``windowsInSight``, front to back: the windows not hidden behind opaque ones.
  func findWindowsInSight(columns: Int, rows: Int) {
    windowsInSight.removeAll(keepingCapacity: true)
    coverage.reset(columns: columns, rows: rows)
    for window in windows {
      guard !coverage.isComplete else { break }
      let cells = Canvas.visibleCells(of: window.frame, columns: columns, rows: rows)
      guard !coverage.covers(cells) else { continue }
      windowsInSight.append(window)
      if window.isOpaque { coverage.cover(cells) }
    }
  }

  /// The screen selection and the key command overlay, drawn over every window.
  func drawOverlays(in canvas: Canvas) {
    if let screenSelection { screenSelection.highlight(&canvas.buffer, theme: theme) }
    // The stored one: reading `keyCommandOverlay` makes one for an app that never shows it.
    if let overlay = keyCommandOverlayStorage, overlay.isShowing {
      overlay.draw(in: canvas, screen: screenSize, theme: theme)
    }
  }

  // MARK: Screen selection

  /// Whether a drag with ``screenSelectionModifiers`` held selects the text shown on screen,
  /// across views and windows, as a terminal's own selection does (Textual's `ALLOW_SELECT`);
  /// off by default. While on, such a drag never reaches the views; other touches do. Copy
  /// (the nil-target ``Action/copy``, or Control+C) then puts the text on
  /// ``Pasteboard/general``; Escape or a click clears it. See Application+ScreenSelection.swift.
  public var allowsScreenSelection = false {
    didSet { if !allowsScreenSelection { clearScreenSelection() } }
  }

  /// The modifiers that make a drag a screen selection: Alt by default, the one xterm and
  /// kitty both report in mouse events while an app tracks the mouse (each keeps Shift-drag
  /// for its own selection, and xterm's Control-click opens its menus). Empty makes every
  /// drag that begins a screen selection, for an app with a selection mode of its own.
  public var screenSelectionModifiers: KeyEvent.ModifierFlags = .alt

  /// The selection on screen, nil when there is none; drawn over every window each frame.
  public internal(set) var screenSelection: ScreenSelection? {
    didSet { if screenSelection != oldValue { setNeedsDisplay() } }
  }

  /// Whether the pointer is dragging out ``screenSelection`` now.
  var isDraggingScreenSelection = false

  /// The screen's cells covered so far while a frame is composed (kept between frames for its
  /// storage).
  private var coverage = ScreenCoverage()
  /// The windows a frame draws, front to back (kept between frames for its storage).
  var windowsInSight: [Window] = []

  /// Draws the whole screen into a new buffer: what tests and snapshots read. With
  /// ``checksDamage`` on, the frame kept for the host is brought up to date first and checked
  /// against this one.
  public func renderScreen() -> CellBuffer {
    if checksDamage { return renderFrame().checked ?? renderFreshScreen() }
    return renderFreshScreen()
  }

  /// The whole screen drawn into a new buffer.
  func renderFreshScreen() -> CellBuffer {
    let canvas = Canvas(columns: Int(cells: screenSize.width), rows: Int(cells: screenSize.height))
    render(into: canvas)
    return canvas.buffer
  }

  /// Where the text cursor should be on screen: the key window's answer.
  public var cursorPosition: Point? { keyCommandOverlay.isShowing ? nil : keyWindow?.cursorPosition }

  // MARK: Key equivalents and bindings

  /// Records every action, key and touch dispatch while set; nil (the default) records
  /// nothing: the dispatch then runs a copy of its code without the trace calls.
  public var actionTrace: ActionTrace? {
    get { actionTraceStorage }
    set { actionTraceStorage = newValue }
  }

  // Read on every dispatch: module-only storage (see `isTerminated`).
  private var actionTraceStorage: ActionTrace?

  /// The table that turns unhandled keys into actions.
  public var keyBindings: KeyBindings {
    get { keyBindingsStorage }
    set { keyBindingsStorage = newValue }
  }

  // Read on every key: module-only storage (see `isTerminated`).
  private var keyBindingsStorage = KeyBindings.standard

  /// The colours every view draws in unless it or a superview sets its own ``View/theme``.
  public var theme = Theme.standard {
    didSet { if theme != oldValue { for window in windows { window.setNeedsDisplay() } } }
  }

  /// The F1 list of available keys, drawn above every window (KeyCommandOverlay.swift).
  public var keyCommandOverlay: KeyCommandOverlay {
    if let overlay = keyCommandOverlayStorage { return overlay }
    let overlay = KeyCommandOverlay(application: self)
    keyCommandOverlayStorage = overlay
    return overlay
  }

  /// The overlay once made; every key asks whether it shows.
  private(set) var keyCommandOverlayStorage: KeyCommandOverlay?

  /// The end of the responder chain: F1 that nothing took opens the ``keyCommandOverlay``;
  /// Control+C that nothing took (nothing to copy, no text) says how to quit
  /// (``KeyCommandOverlay/quitHint``), as Textual apps do.
  open override func keyDown(with event: KeyEvent) {
    if event.modifierFlags.intersection(.deviceIndependent) == .control,
      event.charactersIgnoringModifiers.lowercased() == "c", keyCommandOverlay.isEnabled
    {
      keyCommandOverlay.show(message: KeyCommandOverlay.quitHint)
      return
    }
    if event.keysym == .f(1), event.modifierFlags.intersection(.deviceIndependent).isEmpty,
      keyCommandOverlay.isEnabled
    {
      keyCommandOverlay.show()
      return
    }
    super.keyDown(with: event)
  }

  /// Offers a key to the menus before the first responder sees it. Return true if handled.
  /// The default asks ``keyEquivalentHandler``.
  open func performKeyEquivalent(with event: KeyEvent) -> Bool {
    keyEquivalentHandlerStorage?(event) ?? false
  }

  /// Delivers an event to its window: keys (after the menus' key equivalents) and pastes to
  /// the key window, scrolls to the window under the pointer, touches to the windows they
  /// began in. Every event passes here, touches and the system's touch cancellations
  /// included, so an override can watch all input (AppKit's and UIKit's `sendEvent(_:)`);
  /// call `super` to deliver it.
  open func sendEvent(_ event: Event) {
    switch event.type {
    case .touches:
      var seen: Set<ObjectIdentifier> = []
      for touch in event.allTouches.sorted(by: { $0.id < $1.id }) {
        guard let window = touch.window, seen.insert(ObjectIdentifier(window)).inserted else { continue }
        // A cancellation always arrives; other phases only in the modal window, if any.
        if !modalAllows(window), touch.phase != .cancelled { continue }
        window.sendEvent(event)
        eventWasDelivered = true
      }
    case .scroll:
      guard let window = event.scroll.flatMap({ self.window(at: $0.location) }) else { return }
      deliver(event, to: window)
    case .mouse:
      // A down goes to the window under the pointer, the rest to the window that took it (a
      // drag or up whose down nobody took, such as the click that closed a menu, to nobody).
      if event.mouse?.phase == .moved { return trackPointer(event) }
      guard let mouse = event.mouse,
        let window = mouse.phase == .down
          ? self.window(at: mouse.location) : windows.first(where: { $0.mouseResponder != nil })
      else { return }
      deliver(event, to: window)
    case .key, .paste:
      guard let window = keyWindow else { return }
      // One copy of the key for both questions.
      if event.type == .key, event.keyStorage.phase != .up, case let key = event.keyStorage,
        modalAllows(window), !window.textInputComesFirst(for: key)
      {
        // Menus see keys before the window, as NSApplication does, except the keys a text
        // field edits with.
        if performKeyEquivalent(with: key) {
          ActionTrace.current?.finish("ended: menu key equivalent")
          eventWasDelivered = true
          return
        }
        ActionTrace.current?.note("menus: no key equivalent took it")
      } else if event.type == .key, let trace = ActionTrace.current, event.keyStorage.phase != .up,
        modalAllows(window)
      {
        trace.note("menus: passed by, the first responder edits text with this key")
      }
      deliver(event, to: window)
    }
  }

  /// Menus install themselves here to answer key equivalents.
  public var keyEquivalentHandler: (@MainActor (KeyEvent) -> Bool)? {
    get { keyEquivalentHandlerStorage }
    set { keyEquivalentHandlerStorage = newValue }
  }

  // Read on every key: module-only storage (see `isTerminated`).
  private var keyEquivalentHandlerStorage: (@MainActor (KeyEvent) -> Bool)?

  /// The menus a ``MenuBar`` shows; setting it makes their key equivalents fire before the
  /// first responder sees the key (it installs ``keyEquivalentHandler``).
  public var mainMenu: Menu? {
    didSet {
      if oldValue !== mainMenu, oldValue?.attachedApplication === self { oldValue?.attachedApplication = nil }
      mainMenu?.attachedApplication = self
      mainMenuDidChange()
    }
  }

  /// The timers of ``scheduleTimer(after:repeating:_:)``.
  let timerSchedule = TimerSchedule()
  /// The tracking areas the pointer is in, outermost first (Pointer/Application+Tracking.swift).
  var hoveredAreas: [TrackingArea] = []
  /// The pointer's shape, from the innermost tracking area under it that has one
  /// (``TrackingArea/pointerShape``); nil for the terminal's default.
  public internal(set) var pointerShape: PointerShape?
  /// The host's hook, called when ``pointerShape`` changes.
  package var pointerShapeHandler: (@MainActor (PointerShape?) -> Void)?
  /// The tasks of ``startTask(named:_:)`` and ``Window/startTask(named:_:)``.
  let taskRegistry = TaskRegistry()

  // Touch bookkeeping for ``handle(_:)``: contacts in progress and multi-click detection.
  var activeTouches: [Int: Touch] = [:]
  var lastTap: (location: Point, time: TimeInterval, count: Int)?
  /// Set by the default ``sendEvent(_:)`` when a window received the event.
  var eventWasDelivered = false
  /// The last key's event object, reused for the next key when nothing else holds it.
  var lastKeyEvent: Event?

  /// Called after each event that was delivered: ends the undo groups opened by it.
  func eventDidFinish() {
    // Only the managers that opened a group are visited: no per-window work per event.
    UndoManager.endImplicitGroupsOfTheEvent()
  }
}

/// A running modal session; see ``Application/beginModalSession(for:completionHandler:)``.
@MainActor
public final class ModalSession {
  /// The modal window.
  public let window: Window
  /// The code it ended with, once it ended.
  public private(set) var response: ModalResponse?
  weak var previousKeyWindow: Window?
  private var completion: (@MainActor (ModalResponse) -> Void)?

  init(window: Window, completion: (@MainActor (ModalResponse) -> Void)?) {
    self.window = window
    self.completion = completion
  }

  func finish(_ code: ModalResponse) {
    guard response == nil else { return }
    response = code
    let completion = completion
    self.completion = nil
    completion?(code)
  }
}

/// How a modal session ended: AppKit's `NSApplication.ModalResponse`, same raw values.
public struct ModalResponse: RawRepresentable, Hashable, Sendable {
  /// The code.
  public var rawValue: Int
  /// Wraps a code; apps may use their own (an alert's buttons use 1000, 1001, ...).
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// OK.
  public static let OK = ModalResponse(rawValue: 1)
  /// Cancel.
  public static let cancel = ModalResponse(rawValue: 0)
  /// ``Application/stopModal()``.
  public static let stop = ModalResponse(rawValue: -1000)
  /// ``Application/abortModal()`` or the window closed.
  public static let abort = ModalResponse(rawValue: -1001)
  /// The session goes on.
  public static let `continue` = ModalResponse(rawValue: -1002)
  /// The first button of an alert.
  public static let alertFirstButtonReturn = ModalResponse(rawValue: 1000)
  /// The second button of an alert.
  public static let alertSecondButtonReturn = ModalResponse(rawValue: 1001)
  /// The third button of an alert.
  public static let alertThirdButtonReturn = ModalResponse(rawValue: 1002)
}
