import ResponderKit

/// The window's content: the menu bar on the first row, the screens in between, the status
/// line on the last row.
@MainActor
final class RootView: StackView {
  let menuBar = MenuBar(frame: Rect(x: 0, y: 0, width: 0, height: 1))
  let statusLine = StatusLine(frame: Rect(x: 0, y: 0, width: 0, height: 1))
  /// The navigation controller's view, set once; it takes the rows between the bars.
  var content: View? {
    didSet {
      oldValue?.removeFromSuperview()
      if let content { insertArrangedSubview(content, at: 1, flexible: true) }
    }
  }

  init() {
    super.init(arrangedSubviews: [menuBar, statusLine])
    menuBar.barStyle = TextStyle(attributes: .reverse)
  }
}
