import Foundation

/// A window's delegate. Every method is optional: declare the ones you implement in
/// ``windowDelegateMethods`` (see <doc:OptionalDelegateMethods>); the window reads that once
/// when the delegate is set and calls nothing else. The `…Notification` methods are called
/// through `NotificationCenter`: setting the delegate registers it for the window's
/// notifications it declares (and replacing it unregisters the old one).
@MainActor
public protocol WindowDelegate: AnyObject {
  /// The optional methods this delegate implements. Default: none.
  var windowDelegateMethods: WindowDelegateMethods { get }
  /// Whether the window may close when the user asks (``Window/performClose(_:)``). Not
  /// declared, the window asks itself (``Window/windowShouldClose()``). Not asked when the
  /// application quits.
  func windowShouldClose(_ window: Window) -> Bool
  /// The window is about to close.
  func windowWillClose(_ notification: Notification)
  /// The window became key.
  func windowDidBecomeKey(_ notification: Notification)
  /// The window stopped being key.
  func windowDidResignKey(_ notification: Notification)
  /// The window became main.
  func windowDidBecomeMain(_ notification: Notification)
  /// The window stopped being main.
  func windowDidResignMain(_ notification: Notification)
  /// The window changed size.
  func windowDidResize(_ notification: Notification)
  /// The undo manager for the window; nil lets the window make its own, as does not declaring
  /// it. Once the window has made its own it no longer asks, as in AppKit.
  func windowWillReturnUndoManager(_ window: Window) -> UndoManager?
}

extension WindowDelegate {
  /// None.
  public var windowDelegateMethods: WindowDelegateMethods { [] }
  /// Yes.
  public func windowShouldClose(_ window: Window) -> Bool { true }
  /// Does nothing.
  public func windowWillClose(_ notification: Notification) {}
  /// Does nothing.
  public func windowDidBecomeKey(_ notification: Notification) {}
  /// Does nothing.
  public func windowDidResignKey(_ notification: Notification) {}
  /// Does nothing.
  public func windowDidBecomeMain(_ notification: Notification) {}
  /// Does nothing.
  public func windowDidResignMain(_ notification: Notification) {}
  /// Does nothing.
  public func windowDidResize(_ notification: Notification) {}
  /// No undo manager of its own.
  public func windowWillReturnUndoManager(_ window: Window) -> UndoManager? { nil }
}
