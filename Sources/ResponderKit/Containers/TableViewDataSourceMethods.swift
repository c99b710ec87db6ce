/// The optional ``TableViewDataSource`` methods a delegate implements, declared in
/// ``TableViewDataSource/tableViewDataSourceMethods``: the Swift form of the `respondsToSelector:` answers an
/// Objective-C object caches when its delegate is set. A method left out is never called.
/// See <doc:OptionalDelegateMethods>.
public struct TableViewDataSourceMethods: OptionSet, Sendable {
  /// The bits.
  public let rawValue: UInt
  /// Makes a set from its bits.
  public init(rawValue: UInt) { self.rawValue = rawValue }

  /// ``TableViewDataSource/numberOfSections(in:)``.
  public static let numberOfSections = TableViewDataSourceMethods(rawValue: 1 << 0)
  /// ``TableViewDataSource/tableView(_:titleForHeaderInSection:)``.
  public static let titleForHeader = TableViewDataSourceMethods(rawValue: 1 << 1)
  /// ``TableViewDataSource/tableView(_:canEditRowAt:)``.
  public static let canEditRow = TableViewDataSourceMethods(rawValue: 1 << 2)
  /// ``TableViewDataSource/tableView(_:commit:forRowAt:)``.
  public static let commitEditing = TableViewDataSourceMethods(rawValue: 1 << 3)
  /// ``TableViewDataSource/tableView(_:canMoveRowAt:)``.
  public static let canMoveRow = TableViewDataSourceMethods(rawValue: 1 << 4)
  /// ``TableViewDataSource/tableView(_:moveRowAt:to:)``.
  public static let moveRow = TableViewDataSourceMethods(rawValue: 1 << 5)
}
