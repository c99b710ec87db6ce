import ResponderKit

/// A view that positions its subviews with a closure, so a controller can lay out its screen
/// in one place without a view subclass per screen.
@MainActor
final class LayoutView: View {
  var layout: (@MainActor (LayoutView) -> Void)?

  override func layoutSubviews() {
    layout?(self)
  }
}
