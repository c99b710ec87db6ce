import Foundation

/// A registration made with
/// `NotificationCenter.addMainActorObserver(forName:object:using:)`: it stays
/// active until you call ``cancel()`` or release it.
///
/// Keep it in a property of the observing object; releasing the object removes the observer,
/// so there is no `removeObserver` to forget.
@MainActor
public final class NotificationObservation {
  private let center: NotificationCenter
  private var token: (any NSObjectProtocol)?

  init(center: NotificationCenter, token: any NSObjectProtocol) {
    self.center = center
    self.token = token
  }

  /// Stops the observation; calling it again does nothing.
  public func cancel() {
    if let token { center.removeObserver(token) }
    token = nil
  }

  isolated deinit {
    cancel()
  }
}

extension NotificationCenter {
  /// Calls `block` on the main actor each time a matching notification is posted.
  ///
  /// ResponderKit posts every notification synchronously on the main actor (and an app's own
  /// main-actor code does too), so the block runs at once, inside `post`, without a hop —
  /// the same ordering the delegate methods see. Posting a notification this block observes
  /// from another thread is a programming error and traps, as `MainActor.assumeIsolated`
  /// does.
  ///
  /// ```swift
  /// observation = NotificationCenter.default.addMainActorObserver(
  ///   forName: Window.didBecomeKeyNotification, object: window
  /// ) { [weak self] _ in self?.refresh() }
  /// ```
  ///
  /// - Parameters:
  ///   - name: The notification to observe; nil observes every name.
  ///   - object: The sender to observe; nil observes every sender.
  ///   - block: Called with each notification.
  /// - Returns: The registration; the observer is removed when it is cancelled or released.
  @MainActor
  public func addMainActorObserver(
    forName name: Notification.Name?, object: AnyObject? = nil,
    using block: @escaping @MainActor (Notification) -> Void
  ) -> NotificationObservation {
    let token = addObserver(forName: name, object: object, queue: nil) { notification in
      // Delivered synchronously on the posting thread, which is the main actor's.
      nonisolated(unsafe) let notification = notification
      MainActor.assumeIsolated { block(notification) }
    }
    return NotificationObservation(center: self, token: token)
  }
}
