import Foundation

/// An event being delivered: keys, touches, a scroll or a paste, with everything a responder
/// needs to handle it. Made by ``Application/handle(_:)`` from an ``InputEvent``.
///
/// A key event's object is reused for a later key once nothing but the application holds it,
/// so typing allocates nothing; hold the object itself (not its `ObjectIdentifier`) to keep it.
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
    /// The right, middle or an extra mouse button; see ``mouse``.
    case mouse
  }

  /// What kind of event this is.
  public let type: EventType
  // Variables for ``reuse(for:)``, read on every key: the public ones are computed over
  // storage only this module sees, which the optimiser proves free of overlapping accesses,
  // so reads pay no runtime exclusivity check (~40 instructions each).
  /// Seconds on the source's clock.
  public var timestamp: TimeInterval { timestampStorage }
  private var timestampStorage: TimeInterval
  /// The key, for ``EventType/key`` events.
  public var key: KeyEvent? { type == .key ? keyStorage : nil }
  /// The key of a ``EventType/key`` event (a blank key for others). Not optional, so the
  /// key path reads its fields in place: an optional's copy and destruction went through
  /// generic value witnesses each time.
  private(set) var keyStorage: KeyEvent
  /// The scroll, for ``EventType/scroll`` events.
  public let scroll: ScrollSample?
  /// The text, for ``EventType/paste`` events.
  public let text: String?
  /// The button, phase and screen location, for ``EventType/mouse`` events.
  public let mouse: MouseSample?
  /// The tracking area an entered, exited or moved event is about.
  public internal(set) var trackingArea: TrackingArea?
  /// Every touch of the event, for ``EventType/touches`` events.
  public internal(set) var allTouches: Set<Touch>
  /// The modifier keys held.
  public var modifierFlags: KeyEvent.ModifierFlags { modifierFlagsStorage }
  private var modifierFlagsStorage: KeyEvent.ModifierFlags

  init(
    type: EventType, timestamp: TimeInterval, key: KeyEvent? = nil, scroll: ScrollSample? = nil,
    text: String? = nil, touches: Set<Touch> = [], modifierFlags: KeyEvent.ModifierFlags = [],
    mouse: MouseSample? = nil
  ) {
    self.type = type
    self.timestampStorage = timestamp
    self.keyStorage = key ?? KeyEvent(keysym: Keysym(rawValue: 0), scalar: nil)
    self.scroll = scroll
    self.text = text
    self.mouse = mouse
    self.allTouches = touches
    self.modifierFlagsStorage = modifierFlags
  }

  /// A key event, for sending one directly to a window or responder.
  public convenience init(key: KeyEvent) {
    self.init(type: .key, timestamp: key.timestamp, key: key, modifierFlags: key.modifierFlags)
  }

  /// A mouse button event, for sending one directly to a window or responder.
  public convenience init(mouse: MouseSample) {
    self.init(type: .mouse, timestamp: mouse.timestamp, modifierFlags: mouse.modifierFlags, mouse: mouse)
  }

  /// The pointer's place in `view`'s coordinates, for ``EventType/mouse`` events (AppKit's
  /// `view.convert(event.locationInWindow, from: nil)`); nil for other events.
  public func location(in view: View) -> Point? {
    mouse.map { view.convert(fromScreen: $0.location) }
  }

  /// Makes this key event the event of `key` (the application reuses key event objects that
  /// nothing else holds).
  func reuse(for key: KeyEvent) {
    precondition(type == .key, "only key event objects are reused")
    keyStorage = key
    timestampStorage = key.timestamp
    modifierFlagsStorage = key.modifierFlags
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
