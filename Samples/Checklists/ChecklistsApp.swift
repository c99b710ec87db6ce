import Foundation
import ResponderKit
import TerminalHost

/// Checklists: the delegate tutorial app in the terminal.
@main
@MainActor
enum ChecklistsApp {
  static func main() {
    let options: ChecklistsOptions
    do {
      options = try ChecklistsOptions(arguments: Array(CommandLine.arguments.dropFirst()))
    } catch {
      FileHandle.standardError.write(Data("Checklists: \(error)\n\(ChecklistsOptions.usage)\n".utf8))
      exit(2)
    }
    if options.showsHelp {
      print(ChecklistsOptions.usage)
      exit(0)
    }
    let controller = ChecklistsAppController(dataURL: options.dataURL)
    var configuration = TerminalHost.Configuration()
    // Control+Z is Undo here, not suspend.
    configuration.suspendsOnControlZ = false
    withExtendedLifetime(controller) {
      TerminalHost.run(controller.application, configuration: configuration)
    }
  }
}
