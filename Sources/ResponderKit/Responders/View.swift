/// A rectangular area of a window that draws itself and handles touches and keys: UIKit's
/// `UIView` in terminal cells.
///
/// Views form a tree. A view's ``next`` responder is its view controller when it is that
/// controller's root view, else its superview, and for a window's root view, the window.
@MainActor
open class View: Responder {
  /// Creates a view with a frame in its superview's coordinates.
  public init(frame: Rect = .zero) {
    let frame = frame.normalized
    self.frameStorage = frame
    self.boundsStorage = Rect(origin: .zero, size: frame.size)
    super.init()
  }

  // MARK: Geometry

  /// The view's rectangle in its superview's coordinates. A non-finite or huge component is
  /// stored under the geometry rule (NaN as 0, clamped to ±2³⁰ cells) before it is compared.
  open var frame: Rect {
    get { frameStorage }
    set {
      // Normalised first: NaN never equals itself, so frame and bounds would update each other
      // for ever.
      let oldValue = frameStorage
      frameStorage = newValue.normalized
      guard frameStorage != oldValue else { return }
      if frameStorage.origin != oldValue.origin { coordinateSpaceMoved() }
      if bounds.size != frameStorage.size { bounds.size = frameStorage.size }
      // Where the view was and where it is now.
      if let superview {
        superview.setNeedsDisplay(oldValue)
        superview.setNeedsDisplay(frameStorage)
      } else {
        window?.setNeedsDisplay()
      }
      setNeedsDisplay()
    }
  }

  /// The view's own coordinate space: the origin is what the top-left corner shows (scroll
  /// views move it), the size follows the frame. Normalised like ``frame``.
  open var bounds: Rect {
    get { boundsStorage }
    set {
      let oldValue = boundsStorage
      boundsStorage = newValue.normalized
      guard boundsStorage != oldValue else { return }
      if boundsStorage.origin != oldValue.origin { coordinateSpaceMoved() }
      if frame.size != boundsStorage.size { frame.size = boundsStorage.size }
      if boundsStorage.size != oldValue.size { resizeSubviews(from: oldValue.size) }
      setNeedsLayout()
      setNeedsDisplay()
    }
  }

  private var frameStorage: Rect
  private var boundsStorage: Rect

  // MARK: The tree

  /// The view that contains this one.
  public var superview: View? { superviewStorage }
  /// The views this one contains, back to front.
  public private(set) var subviews: [View] = []
  /// The gesture recognizers attached with ``addGestureRecognizer(_:)``, oldest first.
  public internal(set) var gestureRecognizers: [GestureRecognizer] = []

  /// Whether `gestureRecognizer`, attached to an ancestor, may begin with touches this view
  /// receives (UIKit's `gestureRecognizerShouldBegin(_:)`): asked as it leaves possible, false
  /// fails it; true by default. A control refuses its superview's taps here, and a slider a
  /// drag from its thumb, so its own tracking wins.
  open func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { true }

  /// The view controller whose root view this is.
  public internal(set) var viewController: ViewController? {
    get { viewControllerStorage }
    set { viewControllerStorage = newValue }
  }
  /// Set on a window's root view only.
  var hostWindow: Window? {
    get { hostWindowStorage }
    set { hostWindowStorage = newValue }
  }

  // The links up the responder chain are unretained (see UnretainedReference), not weak. A
  // weak reference gives the object it points to a side table, after which every retain and
  // release of that object takes the runtime's slow path: a bare walk up the chain cost ~50 ns
  // per level instead of ~5. The object pointed to holds this view (a superview its subviews,
  // a view controller its view, a window its root view) and clears the link when it lets the
  // view go or goes away itself (the deinits below and in ViewController and Window).
  private var superviewLink: UnretainedReference<View>?
  private var viewControllerLink: UnretainedReference<ViewController>?
  private var hostWindowLink: UnretainedReference<Window>?

  /// Keeps ``Responder/nextLink`` equal to what the three links make ``next``: the walks
  /// read one word per view instead of testing three.
  private func updateNextLink() {
    let next: Responder? = viewControllerStorage ?? superviewStorage ?? hostWindowStorage
    nextLink = next.map { UnretainedReference($0) }
  }

