/// One column of a ``TableView``: AppKit's `NSTableColumn`, in cells.
///
/// A column has an ``identifier`` the data source tells columns apart by, a ``title`` shown
/// in the table's header row, a ``width`` kept between ``minWidth`` and ``maxWidth`` (the user
/// drags the header's divider to change it while ``isResizable``), and, when its rows can be
/// ordered by it, a ``sortDescriptorPrototype``. Columns are laid out left to right with one
/// cell between them, where the header draws its divider. A column is a reference: changing
/// one already in a table lays the table out again.
@MainActor
public final class TableColumn {
  /// The name a data source tells a column by: AppKit's `NSUserInterfaceItemIdentifier`.
  public struct Identifier: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
    /// The name.
    public var rawValue: String
    /// Creates an identifier.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates an identifier.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// Creates an identifier from a literal: `"name"`.
    public init(stringLiteral value: String) { rawValue = value }
  }

  /// Creates a column. `width` is kept between the default ``minWidth`` (1) and
  /// ``maxWidth``; the title defaults to none.
  public init(identifier: Identifier, title: String = "", width: Int = 10) {
    self.identifier = identifier
    self.title = title
    self.width = TableColumn.clamp(width, 1, TableColumn.maximumWidth)
  }

  /// The widest a column can be made, whatever ``maxWidth`` says: a screen is never wider.
  public static let maximumWidth = Size.maximumScreenDimension

  /// The name the data source tells this column by.
  public let identifier: Identifier

  /// The text in the header row.
  public var title: String {
    didSet { if title != oldValue { tableView?.headerView?.setNeedsDisplay() } }
  }

  /// The width in cells, between ``minWidth`` and ``maxWidth``.
  public var width: Int {
    didSet {
      width = TableColumn.clamp(width, minWidth, maxWidth)
      if width != oldValue { tableView?.columnsDidChange() }
    }
  }

  /// The least the width may be; at least 1 (a column of no width could not be dragged
  /// wider again). Raising it past the width widens the column.
  public var minWidth = 1 {
    didSet {
      minWidth = TableColumn.clamp(minWidth, 1, TableColumn.maximumWidth)
      if maxWidth < minWidth { maxWidth = minWidth }
      width = TableColumn.clamp(width, minWidth, maxWidth)
    }
  }

  /// The most the width may be; at most ``maximumWidth`` and never below ``minWidth``.
  public var maxWidth = TableColumn.maximumWidth {
    didSet {
      maxWidth = TableColumn.clamp(maxWidth, minWidth, TableColumn.maximumWidth)
      width = TableColumn.clamp(width, minWidth, maxWidth)
      // A last column that takes the room left stops at its maximum.
      if maxWidth != oldValue { tableView?.columnsDidChange() }
    }
  }

  /// Whether the user may drag the header's divider after this column to change its width.
  /// Default true; code may always set ``width``.
  public var isResizable = true

  /// How the column's texts and title sit in its width. Default: leading.
  public var alignment: TextAlignment = .left {
    didSet { if alignment != oldValue { tableView?.columnsDidChange() } }
  }

  /// The order a click on this column's header asks for, or nil (the default) when the rows
  /// cannot be ordered by it. AppKit's `sortDescriptorPrototype`: a column is sortable when
  /// it has one.
  public var sortDescriptorPrototype: TableSortDescriptor?

  /// The table the column is in, or nil.
  public internal(set) weak var tableView: TableView?

  private static func clamp(_ value: Int, _ low: Int, _ high: Int) -> Int { min(max(value, low), high) }
}
