import ResponderKit

extension Action {
  /// Add a row to the list on screen (an item, or on the lists screen a checklist).
  static let newItem = Action("newItem")
  /// Edit the selected row in a detail screen.
  static let editItem = Action("editItem")
  /// Check or uncheck the selected item.
  static let toggleChecked = Action("toggleChecked")
  /// Write the data file now.
  static let save = Action("save")
  /// Accept a detail screen.
  static let done = Action("done")
  /// Leave a detail screen without changes.
  static let cancel = Action("cancel")
}
