import ResponderKit

/// The window's content: the menu bar on the first row, the screens in between, the status
/// bar on the last row: the keys of the screen shown and, on the right, the latest message (a
/// save failure, a launch problem), which the hints give way to.
@MainActor
final class RootView: StackView {
  let menuBar = MenuBar(frame: Rect(x: 0, y: 0, width: 0, height: 1))
  let statusBar = StatusBar(frame: Rect(x: 0, y: 0, width: 0, height: 1))
  /// The message at the right of the status bar; empty takes no room.
  let messageItem = StatusBarItem(title: "")
  /// The navigation controller's view, set once; it takes the rows between the bars.
  var content: View? {
    didSet {
      oldValue?.removeFromSuperview()
      if let content { insertArrangedSubview(content, at: 1, flexible: true) }
    }
  }

  init() {
    super.init(arrangedSubviews: [menuBar, statusBar])
    menuBar.barStyle = TextStyle(attributes: .reverse)
    statusBar.items = [.flexibleSpace(), messageItem]
  }

  /// The message shown at the right until replaced.
  var message: String {
    get { messageItem.title }
    set { messageItem.title = newValue }
  }

  /// Shows a screen's key hints before the message.
  func showHints(_ hints: [(key: String, action: String)]) {
    statusBar.items =
      hints.map { StatusBarItem(key: $0.key, title: $0.action) } + [.flexibleSpace(), messageItem]
  }
}
