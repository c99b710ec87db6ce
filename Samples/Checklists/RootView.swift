import ResponderKit

/// The window's content: the menu bar on the first row, the screens in between, the status
/// line on the last row.
@MainActor
final class RootView: View {
  let menuBar = MenuBar()
  let statusLine = StatusLine()
  /// The navigation controller's view, set once.
  var content: View? {
    didSet {
      oldValue?.removeFromSuperview()
      if let content { insertSubview(content, at: 0) }
    }
  }

  init() {
    super.init(frame: .zero)
    menuBar.barStyle = TextStyle(attributes: .reverse)
    addSubview(menuBar)
    addSubview(statusLine)
  }

  override func layoutSubviews() {
    let width = bounds.width
    let height = bounds.height
    menuBar.frame = Rect(x: 0, y: 0, width: width, height: min(1, height))
    content?.frame = Rect(x: 0, y: 1, width: width, height: max(0, height - 2))
    statusLine.frame = Rect(x: 0, y: max(0, height - 1), width: width, height: height > 1 ? 1 : 0)
  }
}
