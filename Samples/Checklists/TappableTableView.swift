import Foundation
import ResponderKit

extension Action {
  /// A row of a ``TappableTableView`` was dragged sideways.
  static let rowSwiped = Action("rowSwiped")
  /// A row of a ``TappableTableView`` was held.
  static let rowHeld = Action("rowHeld")
}

/// A table where a single click selects the row under it and then reports the click, so a
/// screen can act on it at once (open a list, toggle an item). The keyboard still only moves
/// the selection; Return activates.
///
/// Two gestures act on a row: a mostly horizontal drag of ``swipeDistance`` cells or more that
/// starts on a row deletes it through the data source (`commit`), as the Delete key does, so it
/// is undoable; holding a row still selects it and pops up ``rowMenu`` there. A mostly
/// vertical drag is left to the table: it selects the row it ends on, as before.
@MainActor
final class TappableTableView: TableView, GestureRecognizerDelegate {
  /// Called after a click on a row selected it.
  var tapHandler: (@MainActor (IndexPath) -> Void)?
  /// The row commands a long press offers, for the selected row (nil targets: they reach the
  /// screen through the responder chain).
  var rowMenu: Menu?
  /// How far a sideways drag must go, in cells, to delete its row.
  var swipeDistance = 6.0

  let swipeRecognizer = PanGestureRecognizer()
  let holdRecognizer = LongPressGestureRecognizer()
  private var touchRow: IndexPath?
  private var swipeRow: IndexPath?

  override init(frame: Rect = .zero) {
    super.init(frame: frame)
    // Every click is a command here: a quick second click must not become a double tap.
    doubleTapRecognizer.isEnabled = false
    swipeRecognizer.maximumNumberOfTouches = 1
    swipeRecognizer.delegate = self
    swipeRecognizer.delaysTouchesEnded = false
    swipeRecognizer.addTarget(self, action: .rowSwiped)
    addGestureRecognizer(swipeRecognizer)
    holdRecognizer.delaysTouchesEnded = false
    holdRecognizer.addTarget(self, action: .rowHeld)
    addGestureRecognizer(holdRecognizer)
  }

  override class var actionTable: ActionTable {
    .declared(by: self) {
      $0.add(.rowSwiped) { $0.swipeChanged() }
      $0.add(.rowHeld) { $0.holdChanged() }
    }
  }

  /// A drag begins as a swipe only when it is mostly horizontal (a row is two columns high
  /// on screen, so rows count double) and starts on a row. The table is the swipe's delegate;
  /// the method is also UIKit's `UIView` one, so it overrides.
  override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
    guard gestureRecognizer === swipeRecognizer else {
      return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }
    let moved = swipeRecognizer.translation(in: self)
    let now = swipeRecognizer.location(in: self)
    let start = Point(x: now.x - moved.x, y: now.y - moved.y)
    swipeRow = indexPathForRow(at: start)
    return swipeRow != nil && abs(moved.x) > 2 * abs(moved.y)
  }

  private func swipeChanged() {
    guard swipeRecognizer.state == .ended, let row = swipeRow else { return }
    swipeRow = nil
    guard abs(swipeRecognizer.translation(in: self).x) >= swipeDistance,
      selectRow(at: row, notifyingDelegate: true) == row
    else { return }
    deleteSelectedRow(self)
  }

  private func holdChanged() {
    guard holdRecognizer.state == .began else { return }
    let location = holdRecognizer.location(in: self)
    guard let row = indexPathForRow(at: location), selectRow(at: row, notifyingDelegate: true) == row
    else { return }
    becomeFirstResponder()
    rowMenu?.popUp(at: location, in: self)
  }

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