  private var superviewStorage: View? {
    get { superviewLink?.object }
    set {
      superviewLink = newValue.map { UnretainedReference($0) }
      updateNextLink()
      View.gestureAncestryGeneration &+= 1
      coordinateSpaceMoved()
    }
  }
  /// ``hasGestureRecognizerInAncestry`` as last computed, and for which generation.
  var gestureAncestryCache = (generation: 0, hasRecognizers: false)
  var viewControllerStorage: ViewController? {
    get { viewControllerLink?.object }
    set {
      viewControllerLink = newValue.map { UnretainedReference($0) }
      updateNextLink()
    }
  }
  var hostWindowStorage: Window? {
    get { hostWindowLink?.object }
    set {
      hostWindowLink = newValue.map { UnretainedReference($0) }
      updateNextLink()
      View.geometryGeneration &+= 1  // a root view's row comes from its window
    }
  }

  /// Whether the view's view controller link points to `controller` (asked while the
  /// controller is being deinitialised, when the link may not be followed).
  func isViewControllerLink(to controller: ViewController) -> Bool {
    viewControllerLink?.refers(to: controller) == true
  }

  /// Whether the view's window link points to `window` (asked by the window's deinit).
  func isHostWindowLink(to window: Window) -> Bool {
    hostWindowLink?.refers(to: window) == true
  }

  // Isolated: a view released on another thread is torn down on the main actor, and stays
  // allocated (so the unowned links to it stay valid) until then.
  isolated deinit {
    if !trackingAreaStorage.isEmpty { TrackingArea.attached(-trackingAreaStorage.count) }
    // Subviews someone else still holds must not point here once this view is gone.
    for subview in subviews where subview.superviewLink?.refers(to: self) == true {
      subview.superviewStorage = nil
    }
  }

  /// The window the view is in, or nil when it is not in one.
  public var window: Window? { windowLink?.object }

  // The window, kept for every view of a window's tree instead of found by walking up: asked
  // by every view added, drawn or marked for display, the walk made building a deep tree
  // quadratic. Set for a whole subtree as it enters or leaves a window (`notifyWindowChange`),
  // cleared by the window's deinit; unretained for the reason given above (the window holds
  // its root view, which holds this view).
  private var windowLink: UnretainedReference<Window>?

  /// Points this view and its subtree at `window`.
  private func setWindowLinks(to window: Window?) {
    windowLink = window.map { UnretainedReference($0) }
    for subview in subviews { subview.setWindowLinks(to: window) }
  }

  /// Clears the window links of this subtree that point to `window`, which is going away.
  func clearWindowLinks(to window: Window) {
    guard windowLink?.refers(to: window) == true else { return }
    windowLink = nil
    for subview in subviews { subview.clearWindowLinks(to: window) }
  }

  /// A view implements no actions of its own; the table declares that View keeps every
  /// responder default the chain's walks may pass over (see `ActionTable.KeptDefaults`).
  open override class var actionTable: ActionTable { viewActions }

  private static let viewActions = ActionTable(View.self, inheriting: Responder.actionTable, keeping: .all) {
    _ in
  }

  /// The bindings of this view's properties to models (Bindings/ValueBindable.swift).
  var valueBindings: [ValueBinding] = []

  /// An app-defined number for finding a view.
  open var tag: Int = 0

  /// The view's context menu: what ``menu(for:)`` answers by default (AppKit's `menu`, named
  /// apart from ``MenuBar/menu``, the bar's own menus). A right click, Shift+F10 or the Menu
  /// key pops it up (View+ContextMenu.swift).
  open var contextMenu: Menu?

  /// The menu to pop up for `event` — a right button down, or the key that asks for the
  /// focused view's menu — or nil for none (the event then goes up the responder chain).
  /// Override it to fit the menu to what is under the pointer (``Event/location(in:)``); the
  /// default answers ``contextMenu``, as NSView answers its `menu`.
  open func menu(for event: Event) -> Menu? { contextMenu }

  /// The tracking areas of ``addTrackingArea(_:)`` (Pointer/TrackingArea.swift).
  var trackingAreaStorage: [TrackingArea] = []

  /// Called just before this view's context menu opens (AppKit's `willOpenMenu(_:with:)`):
  /// a table, say, selects the row under the pointer. The default does nothing.
  open func willOpenMenu(_ menu: Menu, with event: Event) {}

  /// The view controller if this is its root view, else the superview, else the window.
  open override var next: Responder? {
    // The three links' answer, kept up to date by their setters: one load and one retain.
    nextLink?.object
  }

  /// The window.
  open override var responderWindow: Window? { window }

