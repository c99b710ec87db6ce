import Foundation
import ResponderKit

/// What one change to the ``ChecklistsModel`` did, posted with
/// ``ChecklistsModel/didChangeNotification``, so a screen updates only the rows it touched with
/// `insertRows(at:)`/`deleteRows(at:)` (the selection then stays on its item) rather than
/// reloading everything.
struct ChecklistsChange {
  /// What happened to the rows.
  enum Rows {
    case inserted(Int)
    case removed(Int)
    case moved(from: Int, to: Int)
    case updated(Int)
  }

  /// The list whose items changed, or nil when the set of lists changed.
  let listID: UUID?
  let rows: Rows

  /// The key of the change in the notification's `userInfo`.
  static let userInfoKey = "change"

  /// The change a model notification carries.
  init?(_ notification: Notification) {
    guard let change = notification.userInfo?[Self.userInfoKey] as? ChecklistsChange else { return nil }
    self = change
  }

  init(listID: UUID?, rows: Rows) {
    self.listID = listID
    self.rows = rows
  }
}

extension TableView {
  /// Tells the table about a change to its one section's rows, as UIKit's batch updates do.
  /// A row that comes in is selected — after New, Paste, or the undo of a delete — so the
  /// next key (`e`, Delete) acts on it, not on the row that happened to be selected.
  func apply(_ rows: ChecklistsChange.Rows) {
    switch rows {
    case .inserted(let row):
      insertRows(at: [IndexPath(row: row)])
      selectRow(at: IndexPath(row: row), scrollPosition: .nearest)
    case .removed(let row): deleteRows(at: [IndexPath(row: row)])
    case .moved(let source, let destination):
      moveRow(at: IndexPath(row: source), to: IndexPath(row: destination))
    case .updated(let row): reloadRows(at: [IndexPath(row: row)])
    }
  }
}
