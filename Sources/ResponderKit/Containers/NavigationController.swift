extension Action {
  /// Go back one screen in the nearest ``NavigationController``.
  public static let popViewController = Action("popViewController")
}

/// A stack of view controllers shown one at a time under a one-line ``NavigationBar``:
/// UIKit's `UINavigationController`.
///
/// Pushed controllers become children; their views fill the area under the bar. Going back
/// (``popViewController(animated:)``) is reachable by the ``Action/popViewController``
/// action, by Escape (``Action/cancelOperation``) when nothing nearer the first responder
/// takes it, and by tapping the back label. While the controller's view is in a window,
/// push and pop send UIKit's appearance calls: the old top's `viewWillDisappear`, the new
/// top's `viewWillAppear`, then `viewDidDisappear` and `viewDidAppear`.
///
/// Focus: a push focuses the first focusable view of the new screen; a pop gives focus back
/// to what had it when the revealed screen was covered.
@MainActor
open class NavigationController: ViewController {
  /// Creates an empty navigation controller.
  public override init() {
    super.init()
  }

  /// Creates a navigation controller showing `rootViewController`.
  public init(rootViewController: ViewController) {
    super.init()
    pushViewController(rootViewController, animated: false)
  }

  /// The stack, root first.
  public private(set) var viewControllers: [ViewController] = []

  /// The controller on top, whose view is shown.
  public var topViewController: ViewController? { viewControllers.last }

  /// The bar at the top.
  public let navigationBar = NavigationBar()

  /// Hides the bar; the top controller's view then takes the whole area.
  open var isNavigationBarHidden = false {
    didSet {
      guard isNavigationBarHidden != oldValue else { return }
      navigationBar.isHidden = isNavigationBarHidden
      if isViewLoaded { view.setNeedsLayout() }
    }
  }

  private var savedFocus: [ObjectIdentifier: WeakResponder] = [:]

  /// Makes the container view holding the bar and the top controller's view.
  open override func loadView() {
    let container = NavigationContainerView()
    container.controller = self
    navigationBar.navigationController = self
    navigationBar.isHidden = isNavigationBarHidden
    container.addSubview(navigationBar)
    view = container
    if let top = topViewController { container.addSubview(top.view) }
  }

  /// Whether the controller's view is on screen, so children get appearance calls.
  private var isOnScreen: Bool { isViewLoaded && view.window != nil }

  // MARK: Push and pop

  /// Shows `viewController` on top of the stack. Pushing a controller that is already on
  /// the stack pops back to it instead.
  public func pushViewController(_ viewController: ViewController, animated: Bool) {
    if viewControllers.contains(where: { $0 === viewController }) {
      popToViewController(viewController, animated: animated)
      return
    }
    let old = topViewController
    if let old { rememberFocus(for: old) }
    addChild(viewController)
    _ = viewController.view
    let appearing = isOnScreen
    if appearing {
      old?.viewWillDisappear()
      viewController.viewWillAppear()
    }
    viewControllers.append(viewController)
    swapViews(from: old, to: viewController)
    if appearing {
      old?.viewDidDisappear()
      viewController.viewDidAppear()
    }
    moveFocus(to: viewController, from: old, restoring: false)
  }

  /// Removes the top controller and shows the one under it; returns the removed one, or nil
  /// at the root (which is never popped).
  @discardableResult
  public func popViewController(animated: Bool) -> ViewController? {
    guard viewControllers.count > 1 else { return nil }
    return pop(toIndex: viewControllers.count - 2).first
  }

  /// Pops every controller above the root; returns them (top last), or nil at the root.
  @discardableResult
  public func popToRootViewController(animated: Bool) -> [ViewController]? {
    guard viewControllers.count > 1 else { return nil }
    return pop(toIndex: 0)
  }

  /// Pops the controllers above `viewController`; nil when it is not on the stack or is
  /// already on top.
  @discardableResult
  public func popToViewController(_ viewController: ViewController, animated: Bool) -> [ViewController]? {
    guard let index = viewControllers.firstIndex(where: { $0 === viewController }),
      index < viewControllers.count - 1
    else { return nil }
    return pop(toIndex: index)
  }

  /// Replaces the stack. The new top gets appearance calls if it was not on top.
  public func setViewControllers(_ controllers: [ViewController], animated: Bool) {
    let old = topViewController
    let new = controllers.last
    let appearing = isOnScreen && old !== new
    for controller in controllers { addChild(controller) }
    _ = new?.view
    if appearing {
      old?.viewWillDisappear()
      new?.viewWillAppear()
    }
    let removed = viewControllers.filter { old in !controllers.contains { $0 === old } }
    viewControllers = controllers
    swapViews(from: old, to: new)
    for controller in removed {
      controller.removeFromParent()
      savedFocus[ObjectIdentifier(controller)] = nil
    }
    if appearing {
      old?.viewDidDisappear()
      new?.viewDidAppear()
    }
    if let new { moveFocus(to: new, from: old, restoring: true) }
  }

