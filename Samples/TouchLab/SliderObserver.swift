import ResponderKit

extension Action {
  /// The non-continuous slider settled on a value.
  static let sliderSettled = Action("sliderSettled")
}

/// An explicit target: a plain object (not a responder) that a slider sends its action to
/// directly, with no responder-chain search.
@MainActor
final class SliderObserver: ActionTarget {
  /// Told which action arrived from which control.
  var received: (@MainActor (Action, Any?, AnyObject) -> Void)?

  static var actionTable: ActionTable { actions }
  private static let actions = ActionTable(SliderObserver.self) {
    $0.add(.sliderSettled) { observer, sender in observer.received?(.sliderSettled, sender, observer) }
  }
}
