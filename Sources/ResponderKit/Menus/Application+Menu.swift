extension Application {
  /// The key that opens the first menu of the key (or main) window's ``MenuBar`` when no
  /// menu item claims it: F10, as in most terminal programs.
  public static let menuBarActivationKey = KeySpec(keysym: .f(10), modifiers: [])

  /// Installs (or removes) the main menu's key equivalents, and F10 for the menu bar, as the
  /// application's ``keyEquivalentHandler``.
  func mainMenuDidChange() {
    guard mainMenu != nil else {
      keyEquivalentHandler = nil
      return
    }
    keyEquivalentHandler = { [weak self] key in
      guard let self, let menu = self.mainMenu else { return false }
      if menu.performKeyEquivalent(with: key) { return true }
      return self.openMenuBar(for: key)
    }
  }

  private func openMenuBar(for key: KeyEvent) -> Bool {
    guard key.phase != .up, KeySpec(key) == Application.menuBarActivationKey else { return false }
    // During a modal session only the modal window's own menu bar can open.
    for window in modalWindow.map({ [$0] }) ?? [keyWindow, mainWindow] {
      if let bar = window?.rootView.flatMap(Application.menuBar(in:)), bar.menu?.items.isEmpty == false {
        bar.openMenu(at: 0, selectingFirstItem: true)
        return true
      }
    }
    return false
  }

  private static func menuBar(in view: View) -> MenuBar? {
    guard !view.isHidden else { return nil }
    if let bar = view as? MenuBar { return bar }
    for subview in view.subviews {
      if let bar = menuBar(in: subview) { return bar }
    }
    return nil
  }
}