  /// Adds a view on top of the others.
  public func addSubview(_ view: View) {
    insertSubview(view, at: subviews.count)
  }

  /// Adds a view at a position in the back-to-front order.
  public func insertSubview(_ view: View, at index: Int) {
    // A view with no subviews can contain nothing: only itself is ruled out, without a walk.
    precondition(
      view.subviews.isEmpty ? view !== self : !isDescendant(of: view),
      "a view cannot contain its own ancestor")
    let oldWindow = view.window
    if view.superview === self, let old = subviews.firstIndex(where: { $0 === view }) {
      subviews.remove(at: old)
      subviews.insert(view, at: min(index, subviews.count))
      setNeedsDisplay()
      return
    }
    view.detach(keepingWindow: window)
    subviews.insert(view, at: max(0, min(index, subviews.count)))
    view.superviewStorage = self
    let newWindow = window
    if oldWindow !== newWindow { view.notifyWindowChange(from: oldWindow, to: newWindow) }
    view.setNeedsDisplay()
    setNeedsLayout()
    didAddSubview(view)
  }

  /// Moves a subview to the front.
  public func bringSubviewToFront(_ view: View) {
    guard view.superview === self else { return }
    insertSubview(view, at: subviews.count)
  }

  /// Removes the view from its superview. If the window's first responder is this view or
  /// inside it, the window becomes first responder (the removed view cannot refuse).
  public func removeFromSuperview() {
    // Without a superview there is nothing to leave (UIKit's rule); a window's root view stays.
    guard superviewLink != nil else { return }
    let oldWindow = window
    detach(keepingWindow: nil)
    if oldWindow != nil { notifyWindowChange(from: oldWindow, to: nil) }
  }

  private func detach(keepingWindow newWindow: Window?) {
    guard let parent = superview else { return }
    if let window = parent.window, window !== newWindow { window.viewWillLeave(self) }
    parent.willRemoveSubview(self)
    // From the end: the views removed most (cells, headers, the newest subviews) are there,
    // so removing many costs each one a short search, not a pass over every sibling.
    if let index = parent.subviews.lastIndex(where: { $0 === self }) { parent.subviews.remove(at: index) }
    superviewStorage = nil
    parent.setNeedsDisplay(frame)
    parent.setNeedsLayout()
  }

  /// Tells this subtree it moved from one window to another; every view of it already
  /// answers `window` with the new one when the first is told.
  func notifyWindowChange(from oldWindow: Window?, to newWindow: Window?) {
    setWindowLinks(to: newWindow)
    sendWindowChange(from: oldWindow, to: newWindow)
  }

  private func sendWindowChange(from oldWindow: Window?, to newWindow: Window?) {
    if !valueBindings.isEmpty { bindingsDidMove(toWindow: newWindow) }
    willMove(toWindow: newWindow)
    didMoveToWindow()
    for subview in subviews { subview.sendWindowChange(from: oldWindow, to: newWindow) }
  }

  /// Whether this view is `view` or inside it.
  public func isDescendant(of view: View) -> Bool {
    if self === view { return true }
    // Up the unretained links: no reference counted per level.
    var link = superviewLink
    while let current = link {
      if current.refers(to: view) { return true }
      link = current.withObject { $0.superviewLink }
    }
    return false
  }

  /// The first view in this subtree (this one included) with the tag.
  public func viewWithTag(_ tag: Int) -> View? {
    if self.tag == tag { return self }
    for subview in subviews {
      if let found = subview.viewWithTag(tag) { return found }
    }
    return nil
  }

  /// Called after a subview was added.
  open func didAddSubview(_ subview: View) {}
  /// Called before a subview is removed.
  open func willRemoveSubview(_ subview: View) {}
  /// Called before the view enters or leaves a window.
  open func willMove(toWindow newWindow: Window?) {}
  /// Called after the view entered or left a window.
  open func didMoveToWindow() {}

  // MARK: Coordinates

  /// Converts a point in this view's coordinates to its window's (or to the root's when the
  /// view is not in a window).
  func convertToWindow(_ point: Point) -> Point {
    var p = point
    var view: View? = self
    while let current = view {
      p = Point(
        x: p.x - current.bounds.minX + current.frame.minX,
        y: p.y - current.bounds.minY + current.frame.minY)
      view = current.superview
    }
    return p
  }

