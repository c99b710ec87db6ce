/// One page of a ``TabView``: the label on its tab and the view shown while it is selected.
/// AppKit's `NSTabViewItem`.
@MainActor
open class TabViewItem {
  /// Creates an item.
  public init(identifier: AnyHashable? = nil, label: String, view: View? = nil) {
    self.identifier = identifier
    self.label = label
    self.view = view
  }

  /// A value the app finds the item by (``TabView/indexOfTabViewItem(withIdentifier:)``).
  public var identifier: AnyHashable?

  /// The text on the item's tab.
  open var label: String {
    didSet { if label != oldValue { tabView?.setNeedsDisplay() } }
  }

  /// The view shown below the tabs while the item is selected; it is a subview of the tab
  /// view only then, so the other pages cost nothing while hidden.
  open var view: View? {
    didSet { if view !== oldValue { tabView?.itemViewDidChange(self, from: oldValue) } }
  }

  /// The view focused when the item is selected while focus was in the page before; nil
  /// focuses the view that had focus when the item was last left, or its first focusable
  /// view. AppKit's `initialFirstResponder`.
  public weak var initialFirstResponder: View?

  /// The tab view the item is in.
  public internal(set) weak var tabView: TabView?
}
