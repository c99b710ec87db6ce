/// The optional ``TableViewDelegate`` methods a delegate implements, declared in
/// ``TableViewDelegate/tableViewDelegateMethods``: the Swift form of the `respondsToSelector:` answers an
/// Objective-C object caches when its delegate is set. A method left out is never called.
/// See <doc:OptionalDelegateMethods>.
public struct TableViewDelegateMethods: OptionSet, Sendable {
  /// The bits.
  public let rawValue: UInt
  /// Makes a set from its bits.
  public init(rawValue: UInt) { self.rawValue = rawValue }

  /// ``TableViewDelegate/tableView(_:willSelectRowAt:)``.
  public static let willSelectRow = TableViewDelegateMethods(rawValue: 1 << 0)
  /// ``TableViewDelegate/tableView(_:didSelectRowAt:)``.
  public static let didSelectRow = TableViewDelegateMethods(rawValue: 1 << 1)
  /// ``TableViewDelegate/tableView(_:willDeselectRowAt:)``.
  public static let willDeselectRow = TableViewDelegateMethods(rawValue: 1 << 2)
  /// ``TableViewDelegate/tableView(_:didDeselectRowAt:)``.
  public static let didDeselectRow = TableViewDelegateMethods(rawValue: 1 << 3)
  /// ``TableViewDelegate/tableView(_:performPrimaryActionForRowAt:)``.
  public static let performPrimaryAction = TableViewDelegateMethods(rawValue: 1 << 4)
  /// ``TableViewDelegate/tableView(_:heightForRowAt:)``.
  public static let heightForRow = TableViewDelegateMethods(rawValue: 1 << 5)
}