  /// Converts a point in the window's coordinates into this view's.
  func convertFromWindow(_ point: Point) -> Point {
    var chain: [View] = []
    var view: View? = self
    while let current = view {
      chain.append(current)
      view = current.superview
    }
    var p = point
    for current in chain.reversed() {
      p = Point(
        x: p.x - current.frame.minX + current.bounds.minX,
        y: p.y - current.frame.minY + current.bounds.minY)
    }
    return p
  }

  /// Converts a point in screen cells into this view's coordinates.
  public func convert(fromScreen point: Point) -> Point {
    let origin = window?.frame.origin ?? .zero
    return convertFromWindow(Point(x: point.x - origin.x, y: point.y - origin.y))
  }

  /// Converts a point in this view's coordinates into screen cells.
  public func convert(toScreen point: Point) -> Point {
    let origin = window?.frame.origin ?? .zero
    let p = convertToWindow(point)
    return Point(x: p.x + origin.x, y: p.y + origin.y)
  }

  /// Converts a point from this view's coordinates to another view's; nil means the window.
  public func convert(_ point: Point, to view: View?) -> Point {
    let p = convertToWindow(point)
    return view?.convertFromWindow(p) ?? p
  }

  /// Converts a point from another view's coordinates (nil: the window's) to this view's.
  public func convert(_ point: Point, from view: View?) -> Point {
    let p = view?.convertToWindow(point) ?? point
    return convertFromWindow(p)
  }

  /// Converts a rectangle from this view's coordinates to another view's.
  public func convert(_ rect: Rect, to view: View?) -> Rect {
    Rect(origin: convert(rect.origin, to: view), size: rect.size)
  }

  /// Converts a rectangle from another view's coordinates to this view's.
  public func convert(_ rect: Rect, from view: View?) -> Rect {
    Rect(origin: convert(rect.origin, from: view), size: rect.size)
  }

  // MARK: Hit-testing and touches

  /// Hidden views are not drawn and get no touches.
  open var isHidden = false {
    didSet {
      guard isHidden != oldValue else { return }
      if let superview { superview.setNeedsDisplay(frame) } else { window?.setNeedsDisplay() }
      superview?.setNeedsLayout()  // a stack view collapses hidden views
    }
  }

  /// Whether touches go to this view and its subviews.
  open var isUserInteractionEnabled = true

  /// Whether the view gets more than the first of several simultaneous touches.
  open var isMultipleTouchEnabled = false

  /// While this view tracks a touch, no other view of the window gets one; and it gets one
  /// only when no other view is tracking.
  open var isExclusiveTouch = false

  /// Whether a point in this view's coordinates is inside it.
  open func point(inside point: Point, with event: Event?) -> Bool {
    bounds.contains(point)
  }

  /// The deepest visible, interactive view containing `point` (in this view's coordinates),
  /// frontmost first; nil if the point is outside or the view takes no touches.
  open func hitTest(_ point: Point, with event: Event?) -> View? {
    guard !isHidden, isUserInteractionEnabled, self.point(inside: point, with: event) else { return nil }
    for subview in subviews.reversed() {
      let p = Point(
        x: point.x - subview.frame.minX + subview.bounds.minX,
        y: point.y - subview.frame.minY + subview.bounds.minY)
      if let hit = subview.hitTest(p, with: event) { return hit }
    }
    return self
  }

  // MARK: Drawing and layout

  /// Whether the view needs to draw again.
  public private(set) var needsDisplay = true
  /// Whether the view needs to lay out its subviews again.
  public private(set) var needsLayout = true

  /// The colour the view fills itself with before drawing; nil draws nothing (transparent).
  open var backgroundColor: Color? {
    didSet { if backgroundColor != oldValue { setNeedsDisplay() } }
  }

  /// Set through ``theme`` and ``tintColor`` (View+Appearance.swift); nil inherits.
  var themeOverride: Theme?
  var tintColorOverride: Color?

  /// How the view's frame follows its superview's size (View+Autoresizing.swift).
  open var autoresizingMask: AutoresizingMask = []

  /// Marks the whole view to be drawn in the next frame (UIKit's `setNeedsDisplay()`, AppKit's
  /// `needsDisplay = true`): ``setNeedsDisplay(_:)`` with ``bounds``.
  ///
  /// The application keeps the last frame and draws again only the screen rows marked since;
  /// call this (or ``setNeedsDisplay(_:)``) whenever something ``draw(in:)`` shows changes. The
  /// framework's own views and properties (``frame``, ``bounds``, ``isHidden``,
  /// ``backgroundColor``, ``theme``, adding and removing subviews, focus, windows) do it for
  /// you. A view that forgets is found by ``Application/checksDamage``.
  public func setNeedsDisplay() {
    setNeedsDisplay(bounds)
  }

