import Dispatch
import Foundation
import Glibc
import ResponderKit

/// Runs an `Application` in the terminal: raw mode and the input modes on,
/// terminal bytes parsed into input events, the screen redrawn with the fewest bytes after
/// each turn of the run loop, signals handled, and the terminal restored however the process
/// ends (normal exit, error, signal or crash).
///
///     let app = Application()
///     // … windows …
///     TerminalHost.run(app)
///
/// Everything happens on the main queue through Dispatch sources (the tty, a signal pipe,
/// one timer for the escape timeout), so `@MainActor` code, `Task {}` and
/// `DispatchQueue.main.async` all work in handlers. Idle costs nothing: no polling.
@MainActor
public final class TerminalHost {
  /// How the host sets up the terminal.
  public struct Configuration: Sendable {
    /// Report mouse presses, drags and releases (as touch 0) and the wheel.
    public var mouse = true
    /// Also report motion with no button held (hover).
    public var mouseMotion = false
    /// Ask for the kitty keyboard protocol, and fall back to modifyOtherKeys inside tmux or
    /// screen, or to legacy keys.
    public var enhancedKeyboard = true
    /// The kitty flags pushed when the terminal supports the protocol: disambiguate (1),
    /// event types (2), alternate keys (4).
    public var kittyFlags: UInt8 = 0b111
    /// How long a lone ESC waits to be the start of a sequence.
    public var escapeTimeout = InputParser.defaultEscapeTimeout
    /// Wrap frames in synchronized output (mode 2026).
    public var synchronizedOutput = true
    /// Control-Z suspends the process (restoring the terminal), as in a shell.
    public var suspendsOnControlZ = true
    /// Sees every input event before the application, with its time (for recording).
    public var inputObserver: (@MainActor @Sendable (InputEvent) -> Void)?
    /// Called just before the process exits, after the terminal was restored.
    public var willExit: (@MainActor @Sendable () -> Void)?

    /// The defaults.
    public init() {}
  }

  /// The application hosted.
  public let application: Application
  /// The terminal device.
  public let terminal: Terminal
  /// The configuration in use.
  public let configuration: Configuration

  private var parser: InputParser
  private var renderer: Renderer
  private var items: [TerminalInput] = []
  private var output: [UInt8] = []
  private var readSource: (any DispatchSourceRead)?
  private var escapeTimer: (any DispatchSourceTimer)?
  private var signalMonitor: SignalMonitor?
  private var renderScheduled = false
  private var keyboardNegotiated = false
  private var readBuffer = [UInt8](repeating: 0, count: 1 << 16)
  private var hungUp = false
  /// 128 + the signal that ended the app, as shells report a death by signal; 0 otherwise.
  private var exitStatus: Int32 = 0

  /// A host for `application` on standard input and output.
  public init(
    application: Application, configuration: Configuration = Configuration(), terminal: Terminal = Terminal()
  ) {
    self.application = application
    self.configuration = configuration
    self.terminal = terminal
    self.parser = InputParser(escapeTimeout: configuration.escapeTimeout)
    self.renderer = Renderer(synchronizedOutput: configuration.synchronizedOutput)
  }

  /// Runs `application` until it terminates, then restores the terminal and exits the process.
  /// If the terminal cannot be set up (not a tty), prints why to standard error and exits 1.
  /// The user's key bindings file is applied first (see ``UserKeyBindings``).
  public static func run(_ application: Application, configuration: Configuration = Configuration()) -> Never
  {
    let host = TerminalHost(application: application, configuration: configuration)
    do {
      try host.start()
      UserKeyBindings.load(into: application)
    } catch {
      try? host.terminal.restore()
      FileHandle.standardError.write(
        Data("\(CommandLine.arguments.first ?? "app"): cannot use the terminal: \(error)\n".utf8))
      exit(1)
    }
    dispatchMain()
  }

  /// The monotonic clock events are stamped with.
  static var now: TimeInterval { ProcessInfo.processInfo.systemUptime }

  /// Sets up the terminal and starts the sources; events then flow on the main queue.
  public func start() throws {
    guard isatty(terminal.input) == 1 else { throw TerminalError.systemCall(call: "isatty", errno: ENOTTY) }
    CrashGuard.install()
    try terminal.enterRawMode()
    var modes: [TerminalMode] = [.alternateScreen, .hiddenCursor, .bracketedPaste, .focusEvents]
    if configuration.mouse {
      modes += [.mouseButtons, configuration.mouseMotion ? .mouseMotion : .mouseDrag, .sgrMouse]
    }
    try terminal.enable(modes)
    if configuration.enhancedKeyboard {
      // Ask for the kitty flags, then for device attributes: a DA1 reply with no flags reply
      // before it means the terminal has no kitty protocol.
      try terminal.write(Array("\u{1b}[?u\u{1b}[c".utf8))
    }
    let size = (try? terminal.size()) ?? TerminalSize(columns: 80, rows: 24)
    application.screenSize = Size(width: max(1, size.columns), height: max(1, size.rows))

    application.terminationHandler = { [weak self] _ in self?.finish() }
    application.needsDisplayHandler = { [weak self] in self?.scheduleRender() }

    let monitor = SignalMonitor { signal in
      MainActor.assumeIsolated { [weak self] in self?.handle(signal) }
    }
    monitor.start()
    signalMonitor = monitor

    let source = DispatchSource.makeReadSource(fileDescriptor: terminal.input, queue: .main)
    source.setEventHandler { [weak self] in
      MainActor.assumeIsolated { self?.readInput() }
    }
    source.resume()
    readSource = source

    application.finishLaunching()
    render()
  }

