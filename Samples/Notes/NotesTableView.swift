import Foundation
import ResponderKit

/// The notes list: a table where one click on a row opens it (a plain table selects on the
/// first click and opens on the second).
@MainActor
final class NotesTableView: TableView {
  override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
    super.touchesEnded(touches, with: event)
    guard let touch = touches.first, touch.tapCount == 1, let selected = indexPathForSelectedRow,
      selected == indexPathForRow(at: touch.location(in: self))
    else { return }
    delegate?.tableView(self, performPrimaryActionForRowAt: selected)
  }
}
