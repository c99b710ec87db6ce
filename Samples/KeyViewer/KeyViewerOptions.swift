import XKBKeyboard

/// The command line of KeyViewer.
struct KeyViewerOptions: Equatable {
  var names = RuleNames()
  var evdevPath: String?
  var grab = false
  var composeLocale: String?
  var recordPath: String?
  /// Refuse names libxkbcommon would compile without knowing them.
  var strict = false

  static let usage = """
    usage: KeyViewer [--rules R] [--model M] [--layout L] [--variant V] [--options O] [--strict]
                     [--evdev /dev/input/eventN [--grab]] [--locale LOCALE] [--record FILE]
    Shows how each key is decoded and everything xkbcommon says about the last key. Without
    --evdev it decodes what the terminal sends and explains where each character is on the
    chosen layout. Names xkbcommon does not know are shown as warnings; --strict refuses
    them. Control+Q quits.
    """

  /// A bad command line: which argument and why.
  struct Error: Swift.Error, Equatable, CustomStringConvertible {
    var argument: String
    var reason: String
    var description: String { "\(argument): \(reason)" }
  }

  init() {}

  init(arguments: [String]) throws(Error) {
    var rest = arguments[...]
    func value(for flag: String) throws(Error) -> String {
      guard let value = rest.popFirst(), !value.hasPrefix("--") else {
        throw Error(argument: flag, reason: "needs a value")
      }
      return value
    }
    while let argument = rest.popFirst() {
      switch argument {
      case "--rules": names.rules = try value(for: argument)
      case "--model": names.model = try value(for: argument)
      case "--layout": names.layout = try value(for: argument)
      case "--variant": names.variant = try value(for: argument)
      case "--options": names.options = try value(for: argument)
      case "--evdev": evdevPath = try value(for: argument)
      case "--grab": grab = true
      case "--strict": strict = true
      case "--locale": composeLocale = try value(for: argument)
      case "--record": recordPath = try value(for: argument)
      default: throw Error(argument: argument, reason: "unknown option")
      }
    }
    if grab, evdevPath == nil { throw Error(argument: "--grab", reason: "only with --evdev") }
  }
}
