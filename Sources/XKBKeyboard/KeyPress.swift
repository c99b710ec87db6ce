/// One evdev key going down or up, as ``Keymap/keyPresses(typing:layout:)`` produces to
/// synthesise typing.
public struct KeyPress: Hashable, Sendable, CustomStringConvertible {
  /// The evdev key code.
  public var keyCode: UInt32
  /// Down or up.
  public var direction: KeyboardState.KeyDirection

  /// Creates a key press or release.
  public init(keyCode: UInt32, direction: KeyboardState.KeyDirection) {
    self.keyCode = keyCode
    self.direction = direction
  }

  /// The `input_event` record the kernel would send for it (value 1 down, 0 up).
  public func record(seconds: Int = 0, microseconds: Int = 0) -> EvdevRecord {
    EvdevRecord(
      seconds: seconds, microseconds: microseconds, type: EvdevRecord.key,
      code: UInt16(truncatingIfNeeded: keyCode), value: direction == .down ? 1 : 0)
  }

  /// `down 42`.
  public var description: String { "\(direction == .down ? "down" : "up") \(keyCode)" }
}
