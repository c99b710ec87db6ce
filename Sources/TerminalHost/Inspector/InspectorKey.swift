import Foundation
import ResponderKit

/// The key that shows the live ``Inspector``, as a user chooses it for any app run by
/// ``TerminalHost/run(_:configuration:)``: `--inspector-key KEY` on the command line, else
/// `RESPONDERKIT_INSPECTOR_KEY=KEY` in the environment, else the app's
/// ``TerminalHost/Configuration/inspectorKey`` (F12). `KEY` is written as in a key bindings
/// file (`F11`, `Control+Shift+i`), or `none` to turn the inspector off — for an app that
/// needs F12 itself.
public enum InspectorKey: Equatable, Sendable {
  /// This key shows and hides the inspector.
  case key(KeySpec)
  /// No inspector.
  case off

  /// The environment variable naming the inspector's key for any app.
  public static let environmentVariable = "RESPONDERKIT_INSPECTOR_KEY"

  /// Reads `none` or a key spec (`KeySpec(parsing:)`); throws which part is not a key.
  public init(parsing text: String) throws(KeySpecError) {
    self = text.lowercased() == "none" ? .off : .key(try KeySpec(parsing: text))
  }

  /// The key, nil when the inspector is off: what ``TerminalHost/Configuration/inspectorKey``
  /// holds.
  public var keySpec: KeySpec? {
    guard case .key(let spec) = self else { return nil }
    return spec
  }

  /// The choice a command line (without the program name) or else the environment makes;
  /// nil when neither does. A malformed command line is the app's to report
  /// (``HostOptions/parse(_:usage:appOptions:)``), so it counts as no choice here; a
  /// malformed environment value throws, naming the variable and the part at fault.
  public static func requested(
    arguments: [String] = Array(CommandLine.arguments.dropFirst()),
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(CommandLineError) -> InspectorKey? {
    if let key = (try? HostOptions.extract(from: arguments))?.options.inspectorKey { return key }
    guard let text = environment[environmentVariable], !text.isEmpty else { return nil }
    do {
      return try InspectorKey(parsing: text)
    } catch {
      throw CommandLineError(argument: "\(environmentVariable)=\(text)", reason: "\(error)")
    }
  }
}
