import Foundation

/// The command line of Checklists.
struct ChecklistsOptions: Equatable {
  /// The data file; nil means the XDG default.
  var dataPath: String?
  var showsHelp = false

  static let usage = """
    usage: Checklists [--data PATH]
    Keeps checklists in the terminal. The data is saved as JSON after every change to
    PATH, by default $XDG_DATA_HOME/ResponderKit-Checklists/checklists.json
    (~/.local/share when XDG_DATA_HOME is unset). F10 opens the menu, Control+Q quits.
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
    while let argument = rest.popFirst() {
      switch argument {
      case "--data":
        guard let value = rest.popFirst(), !value.hasPrefix("--"), !value.isEmpty else {
          throw Error(argument: argument, reason: "needs a file path")
        }
        dataPath = value
      case "--help", "-h":
        showsHelp = true
      default:
        throw Error(argument: argument, reason: "unknown option")
      }
    }
  }

  /// The data file to use.
  var dataURL: URL {
    dataPath.map { URL(fileURLWithPath: $0) } ?? ChecklistsStore.defaultURL()
  }
}
