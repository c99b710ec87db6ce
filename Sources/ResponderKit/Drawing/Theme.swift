/// The colours an app is drawn in, by role: the palette views read through ``View/theme``.
///
/// Every state is drawn with an attribute as well as a colour (focus and selection are
/// reversed, disabled is faint), so a terminal with no colour at all, or the
/// ``monochrome`` theme, still shows it. The renderer brings the colours down to what the
/// terminal can show.
public struct Theme: Hashable, Sendable {
  /// Body text.
  public var text: Color
  /// Less important text: hints, placeholders, section headers, scroll indicators.
  public var secondaryText: Color
  /// The accent of controls (buttons, switch boxes, slider thumbs, open menu titles): UIKit's
  /// `tintColor`; a view can override it for its subtree with ``View/tintColor``.
  public var tint: Color
  /// Selected rows and segments.
  public var selection: Color
  /// The control with the keyboard focus.
  public var focus: Color
  /// Controls and items that are not enabled.
  public var disabled: Color
  /// Actions that destroy something (a Delete button, an alert's destructive choice).
  public var destructive: Color

  /// Creates a theme; roles left out are the terminal's default colour.
  public init(
    text: Color = .default, secondaryText: Color = .default, tint: Color = .default,
    selection: Color = .default, focus: Color = .default, disabled: Color = .default,
    destructive: Color = .default
  ) {
    self.text = text
    self.secondaryText = secondaryText
    self.tint = tint
    self.selection = selection
    self.focus = focus
    self.disabled = disabled
    self.destructive = destructive
  }

  /// The default: the terminal's own text colour with a blue accent. Each colour is an entry
  /// of xterm's 256-colour cube or grey ramp, so a 256-colour terminal shows it exactly.
  public static let standard = Theme(
    text: .default,
    secondaryText: .rgb(138, 138, 138),
    tint: .rgb(95, 135, 255),
    selection: .rgb(0, 95, 175),
    focus: .rgb(95, 175, 255),
    disabled: .rgb(98, 98, 98),
    destructive: .rgb(215, 95, 95))

  /// No colour: states show by attributes alone (reverse, bold, underline, faint).
  public static let monochrome = Theme()

  /// The style of a control's part in `state`: `base` with the role's colour and the state's
  /// attribute. Disabled is faint in ``disabled``; highlighted (pressed) is reversed and
  /// underlined in `accent`; focused is reversed and bold in ``focus``; selected is reversed in
  /// ``selection``; normal takes `accent` (or ``text``) when `base` has no colour of its own.
  public func style(for state: Control.State, base: TextStyle = .plain, accent: Color? = nil) -> TextStyle {
    var style = base
    if state.contains(.disabled) {
      style.foreground = disabled
      style.attributes.insert(.dim)
    } else if state.contains(.highlighted) {
      style.foreground = accent ?? tint
      style.attributes.formUnion([.reverse, .underline])
    } else if state.contains(.focused) {
      style.foreground = focus
      style.attributes.formUnion([.reverse, .bold])
    } else if state.contains(.selected) {
      style.foreground = selection
      style.attributes.insert(.reverse)
    } else if style.foreground == .default {
      style.foreground = accent ?? text
    }
    return style
  }

  /// Selected text (a text view's or field's selection, find matches) over `base`: reversed
  /// in ``selection``; where `base` is reversed already (a focused field), not reversed and
  /// underlined instead, so the selection shows without any colour too (`NO_COLOR`).
  public func selectedTextStyle(_ base: TextStyle) -> TextStyle {
    var style = base
    style.foreground = selection
    if style.attributes.contains(.reverse) {
      style.attributes.remove(.reverse)
      style.attributes.insert(.underline)
    } else {
      style.attributes.insert(.reverse)
    }
    return style
  }

  /// Secondary text over `base`: ``secondaryText``, and faint when the theme has no colour for it.
  public func secondaryStyle(_ base: TextStyle = .plain) -> TextStyle {
    var style = base
    style.foreground = secondaryText
    if secondaryText == .default { style.attributes.insert(.dim) }
    return style
  }
}
