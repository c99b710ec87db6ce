import TerminalHost
import XKBKeyboard

/// The command line of KeyViewer (after the host's own options are taken out).
struct KeyViewerOptions: Equatable {
  var names = RuleNames()
  var evdevPath: String?
  var grab = false
  var composeLocale: String?
  /// Refuse names libxkbcommon would compile without knowing them.
  var strict = false

  static let usage = """
    usage: KeyViewer [--rules R] [--model M] [--layout L] [--variant V] [--options O] [--strict]
                     [--evdev /dev/input/eventN [--grab]] [--locale LOCALE]
                     \(HostOptions.usageLine)
    Shows how each key is decoded and everything xkbcommon says about the last key. Without
    --evdev it decodes what the terminal sends and explains where each character is on the
    chosen layout. Names xkbcommon does not know are shown as warnings; --strict refuses
    them. Under the log, "where it went" is the last key's action trace. F12 opens the
    host's inspector; with --inspector-key none, F12 is shown like any other key.
    Control+Q quits.
    """

  init() {}

  init(arguments: [String]) throws(CommandLineError) {
    var rest = arguments[...]
    func value(for flag: String) throws(CommandLineError) -> String {
      guard let value = rest.popFirst(), !value.hasPrefix("--") else {
        throw CommandLineError(argument: flag, reason: "needs a value")
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
      default: throw CommandLineError(argument: argument, reason: "unknown option")
      }
    }
    if grab, evdevPath == nil { throw CommandLineError(argument: "--grab", reason: "only with --evdev") }
  }
}
