/// Steers and hears about a ``TabView``'s selection: AppKit's `NSTabViewDelegate`. Held
/// weakly; every method is optional, with a default that allows or does nothing.
///
/// The order is AppKit's: `shouldSelect`, `willSelect`, the pages change, `didSelect`. It
/// holds for every selection (a click, the keys, code), as in AppKit, except the first item
/// added to an empty tab view, which is selected without asking.
@MainActor
public protocol TabViewDelegate: AnyObject {
  /// Whether `item` may be selected. Default: yes.
  func tabView(_ tabView: TabView, shouldSelect item: TabViewItem) -> Bool
  /// `item` is about to be selected; the old page is still shown.
  func tabView(_ tabView: TabView, willSelect item: TabViewItem)
  /// `item` was selected and its view is shown.
  func tabView(_ tabView: TabView, didSelect item: TabViewItem)
  /// Items were added or removed.
  func tabViewDidChangeNumberOfTabViewItems(_ tabView: TabView)
}

extension TabViewDelegate {
  /// Allows it.
  public func tabView(_ tabView: TabView, shouldSelect item: TabViewItem) -> Bool { true }
  /// Does nothing.
  public func tabView(_ tabView: TabView, willSelect item: TabViewItem) {}
  /// Does nothing.
  public func tabView(_ tabView: TabView, didSelect item: TabViewItem) {}
  /// Does nothing.
  public func tabViewDidChangeNumberOfTabViewItems(_ tabView: TabView) {}
}
