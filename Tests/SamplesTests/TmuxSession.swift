import Foundation
import Glibc
import Testing

/// A private tmux server with one shell, for driving sample apps the way a person does:
/// keys in with `send-keys`, the screen out with `capture-pane`.
final class TmuxSession {
  let socket: String
  let workDirectory: URL

  /// Starts `bash` in a detached session of the given size.
  init(width: Int = 100, height: Int = 24) throws {
    let tag = UUID().uuidString.prefix(8)
    socket = "rk-test-\(ProcessInfo.processInfo.processIdentifier)-\(tag)"
    // Short: tests type paths in it into a 100-column shell and read them back off the screen
    // (an error message naming the data file, a command line above an inline region), and
    // `make test` puts the temporary directory one level down.
    workDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(tag)")
    try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
    // The server forks off and keeps whatever descriptors it was given: give it none of ours.
    try tmux(
      capturing: false,
      [
        "new-session", "-d", "-s", "main", "-x", "\(width)", "-y", "\(height)",
        // The samples' default data files go to the scratch directory, never the user's.
        "env PS1='$ ' TERM=xterm-256color XDG_DATA_HOME=\(workDirectory.path)/data bash --norc --noprofile",
      ])
  }

  deinit {
    _ = try? tmux(capturing: false, ["kill-server"])
    try? FileManager.default.removeItem(at: workDirectory)
  }

  /// The path of the built product `name` (tests run from the build directory).
  static func productPath(_ name: String) -> String {
    let bundle = Bundle.main.bundleURL.deletingLastPathComponent()
    let candidates = [
      bundle.appendingPathComponent(name).path,
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name)
        .path,
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[0]
  }

  @discardableResult
  func tmux(capturing: Bool = true, _ arguments: [String]) throws -> String {
    try Self.spawn(["tmux", "-L", socket] + arguments, capturing: capturing)
  }

  /// Held from making a pipe until the child that uses it is spawned.
  private static let spawnLock = NSLock()

