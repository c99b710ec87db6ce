import Foundation
import ResponderKit

/// The command-line options every app run by the host understands, taken out of the
/// arguments before the app parses the rest, so no app rejects them:
///
/// - `--record FILE`: write the session's input as a recording (EventReplay) when it ends;
/// - `--replay FILE`: feed a recording into the running app;
/// - `--trace-actions FILE`: write each action, key and touch dispatch, and where it went, to
///   FILE as the app runs (``ActionTraceFile``; ``TerminalHost/run(_:configuration:)`` reads it);
/// - `--inspector-key KEY`: the key that shows the live ``Inspector`` (`F11`, `Control+Shift+i`),
///   or `none` to turn it off (``InspectorKey``; ``TerminalHost/run(_:configuration:)`` reads it);
/// - `--inline HEIGHT`: run inline, in a region of `HEIGHT` rows (`12`) or of the screen (`40%`)
///   below the prompt instead of the alternate screen (``TerminalPresentation``;
///   ``TerminalHost/run(_:configuration:)`` reads it, keeping the app's exit behavior).
///
/// ``parse(_:usage:appOptions:)`` is the whole command line of a sample: `--help` prints the
/// usage with these options and exits 0, a bad option prints the problem and the usage line
/// to standard error and exits 2, as command-line tools do.
public struct HostOptions: Equatable, Sendable {
  /// Where `--record` writes the session, if given.
  public var recordURL: URL?
  /// The recording `--replay` plays, if given.
  public var replayURL: URL?
  /// Where `--trace-actions` writes the action trace, if given.
  public var traceActionsURL: URL?
  /// The live inspector's key `--inspector-key` asks for, if given.
  public var inspectorKey: InspectorKey?
  /// The inline region `--inline` asks for, if given.
  public var presentation: TerminalPresentation?

  /// No options.
  public init() {}

  /// The options' part of a usage line.
  public static let usageLine =
    "[--record FILE] [--replay FILE] [--trace-actions FILE] [--inspector-key KEY] [--inline HEIGHT]"

  /// One line per option, for `--help`.
  public static let help = """
      --record FILE         write this session's input to FILE as a recording
      --replay FILE         play the recording in FILE into the app
      --trace-actions FILE  write each action sent, and where it went, to FILE
      --inspector-key KEY   the key that shows the inspector (F12 unless given), or none
      --inline HEIGHT       draw below the prompt in HEIGHT rows (12) or a share (40%)
      --help                show this help
    """

  /// Takes the host's options out of `arguments` (without the program name) and returns
  /// them with what is left, in order, for the app. `--opt=value` is accepted too.
  public static func extract(from arguments: [String]) throws(CommandLineError) -> (
    options: HostOptions, rest: [String]
  ) {
    var options = HostOptions()
    var rest: [String] = []
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      if argument == "--" {
        rest.append(argument)
        rest += remaining
        break
      }
      let (name, inlineValue) = split(argument)
      let keyPath: WritableKeyPath<HostOptions, URL?>?
      switch name {
      case "--record": keyPath = \.recordURL
      case "--replay": keyPath = \.replayURL
      case "--trace-actions": keyPath = \.traceActionsURL
      case "--inspector-key": keyPath = nil  // a key, not a file
      case "--inline":
        guard options.presentation == nil else {
          throw CommandLineError(argument: name, reason: "given more than once")
        }
        let value = inlineValue ?? (remaining.first?.hasPrefix("-") == false ? remaining.popFirst() : nil)
        guard let value, let presentation = TerminalPresentation(inlineHeight: value) else {
          throw CommandLineError(argument: name, reason: "needs a number of rows or a percentage (12, 40%)")
        }
        options.presentation = presentation
        continue
      default:
        rest.append(argument)
        continue
      }
      // A separate value must not look like an option: `--record --replay x` is a mistake.
      var value = inlineValue
      if value == nil, let next = remaining.first, !next.hasPrefix("-") { value = remaining.popFirst() }
      guard let value, !value.isEmpty else {
        throw CommandLineError(argument: name, reason: keyPath == nil ? "needs a key" : "needs a file path")
      }
      let given = keyPath.map { options[keyPath: $0] != nil } ?? (options.inspectorKey != nil)
      guard !given else { throw CommandLineError(argument: name, reason: "given more than once") }
      if let keyPath {
        options[keyPath: keyPath] = URL(fileURLWithPath: value)
      } else {
        do {
          options.inspectorKey = try InspectorKey(parsing: value)
        } catch {
          throw CommandLineError(argument: name, reason: "\(error)")
        }
      }
    }
    return (options, rest)
  }

  private static func split(_ argument: String) -> (String, String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }

  /// Parses a whole command line: the host's options, then the app's with `appOptions`
  /// (which throws ``CommandLineError`` for what it does not accept).
  ///
  /// `--help` or `-h` prints `usage`, the host options and exits 0. An error prints
  /// `name: problem` and the usage's first line to standard error and exits 2.
  public static func parse<AppOptions>(
    _ arguments: [String] = CommandLine.arguments, usage: String,
    appOptions: ([String]) throws(CommandLineError) -> AppOptions
  ) -> (host: HostOptions, app: AppOptions) {
    let name = arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "app"
    let given = Array(arguments.dropFirst())
    if given.prefix(while: { $0 != "--" }).contains(where: { $0 == "--help" || $0 == "-h" }) {
      print("\(usage)\n\nOptions every app understands:\n\(help)")
      exit(0)
    }
    do throws(CommandLineError) {
      let (host, rest) = try extract(from: given)
      return (host, try appOptions(rest))
    } catch {
      let usageLine = usage.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? usage
      FileHandle.standardError.write(Data("\(name): \(error)\n\(usageLine)\n".utf8))
      exit(2)
    }
  }
}

/// A command line an app does not accept: which argument and why.
public struct CommandLineError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The argument at fault, as given.
  public var argument: String
  /// What is wrong with it: "unknown option", "needs a file path".
  public var reason: String

  /// An error about `argument`.
  public init(argument: String, reason: String) {
    self.argument = argument
    self.reason = reason
  }

  /// `argument: reason`.
  public var description: String { "\(argument): \(reason)" }
}
