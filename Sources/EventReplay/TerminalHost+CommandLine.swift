import Foundation
import ResponderKit
import TerminalHost

extension TerminalHost {
  /// Runs an app from its command line in one call, as `UIApplicationMain` does for UIKit:
  /// parses the options, builds the app, carries out `--record` and `--replay`, keeps the app's
  /// owner alive and runs until the app terminates.
  ///
  /// In order: ``HostOptions/parse(_:usage:appOptions:)`` takes out the options every app
  /// understands and hands the rest to `parseOptions` — `--help` prints `usage` and exits 0, a bad
  /// option prints `name: problem` and the usage line to standard error and exits 2. Then
  /// `launch` builds the application from the app's options and returns it with its owner (the
  /// application delegate or controller, which `Application` holds only weakly); a
  /// ``RecordingSession`` opens the files `--record` and `--replay` name; the host runs the
  /// application with `configuration`, keeping the owner and the session alive until the
  /// process exits. An error thrown by `launch` or by the session (a record file that cannot be
  /// created, a recording that cannot be read) prints `name: error` to standard error and exits
  /// 1 before the terminal is touched.
  ///
  ///     @main @MainActor enum Groceries {
  ///       static func main() {
  ///         TerminalHost.run(usage: "usage: Groceries [--data FILE] \(HostOptions.usageLine)",
  ///                          options: GroceriesOptions.init(arguments:)) { options in
  ///           let controller = try GroceriesController(dataURL: options.dataURL)
  ///           return (controller.application, controller)
  ///         }
  ///       }
  ///     }
  ///
  /// - Parameters:
  ///   - arguments: The command line, program name first.
  ///   - usage: The app's usage text; its first line is the usage line.
  ///   - parseOptions: Parses the arguments left after the host's options, throwing
  ///     ``CommandLineError`` for one it does not accept.
  ///   - configuration: The host's configuration; recording hooks are added to it.
  ///   - launch: Builds the application from the options and returns it with the object that
  ///     must outlive it.
  public static func run<Options, Owner>(
    _ arguments: [String] = CommandLine.arguments, usage: String,
    options parseOptions: ([String]) throws(CommandLineError) -> Options,
    configuration: Configuration = Configuration(),
    launch: (Options) throws -> (Application, Owner)
  ) -> Never {
    let (host, options) = HostOptions.parse(arguments, usage: usage, appOptions: parseOptions)
    let started: Started<Owner>
    do {
      started = try start(host: host, configuration: configuration) { try launch(options) }
    } catch {
      let name = arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "app"
      FileHandle.standardError.write(Data("\(name): \(error)\n".utf8))
      exit(1)
    }
    withExtendedLifetime(started) {
      run(started.application, configuration: started.configuration)
    }
  }

  /// Runs an app with no options of its own from its command line in one call: the host's
  /// options, `--help` and the app's lifetime as
  /// ``run(_:usage:options:configuration:launch:)``; any other argument is a usage error.
  public static func run<Owner>(
    _ arguments: [String] = CommandLine.arguments, usage: String,
    configuration: Configuration = Configuration(),
    launch: () throws -> (Application, Owner)
  ) -> Never {
    run(
      arguments, usage: usage,
      options: { rest throws(CommandLineError) in
        if let first = rest.first { throw CommandLineError(argument: first, reason: "unknown option") }
      }, configuration: configuration, launch: { _ in try launch() })
  }

  /// What ``start(host:configuration:terminalSize:launch:)`` made, kept alive while the app runs.
  struct Started<Owner> {
    let application: Application
    let owner: Owner
    let session: RecordingSession
    let configuration: Configuration
  }

  /// Everything of the one-call start-up that can fail, without exiting: builds the app, then
  /// opens the recording session, so a test can see the error a user would read.
  static func start<Owner>(
    host: HostOptions, configuration: Configuration, terminalSize: TerminalSize? = try? Terminal().size(),
    launch: () throws -> (Application, Owner)
  ) throws -> Started<Owner> {
    let (application, owner) = try launch()
    var configuration = configuration
    let session = try RecordingSession(
      options: host, application: application, configuration: &configuration, terminalSize: terminalSize)
    return Started(application: application, owner: owner, session: session, configuration: configuration)
  }
}
