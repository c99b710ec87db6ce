import EventReplay
import Foundation
import ResponderKit
import TerminalHost

/// TouchLab: every standard control on one screen, with a live log of the control events
/// each sends and of where each action went.
///
///     TouchLab [--replay FILE] [--record FILE]
///
/// Touches come from the mouse, or — several at once — from a recording: `--replay` feeds an
/// EventReplay recording into the running app, each input at its recorded time after launch.
/// `--record` writes the session's input as a recording when the app quits. Both are the
/// host's options (`HostOptions`), carried out by a `RecordingSession`.
@main
@MainActor
enum TouchLab {
  static let usage = """
    usage: TouchLab \(HostOptions.usageLine)
    Every standard control on one screen, with a live log of the control events each sends
    and where each action went. Touches come from the mouse or from a recording (--replay).
    Control+L clears the log, Control+Q quits.
    """

  /// TouchLab takes no options of its own.
  static func parseOptions(_ arguments: [String]) throws(CommandLineError) {
    if let first = arguments.first { throw CommandLineError(argument: first, reason: "unknown option") }
  }

  static func main() {
    let (host, _) = HostOptions.parse(usage: usage, appOptions: parseOptions)
    let (app, _) = makeApplication()
    var configuration = TerminalHost.Configuration()
    let session: RecordingSession
    do {
      session = try RecordingSession(options: host, application: app, configuration: &configuration)
    } catch {
      fail("\(error)", status: 1)
    }
    withExtendedLifetime(session) {
      TerminalHost.run(app, configuration: configuration)
    }
  }

  /// Builds the app: one window showing the lab, with its actions known by name.
  static func makeApplication() -> (Application, LabViewController) {
    Action.register(
      .buttonPressed, .switchFlipped, .sliderMoved, .stepperStepped, .segmentChosen, .textEntered, .clearLog)
    let app = Application()
    let window = Window()
    let lab = LabViewController()
    window.rootViewController = lab
    app.addWindow(window)
    window.makeKeyAndOrderFront()
    window.makeFirstResponder(lab)
    return (app, lab)
  }

  static func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("TouchLab: \(message)\n".utf8))
    exit(status)
  }
}
