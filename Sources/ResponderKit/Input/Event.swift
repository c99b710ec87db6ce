import Foundation

/// An event being delivered: keys, touches, a scroll or a paste, with everything a responder
/// needs to handle it. Made by ``Application/handle(_:)`` from an ``InputEvent``.
@MainActor
public final class Event {
  /// What kind of event this is.
  public enum EventType: Sendable, Hashable {
    /// A key press, repeat or release; see ``key``.
    case key
    /// Touches changed; see ``allTouches``.
    case touches
    /// A scroll; see ``scroll``.
    case scroll
    /// Pasted text; see ``text``.
    case paste
  }

  /// What kind of event this is.
  public let type: EventType
  /// Seconds on the source's clock.
  public let timestamp: TimeInterval
  /// The key, for ``EventType/key`` events.
  public let key: KeyEvent?
  /// The scroll, for ``EventType/scroll`` events.
  public let scroll: ScrollSample?
  /// The text, for ``EventType/paste`` events.
  public let text: String?
  /// Every touch of the event, for ``EventType/touches`` events.
  public internal(set) var allTouches: Set<Touch>
  /// The modifier keys held.
  public let modifierFlags: KeyEvent.ModifierFlags

  init(
    type: EventType, timestamp: TimeInterval, key: KeyEvent? = nil, scroll: ScrollSample? = nil,
    text: String? = nil, touches: Set<Touch> = [], modifierFlags: KeyEvent.ModifierFlags = []
  ) {
    self.type = type
    self.timestamp = timestamp
    self.key = key
    self.scroll = scroll
    self.text = text
    self.allTouches = touches
    self.modifierFlags = modifierFlags
  }

  /// A key event, for sending one directly to a window or responder.
  public convenience init(key: KeyEvent) {
    self.init(type: .key, timestamp: key.timestamp, key: key, modifierFlags: key.modifierFlags)
  }

  /// The touches delivered to `view`.
  public func touches(for view: View) -> Set<Touch> {
    allTouches.filter { $0.view === view }
  }

  /// The touches that belong to `window`.
  public func touches(for window: Window) -> Set<Touch> {
    allTouches.filter { $0.window === window }
  }
}
