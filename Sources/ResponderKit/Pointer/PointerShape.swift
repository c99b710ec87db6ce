/// A shape for the mouse pointer over part of a view, AppKit's `NSCursor`: set it on a
/// ``TrackingArea`` (``TrackingArea/pointerShape``) and the pointer takes it while it is in the
/// area (the innermost area with a shape wins), as AppKit's `cursorUpdate(with:)` sets a
/// cursor for a tracking area.
///
/// The terminal host sends it with OSC 22 where the terminal has it: kitty, foot and ghostty
/// take the CSS name, xterm (patch 367 and later) the X cursor font's name. Others (tmux,
/// screen, VTE, Alacritty) are sent nothing and keep their own pointer.
public struct PointerShape: Hashable, Sendable {
  /// The CSS `cursor` name (kitty's, foot's, ghostty's).
  public let cssName: String
  /// The X cursor font's name (xterm's).
  public let x11Name: String

  /// A shape with both its names.
  public init(cssName: String, x11Name: String) {
    self.cssName = cssName
    self.x11Name = x11Name
  }

  /// The arrow.
  public static let arrow = PointerShape(cssName: "default", x11Name: "left_ptr")
  /// The I-beam over text.
  public static let iBeam = PointerShape(cssName: "text", x11Name: "xterm")
  /// The pointing hand over links and buttons.
  public static let pointingHand = PointerShape(cssName: "pointer", x11Name: "hand2")
  /// The crosshair.
  public static let crosshair = PointerShape(cssName: "crosshair", x11Name: "crosshair")
  /// A left-right arrow, over a divider that moves sideways.
  public static let resizeLeftRight = PointerShape(cssName: "ew-resize", x11Name: "sb_h_double_arrow")
  /// An up-down arrow, over a divider that moves up and down.
  public static let resizeUpDown = PointerShape(cssName: "ns-resize", x11Name: "sb_v_double_arrow")
  /// An action is not allowed here.
  public static let operationNotAllowed = PointerShape(cssName: "not-allowed", x11Name: "X_cursor")
  /// Busy.
  public static let wait = PointerShape(cssName: "wait", x11Name: "watch")
}
