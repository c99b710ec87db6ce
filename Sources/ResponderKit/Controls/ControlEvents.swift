/// The things a control reports to its targets: UIKit's `UIControl.Event` (`UIControlEvents` in
/// Objective-C), with the same raw values so recordings and ported code mean the same bits.
///
/// A top-level type, named as UIKit's Objective-C type is, rather than `ControlEvents`: a nested
/// `Event` would hide the input ``Event`` inside every control subclass (UIKit escapes the clash
/// only because its input class is `UIEvent`).
///
/// One touch sequence produces, each line being **one** dispatch with the OR'd mask:
///
///     began:     touchDown [| touchDownRepeat when tapCount > 1]
///     moved:     touchDragInside | touchDragOutside [| touchDragEnter | touchDragExit on crossing]
///     ended:     touchUpInside | touchUpOutside
///     cancelled: touchCancel
///
/// Bits 9–11, 15 and 20–23 are unused, as in UIKit.
public struct ControlEvents: OptionSet, Hashable, Sendable, CustomStringConvertible {
  /// The bits.
  public var rawValue: UInt32
  /// Wraps bits.
  public init(rawValue: UInt32) { self.rawValue = rawValue }

  /// A touch went down in the control.
  public static let touchDown = ControlEvents(rawValue: 1 << 0)
  /// A repeated touch-down: the touch's `tapCount` is greater than one.
  public static let touchDownRepeat = ControlEvents(rawValue: 1 << 1)
  /// The touch moved while inside the control (its bounds grown by the tracking slop).
  public static let touchDragInside = ControlEvents(rawValue: 1 << 2)
  /// The touch moved while outside the control.
  public static let touchDragOutside = ControlEvents(rawValue: 1 << 3)
  /// The touch moved from outside to inside.
  public static let touchDragEnter = ControlEvents(rawValue: 1 << 4)
  /// The touch moved from inside to outside.
  public static let touchDragExit = ControlEvents(rawValue: 1 << 5)
  /// The touch lifted inside the control: the usual "tap".
  public static let touchUpInside = ControlEvents(rawValue: 1 << 6)
  /// The touch lifted outside the control.
  public static let touchUpOutside = ControlEvents(rawValue: 1 << 7)
  /// The system cancelled the touch.
  public static let touchCancel = ControlEvents(rawValue: 1 << 8)
  /// The control's value changed (switches, sliders, steppers, segmented controls).
  public static let valueChanged = ControlEvents(rawValue: 1 << 12)
  /// The control's main action happened (a button was activated, Return in a text field).
  public static let primaryActionTriggered = ControlEvents(rawValue: 1 << 13)
  /// A menu action fired before the menu was shown.
  public static let menuActionTriggered = ControlEvents(rawValue: 1 << 14)
  /// A text field started editing (became first responder).
  public static let editingDidBegin = ControlEvents(rawValue: 1 << 16)
  /// A text field's text changed by editing.
  public static let editingChanged = ControlEvents(rawValue: 1 << 17)
  /// A text field stopped editing (resigned first responder).
  public static let editingDidEnd = ControlEvents(rawValue: 1 << 18)
  /// A text field's editing ended with Return.
  public static let editingDidEndOnExit = ControlEvents(rawValue: 1 << 19)

  /// Every touch event: bits 0–11.
  public static let allTouchEvents = ControlEvents(rawValue: 0x0000_0FFF)
  /// Every editing event: bits 16–19.
  public static let allEditingEvents = ControlEvents(rawValue: 0x000F_0000)
  /// Bits an application may use for its own events.
  public static let applicationReserved = ControlEvents(rawValue: 0x0F00_0000)
  /// Bits reserved for the framework.
  public static let systemReserved = ControlEvents(rawValue: 0xF000_0000)
  /// Every event.
  public static let allEvents = ControlEvents(rawValue: 0xFFFF_FFFF)

  static let names: [(ControlEvents, String)] = [
    (.touchDown, "touchDown"), (.touchDownRepeat, "touchDownRepeat"),
    (.touchDragInside, "touchDragInside"), (.touchDragOutside, "touchDragOutside"),
    (.touchDragEnter, "touchDragEnter"), (.touchDragExit, "touchDragExit"),
    (.touchUpInside, "touchUpInside"), (.touchUpOutside, "touchUpOutside"),
    (.touchCancel, "touchCancel"), (.valueChanged, "valueChanged"),
    (.primaryActionTriggered, "primaryActionTriggered"),
    (.menuActionTriggered, "menuActionTriggered"), (.editingDidBegin, "editingDidBegin"),
    (.editingChanged, "editingChanged"), (.editingDidEnd, "editingDidEnd"),
    (.editingDidEndOnExit, "editingDidEndOnExit"),
  ]

  /// The event names joined by `|` (`touchDown|touchDownRepeat`); unnamed bits in hex.
  public var description: String {
    var parts: [String] = []
    var rest = rawValue
    for (event, name) in ControlEvents.names where contains(event) {
      parts.append(name)
      rest &= ~event.rawValue
    }
    if rest != 0 { parts.append("0x" + String(rest, radix: 16)) }
    return parts.isEmpty ? "[]" : parts.joined(separator: "|")
  }
}