  // MARK: Input

  private func readInput() {
    let count: Int
    do {
      count = try readBuffer.withUnsafeMutableBytes { try terminal.read(into: $0) }
    } catch {
      hungUp = true
      exitStatus = 128 + SIGHUP
      application.terminateNow()
      finish()
    }
    guard count > 0 else { return }
    items.removeAll(keepingCapacity: true)
    readBuffer.withUnsafeBytes { bytes in
      parser.parse(UnsafeRawBufferPointer(rebasing: bytes[0..<count]), at: TerminalHost.now, into: &items)
    }
    deliver()
    scheduleEscapeTimer()
  }

  private func scheduleEscapeTimer() {
    escapeTimer?.cancel()
    escapeTimer = nil
    guard let deadline = parser.pendingDeadline else { return }
    let timer = DispatchSource.makeTimerSource(queue: .main)
    timer.schedule(deadline: .now() + max(0, deadline - TerminalHost.now))
    timer.setEventHandler { [weak self] in
      MainActor.assumeIsolated {
        guard let self else { return }
        self.items.removeAll(keepingCapacity: true)
        self.parser.expire(at: TerminalHost.now, into: &self.items)
        self.deliver()
        self.scheduleEscapeTimer()
      }
    }
    timer.resume()
    escapeTimer = timer
  }

  private func deliver() {
    for item in items {
      switch item {
      case .event(let input):
        if configuration.suspendsOnControlZ, case .key(let key) = input, key.phase == .down,
          key.modifierFlags.intersection(.deviceIndependent) == .control,
          key.charactersIgnoringModifiers == "z" || key.characters == "\u{1a}"
        {
          suspend()
          continue
        }
        configuration.inputObserver?(input)
        application.handle(input)
      case .reply(let reply):
        negotiate(reply)
      case .pointer, .unknown:
        break
      }
      if application.isTerminated { return }
    }
    if application.needsDisplay { render() }
  }

  /// Progressive enhancement: kitty flags if the terminal answered the flags query, else
  /// modifyOtherKeys inside tmux or screen (which pass it through), else legacy keys.
  private func negotiate(_ reply: TerminalReply) {
    guard configuration.enhancedKeyboard, !keyboardNegotiated else { return }
    switch reply {
    case .keyboardFlags:
      keyboardNegotiated = true
      try? terminal.enable([.kittyKeyboard(flags: configuration.kittyFlags)])
    case .primaryDeviceAttributes:
      keyboardNegotiated = true
      let env = ProcessInfo.processInfo.environment
      let term = env["TERM"] ?? ""
      if env["TMUX"] != nil || term.hasPrefix("tmux") || term.hasPrefix("screen") {
        try? terminal.enable([.modifyOtherKeys(level: 2)])
      }
    default:
      break
    }
  }

  // MARK: Output

  private func scheduleRender() {
    guard !renderScheduled else { return }
    renderScheduled = true
    DispatchQueue.main.async { [weak self] in
      MainActor.assumeIsolated {
        guard let self else { return }
        self.renderScheduled = false
        if self.application.needsDisplay { self.render() }
      }
    }
  }

  /// Draws a frame if anything changed: one frame per turn, however many events arrived.
  private func render() {
    guard !hungUp, !application.isTerminated else { return }
    let frame = application.renderScreen()
    let cursor = application.cursorPosition.map {
      CursorPlacement(column: Int($0.x.rounded(.down)), row: Int($0.y.rounded(.down)))
    }
    output.removeAll(keepingCapacity: true)
    renderer.render(frame, cursor: cursor, into: &output)
    guard !output.isEmpty else { return }
    do {
      try terminal.write(output)
    } catch {
      hungUp = true
      application.terminateNow()
    }
  }

  // MARK: Signals

  private func handle(_ signal: TerminalSignal) {
    switch signal {
    case .interrupt:
      exitStatus = 128 + SIGINT
      application.terminate(nil)
      if !application.isTerminated { exitStatus = 0 }
    case .terminate, .quit:
      exitStatus = 128 + signal.number
      application.terminateNow()
    case .hangUp:
      hungUp = true
      exitStatus = 128 + SIGHUP
      application.terminateNow()
    case .suspend:
      suspend()
    case .resume:
      renderer.invalidate()
      render()
    case .windowSizeChange:
      if let size = try? terminal.size(), size.columns > 0, size.rows > 0 {
        application.handle(.resize(Size(width: size.columns, height: size.rows), timestamp: TerminalHost.now))
      }
      renderer.invalidate()
      render()
    }
  }

  /// Restores the terminal, stops the process (as Control-Z in a shell does), and on
  /// continue re-enters the modes and repaints in full.
  public func suspend() {
    do {
      try terminal.suspend()
    } catch {
      hungUp = true
      application.terminateNow()
      return
    }
    if let size = try? terminal.size(), size.columns > 0, size.rows > 0 {
      application.handle(.resize(Size(width: size.columns, height: size.rows), timestamp: TerminalHost.now))
    }
    renderer.invalidate()
    render()
  }

  private func finish() -> Never {
    readSource?.cancel()
    escapeTimer?.cancel()
    signalMonitor?.stop()
    try? terminal.restore()
    CrashGuard.uninstall()
    configuration.willExit?()
    exit(exitStatus)
  }
}