  /// Runs a command and returns its standard output. Uses posix_spawn and waitpid directly:
  /// Foundation's Process waits on a run loop the test threads do not run.
  static func spawn(_ arguments: [String], capturing: Bool = true) throws -> String {
    var fds: [Int32] = [-1, -1]
    // Close-on-exec, so a tmux server that another test thread starts meanwhile cannot inherit
    // the write end and keep this read from ever seeing end of file. (The dup2 onto the
    // child's standard output clears the flag there.) Glibc's pipe2 is not imported, so the
    // flag is set with fcntl, under a lock every spawn takes, leaving no window between.
    spawnLock.lock()
    guard pipe(&fds) == 0 else {
      spawnLock.unlock()
      throw POSIXError(.EMFILE)
    }
    _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
    _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    if capturing {
      posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
    } else {
      // A tmux server forks off and keeps its descriptors: give it none of ours.
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    }
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addclose(&actions, fds[0])
    posix_spawn_file_actions_addclose(&actions, fds[1])
    var pid: pid_t = 0
    let argv = arguments.map { strdup($0) } + [nil]
    defer { for arg in argv { free(arg) } }
    // The test runner's threads block some signals, and a child inherits the mask: a tmux
    // server and its shell would then ignore the hang-up that ends them. Start clean.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigmask(&attributes, &empty)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGHUP, SIGINT, SIGTERM, SIGQUIT, SIGPIPE, SIGTSTP, SIGCHLD] {
      sigaddset(&defaults, signal)
    }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    let status = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, environ)
    spawnLock.unlock()
    close(fds[1])
    defer { close(fds[0]) }
    guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .ENOENT) }
    var output = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let n = read(fds[0], &buffer, buffer.count)
      if n > 0 {
        output += buffer[0..<n]
      } else if n == 0 || errno != EINTR {
        break
      }
    }
    var exitStatus: Int32 = 0
    while waitpid(pid, &exitStatus, 0) < 0 && errno == EINTR {}
    return String(decoding: output, as: UTF8.self)
  }

  /// Types a line into the shell and presses Return.
  func run(_ line: String) throws {
    try tmux(["send-keys", "-t", "main", "-l", line])
    try tmux(["send-keys", "-t", "main", "Enter"])
  }

  /// Sends tmux key names (`a`, `C-q`, `Escape`, `Up`).
  func send(_ keys: String...) throws {
    try tmux(["send-keys", "-t", "main"] + keys)
  }

  /// Sends bytes as they are (escape sequences included), as a terminal would.
  func sendLiteral(_ text: String) throws {
    try tmux(["send-keys", "-t", "main", "-l", text])
  }

  /// The visible screen as text.
  func screen() throws -> String {
    try tmux(["capture-pane", "-t", "main", "-p"])
  }

  /// A tmux format value for the pane (`#{alternate_on}`, `#{pane_pid}`).
  func format(_ format: String) throws -> String {
    try tmux(["display-message", "-t", "main", "-p", format]).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  func resize(width: Int, height: Int) throws {
    try tmux(["resize-window", "-t", "main", "-x", "\(width)", "-y", "\(height)"])
  }

  /// Waits until the screen satisfies `condition`, polling; false after `timeout` seconds.
  func waitFor(timeout: TimeInterval = 10, _ condition: (String) -> Bool) throws -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if condition(try screen()) { return true }
      Thread.sleep(forTimeInterval: 0.05)
    }
    return condition(try screen())
  }

  /// Waits until the screen contains `text`.
  func waitFor(_ text: String, timeout: TimeInterval = 10) throws -> Bool {
    try waitFor(timeout: timeout) { $0.contains(text) }
  }

  /// The process id of the program running in the foreground of the shell.
  func foregroundPID() throws -> Int32? {
    let shell = try format("#{pane_pid}")
    return try Self.spawn(["pgrep", "-P", shell]).split(separator: "\n").first.flatMap { Int32($0) }
  }

  /// The `$XDG_DATA_HOME` the session's shell gives the apps it runs.
  var dataHome: URL { workDirectory.appendingPathComponent("data") }

  /// A file in the session's scratch directory.
  func file(_ name: String) -> URL { workDirectory.appendingPathComponent(name) }
}

extension TmuxSession {
  /// Runs `command` from the shell, saving `stty -g` before and after it and printing its exit
  /// status as `marker=N` (`EXIT=N`). Core dumps are off: the crash tests kill on purpose.
  func launch(_ command: String, marker: String = "EXIT") throws {
    let before = file("before").path
    let after = file("after").path
    try run("ulimit -c 0; stty -g > \(before); \(command); echo \"\(marker)=$?\"; stty -g > \(after)")
  }

  /// After the app is gone: its exit status, the tty settings bit for bit, the main screen and
  /// the cursor shown.
  func expectRestored(status: Int32, marker: String = "EXIT", timeout: TimeInterval = 10) throws {
    #expect(
      try waitFor(timeout: timeout) { $0.contains("\(marker)=\(status)") }, "expected exit status \(status)")
    // Wait for the content, not the file: the shell creates it before stty has written to it.
    #expect(
      try waitFor { _ in
        (try? String(contentsOf: self.file("after"), encoding: .utf8))?.isEmpty == false
      })
    let before = try String(contentsOf: file("before"), encoding: .utf8)
    let after = try String(contentsOf: file("after"), encoding: .utf8)
    #expect(before == after, "stty settings differ after exit")
    #expect(try format("#{alternate_on}") == "0")
    #expect(try format("#{cursor_flag}") == "1", "cursor left hidden")
    // xterm-256color's rmkx: DECKPNM and DECCKM reset, tmux's pane flags for them off.
    #expect(try format("#{keypad_flag}#{keypad_cursor_flag}") == "00", "keypad left in application mode")
  }

  /// The main screen with its scrollback, lines joined where they wrapped.
  func history() throws -> String {
    try tmux(["capture-pane", "-t", "main", "-p", "-J", "-S", "-2000"])
  }
}
