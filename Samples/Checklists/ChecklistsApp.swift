import EventReplay
import ResponderKit
import TerminalHost

/// Checklists: the delegate tutorial app in the terminal.
@main
@MainActor
enum ChecklistsApp {
  static func main() {
    var configuration = TerminalHost.Configuration()
    // Smaller than this the host says so instead of drawing a clipped screen.
    configuration.minimumSize = Size(width: 30, height: 6)
    // Control+Z is Undo here, not suspend.
    configuration.suspendsOnControlZ = false
    TerminalHost.run(
      usage: ChecklistsOptions.usage, options: ChecklistsOptions.init(arguments:),
      configuration: configuration
    ) { options in
      if let problem = options.dataFileProblem { throw problem }
      let controller = ChecklistsAppController(dataURL: options.dataURL)
      return (controller.application, controller)
    }
  }
}
