extension ViewController {
  /// The nearest navigation controller among this controller's parents, or nil.
  public var navigationController: NavigationController? {
    var candidate = parent
    while let current = candidate {
      if let navigation = current as? NavigationController { return navigation }
      candidate = current.parent
    }
    return nil
  }
}
