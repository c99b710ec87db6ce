import Foundation

/// A window's delegate. Every method is optional: each has a default in an extension that
/// does what AppKit does when the method is missing, so implementing one is all it takes for
/// it to be called (see <doc:OptionalDelegateMethods>). The `…Notification` methods are
/// called through `NotificationCenter`: setting the delegate registers it for the window's
/// notifications (and replacing it unregisters the old one).
@MainActor
public protocol WindowDelegate: AnyObject {
  /// Whether the window may close when the user asks (``Window/performClose(_:)``). Default:
  /// the window's own answer (``Window/windowShouldClose()``), as AppKit asks the window when
  /// its delegate does not implement the method. Not asked when the application quits.
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
  /// The undo manager for the window; nil (the default) lets the window make its own. Once the
  /// window has made its own it no longer asks, as in AppKit.
  func windowWillReturnUndoManager(_ window: Window) -> UndoManager?
}

extension WindowDelegate {
  /// The window's own answer, ``Window/windowShouldClose()``.
  public func windowShouldClose(_ window: Window) -> Bool { window.windowShouldClose() }
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
