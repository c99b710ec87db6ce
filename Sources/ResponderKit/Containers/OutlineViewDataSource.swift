import Foundation

/// What an ``OutlineView`` shows: a tree of items, asked for lazily. AppKit's
/// `NSOutlineViewDataSource`, with items as `AnyHashable` values of the app's choosing (its
/// model objects, URLs, identifiers) instead of `Any`: the outline finds an item's row by it,
/// so every item must be unique in the tree, as AppKit requires. `nil` is the root.
///
/// The outline asks only what it shows: the number of children of the root and of each item
/// it expands, and a child, its expandability and its cell only for a row on screen (or one a
/// key or a call such as ``OutlineView/row(forItem:)`` reaches).
///
/// Set it as the outline's ``TableView/dataSource``: an outline view is a table (as
/// `NSOutlineView` is an `NSTableView`), and this protocol answers the table's questions
/// (``TableViewDataSource/tableView(_:numberOfRowsInSection:)``,
/// ``TableViewDataSource/tableView(_:cellForRowAt:)``) from the tree in an extension; do not
/// implement those two yourself.
@MainActor
public protocol OutlineViewDataSource: TableViewDataSource {
  /// The number of children of `item` (nil: the top-level items). Asked when the item is
  /// expanded, once until it is collapsed or reloaded.
  func outlineView(_ outlineView: OutlineView, numberOfChildrenOfItem item: AnyHashable?) -> Int

  /// The child at `index` of `item` (nil: a top-level item). Asked when the child's row is
  /// needed, once until its parent is collapsed or reloaded.
  func outlineView(_ outlineView: OutlineView, child index: Int, ofItem item: AnyHashable?) -> AnyHashable

  /// Whether `item` can be expanded: its row shows a disclosure triangle.
  func outlineView(_ outlineView: OutlineView, isItemExpandable item: AnyHashable) -> Bool

  /// The text of the standard cell of `item` (the default ``outlineView(_:cellForItem:)``).
  /// Default: `String(describing:)` of the item's base value.
  func outlineView(_ outlineView: OutlineView, textForItem item: AnyHashable) -> String

  /// The cell showing `item`'s row, placed after its indentation and disclosure triangle.
  /// Default: a reused ``TableViewCell`` with ``outlineView(_:textForItem:)`` as its text.
  func outlineView(_ outlineView: OutlineView, cellForItem item: AnyHashable) -> TableViewCell
}

extension OutlineViewDataSource {
  /// The base value, described.
  public func outlineView(_ outlineView: OutlineView, textForItem item: AnyHashable) -> String {
    String(describing: item.base)
  }

  /// A reused standard cell with the item's text.
  public func outlineView(_ outlineView: OutlineView, cellForItem item: AnyHashable) -> TableViewCell {
    let cell =
      outlineView.dequeueReusableCell(withIdentifier: OutlineView.standardCellIdentifier)
      ?? TableViewCell(reuseIdentifier: OutlineView.standardCellIdentifier)
    cell.text = self.outlineView(outlineView, textForItem: item)
    return cell
  }

  /// The outline's visible rows: answered by the outline, not the data source.
  public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    (tableView as? OutlineView)?.numberOfRows ?? 0
  }

  /// The cell of the item at the row: answered by the outline through
  /// ``outlineView(_:cellForItem:)``.
  public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    (tableView as? OutlineView)?.cell(forRow: indexPath.row) ?? TableViewCell()
  }
}
