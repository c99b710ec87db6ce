import ResponderKit

/// Holds the navigation controller (list → items → detail) between the menu bar and the
/// status line, and offers the app-wide key commands.
@MainActor
final class RootViewController: ViewController {
  let navigation: NavigationController

  init(navigation: NavigationController) {
    self.navigation = navigation
    super.init()
  }

  var rootView: RootView { view as! RootView }

  override func loadView() {
    let root = RootView()
    addChild(navigation)
    root.content = navigation.view
    view = root
  }

  override func viewWillAppear() {
    super.viewWillAppear()
    navigation.viewWillAppear()
  }

  override func viewDidAppear() {
    super.viewDidAppear()
    navigation.viewDidAppear()
  }

  override func viewWillDisappear() {
    super.viewWillDisappear()
    navigation.viewWillDisappear()
  }

  override func viewDidDisappear() {
    super.viewDidDisappear()
    navigation.viewDidDisappear()
  }

  /// Control+Shift+Z redoes too (the Edit menu shows Control+Y).
  override var keyCommands: [KeyCommand] {
    [KeyCommand(title: "Redo", input: "z", modifierFlags: [.control, .shift], action: .redo)]
  }
}
