/// The RMLVO names (rules, model, layout, variant, options) that select a keymap from
/// xkeyboard-config.
///
/// A `nil` or empty field takes xkbcommon's default, which honours the `XKB_DEFAULT_RULES`,
/// `XKB_DEFAULT_MODEL`, `XKB_DEFAULT_LAYOUT`, `XKB_DEFAULT_VARIANT` and `XKB_DEFAULT_OPTIONS`
/// environment variables unless the keymap is built ignoring the environment.
/// Several layouts are comma-separated (`"us,ru"`), with variants matched by position
/// (`",phonetic"`); options are comma-separated too (`"grp:alt_shift_toggle,ctrl:nocaps"`).
public struct RuleNames: Hashable, Sendable, CustomStringConvertible {
  /// The rules file, such as `evdev`.
  public var rules: String?
  /// The keyboard model, such as `pc105`.
  public var model: String?
  /// The layouts, such as `de` or `us,ru`.
  public var layout: String?
  /// The variants, one per layout, such as `dvorak`.
  public var variant: String?
  /// The options, such as `grp:alt_shift_toggle`.
  public var options: String?

  /// Creates names; leave a field `nil` for xkbcommon's default.
  public init(
    rules: String? = nil, model: String? = nil, layout: String? = nil, variant: String? = nil,
    options: String? = nil
  ) {
    self.rules = rules
    self.model = model
    self.layout = layout
    self.variant = variant
    self.options = options
  }

  /// `rules/model/layout(variant)/options` with defaults shown as `-`.
  public var description: String {
    [rules, model, layout, variant, options].map { $0.flatMap { $0.isEmpty ? nil : $0 } ?? "-" }
      .joined(separator: "/")
  }
}
