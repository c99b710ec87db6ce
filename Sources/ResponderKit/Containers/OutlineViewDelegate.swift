import Foundation

/// Steers and hears about an ``OutlineView``'s expansion and selection: AppKit's
/// `NSOutlineViewDelegate`. Held weakly (set it as the outline's ``TableView/delegate``);
/// every method is optional, with a default that allows or does nothing.
///
/// The `should` methods are asked about what the user does (Right, Left, Alt with them, a
/// click on a disclosure triangle, a selection); code calling
/// ``OutlineView/expandItem(_:expandChildren:)`` or ``OutlineView/collapseItem(_:collapseChildren:)``
/// is not asked, as code calling the table's `selectRow` is not. The will/did methods are
/// called for both, from the outline's notifications (``OutlineView/itemWillExpandNotification``
/// and the others), which AppKit registers the delegate for in the same way.
///
/// A selection also reaches the ``TableViewDelegate`` methods, by row: an outline is a table.
@MainActor
public protocol OutlineViewDelegate: TableViewDelegate {
  /// Whether the user may expand `item`. Default: yes.
  func outlineView(_ outlineView: OutlineView, shouldExpandItem item: AnyHashable) -> Bool
  /// Whether the user may collapse `item`. Default: yes.
  func outlineView(_ outlineView: OutlineView, shouldCollapseItem item: AnyHashable) -> Bool
  /// Whether the user may select `item`. Default: yes.
  func outlineView(_ outlineView: OutlineView, shouldSelectItem item: AnyHashable) -> Bool
  /// An item is about to expand (``OutlineView/itemWillExpandNotification``).
  func outlineViewItemWillExpand(_ notification: Notification)
  /// An item expanded; its children's rows are counted.
  func outlineViewItemDidExpand(_ notification: Notification)
  /// An item is about to collapse.
  func outlineViewItemWillCollapse(_ notification: Notification)
  /// An item collapsed.
  func outlineViewItemDidCollapse(_ notification: Notification)
}

extension OutlineViewDelegate {
  /// Allows it.
  public func outlineView(_ outlineView: OutlineView, shouldExpandItem item: AnyHashable) -> Bool { true }
  /// Allows it.
  public func outlineView(_ outlineView: OutlineView, shouldCollapseItem item: AnyHashable) -> Bool { true }
  /// Allows it.
  public func outlineView(_ outlineView: OutlineView, shouldSelectItem item: AnyHashable) -> Bool { true }
  /// Does nothing.
  public func outlineViewItemWillExpand(_ notification: Notification) {}
  /// Does nothing.
  public func outlineViewItemDidExpand(_ notification: Notification) {}
  /// Does nothing.
  public func outlineViewItemWillCollapse(_ notification: Notification) {}
  /// Does nothing.
  public func outlineViewItemDidCollapse(_ notification: Notification) {}

  /// The table's question, answered by ``outlineView(_:shouldSelectItem:)`` for the row's item.
  public func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
    guard let outline = tableView as? OutlineView, let item = outline.item(atRow: indexPath.row) else {
      return indexPath
    }
    return outlineView(outline, shouldSelectItem: item) ? indexPath : nil
  }
}
