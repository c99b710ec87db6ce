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
/// `--record` writes the session's input as a recording when the app quits.
@main
@MainActor
enum TouchLab {
  static let usage = "usage: TouchLab [--replay FILE] [--record FILE]"

  /// The parsed command line.
  struct Options: Equatable {
    var replay: URL?
    var record: URL?

    init(arguments: [String]) throws(UsageError) {
      var rest = arguments[...]
      while let argument = rest.popFirst() {
        switch argument {
        case "--replay", "--record":
          guard let path = rest.popFirst() else { throw UsageError(message: "\(argument) needs a file path") }
          if argument == "--replay" {
            replay = URL(fileURLWithPath: path)
          } else {
            record = URL(fileURLWithPath: path)
          }
        default:
          throw UsageError(message: "unknown argument \"\(argument)\"")
        }
      }
    }
  }

  /// A command line TouchLab does not understand.
  struct UsageError: Error, CustomStringConvertible, Equatable {
    var message: String
    var description: String { message }
  }

  static func main() {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.contains("--help") || arguments.contains("-h") {
      print(usage)
      exit(0)
    }
    let options: Options
    do {
      options = try Options(arguments: arguments)
    } catch {
      fail("\(error)\n\(usage)", status: 2)
    }
    var replay: Recording?
    if let url = options.replay {
      do {
        replay = try Recording(contentsOf: url)
      } catch {
        fail("\(url.path): \(error)", status: 1)
      }
    }
    let (app, _) = makeApplication()
    var configuration = TerminalHost.Configuration()
    let recorder = options.record.map { SessionRecorder(writingTo: $0, screenSize: app.screenSize) }
    recorder?.attach(to: &configuration)
    if let replay {
      schedule(replay, into: app, after: 0.5, recorder: recorder)
    }
    TerminalHost.run(app, configuration: configuration)
  }

  /// Feeds a recording into the running app: each input at its recorded time after `delay`
  /// seconds, restamped with the time it is delivered.
  static func schedule(
    _ recording: Recording, into app: Application, after delay: TimeInterval, recorder: SessionRecorder?
  ) {
    for entry in recording.entries {
      DispatchQueue.main.asyncAfter(deadline: .now() + delay + entry.time) {
        MainActor.assumeIsolated {
          // On the terminal's clock (uptime), so replayed and live inputs mix correctly.
          let input = entry.input.restamped(at: ProcessInfo.processInfo.systemUptime)
          recorder?.record(input)
          app.handle(input)
        }
      }
    }
  }

  /// Builds the app: one window showing the lab.
  static func makeApplication() -> (Application, LabViewController) {
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
