import Foundation
import TerminalHost

/// The command line of Edit (after the host's own options are taken out): the files to open.
struct EditOptions: Equatable {
  /// The files, in the order given; a name that does not exist yet opens an empty document
  /// saved under that name, as nano and vi do.
  var files: [URL] = []

  static let usage = """
    usage: Edit [FILE…] \(HostOptions.usageLine)
    A text editor with one window per file. With no FILE it opens an untitled document.
    Control+S saves, Control+O opens, Control+N starts a new document, Control+W closes the
    window, Control+Q quits (asking about each edited document), Control+F finds, Alt+1…9
    switch windows, F10 opens the menu, F1 lists the keys. Saves are atomic and keep the
    file's permissions. Key bindings: $XDG_CONFIG_HOME/Edit/keys (~/.config when unset).
    """

  init(files: [URL] = []) {
    self.files = files
  }

  init(arguments: [String]) throws(CommandLineError) {
    var rest = arguments[...]
    var onlyFiles = false
    while let argument = rest.popFirst() {
      if !onlyFiles, argument == "--" {
        onlyFiles = true
      } else if !onlyFiles, argument.hasPrefix("-"), argument != "-" {
        throw CommandLineError(argument: argument, reason: "unknown option")
      } else if argument.isEmpty {
        throw CommandLineError(argument: argument, reason: "is not a file name")
      } else {
        files.append(URL(fileURLWithPath: argument).standardizedFileURL)
      }
    }
  }
}
