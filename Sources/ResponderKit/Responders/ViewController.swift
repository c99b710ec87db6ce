/// Manages a view hierarchy: loads its root view, answers actions for it, and sits in the
/// responder chain between that root view and the view's superview (UIKit's order).
@MainActor
open class ViewController: Responder {
  /// Creates a view controller; its view is made on first use by ``loadView()``.
  public override init() {
    super.init()
  }

  private var loadedView: View?

  isolated deinit {
    // The view may outlive its controller; its link back (unretained, see View) must not dangle.
    guard let view = loadedView else { return }
    if view.isViewControllerLink(to: self) {
      view.viewControllerStorage = nil
    }
  }

  /// The root view, loaded on first access.
  public var view: View {
    get {
      if let loadedView { return loadedView }
      loadView()
      let view = loadedView ?? View()
      loadedView = view
      view.viewController = self
      viewDidLoad()
      return view
    }
    set {
      loadedView?.viewController = nil
      loadedView = newValue
      newValue.viewController = self
    }
  }

  /// The view if it was loaded, without loading it.
  var loadedViewIfPresent: View? { loadedView }

  /// Whether the view was loaded.
  public var isViewLoaded: Bool { loadedView != nil }

  /// Makes the root view; the default makes a plain ``View``. Override it and assign
  /// ``view``.
  open func loadView() {
    view = View()
  }

  /// Called once after the view was loaded.
  open func viewDidLoad() {}
  /// Called before the root view lays out its subviews (its size changed, or someone called
  /// `setNeedsLayout`).
  open func viewWillLayoutSubviews() {}
  /// Called after the root view laid out its subviews: position views here, in one place,
  /// without a view subclass per screen.
  open func viewDidLayoutSubviews() {}

  /// Called before the view appears on screen.
  open func viewWillAppear() {}
  /// Called after the view appeared.
  open func viewDidAppear() {}
  /// Called before the view disappears.
  open func viewWillDisappear() {}
  /// Called after the view disappeared.
  open func viewDidDisappear() {}

  /// A title for navigation bars and window titles.
  open var title: String? {
    didSet { parent?.childTitleDidChange(self) }
  }

  /// The view controller that contains this one.
  public private(set) weak var parent: ViewController?
  /// The contained view controllers.
  public private(set) var children: [ViewController] = []
  /// The controller that presented this one (set only on the presented controller itself;
  /// ``presentingViewController`` also answers for its children).
  weak var presenter: ViewController?
  /// The controller this one presented (set only on the presenter itself).
  var presented: ViewController?
  /// What had focus when this controller presented, given back on dismissal.
  weak var focusBeforePresenting: Responder?

  /// Adds a child; the caller places the child's view.
  public func addChild(_ child: ViewController) {
    child.removeFromParent()
    children.append(child)
    child.parent = self
  }

  /// Removes this view controller from its parent.
  public func removeFromParent() {
    guard let parent else { return }
    parent.children.removeAll { $0 === self }
    self.parent = nil
  }

  /// Called when a child's title changed.
  open func childTitleDidChange(_ child: ViewController) {}

  /// The window whose root view controller this is, or that shows its view.
  public var window: Window? { loadedView?.window }

  /// The window.
  open override var responderWindow: Window? { window }

  /// UIKit's order: the presenting view controller when this one was presented, else the
  /// root view's superview, else the window when the view fills it (or, while this
  /// controller's view is covered by one it presented, that window), else the parent.
  open override var next: Responder? {
    if let presenter { return presenter }
    if let superview = loadedView?.superview { return superview }
    if let window = loadedView?.hostWindow ?? presented?.window { return window }
    return parent
  }
}
