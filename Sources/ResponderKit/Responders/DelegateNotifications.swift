import Foundation

/// Calls a delegate's will/did methods from its delegating object's notifications, as AppKit
/// registers a window's or application's delegate: set up when the delegate is set, torn down
/// when it is replaced.
@MainActor
struct DelegateNotifications<Delegate> {
  typealias Method = @MainActor @Sendable (Delegate, Notification) -> Void

  private var observers: [any NSObjectProtocol] = []

  /// Observes each notification `object` posts and forwards it to whatever `delegate()`
  /// returns then (nothing once the delegate is gone).
  mutating func register(
    _ methods: [(Notification.Name, Method)], postedBy object: AnyObject,
    delegate: @escaping @MainActor @Sendable () -> Delegate?
  ) {
    removeAll()
    let center = NotificationCenter.default
    observers = methods.map { name, method in
      center.addObserver(forName: name, object: object, queue: nil) { note in
        // Posted synchronously on the main actor (queue nil), so the note never crosses threads.
        nonisolated(unsafe) let note = note
        MainActor.assumeIsolated {
          if let delegate = delegate() { method(delegate, note) }
        }
      }
    }
  }

  /// Stops forwarding.
  mutating func removeAll() {
    for observer in observers { NotificationCenter.default.removeObserver(observer) }
    observers = []
  }
}
