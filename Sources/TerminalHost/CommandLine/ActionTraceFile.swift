import Foundation
import Glibc
import ResponderKit

/// Writes an application's `ActionTrace` to a file as the app runs, one readable entry at a
/// time: what `--trace-actions FILE` and `RESPONDERKIT_TRACE_ACTIONS=FILE` turn on for every
/// app run by ``TerminalHost/run(_:configuration:)``.
///
/// The file is written unbuffered, entry by entry, so `tail -f FILE` in another terminal
/// follows the app, and what was written survives a crash.
@MainActor
public final class ActionTraceFile {
  /// The environment variable naming a trace file for any app.
  public static let environmentVariable = "RESPONDERKIT_TRACE_ACTIONS"

  /// The file being written.
  public let url: URL
  private let handle: FileHandle

  /// Creates (or empties) the file at `url`; throws a ``FileError`` naming it if it cannot.
  public init(url: URL) throws(FileError) {
    let fd = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw FileError(errno: errno, operation: .create, path: url.path) }
    self.url = url
    handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
  }

  /// The file a command line (`--trace-actions FILE`, without the program name) or else the
  /// environment asks for; nil when neither does. A malformed command line is the app's to
  /// report (``HostOptions/parse(_:usage:appOptions:)``), so it counts as no request here.
  public static func requestedURL(
    arguments: [String] = Array(CommandLine.arguments.dropFirst()),
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL? {
    if let url = (try? HostOptions.extract(from: arguments))?.options.traceActionsURL { return url }
    guard let path = environment[environmentVariable], !path.isEmpty else { return nil }
    return URL(fileURLWithPath: path)
  }

  /// Starts tracing `application` into the file, keeping its last `capacity` entries in memory
  /// too (for the inspector). Returns the trace.
  @discardableResult
  public func attach(to application: Application, capacity: Int = 50) -> ActionTrace {
    let trace = application.actionTrace ?? ActionTrace(capacity: capacity)
    let previous = trace.entryHandler
    trace.entryHandler = { [handle] entry in
      previous?(entry)
      // A full disk or a closed pipe must not stop the app: the trace is a diagnostic.
      try? handle.write(contentsOf: Data(entry.text.utf8))
    }
    application.actionTrace = trace
    return trace
  }
}
