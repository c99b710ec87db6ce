import ResponderKit

extension Action {
  /// Put the selected item's full path on the pasteboard.
  static let copyPath = Action("copyPath")
  /// Move the selected item to the trash, after asking.
  static let moveToTrash = Action("moveToTrash")
  /// Rename the selected item.
  static let renameItem = Action("renameItem")
  /// Make a folder in the folder shown.
  static let newFolder = Action("newFolder")
  /// Read the folder shown again.
  static let reload = Action("reload")
  /// Sort the table by a column (the sender's tag is the column: 0 name … 3 modified).
  static let sortByColumn = Action("sortByColumn")
  /// Open the folder above the one shown.
  static let openEnclosingFolder = Action("openEnclosingFolder")
}
