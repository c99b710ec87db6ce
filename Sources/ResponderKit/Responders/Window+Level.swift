extension Window {
  /// Where a window sits in the front-to-back order: a window is never behind one of a lower
  /// level, whatever order the windows were brought forward in (AppKit's `NSWindow.Level`,
  /// same raw values for the levels both have).
  public struct Level: RawRepresentable, Comparable, Hashable, Sendable {
    /// The level number; higher is nearer the front.
    public var rawValue: Int
    /// Wraps a level number.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Document and screen windows.
    public static let normal = Level(rawValue: 0)
    /// Palettes that stay above the normal windows.
    public static let floating = Level(rawValue: 3)
    /// The window of a modal session (at least; a higher level is kept).
    public static let modalPanel = Level(rawValue: 8)
    /// Popup menus, above a modal window they were opened from.
    public static let popUpMenu = Level(rawValue: 101)
    /// The host's own overlays (key-command overlay, inspector), above everything.
    public static let overlay = Level(rawValue: 1000)

    /// Lower levels are further back.
    public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
  }
}
