import Foundation

/// A mouse button other than the primary one, or the pointer hovering, as an
/// ``InputEvent/mouse(_:)`` reports it: the right, middle and extra buttons, which AppKit
/// delivers as `rightMouseDown(with:)` and `otherMouseDown(with:)` rather than as touches (the
/// primary button is touch 0), and moves with no button held, which tracking areas follow.
public struct MouseSample: Hashable, Sendable, Codable {
  /// AppKit's `NSEvent.buttonNumber`: 1 the right button, 2 the middle one, 3 and up the
  /// extra buttons (xterm's buttons 8 to 15, "back" and "forward" first, are 3 to 10); 0 for
  /// a move with no button held (``MousePhase/moved``).
  public var buttonNumber: Int
  /// What the button did.
  public var phase: MousePhase
  /// Where, in screen cells.
  public var location: Point
  /// Modifier keys held (a terminal reports Shift, Alt and Control).
  public var modifierFlags: KeyEvent.ModifierFlags
  /// Seconds on the source's clock.
  public var timestamp: TimeInterval

  /// The right button's number.
  public static let rightButton = 1
  /// The middle button's number.
  public static let middleButton = 2

  /// Creates a sample.
  public init(
    buttonNumber: Int, phase: MousePhase, location: Point, modifierFlags: KeyEvent.ModifierFlags = [],
    timestamp: TimeInterval = 0
  ) {
    self.buttonNumber = buttonNumber
    self.phase = phase
    self.location = location
    self.modifierFlags = modifierFlags
    self.timestamp = timestamp
  }
}

/// What a mouse button of a ``MouseSample`` did.
public enum MousePhase: String, Hashable, Sendable, Codable, CaseIterable {
  /// The button went down.
  case down
  /// The pointer moved with the button held.
  case dragged
  /// The button went up.
  case up
  /// The pointer moved with no button held (hovering); the button number is 0.
  case moved
}