  /// Marks `rect` (in the view's coordinates) to be drawn again in the next frame (AppKit's
  /// `setNeedsDisplay(_:)`, UIKit's `setNeedsDisplay(_:)`). The screen rows it covers are drawn
  /// again, every view meeting them with its canvas clipped to them; views that do not meet
  /// them are not drawn at all, so ``draw(in:)`` may be called less often than frames are
  /// shown, as in AppKit and UIKit. A view not in a window is only marked (it is drawn whole
  /// when it enters one).
  public func setNeedsDisplay(_ rect: Rect) {
    needsDisplay = true
    guard let window, window.application != nil else { return }
    window.setNeedsDisplay(screenRows: screenRows(of: rect, windowTop: window.frame.minY))
  }

  /// The screen rows `rect` (in this view's coordinates) is drawn on, found as `render(in:)`
  /// places it: each level's origin rounded down on its own. A fractional origin or edge
  /// widens the answer by a row each way, so it is never short of what is drawn.
  private func screenRows(of rect: Rect, windowTop: Double) -> Range<Int> {
    let origin = screenRowOrigin(windowTop: windowTop)
    var fractional = origin.fractional
    let rect = rect.normalized
    let top = origin.top &+ View.cell(rect.minY, &fractional)
    // The height too: at the edge of the geometry's range, maxY is clamped but rows are not.
    let bottom = max(
      origin.top &+ View.cell(rect.maxY, &fractional), top &+ Int(cells: rect.height.rounded(.up)))
    let rows = top..<max(top, bottom)
    return fractional ? (rows.lowerBound &- 1)..<(rows.upperBound &+ 1) : rows
  }

  /// The cell `value` falls in; notes whether it was fractional.
  private static func cell(_ value: Double, _ fractional: inout Bool) -> Int {
    if value.rounded(.down) != value { fractional = true }
    return Int(cellContaining: value)
  }

  /// The screen row this view's coordinate 0 is drawn on, and whether a fractional origin on
  /// the way leaves it uncertain by one, as of ``View/geometryGeneration``.
  private var rowOrigin = (generation: -1, top: 0, fractional: false)

  /// Changes whenever a view's coordinate space can move on the screen (an origin of a frame,
  /// bounds or window changes, a subtree moves): the cached ``rowOrigin``s are then stale.
  /// A leaf added to a view keeps the others' answers, so building a deep tree stays linear.
  static var geometryGeneration = 0

  /// ``rowOrigin``, computed from the nearest ancestor with a current answer (the root's is its
  /// window's top) and kept along the way: as `render(in:)` places it, each level's origin
  /// rounded down on its own.
  private func screenRowOrigin(windowTop: Double) -> (top: Int, fractional: Bool) {
    let generation = View.geometryGeneration
    if rowOrigin.generation == generation { return (rowOrigin.top, rowOrigin.fractional) }
    var path: [View] = []
    var known: (top: Int, fractional: Bool)?
    var view: View? = self
    while let current = view {
      if current.rowOrigin.generation == generation {
        known = (current.rowOrigin.top, current.rowOrigin.fractional)
        break
      }
      path.append(current)
      view = current.superview
    }
    var fractional = known?.fractional ?? false
    var top = known?.top ?? View.cell(windowTop, &fractional)
    for (index, current) in path.enumerated().reversed() {
      // The root view's frame origin is not applied (the window draws it at its own origin).
      if known != nil || index != path.count - 1 { top = top &+ View.cell(current.frame.minY, &fractional) }
      top = top &+ View.cell(-current.bounds.minY, &fractional)
      current.rowOrigin = (generation, top, fractional)
    }
    return (top, fractional)
  }

  /// This view's cached screen row is stale, and so are its subviews' when it has any.
  func coordinateSpaceMoved() {
    if subviews.isEmpty { rowOrigin.generation = -1 } else { View.geometryGeneration &+= 1 }
  }

  /// Marks this view and its subviews as needing display, without damaging anything: the
  /// caller damaged rows that cover them.
  func markNeedsDisplayInSubtree() {
    needsDisplay = true
    for subview in subviews { subview.markNeedsDisplayInSubtree() }
  }

