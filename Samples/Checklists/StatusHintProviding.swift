import ResponderKit

/// A screen that tells the status bar which keys do what on it.
@MainActor
protocol StatusHintProviding: ViewController {
  /// Short `key action` pairs, most useful first.
  var statusHints: [(key: String, action: String)] { get }
}

extension StatusHintProviding {
  /// Puts this screen's hints in the window's status bar: call it as the screen appears.
  func showStatusHints() {
    var controller = parent
    while let current = controller {
      if let root = current as? RootViewController {
        root.rootView.showHints(statusHints)
        return
      }
      controller = current.parent
    }
  }
}
