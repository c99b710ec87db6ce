import Foundation

extension Application {
  /// What an application delegate answers to `applicationShouldTerminate`: AppKit's
  /// `NSApplication.TerminateReply` (raw values as AppKit's).
  public enum TerminateReply: Int, Sendable {
    /// Do not quit.
    case cancel = 0
    /// Quit now.
    case now = 1
    /// Decide later: the application waits for ``Application/reply(toApplicationShouldTerminate:)``.
    case later = 2
  }
}

/// The application's delegate. Every method is optional: each has a default in an extension
/// that does what AppKit does when the method is missing, so implementing one is all it takes
/// for it to be called (see <doc:OptionalDelegateMethods>). The `…Notification` methods are
/// called through `NotificationCenter`: setting the delegate registers it for the
/// application's notifications.
@MainActor
public protocol ApplicationDelegate: AnyObject {
  /// Launching finished; windows can be shown.
  func applicationDidFinishLaunching(_ notification: Notification)
  /// Whether to quit now, not at all, or later. Default: now.
  func applicationShouldTerminate(_ application: Application) -> Application.TerminateReply
  /// The application is about to quit; save state here.
  func applicationWillTerminate(_ notification: Notification)
  /// The terminal gained focus.
  func applicationDidBecomeActive(_ notification: Notification)
  /// The terminal lost focus.
  func applicationDidResignActive(_ notification: Notification)
}

extension ApplicationDelegate {
  /// Does nothing.
  public func applicationDidFinishLaunching(_ notification: Notification) {}
  /// Quit now.
  public func applicationShouldTerminate(_ application: Application) -> Application.TerminateReply { .now }
  /// Does nothing.
  public func applicationWillTerminate(_ notification: Notification) {}
  /// Does nothing.
  public func applicationDidBecomeActive(_ notification: Notification) {}
  /// Does nothing.
  public func applicationDidResignActive(_ notification: Notification) {}
}
