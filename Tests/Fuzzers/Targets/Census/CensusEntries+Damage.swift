import ResponderKit

extension CensusEntry {
  /// Damage tracking: a rectangle marked for display, hostile or not, damages some rows (or
  /// none) and the next frame is drawn and checked (``Application/checksDamage``) as usual.
  @MainActor static let damage: [CensusEntry] = [
    argument("ResponderKit.View.setNeedsDisplay(_:) rect: Rect", Rect.self, { View() }) { view, v in
      view.setNeedsDisplay(v)
    }
  ]
}
