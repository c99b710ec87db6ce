import EventReplay
import ResponderKit
import TerminalHost

/// Files: a two-pane file manager in the terminal.
@main
@MainActor
enum FilesApp {
  static func main() {
    var configuration = TerminalHost.Configuration()
    configuration.minimumSize = Size(width: 50, height: 8)
    // Control+Z is Undo here, not suspend.
    configuration.suspendsOnControlZ = false
    TerminalHost.run(
      usage: FilesOptions.usage, options: FilesOptions.init(arguments:), configuration: configuration
    ) { options in
      if let problem = options.folderProblem { throw problem }
      let controller = FilesAppController(folder: options.folderURL, trashFolder: options.trashURL)
      return (controller.application, controller)
    }
  }
}
