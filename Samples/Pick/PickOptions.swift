import TerminalHost

/// Pick's command line (after the host's own options are taken out).
struct PickOptions: Equatable {
  /// The region's height: rows, or a share of the screen.
  var height = TerminalPresentation(inlineHeight: .fraction(0.4), exitBehavior: .clear)
  /// The query to start with.
  var query = ""
  /// Tab marks lines, and Return prints every marked one.
  var multi = false
  /// A pane beside the list showing the selected line whole.
  var preview = false

  static let usage = """
    usage: Pick [--height ROWS|PERCENT%] [--query TEXT] [--multi] [--preview]
                \(HostOptions.usageLine)
    Reads lines from standard input and lets you pick one, drawn below the prompt: type to
    filter (the characters in order, not necessarily together; a capital letter makes the
    match case-sensitive), Up/Down, Page Up/Page Down or the mouse to move, Return prints the
    choice to standard output and exits 0, Esc or Control+C exits 1 printing nothing. With
    --multi, Tab marks lines and Return prints every marked one. Lines still arriving are
    added as you type. --height is 40% of the screen unless given.
    """

  init() {}

  init(arguments: [String]) throws(CommandLineError) {
    var rest = arguments[...]
    func value(for flag: String) throws(CommandLineError) -> String {
      guard let value = rest.popFirst() else {
        throw CommandLineError(argument: flag, reason: "needs a value")
      }
      return value
    }
    while let argument = rest.popFirst() {
      switch argument {
      case "--height":
        let text = try value(for: argument)
        guard let height = TerminalPresentation(inlineHeight: text, onExit: .clear) else {
          throw CommandLineError(
            argument: argument, reason: "\"\(text)\" is not a number of rows or a percentage (12, 40%)")
        }
        self.height = height
      case "--query", "-q": query = try value(for: argument)
      case "--multi", "-m": multi = true
      case "--preview": preview = true
      default: throw CommandLineError(argument: argument, reason: "unknown option")
      }
    }
  }
}
