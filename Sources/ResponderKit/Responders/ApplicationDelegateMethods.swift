/// The optional ``ApplicationDelegate`` methods a delegate implements, declared in
/// ``ApplicationDelegate/applicationDelegateMethods``: the Swift form of the `respondsToSelector:` answers an
/// Objective-C object caches when its delegate is set. A method left out is never called.
/// See <doc:OptionalDelegateMethods>.
public struct ApplicationDelegateMethods: OptionSet, Sendable {
  /// The bits.
  public let rawValue: UInt
  /// Makes a set from its bits.
  public init(rawValue: UInt) { self.rawValue = rawValue }

  /// ``ApplicationDelegate/applicationDidFinishLaunching(_:)``.
  public static let didFinishLaunching = ApplicationDelegateMethods(rawValue: 1 << 0)
  /// ``ApplicationDelegate/applicationShouldTerminate(_:)``.
  public static let shouldTerminate = ApplicationDelegateMethods(rawValue: 1 << 1)
  /// ``ApplicationDelegate/applicationWillTerminate(_:)``.
  public static let willTerminate = ApplicationDelegateMethods(rawValue: 1 << 2)
  /// ``ApplicationDelegate/applicationDidBecomeActive(_:)``.
  public static let didBecomeActive = ApplicationDelegateMethods(rawValue: 1 << 3)
  /// ``ApplicationDelegate/applicationDidResignActive(_:)``.
  public static let didResignActive = ApplicationDelegateMethods(rawValue: 1 << 4)
}
