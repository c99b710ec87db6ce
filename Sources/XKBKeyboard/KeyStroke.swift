/// One way to type a keysym: a key and the modifiers to hold, as `xkbcli how-to-type` lists.
public struct KeyStroke: Hashable, Sendable, CustomStringConvertible {
  /// The evdev key code.
  public var keyCode: UInt32
  /// The layout (group) index the stroke belongs to.
  public var layout: Int
  /// The shift level, 0 for the plain key.
  public var level: Int
  /// The XKB names of the real modifiers to hold, such as `Shift` and `Mod5` (AltGr on most
  /// layouts); empty for the plain key.
  public var modifiers: [String]

  /// Creates a stroke.
  public init(keyCode: UInt32, layout: Int, level: Int, modifiers: [String]) {
    self.keyCode = keyCode
    self.layout = layout
    self.level = level
    self.modifiers = modifiers
  }

  /// `key 16 layout 0 level 3 [Mod5]`.
  public var description: String {
    "key \(keyCode) layout \(layout) level \(level + 1) [\(modifiers.joined(separator: "+"))]"
  }
}
