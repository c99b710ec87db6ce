import Foundation
import TerminalHost

/// The command line of Checklists (after the host's own options are taken out).
struct ChecklistsOptions: Equatable {
  /// The data file; nil means the XDG default.
  var dataPath: String?

  static let usage = """
    usage: Checklists [--data PATH] \(HostOptions.usageLine)
    Keeps checklists in the terminal. The data is saved as JSON after every change to
    PATH, by default $XDG_DATA_HOME/ResponderKit-Checklists/checklists.json
    (~/.local/share when XDG_DATA_HOME is unset). F10 opens the menu, Control+Q quits.
    Key bindings: $XDG_CONFIG_HOME/Checklists/keys (~/.config when unset).
    """

  init() {}

  init(arguments: [String]) throws(CommandLineError) {
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      switch argument {
      case "--data":
        guard let value = rest.popFirst(), !value.hasPrefix("--"), !value.isEmpty else {
          throw CommandLineError(argument: argument, reason: "needs a file path")
        }
        dataPath = value
      default:
        throw CommandLineError(argument: argument, reason: "unknown option")
      }
    }
  }

  /// The data file to use.
  var dataURL: URL {
    dataPath.map { URL(fileURLWithPath: $0) } ?? ChecklistsStore.defaultURL()
  }

  /// Why the data file cannot be used at all, found before the app starts: it is a folder.
  var dataFileProblem: FileError? {
    .folderInPlaceOfFile(at: dataURL.path, operation: .read)
  }
}