  /// Marks the view to lay out its subviews before the next frame. A frame is owed, but nothing
  /// is damaged by this alone: the frames layout changes damage what they move.
  public func setNeedsLayout() {
    needsLayout = true
    window?.application?.setNeedsFrame()
  }

  /// Lays out now if needed, this view then its subviews.
  public func layoutIfNeeded() {
    if needsLayout {
      needsLayout = false
      viewController?.viewWillLayoutSubviews()
      layoutSubviews()
      viewController?.viewDidLayoutSubviews()
    }
    for subview in subviews { subview.layoutIfNeeded() }
  }

  /// Where the text cursor goes while this view is first responder, in its coordinates;
  /// nil hides the cursor. Text fields answer their insertion point.
  open var textCursorPosition: Point? { nil }

  /// Positions subviews. Override it; the default does nothing.
  open func layoutSubviews() {}

  /// The size that fits the content, for layout by superviews. Default: the current size.
  open func sizeThatFits(_ size: Size) -> Size { bounds.size }

  /// Draws the view's content; `canvas` is in the view's bounds coordinates and clipped to
  /// what is visible and must be drawn again. The default fills ``backgroundColor``.
  ///
  /// Draw everything the view shows, every time: the canvas drops what falls outside its clip.
  /// Like AppKit's `draw(_:)` and UIKit's `draw(_:)`, it is called only when the view meets
  /// what was marked with ``setNeedsDisplay()`` (or something that changed the screen's
  /// layout), and then only the marked rows reach the screen; the rest of the frame is kept
  /// from the last one. It must not change what it or another view draws.
  open func draw(in canvas: Canvas) {
    if let backgroundColor {
      canvas.fill(bounds, with: .blank(TextStyle(background: backgroundColor)))
    }
  }

  /// Draws this view and its subviews into `canvas`, whose origin is this view's frame origin
  /// in the superview.
  func render(in canvas: Canvas) {
    guard !isHidden else { return }
    needsDisplay = false
    canvas.withTranslation(
      Point(x: -bounds.minX, y: -bounds.minY), clippedTo: Rect(origin: .zero, size: bounds.size)
    ) { canvas in
      // Nothing of this view or its subviews (clipped to it) is to be drawn.
      guard !canvas.isClipEmpty else { return }
      draw(in: canvas)
      for subview in subviews {
        canvas.withTranslation(subview.frame.origin, clippedTo: subview.frame) { canvas in
          subview.render(in: canvas)
        }
      }
    }
  }

  // MARK: Key view loop

  /// The view focus moves to on Tab. Not retained; the loop is usually a cycle.
  public weak var nextKeyView: View? {
    willSet { if let old = nextKeyView, old.previousKeyView === self { old.previousKeyView = nil } }
    didSet { nextKeyView?.previousKeyView = self }
  }
  /// The view whose ``nextKeyView`` is this one.
  public private(set) weak var previousKeyView: View?

  /// Whether focus can move here: in a window, visible, and accepting first responder.
  open var canBecomeKeyView: Bool {
    guard window != nil, canBecomeFirstResponder else { return false }
    var view: View? = self
    while let current = view {
      if current.isHidden { return false }
      view = current.superview
    }
    return true
  }

  /// The first view along ``nextKeyView`` that can take focus (not this one).
  public var nextValidKeyView: View? {
    var candidate = nextKeyView
    while let view = candidate, view !== self {
      if view.canBecomeKeyView { return view }
      candidate = view.nextKeyView
    }
    return nil
  }

  /// The first view along ``previousKeyView`` that can take focus (not this one).
  public var previousValidKeyView: View? {
    var candidate = previousKeyView
    while let view = candidate, view !== self {
      if view.canBecomeKeyView { return view }
      candidate = view.previousKeyView
    }
    return nil
  }

  /// All views in this subtree that can take focus, in reading order (top to bottom, then
  /// left to right): the automatic key view loop when none was set up by hand.
  func keyViewsInReadingOrder() -> [View] {
    var found: [(View, Point)] = []
    func walk(_ view: View) {
      guard !view.isHidden else { return }
      if view.canBecomeKeyView { found.append((view, view.convertToWindow(.zero))) }
      for subview in view.subviews { walk(subview) }
    }
    walk(self)
    return found.sorted { a, b in
      a.1.y != b.1.y ? a.1.y < b.1.y : a.1.x < b.1.x
    }.map(\.0)
  }
}