  /// Pops down to `index`: the same transition as ``setViewControllers(_:animated:)``.
  private func pop(toIndex index: Int) -> [ViewController] {
    let removed = Array(viewControllers[(index + 1)...])
    setViewControllers(Array(viewControllers[...index]), animated: false)
    return removed
  }

  private func swapViews(from old: ViewController?, to new: ViewController?) {
    navigationBar.setNeedsDisplay()
    guard isViewLoaded else { return }
    if let old, old !== new, old.isViewLoaded { old.view.removeFromSuperview() }
    if let new, new.view.superview !== view { view.addSubview(new.view) }
    view.setNeedsLayout()
  }

  private func rememberFocus(for controller: ViewController) {
    guard let window = view.window, let first = window.firstResponder, controller.isViewLoaded else { return }
    if first === controller || (first as? View)?.isDescendant(of: controller.view) == true {
      savedFocus[ObjectIdentifier(controller)] = WeakResponder(first)
    }
  }

  /// Lets the stack hold focus when a screen has nothing focusable, so Escape still reaches
  /// it and goes back.
  open override var canBecomeFirstResponder: Bool { true }

  /// Focuses the shown screen when focus fell back to the window (it was in the old screen):
  /// the view that had focus when the screen was covered, else its first focusable view,
  /// else the controller itself if it accepts focus, else this navigation controller.
  private func moveFocus(to controller: ViewController, from old: ViewController?, restoring: Bool) {
    guard let window = view.window else { return }
    let first = window.firstResponder
    guard first == nil || first === window || first === self || (old != nil && first === old) else { return }
    if restoring, let saved = savedFocus.removeValue(forKey: ObjectIdentifier(controller))?.responder,
      saved.responderWindow === window
    {
      window.makeFirstResponder(saved)
      return
    }
    if let first = controller.view.keyViewsInReadingOrder().first {
      window.makeFirstResponder(first)
    } else if controller.canBecomeFirstResponder {
      window.makeFirstResponder(controller)
    } else {
      window.makeFirstResponder(self)
    }
  }

  // MARK: Appearance

  /// Passes the call to the top controller.
  open override func viewWillAppear() {
    super.viewWillAppear()
    topViewController?.viewWillAppear()
  }

  /// Passes the call to the top controller, and focuses its screen when the window has no
  /// focus and no ``Window/initialFirstResponder`` of its own.
  open override func viewDidAppear() {
    super.viewDidAppear()
    topViewController?.viewDidAppear()
    if let top = topViewController, let window = view.window, window.initialFirstResponder == nil {
      moveFocus(to: top, from: nil, restoring: true)
    }
  }

  /// Passes the call to the top controller.
  open override func viewWillDisappear() {
    super.viewWillDisappear()
    topViewController?.viewWillDisappear()
  }

  /// Passes the call to the top controller.
  open override func viewDidDisappear() {
    super.viewDidDisappear()
    topViewController?.viewDidDisappear()
  }

  /// Redraws the bar when a title on the stack changed.
  open override func childTitleDidChange(_ child: ViewController) {
    navigationBar.setNeedsDisplay()
  }

  // MARK: Actions

  /// Going back: ``Action/popViewController`` and Escape.
  open override class var actionTable: ActionTable { navigationActions }

  private static let navigationActions = ActionTable(
    NavigationController.self, inheriting: ViewController.actionTable
  ) {
    $0.add(.popViewController) { navigation in navigation.popViewController(animated: true) }
    $0.add(.cancelOperation) { navigation in navigation.popViewController(animated: true) }
  }

  /// Going back is possible only above the root; at the root, Escape goes on up the chain.
  open override func canPerformAction(_ action: Action, withSender sender: Any?) -> Bool {
    if action == .popViewController || action == .cancelOperation { return viewControllers.count > 1 }
    return super.canPerformAction(action, withSender: sender)
  }

  func layoutContainer(_ container: View) {
    let barHeight: Double = isNavigationBarHidden ? 0 : 1
    let size = container.bounds.size
    navigationBar.frame = Rect(x: 0, y: 0, width: size.width, height: min(barHeight, size.height))
    topViewController?.view.frame = Rect(
      x: 0, y: barHeight, width: size.width, height: max(0, size.height - barHeight))
  }
}

/// The view of a ``NavigationController``: lays out the bar and the top controller's view.
@MainActor
private final class NavigationContainerView: View {
  weak var controller: NavigationController?

  override func layoutSubviews() {
    controller?.layoutContainer(self)
  }
}

/// A responder held weakly, for remembering focus without keeping views alive.
@MainActor
private struct WeakResponder {
  weak var responder: Responder?
  init(_ responder: Responder) { self.responder = responder }
}
