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
/// ``run(_:configuration:)`` runs `RunLoop.main` on the main thread, which also drains the main
/// dispatch queue; the host's sources (the tty, a signal pipe, the escape timeout and the
/// application's timers) are Dispatch sources on that queue. So handlers run on the real main
/// thread — the one with ``CrashGuard``'s alternate signal stack — and Foundation `Timer`,
/// `RunLoop.main`, `DispatchQueue.main`, `Task {}` and `@MainActor` code all work. Idle costs
/// nothing: no polling.
///
/// Output never blocks the loop: frames go to a non-blocking descriptor, and while the terminal
/// has not taken the last frame, newer frames are not drawn (only the latest is, once it has),
/// so signals are handled at once even when the terminal stops reading.
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
    /// event types (2), alternate keys (4), all keys as escape codes (8), associated text (16).
    /// Without 8, kitty 0.26.5 (as `make terminals` found) sends the *release* of Enter, Tab
    /// and Backspace as their legacy bytes, which read as a second press.
    public var kittyFlags: UInt8 = 0b11111
    /// How long a lone ESC waits to be the start of a sequence.
    public var escapeTimeout = InputParser.defaultEscapeTimeout
    /// Wrap frames in synchronized output (mode 2026).
    public var synchronizedOutput = true
    /// The colours the renderer draws in; detected from `NO_COLOR`, `COLORTERM` and `TERM`
    /// (``ColorDepth/detect(environment:terminfoDirectories:)``).
    public var colorDepth = ColorDepth.detect()
    /// Control-Z suspends the process (restoring the terminal), as in a shell.
    public var suspendsOnControlZ = true
    /// The smallest terminal the app is laid out for. Below it the host draws a "too small"
    /// notice naming both sizes instead of a clipped app (keys still reach the app, so
    /// Control+Q quits); nil draws the app at any size.
    public var minimumSize: Size?
    /// Sees every input event before the application, with its time (for recording).
    public var inputObserver: (@MainActor @Sendable (InputEvent) -> Void)?
    /// Called just before the process exits, after the terminal was restored.
    public var willExit: (@MainActor @Sendable () -> Void)?
    /// The key that shows the live ``Inspector``; nil turns the inspector off.
    /// ``run(_:configuration:)`` lets the user change it (``InspectorKey``).
    public var inspectorKey: KeySpec? = KeySpec(keysym: .f(12), modifiers: [])

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
  /// The live inspector, the host's own layer over the app.
  public let inspector: Inspector?
  private var renderer: Renderer
  private var items: [TerminalInput] = []
  private var readSource: (any DispatchSourceRead)?
  private var escapeTimer: (any DispatchSourceTimer)?
  private var signalMonitor: SignalMonitor?
  private var renderScheduled = false
  private var keyboardNegotiated = false
  private var readBuffer = [UInt8](repeating: 0, count: 1 << 16)
  private var hungUp = false
  private var pendingOutput: [UInt8] = []
  private var pendingOffset = 0
  private var writeSource: (any DispatchSourceWrite)?
  private var frameDeferred = false
  private var timerSource: (any DispatchSourceTimer)?
  private var inBackground = false
  private var backgroundCheckScheduled = false
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
    renderer.colorDepth = configuration.colorDepth
    self.inspector = configuration.inspectorKey.map { Inspector(application: application, toggleKey: $0) }
  }

  /// Runs `application` until it terminates, then restores the terminal and exits the process.
  /// If the terminal cannot be set up (not a tty), prints why to standard error and exits 1.
  ///
  /// Call it from the main thread (top-level code): it runs `RunLoop.main` there for the rest
  /// of the process.
  /// The user's key bindings file is applied first (see ``UserKeyBindings``), the action
  /// trace is written to the file `--trace-actions FILE` or `RESPONDERKIT_TRACE_ACTIONS`
  /// names (see ``ActionTraceFile``), and `--inspector-key KEY` or
  /// `RESPONDERKIT_INSPECTOR_KEY` replaces the configuration's inspector key (see
  /// ``InspectorKey``).
  public static func run(_ application: Application, configuration: Configuration = Configuration()) -> Never
  {
    var configuration = configuration
    let name = URL(fileURLWithPath: CommandLine.arguments.first ?? "app").lastPathComponent
    do throws(CommandLineError) {
      if let key = try InspectorKey.requested() { configuration.inspectorKey = key.keySpec }
    } catch {
      FileHandle.standardError.write(Data("\(name): \(error)\n".utf8))
      exit(2)
    }
    if let url = ActionTraceFile.requestedURL() {
      // The trace's handler holds the file open for as long as the application traces.
      do {
        let trace = try ActionTraceFile(url: url).attach(to: application)
        let previous = configuration.willExit
        configuration.willExit = {
          trace.endOpenEntries()
          previous?()
        }
      } catch {
        FileHandle.standardError.write(Data("\(name): \(error)\n".utf8))
        exit(1)
      }
    }
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
    while true {
      // Returns after each source it serviced; the app's end is `exit`, from `finish()`.
      _ = RunLoop.main.run(mode: .default, before: .distantFuture)
    }
  }

  /// The monotonic clock events are stamped with.
  static var now: TimeInterval { ProcessInfo.processInfo.systemUptime }

  /// Sets up the terminal and starts the sources; events then flow on the main queue. Call it
  /// on the main thread: the crash guard's alternate signal stack is installed on the calling
  /// thread. Started in the background (`app &`), it first waits for the foreground (the
  /// process stops with `SIGTTOU`, as for any job that needs the terminal).
  public func start() throws {
    guard isatty(terminal.input) == 1 else { throw TerminalError.systemCall(call: "isatty", errno: ENOTTY) }
    CrashGuard.install()
    terminal.waitForForeground()
    terminal.useNonBlockingOutput()
    try terminal.enterRawMode()
    parser.reportsControlHAsBackSpace = terminal.savedAttributes.map(InputParser.erasesWithControlH) ?? false
    var modes: [TerminalMode] = [.alternateScreen, .hiddenCursor, .bracketedPaste, .focusEvents]
    if configuration.mouse {
      modes += [.mouseButtons, configuration.mouseMotion ? .mouseMotion : .mouseDrag, .sgrMouse]
    }
    try terminal.enable(modes)
    try terminal.write(Array("\u{1b}[16t".utf8))  // the cell size in pixels, for SGR-pixel mouse reports
    if configuration.enhancedKeyboard {
      // Ask for the kitty flags, then for device attributes: a DA1 reply with no flags reply
      // before it means the terminal has no kitty protocol.
      try terminal.write(Array("\u{1b}[?u\u{1b}[c".utf8))
    }
    StandardErrorCapture.begin()
    let size = (try? terminal.size()) ?? TerminalSize(columns: 80, rows: 24)
    application.screenSize = Size(width: max(1, size.columns), height: max(1, size.rows))

    application.terminationHandler = { [weak self] _ in self?.finish() }
    application.needsDisplayHandler = { [weak self] in self?.scheduleRender() }
    application.timerScheduleHandler = { [weak self] in self?.scheduleApplicationTimer() }
    if configuration.mouse, !configuration.mouseMotion {
      // Hover reports only while some view tracks the pointer (Pointer/TrackingArea.swift).
      TrackingArea.trackingDidChange = { [weak self] in
        try? self?.terminal.reportsMotion(TrackingArea.isPointerTracked)
      }
      try? terminal.reportsMotion(TrackingArea.isPointerTracked)
    }
    if let name = TerminalHost.pointerShapeName(environment: ProcessInfo.processInfo.environment) {
      application.pointerShapeHandler = { [weak self] shape in
        try? self?.terminal.setPointerShape(shape.map(name))
      }
    }

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
    scheduleApplicationTimer()
  }

  // MARK: Input

  private func readInput() {
    let count: Int
    do {
      count = try readBuffer.withUnsafeMutableBytes { try terminal.read(into: $0) }
    } catch TerminalError.hangUp where !terminal.isForeground {
      // EIO from a read in the background (SIGTTIN ignored or blocked): not a hang-up.
      enterBackground()
      return
    } catch {
      hangUp()
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
    for index in items.indices {
      let item = items[index]
      switch item {
      case .event(let input):
        if TerminalHost.isCoalescedMove(at: index, of: items) { continue }
        if configuration.suspendsOnControlZ, case .key(let key) = input, key.phase == .down,
          key.modifierFlags.intersection(.deviceIndependent) == .control,
          key.charactersIgnoringModifiers == "z" || key.characters == "\u{1a}"
        {
          suspend()
          continue
        }
        // The inspector's keys never reach the app (nor a recording).
        if let inspector, inspector.handle(input) { continue }
        configuration.inputObserver?(input)
        let redraws = isRedrawKey(input)
        application.handle(input)
        if redraws { repaint() }
      case .reply(let reply):
        if case .cellPixelSize(let size) = reply { parser.cellPixelSize = size }
        negotiate(reply)
      case .pointer, .unknown:
        break
      }
      if application.isTerminated { return }
    }
    if application.needsDisplay { render() }
  }

  /// How this terminal names pointer shapes in OSC 22, or nil when it has none: kitty, foot
  /// and ghostty take CSS names, xterm X cursor names; inside tmux or screen nothing is sent
  /// (they do not pass OSC 22 on), nor to terminals not known to have it.
  nonisolated static func pointerShapeName(environment: [String: String]) -> ((PointerShape) -> String)? {
    let term = environment["TERM"] ?? ""
    if environment["TMUX"] != nil || environment["STY"] != nil || term.hasPrefix("tmux")
      || term.hasPrefix("screen")
    {
      return nil
    }
    if term == "xterm-kitty" || environment["KITTY_WINDOW_ID"] != nil || term.hasPrefix("foot")
      || environment["TERM_PROGRAM"] == "ghostty"
    {
      return \.cssName
    }
    if environment["XTERM_VERSION"] != nil { return \.x11Name }
    return nil
  }

  /// Whether the item at `index` is a hover move that the next item, another hover move,
  /// supersedes. Hover moves are coalesced: of a run of them in one read only the last is
  /// delivered, so a flood of motion reports costs one pass through the tracking areas per
  /// read. A press, release or key between two moves keeps both (the place of a click is
  /// never lost).
  nonisolated static func isCoalescedMove(at index: Int, of items: [TerminalInput]) -> Bool {
    guard case .event(.mouse(let mouse)) = items[index], mouse.phase == .moved, index + 1 < items.count,
      case .event(.mouse(let next)) = items[index + 1], next.phase == .moved
    else { return false }
    return true
  }

  /// Progressive enhancement: kitty flags if the terminal answered the flags query, else
  /// modifyOtherKeys inside tmux or screen (which pass it through), else legacy keys.
  private func negotiate(_ reply: TerminalReply) {
    guard configuration.enhancedKeyboard, !keyboardNegotiated else { return }
    finishPendingOutput()
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

  /// Control-L that no menu item or key command takes: after the standard binding runs, the
  /// whole screen is repainted, the convention of terminal apps for a screen something else
  /// wrote over.
  private func isRedrawKey(_ input: InputEvent) -> Bool {
    guard case .key(let key) = input, key.phase == .down,
      key.modifierFlags.intersection(.deviceIndependent) == .control,
      key.charactersIgnoringModifiers.lowercased() == "l"
    else { return false }
    if let menu = application.mainMenu, Self.menu(menu, hasKeyEquivalent: KeySpec(key)) { return false }
    var responder: Responder? = application.keyWindow?.firstResponder ?? application.keyWindow
    while let current = responder {
      if current.keyCommands.contains(where: { $0.matches(key) }) { return false }
      responder = current.next
    }
    return true
  }

  private static func menu(_ menu: Menu, hasKeyEquivalent spec: KeySpec) -> Bool {
    menu.items.contains {
      ($0.keyEquivalent == spec && $0.action != nil)
        || $0.submenu.map { Self.menu($0, hasKeyEquivalent: spec) } == true
    }
  }

  // MARK: Timers

  /// One Dispatch timer for the application's earliest timer, re-armed whenever it changes.
  private func scheduleApplicationTimer() {
    timerSource?.cancel()
    timerSource = nil
    guard let due = application.nextTimerFireDate else { return }
    let timer = DispatchSource.makeTimerSource(queue: .main)
    timer.schedule(deadline: .now() + max(0, due - TerminalHost.now), leeway: .milliseconds(1))
    timer.setEventHandler { [weak self] in
      MainActor.assumeIsolated {
        guard let self, !self.application.isTerminated else { return }
        self.application.fireTimers(dueBy: TerminalHost.now)
        if self.application.needsDisplay { self.render() }
      }
    }
    timer.resume()
    timerSource = timer
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

  /// Draws a frame if anything changed: one frame per turn, however many events arrived. While
  /// the terminal has not taken the previous frame, the new one waits; frames that change in
  /// the meantime supersede it, and only the latest is drawn.
  private func render() {
    guard !hungUp, !application.isTerminated, !inBackground, !terminal.isSuspended else { return }
    guard pendingOffset == pendingOutput.count else {
      frameDeferred = true
      return
    }
    frameDeferred = false
    var frame = application.renderScreen()
    var cursorPosition = application.cursorPosition
    if let minimum = configuration.minimumSize, let notice = Self.tooSmallNotice(frame, minimum: minimum) {
      frame = notice
      cursorPosition = nil
    }
    if let inspector, inspector.isVisible {
      let canvas = Canvas(buffer: frame)
      inspector.draw(into: canvas)
      frame = canvas.buffer
      cursorPosition = nil
    }
    let cursor = cursorPosition.map {
      CursorPlacement(column: Int($0.x.rounded(.down)), row: Int($0.y.rounded(.down)))
    }
    pendingOutput.removeAll(keepingCapacity: true)
    pendingOffset = 0
    renderer.render(frame, cursor: cursor, into: &pendingOutput)
    writePendingOutput()
  }

  /// `frame` replaced by a notice when the screen is smaller than `minimum`, else nil.
  static func tooSmallNotice(_ frame: CellBuffer, minimum: Size) -> CellBuffer? {
    let width = frame.columns
    let height = frame.rows
    guard width < Int(minimum.width) || height < Int(minimum.height) else { return nil }
    let canvas = Canvas(buffer: frame)
    canvas.fill(Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
    let lines = [
      "Terminal too small", "\(width)×\(height), needs", "\(Int(minimum.width))×\(Int(minimum.height))",
    ]
    let top = max(0, (height - lines.count) / 2)
    for (row, line) in lines.enumerated() where top + row < height {
      let x = max(0, (width - line.count) / 2)
      canvas.draw(line, x: x, y: top + row, width: width - x, style: TextStyle(attributes: .bold))
    }
    return canvas.buffer
  }

  /// Writes what the terminal takes now; the rest waits for a write source.
  private func writePendingOutput() {
    do {
      while pendingOffset < pendingOutput.count {
        let written = try pendingOutput.withUnsafeBytes {
          try terminal.write(someOf: UnsafeRawBufferPointer(rebasing: $0[pendingOffset...]))
        }
        if written == 0 {
          waitUntilWritable()
          return
        }
        pendingOffset += written
      }
    } catch {
      hangUp()
    }
    writeSource?.cancel()
    writeSource = nil
    if frameDeferred { render() }
  }

  private func waitUntilWritable() {
    guard writeSource == nil else { return }
    let source = DispatchSource.makeWriteSource(fileDescriptor: terminal.writeDescriptor, queue: .main)
    source.setEventHandler { [weak self] in
      MainActor.assumeIsolated { self?.writePendingOutput() }
    }
    source.resume()
    writeSource = source
  }

  /// Before the host writes anything but a frame: the rest of the frame first (waiting at most
  /// ``Terminal/writeTimeout``), so no sequence is cut in two; if the terminal does not take
  /// it, the frame is dropped and the next one is drawn in full.
  private func finishPendingOutput() {
    if pendingOffset < pendingOutput.count {
      let rest = Array(pendingOutput[pendingOffset...])
      do {
        try terminal.write(rest)
      } catch TerminalError.outputStalled {
        renderer.invalidate()
      } catch {
        hangUp()
      }
    }
    pendingOutput.removeAll(keepingCapacity: true)
    pendingOffset = 0
    writeSource?.cancel()
    writeSource = nil
  }

  /// Redraws every cell (after a suspend, a resize, Control-L).
  private func repaint() {
    renderer.invalidate()
    render()
  }

  /// The terminal is gone (read, write or SIGHUP): exit as for SIGHUP, without drawing.
  private func hangUp() -> Never {
    hungUp = true
    exitStatus = 128 + SIGHUP
    application.terminateNow()
    finish()
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
      hangUp()
    case .suspend:
      suspend()
    case .resume:
      resume()
    case .windowSizeChange:
      updateSize()
      repaint()
    }
  }

  private func updateSize() {
    if let size = try? terminal.size(), size.columns > 0, size.rows > 0 {
      application.handle(.resize(Size(width: size.columns, height: size.rows), timestamp: TerminalHost.now))
    }
  }

  /// SIGCONT. After ``suspend()`` continued in the background, or a stop the host did not make
  /// (`kill -STOP`): the terminal is taken again only in the foreground.
  private func resume() {
    guard terminal.waitForForeground() else {
      enterBackground()
      return
    }
    if inBackground {
      inBackground = false
      readSource?.resume()
    }
    do {
      if terminal.isSuspended {
        try terminal.resume()
      } else {
        finishPendingOutput()
        try terminal.reapply()
      }
    } catch {
      hangUp()
    }
    StandardErrorCapture.begin()
    updateSize()
    repaint()
  }

  /// In the background: no reads, no output; check again on the next SIGCONT and every 100 ms
  /// (a group the kernel will not stop — an orphaned one — gets no SIGCONT).
  private func enterBackground() {
    if !inBackground {
      inBackground = true
      readSource?.suspend()
    }
    guard !backgroundCheckScheduled else { return }
    backgroundCheckScheduled = true
    DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(100)) { [weak self] in
      MainActor.assumeIsolated {
        guard let self else { return }
        self.backgroundCheckScheduled = false
        if self.inBackground { self.resume() }
      }
    }
  }

  /// Restores the terminal, stops the process (as Control-Z in a shell does), and on
  /// continue re-enters the modes and repaints in full.
  ///
  /// What the app wrote to standard error meanwhile is shown before it stops. Continued in the
  /// background (`bg`), it waits for the foreground before it takes the terminal again.
  public func suspend() {
    finishPendingOutput()
    do {
      // The restore in it also ends the standard error capture, showing what was kept.
      try terminal.suspend()
    } catch {
      hangUp()
    }
    if terminal.isSuspended {
      enterBackground()
      return
    }
    StandardErrorCapture.begin()
    updateSize()
    repaint()
  }

  private func finish() -> Never {
    if inBackground { readSource?.resume() }  // a suspended source must not be released
    readSource?.cancel()
    escapeTimer?.cancel()
    writeSource?.cancel()
    timerSource?.cancel()
    try? terminal.restore()
    CrashGuard.uninstall()
    // The signal handlers stay until the process exits: closing a terminal sends SIGHUP more
    // than once (the shell forwards its own), and a default action restored before `willExit`
    // let the second one kill the process before it wrote its recording.
    configuration.willExit?()
    signalMonitor?.stop()
    exit(exitStatus)
  }
}
