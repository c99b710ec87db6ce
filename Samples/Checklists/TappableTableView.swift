import Foundation
import ResponderKit

/// A table where a single click selects the row under it and then reports the click, so a
/// screen can act on it at once (open a list, toggle an item). The keyboard still only moves
/// the selection; Return activates.
@MainActor
final class TappableTableView: TableView {
  /// Called after a click on a row selected it.
  var tapHandler: (@MainActor (IndexPath) -> Void)?
  private var touchRow: IndexPath?

  override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    guard let touch = touches.first else { return }
    touchRow = indexPathForRow(at: touch.location(in: self))
    becomeFirstResponder()
  }

  override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
    guard let touch = touches.first, let began = touchRow else { return }
    touchRow = nil
    guard indexPathForRow(at: touch.location(in: self)) == began,
      selectRow(at: began, notifyingDelegate: true) == began
    else { return }
    tapHandler?(began)
  }

  override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
    touchRow = nil
  }
}
