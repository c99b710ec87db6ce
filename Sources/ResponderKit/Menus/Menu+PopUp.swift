extension Menu {
  /// Shows the menu as a popup with its top-left corner at `location` in `view`'s coordinates
  /// (moved in to fit the screen), its first enabled item highlighted: AppKit's
  /// `popUp(positioning:at:in:)`, a context menu. Items with a nil target reach the key
  /// window's first responder, as from the menu bar; a tap outside the box or Escape closes it.
  ///
  /// Returns false, showing nothing, when `view` is in no window of an application.
  @discardableResult
  public func popUp(at location: Point, in view: View) -> Bool {
    guard let application = view.window?.application else { return false }
    let popup = MenuWindow(menu: self, application: application, anchor: view.convert(toScreen: location))
    popup.show()
    popup.moveHighlight(by: 1)
    return true
  }
}
