/// Presenting a view controller modally, UIKit style: the presented controller's view takes
/// the whole window until it is dismissed. This is not an application modal session (see
/// ``Application/runModal(for:)``): other windows, menus and the chain's actions keep working,
/// and the presented controller sits in the responder chain just above its presenter.
extension ViewController {
  /// The controller that presented this one, or that presented the nearest ancestor that was
  /// presented; nil when no presentation is involved.
  public var presentingViewController: ViewController? {
    presenter ?? parent?.presentingViewController
  }

  /// The controller shown modally over this one or over its nearest ancestor that presents
  /// one; nil when nothing is presented.
  public var presentedViewController: ViewController? {
    presented ?? parent?.presentedViewController
  }

  /// Shows `viewController` modally over the whole window, as UIKit's full-screen
  /// presentation: the presenter is this controller's root ancestor, or, when that already
  /// presents one, the topmost presented controller (so presentations stack). The covered
  /// view leaves the window; the presented view fills it and its first focusable view gets
  /// focus. Appearance calls follow UIKit: the covered controller's `viewWillDisappear`, the
  /// presented one's `viewWillAppear`, then `viewDidDisappear` and `viewDidAppear`.
  ///
  /// Presenting a controller that is already presented, that has a parent, or that is this
  /// controller or one of its ancestors does nothing, as UIKit refuses (with a console warning)
  /// to present an active controller. `animated` is accepted for UIKit's spelling; a terminal
  /// does not animate. `completion` runs once the view is shown.
  public func present(
    _ viewController: ViewController, animated: Bool = true, completion: (@MainActor () -> Void)? = nil
  ) {
    var host: ViewController = self
    while let parent = host.parent { host = parent }
    while let top = host.presented { host = top }
    var ancestor: ViewController? = self
    while let current = ancestor {
      if current === viewController { return }
      ancestor = current.parent ?? current.presenter
    }
    guard viewController.presenter == nil, viewController.parent == nil else { return }

    let window = host.isViewLoaded ? host.view.hostWindow : nil
    if window != nil { _ = viewController.view }
    host.presented = viewController
    viewController.presenter = host
    if let window {
      host.focusBeforePresenting = window.firstResponder
      host.viewWillDisappear()
      viewController.viewWillAppear()
      window.rootView = viewController.view
      host.viewDidDisappear()
      viewController.viewDidAppear()
      viewController.focusFirstKeyView(in: window)
    }
    completion?()
  }

  /// Dismisses the controller this one presented, with every controller it presented in
  /// turn; called on a presented controller (or one of its children), dismisses that one, as
  /// UIKit passes the request to the presenter. The presenter's view fills the window again
  /// and what had focus before the presentation gets it back. Does nothing when no
  /// presentation is involved.
  public func dismiss(animated: Bool = true, completion: (@MainActor () -> Void)? = nil) {
    var host: ViewController? = self
    while let current = host, current.presented == nil {
      host = current.presenter ?? current.parent
    }
    guard let host, let dismissed = host.presented else { return }
    var top = dismissed
    while let next = top.presented { top = next }

    let window = top.isViewLoaded ? top.view.hostWindow : nil
    if let window {
      top.viewWillDisappear()
      host.viewWillAppear()
      window.rootView = host.view
    }
    var current: ViewController? = host
    while let link = current?.presented {
      current?.presented = nil
      link.presenter = nil
      current = link
    }
    if let window {
      top.viewDidDisappear()
      host.viewDidAppear()
      if let saved = host.focusBeforePresenting, saved.responderWindow === window,
        window.firstResponder == nil || window.firstResponder === window
      {
        window.makeFirstResponder(saved)
      } else {
        host.focusFirstKeyView(in: window)
      }
    }
    host.focusBeforePresenting = nil
    completion?()
  }

  /// Focuses the first focusable view when focus fell to the window.
  private func focusFirstKeyView(in window: Window) {
    guard window.firstResponder == nil || window.firstResponder === window else { return }
    if let first = view.keyViewsInReadingOrder().first {
      window.makeFirstResponder(first)
    } else if canBecomeFirstResponder {
      window.makeFirstResponder(self)
    }
  }
}
