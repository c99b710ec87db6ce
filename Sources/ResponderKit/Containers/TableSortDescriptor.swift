/// How a ``TableView``'s rows are ordered by one key: AppKit's `NSSortDescriptor` as a table
/// uses it, a key and a direction.
///
/// A column that sorts holds one as its ``TableColumn/sortDescriptorPrototype``; clicking the
/// column's header puts it first in the table's ``TableView/sortDescriptors`` (or reverses it
/// when it already is first), and the data source is told
/// (``TableViewColumnDataSource/tableView(_:sortDescriptorsDidChange:)``) so it sorts and
/// reloads. The key means what the data source says it means.
public struct TableSortDescriptor: Hashable, Sendable {
  /// What the rows are ordered by: a name the data source knows ("name", "size").
  public var key: String
  /// Whether the smallest comes first.
  public var ascending: Bool

  /// Creates a descriptor; ascending by default.
  public init(key: String, ascending: Bool = true) {
    self.key = key
    self.ascending = ascending
  }

  /// The same key the other way round: AppKit's `reversedSortDescriptor`.
  public var reversed: TableSortDescriptor { TableSortDescriptor(key: key, ascending: !ascending) }

  /// Whether `a` goes before `b` under this descriptor, for values the data source read by
  /// its key: `sorted { descriptor.orders($0.name, before: $1.name) }`.
  public func orders<Value: Comparable>(_ a: Value, before b: Value) -> Bool {
    ascending ? a < b : b < a
  }
}
