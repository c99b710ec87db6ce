extension Action {
  /// Opens the find bar for the focused view that can search (AppKit's
  /// `performFindPanelAction:` with its "show find interface" tag). Control+F in text views.
  public static let performFindPanelAction = Action("performFindPanelAction")
  /// Selects the next match of the find pasteboard's text, wrapping around (Return in the find
  /// bar, F3).
  public static let findNext = Action("findNext")
  /// Selects the previous match, wrapping around (Shift+Return in the find bar, Shift+F3).
  public static let findPrevious = Action("findPrevious")
}
