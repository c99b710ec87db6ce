import ResponderKit

extension Action {
  /// What the Ghost button sends; its target is gone before anyone taps.
  static let ghostTapped = Action("ghostTapped")
}

/// A target that is deallocated right after it is registered: the control holds targets
/// weakly, so its action is dropped (and `didDropActionNotification` posted) rather than
/// silently sent to whatever the responder chain holds.
@MainActor
final class GhostTarget: ActionTarget {
  static var actionTable: ActionTable { actions }
  private static let actions = ActionTable(GhostTarget.self) {
    $0.add(.ghostTapped) { _ in }
  }
}
