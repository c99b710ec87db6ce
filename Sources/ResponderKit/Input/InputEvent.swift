import Foundation

/// Raw input as every source delivers it: the terminal parser, an evdev keyboard, a replayed
/// recording or a test. ``Application/handle(_:)`` turns it into an ``Event`` and sends it;
/// nothing after that knows where it came from.
///
/// Values are `Codable` so a recording is just a list of them with timestamps.
public enum InputEvent: Hashable, Sendable, Codable {
  /// A key press, repeat or release.
  case key(KeyEvent)
  /// One or more touches (pointer contacts) changing together.
  case touches([TouchSample])
  /// A wheel or trackpad scroll at a location, in cells (positive `dy` scrolls down).
  case scroll(ScrollSample)
  /// The right, middle or an extra mouse button went down, moved or went up.
  case mouse(MouseSample)
  /// Text pasted as a whole (bracketed paste): inserted, never interpreted as keys.
  case paste(String, timestamp: TimeInterval)
  /// Text typed with no key behind it (an input method's commit, kitty's "text only" key
  /// events): inserted like typed text, never matched as a shortcut.
  case text(String, timestamp: TimeInterval)
  /// The terminal gained (`true`) or lost focus.
  case focus(Bool, timestamp: TimeInterval)
  /// The screen changed size, in cells.
  case resize(Size, timestamp: TimeInterval)

  /// When the input happened, on the source's clock.
  public var timestamp: TimeInterval {
    switch self {
    case .key(let key): return key.timestamp
    case .touches(let samples): return samples.first?.timestamp ?? 0
    case .scroll(let scroll): return scroll.timestamp
    case .mouse(let mouse): return mouse.timestamp
    case .paste(_, let t), .text(_, let t), .focus(_, let t), .resize(_, let t): return t
    }
  }
}

/// One touch in an ``InputEvent/touches(_:)`` report: which contact, what it did and where,
/// in screen (window) coordinates.
public struct TouchSample: Hashable, Sendable, Codable {
  /// Identifies the contact across its phases (the mouse is always one contact).
  public var id: Int
  /// What the contact did.
  public var phase: TouchPhase
  /// Where, in screen cells.
  public var location: Point
  /// Modifier keys held (a terminal reports them with mouse events).
  public var modifierFlags: KeyEvent.ModifierFlags
  /// Seconds on the source's clock.
  public var timestamp: TimeInterval

  /// Creates a sample.
  public init(
    id: Int = 0, phase: TouchPhase, location: Point,
    modifierFlags: KeyEvent.ModifierFlags = [], timestamp: TimeInterval = 0
  ) {
    self.id = id
    self.phase = phase
    self.location = location
    self.modifierFlags = modifierFlags
    self.timestamp = timestamp
  }
}

/// A scroll report.
public struct ScrollSample: Hashable, Sendable, Codable {
  /// Where the pointer was, in screen cells.
  public var location: Point
  /// Horizontal lines to scroll (positive: right).
  public var dx: Double
  /// Vertical lines to scroll (positive: down).
  public var dy: Double
  /// Modifier keys held.
  public var modifierFlags: KeyEvent.ModifierFlags
  /// Seconds on the source's clock.
  public var timestamp: TimeInterval

  /// Creates a scroll report.
  public init(
    location: Point, dx: Double = 0, dy: Double, modifierFlags: KeyEvent.ModifierFlags = [],
    timestamp: TimeInterval = 0
  ) {
    self.location = location
    self.dx = dx
    self.dy = dy
    self.modifierFlags = modifierFlags
    self.timestamp = timestamp
  }
}

/// The phase of a touch, UIKit's `UITouch.Phase` (raw values as UIKit's).
public enum TouchPhase: Int, Hashable, Sendable, Codable, CustomStringConvertible {
  /// The contact started.
  case began = 0
  /// The contact moved.
  case moved = 1
  /// The contact is down and did not move (other touches of the event did).
  case stationary = 2
  /// The contact lifted.
  case ended = 3
  /// The system cancelled the contact.
  case cancelled = 4

  /// The phase name.
  public var description: String {
    switch self {
    case .began: "began"
    case .moved: "moved"
    case .stationary: "stationary"
    case .ended: "ended"
    case .cancelled: "cancelled"
    }
  }
}
