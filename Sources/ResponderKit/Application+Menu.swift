extension Application {
  /// Installs (or removes) the main menu's key equivalents as the application's
  /// ``keyEquivalentHandler``.
  func mainMenuDidChange() {
    guard mainMenu != nil else {
      keyEquivalentHandler = nil
      return
    }
    keyEquivalentHandler = { [weak self] key in
      guard let self, let menu = self.mainMenu else { return false }
      return menu.performKeyEquivalent(with: key, in: self)
    }
  }
}
