/// An RMLVO name libxkbcommon compiled a keymap without knowing.
///
/// libxkbcommon does not fail for these: an unknown model matches the rules' `*` line, and
/// unknown options, layouts past the fourth and surplus variants are ignored with a log
/// line. ``Keymap/nameWarnings`` lists them; compiling with `strict: true` makes each one a
/// ``KeymapError`` instead.
public enum KeymapNameWarning: Hashable, Sendable, CustomStringConvertible {
  /// The rules' `.lst` file does not list this model.
  case unknownModel(String)
  /// The rules do not know this option; it was ignored.
  case unknownOption(String)
  /// This layout was ignored (a keymap has at most four).
  case ignoredLayout(String)
  /// This variant was ignored (more variants than layouts, or past the fourth).
  case ignoredVariant(String)

  /// The name the warning is about.
  public var name: String {
    switch self {
    case .unknownModel(let name), .unknownOption(let name), .ignoredLayout(let name),
      .ignoredVariant(let name):
      return name
    }
  }

  /// The error strict mode throws for this warning.
  var strictReason: KeymapError.Reason {
    switch self {
    case .unknownModel(let name): return .unknownModel(name)
    case .unknownOption(let name): return .unknownOption(name)
    case .ignoredLayout(let name): return .ignoredLayout(name)
    case .ignoredVariant(let name): return .ignoredVariant(name)
    }
  }

  /// `unknown model "foo"`.
  public var description: String {
    switch self {
    case .unknownModel(let name): return "unknown model \"\(name)\""
    case .unknownOption(let name): return "unknown option \"\(name)\" was ignored"
    case .ignoredLayout(let name): return "layout \"\(name)\" was ignored (at most four layouts)"
    case .ignoredVariant(let name): return "variant \"\(name)\" was ignored (no layout for it)"
    }
  }
}
