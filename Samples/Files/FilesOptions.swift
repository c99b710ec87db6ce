import Foundation
import TerminalHost

/// The command line of Files (after the host's own options are taken out).
struct FilesOptions: Equatable {
  /// The folder to show; the working directory when not given.
  var folderPath: String?
  /// The trash; the freedesktop.org one of the user when not given.
  var trashPath: String?

  static let usage = """
    usage: Files [FOLDER] [--trash PATH] \(HostOptions.usageLine)
    A two-pane file manager: folders on the left, the folder's entries and a preview of the
    selected file. Delete moves to the trash (PATH, by default $XDG_DATA_HOME/Trash, the
    desktop's own), Control+Z puts it back. F1 lists the keys, F10 opens the menu, Control+Q quits.
    """

  init() {}

  init(arguments: [String]) throws(CommandLineError) {
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      switch argument {
      case "--trash":
        guard let value = rest.popFirst(), !value.hasPrefix("--"), !value.isEmpty else {
          throw CommandLineError(argument: argument, reason: "needs a folder path")
        }
        trashPath = value
      case let path where !path.hasPrefix("--") && folderPath == nil:
        folderPath = path
      default:
        throw CommandLineError(
          argument: argument, reason: folderPath == nil ? "unknown option" : "only one folder")
      }
    }
  }

  var folderURL: URL {
    URL(fileURLWithPath: folderPath ?? FileManager.default.currentDirectoryPath)
  }

  var trashURL: URL {
    trashPath.map { URL(fileURLWithPath: $0) } ?? Trash.defaultFolder()
  }

  /// Why the folder cannot be shown at all, found before the app starts.
  var folderProblem: CommandLineError? {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folderURL.path, isDirectory: &isFolder) else {
      return CommandLineError(argument: folderURL.path, reason: "no such folder")
    }
    return isFolder.boolValue ? nil : CommandLineError(argument: folderURL.path, reason: "not a folder")
  }
}
