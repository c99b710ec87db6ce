import EventReplay
import Foundation
import ResponderKit
import TerminalHost

/// Checklists: the delegate tutorial app in the terminal.
@main
@MainActor
enum ChecklistsApp {
  static func main() {
    let (host, options) = HostOptions.parse(usage: ChecklistsOptions.usage) {
      arguments throws(CommandLineError) in
      try ChecklistsOptions(arguments: arguments)
    }
    if let problem = options.dataFileProblem { fail("\(problem)") }
    let controller = ChecklistsAppController(dataURL: options.dataURL)
    var configuration = TerminalHost.Configuration()
    // Smaller than this the host says so instead of drawing a clipped screen.
    configuration.minimumSize = Size(width: 30, height: 6)
    // Control+Z is Undo here, not suspend.
    configuration.suspendsOnControlZ = false
    let session: RecordingSession
    do {
      session = try RecordingSession(
        options: host, application: controller.application, configuration: &configuration)
    } catch {
      fail("\(error)")
    }
    withExtendedLifetime((controller, session)) {
      TerminalHost.run(controller.application, configuration: configuration)
    }
  }

  static func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("Checklists: \(message)\n".utf8))
    exit(1)
  }
}
