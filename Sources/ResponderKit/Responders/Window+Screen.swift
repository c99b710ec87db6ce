extension Window {
  /// How a window's frame follows the screen.
  public enum Placement: Hashable, Sendable {
    /// The frame is what was set.
    case fixed
    /// The window covers the whole screen (the usual main window).
    case fillsScreen
    /// The window keeps its size and is centred (alerts, sheets).
    case centered
    /// The window keeps its height across the screen's bottom rows (the find bar).
    case bottomEdge
  }

  func fit(toScreen size: Size) {
    switch placement {
    case .fixed: break
    case .fillsScreen:
      frame = Rect(origin: .zero, size: size)
    case .centered:
      let width = min(frame.width, size.width)
      let height = min(frame.height, size.height)
      frame = Rect(
        x: ((size.width - width) / 2).rounded(.down), y: ((size.height - height) / 2).rounded(.down),
        width: width, height: height)
    case .bottomEdge:
      let height = min(frame.height, size.height)
      frame = Rect(x: 0, y: size.height - height, width: size.width, height: height)
    }
  }

}
