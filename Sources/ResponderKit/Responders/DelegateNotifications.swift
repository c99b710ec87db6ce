import Foundation

/// Calls a delegate's will/did methods from its delegating object's notifications, as AppKit
/// registers a window's or application's delegate: set up when the delegate is set, torn down
/// when it is replaced.
@MainActor
struct DelegateNotifications<Delegate> {
  typealias Method = @MainActor @Sendable (Delegate, Notification) -> Void

  private var observers: [NotificationObservation] = []

  /// Observes each notification `object` posts and forwards it to whatever `delegate()`
  /// returns then (nothing once the delegate is gone).
  mutating func register(
    _ methods: [(Notification.Name, Method)], postedBy object: AnyObject,
    delegate: @escaping @MainActor @Sendable () -> Delegate?
  ) {
    removeAll()
    observers = methods.map { name, method in
      NotificationCenter.default.addMainActorObserver(forName: name, object: object) { note in
        if let delegate = delegate() { method(delegate, note) }
      }
    }
  }

  /// Stops forwarding.
  mutating func removeAll() {
    for observer in observers { observer.cancel() }
    observers = []
  }
}
