/// The optional ``WindowDelegate`` methods a delegate implements, declared in
/// ``WindowDelegate/windowDelegateMethods``: the Swift form of the `respondsToSelector:` answers an
/// Objective-C object caches when its delegate is set. A method left out is never called.
/// See <doc:OptionalDelegateMethods>.
public struct WindowDelegateMethods: OptionSet, Sendable {
  /// The bits.
  public let rawValue: UInt
  /// Makes a set from its bits.
  public init(rawValue: UInt) { self.rawValue = rawValue }

  /// ``WindowDelegate/windowShouldClose(_:)``.
  public static let shouldClose = WindowDelegateMethods(rawValue: 1 << 0)
  /// ``WindowDelegate/windowWillClose(_:)``.
  public static let willClose = WindowDelegateMethods(rawValue: 1 << 1)
  /// ``WindowDelegate/windowDidBecomeKey(_:)``.
  public static let didBecomeKey = WindowDelegateMethods(rawValue: 1 << 2)
  /// ``WindowDelegate/windowDidResignKey(_:)``.
  public static let didResignKey = WindowDelegateMethods(rawValue: 1 << 3)
  /// ``WindowDelegate/windowDidBecomeMain(_:)``.
  public static let didBecomeMain = WindowDelegateMethods(rawValue: 1 << 4)
  /// ``WindowDelegate/windowDidResignMain(_:)``.
  public static let didResignMain = WindowDelegateMethods(rawValue: 1 << 5)
  /// ``WindowDelegate/windowDidResize(_:)``.
  public static let didResize = WindowDelegateMethods(rawValue: 1 << 6)
  /// ``WindowDelegate/windowWillReturnUndoManager(_:)``.
  public static let willReturnUndoManager = WindowDelegateMethods(rawValue: 1 << 7)
}
