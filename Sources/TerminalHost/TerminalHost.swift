import CoreFoundation
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
/// dispatch queue; there the tty is a source of that run loop (`TerminalInputSource`: no
/// Dispatch thread wakes for a key), and the host's other sources (a signal pipe, the escape
/// timeout and the application's timers) are Dispatch sources on the main queue, as the tty is
/// too after ``start()`` alone, for a program that drains the main queue some other way
/// (`dispatchMain()`, Swift concurrency's main actor). So handlers run on the real main
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
    /// The keypad mode switched on at start and off on every way out, as ncurses'
    /// `keypad(stdscr, TRUE)` does: by default `TERM`'s terminfo `smkx` and `rmkx`
    /// (``TerminalMode/applicationKeypad(environment:terminfoDirectories:)``), so the keypad
    /// sends `SS3 M`, `SS3 k`… (keypad Enter, `+`…) and st sends `CSI 3 ~` for Delete rather
    /// than `CSI P`, F1's bytes; nil leaves the keypad as the terminal has it.
    public var applicationKeypad = TerminalMode.applicationKeypad()
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
    /// The whole alternate screen (the default) or an inline region at the cursor
    /// (``TerminalPresentation``). Inline, ``run(_:configuration:)`` takes keys and the screen
    /// from `/dev/tty` when standard input or output is not a terminal, leaving both to data.
    public var presentation = TerminalPresentation.fullScreen
    /// The exit status when the application terminates (not a signal or a hang-up, which exit
    /// with 128 + the signal), asked after ``willExit``; nil exits 0. A picker returns 1 when
    /// the user cancelled, as command-line tools do.
    public var terminationStatus: (@MainActor @Sendable () -> Int32)?

    /// The defaults.
    public init() {}
  }

  /// The application hosted.
  public let application: Application
  /// The terminal device.
  public let terminal: Terminal
  /// The configuration in use.
  public let configuration: Configuration

  var parser: InputParser
  /// The clipboard of `Pasteboard.general` while the host runs (OSC 52).
  public let pasteboard = TerminalPasteboard()
  /// The live inspector, the host's own layer over the app.
  public let inspector: Inspector?
  private var renderer: Renderer
  var items: [TerminalInput] = []
  private var readSource: (any DispatchSourceRead)?
  /// The tty watched by the main run loop instead of ``readSource``, under ``run(_:configuration:)``.
  private var runLoopInput: TerminalInputSource?
  private var escapeTimer: (any DispatchSourceTimer)?
  private var signalMonitor: SignalMonitor?
  private var renderScheduled = false
  /// The application's frame the renderer drew last, as drawn (`DamagedFrame.generation`);
  /// -1 when its last frame was something else.
  private var lastFrameGeneration = -1
  /// Set while ``deliver()`` hands a read's items to the app: it draws the frame itself when
  /// they are done, so a view invalidated meanwhile schedules no render of its own (one main
  /// queue turn and run loop wake-up less per key).
  private var delivering = false
  private var keyboardNegotiated = false
  /// Whether the terminal answered the modifyOtherKeys query (XTQMODKEYS) before its DA1 reply.
  private var answersModifyOtherKeys = false
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
  /// The inline region's first screen row and height (``TerminalPresentation``).
  private var regionTop = 0
  private var regionRows = 0
  /// Cursor position reports asked for whose wait timed out: the next ones that arrive are
  /// theirs, not F3 with modifiers.
  private var lateReports = 0
  /// While a relocation waits for a late cursor report or the next resize: no frame is drawn.
  private var relocationPending = false
  private var relocationTimer: (any DispatchSourceTimer)?
  /// Input read while waiting for a cursor report, delivered once the wait is over.
  private var heldInput: [TerminalInput] = []
  /// Width probes written with frames and not answered yet (``Renderer/probesWidths``).
  private var widthProbes = WidthProbeQueue()
  private var widthProbeTimer: (any DispatchSourceTimer)?
  /// A probe was answered while items were delivered: the frame is drawn again by the widths.
  private var widthsLearned = false

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

  /// A view that forgot `View.setNeedsDisplay()` is shown right (the frame
  /// drawn anew replaces the kept one) and named on standard error, which the host shows when
  /// the app exits, rather than stopping the user's app: the first ten reports, unless the app
  /// set its own `Application.damageCheckHandler`.
  private func reportsDamageOnStandardError() {
    guard application.damageCheckHandler == nil else { return }
    var reports = 0
    application.damageCheckHandler = { report in
      reports += 1
      guard reports <= 10 else { return }
      let more = reports == 10 ? "\n(further reports not shown)" : ""
      FileHandle.standardError.write(Data((report + more + "\n").utf8))
    }
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
    if let inline = (try? HostOptions.extract(from: Array(CommandLine.arguments.dropFirst())))?.options
      .presentation
    {
      configuration.presentation.inlineHeight = inline.inlineHeight
    }
    var terminal = Terminal()
    if configuration.presentation.isInline {
      do throws(TerminalError) {
        terminal = try Terminal.forCommandLine()
      } catch {
        FileHandle.standardError.write(Data("\(name): \(error)\n".utf8))
        exit(2)
      }
    }
    let host = TerminalHost(application: application, configuration: configuration, terminal: terminal)
    do {
      try host.start()
      try host.watchInputFromRunLoop()
      UserKeyBindings.load(into: application)
    } catch {
      try? host.terminal.restore()
      FileHandle.standardError.write(
        Data("\(CommandLine.arguments.first ?? "app"): cannot use the terminal: \(error)\n".utf8))
      exit(1)
    }
    while true {
      // `RunLoop.main.run(mode: .default, before:)`, but entered once rather than once per
      // source serviced: each entry looks the mode up and sets the loop up again, about a
      // tenth of a key's CPU (Benchmarks/LatencyBenchmarks). The app's end is `exit`, from
      // `finish()`.
      _ = CFRunLoopRunInMode(kCFRunLoopDefaultMode, 1e10, false)
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
    var modes: [TerminalMode] = [.hiddenCursor, .bracketedPaste, .focusEvents]
    if !configuration.presentation.isInline { modes.insert(.alternateScreen, at: 0) }
    if configuration.mouse {
      modes += [.mouseButtons, configuration.mouseMotion ? .mouseMotion : .mouseDrag, .sgrMouse]
    }
    if let keypad = configuration.applicationKeypad { modes.append(keypad) }
    try terminal.enable(modes)
    try terminal.write(Array("\u{1b}[16t".utf8))  // the cell size in pixels, for SGR-pixel mouse reports
    // Whether the terminal segments grapheme clusters (DECRQM for mode 2027): the renderer
    // confines clusters of varying width unless it does.
    try terminal.write(Array("\u{1b}[?2027$p".utf8))
    // Until it answers, each such cluster is also measured once (a cursor report after it).
    renderer.probesWidths = true
    if configuration.enhancedKeyboard {
      // Ask for the kitty flags, then for the modifyOtherKeys level (XTQMODKEYS), then for
      // device attributes: a DA1 reply with no flags reply before it means the terminal has no
      // kitty protocol. st 0.9 reads `CSI ? 4 m` as SGR 4 (st.c's csihandle ignores the `?` for
      // `m`), so the attributes are reset after it, before anything is drawn.
      try terminal.write(Array("\u{1b}[?u\u{1b}[?4m\u{1b}[m\u{1b}[c".utf8))
    }
    StandardErrorCapture.begin()
    reportsDamageOnStandardError()
    if configuration.presentation.isInline {
      openRegion()
    } else {
      let size = screenSize()
      application.screenSize = Size(width: size.columns, height: size.rows)
    }

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

    connectPasteboard()
    application.finishLaunching()
    render()
    scheduleApplicationTimer()
  }

  /// Under ``run(_:configuration:)``, which turns the main run loop itself: the tty becomes a
  /// source of that loop, so a key wakes the main thread directly rather than libdispatch's
  /// manager thread first, which then woke the main queue and re-armed the descriptor after each
  /// read (about a quarter of a key's CPU, `Benchmarks/LatencyBenchmarks`).
  private func watchInputFromRunLoop() throws {
    let input = try TerminalInputSource(descriptor: terminal.input) { [weak self] in self?.readInput() }
    if inBackground {
      input.suspend()
      readSource?.resume()  // a suspended source must not be released
    }
    readSource?.cancel()
    readSource = nil
    runLoopInput = input
  }

  /// The terminal's size, each side at least 1 (80×24 when it cannot be read).
  private func screenSize() -> TerminalSize {
    let size = (try? terminal.size()) ?? TerminalSize(columns: 80, rows: 24)
    return TerminalSize(columns: max(1, size.columns), rows: max(1, size.rows))
  }

  // MARK: Inline region

  /// Opens the inline region at the cursor's line (the next line when the cursor is not at
  /// the start of one): line feeds make room below it, scrolling the screen up at the bottom,
  /// so nothing above is overwritten and the scrollback keeps it.
  private func openRegion() {
    let size = screenSize()
    let rows = configuration.presentation.regionRows(screenRows: size.rows)
    // With no report (a terminal that does not answer), the cursor is taken to be on the last
    // line, where the region then ends up after the line feeds in any case.
    let position = queryCursorPosition() ?? (row: size.rows - 1, column: 0)
    let lineFeeds = (position.column > 0 ? 1 : 0) + rows - 1
    // Raw mode (no OPOST): a line feed only moves down, scrolling at the bottom.
    try? terminal.write([0x0D] + Array(repeating: 0x0A, count: lineFeeds))
    let bottom = min(max(0, position.row) + lineFeeds, size.rows - 1)
    placeRegion(top: bottom - rows + 1, rows: rows, size: size)
  }

  /// After a resize or a stop the host did not make: finds the region again from where the
  /// cursor is now (the terminal may have reflowed the lines above), makes room if it no longer
  /// fits below, and redraws it whole.
  private func relocateRegion() {
    finishPendingOutput()
    relocationPending = false  // this report supersedes one still awaited
    let cursorRow = max(0, renderer.cursorRow)
    let size = screenSize()
    let report = queryCursorPosition()
    // Resized again while the report was on its way: it describes a screen that is gone, and
    // the next SIGWINCH relocates; until then nothing is drawn at a stale place.
    guard screenSize() == size, let position = report else {
      // Or a slow terminal: nothing is drawn until its report comes (``deliver()`` relocates
      // again then), as a frame drawn at a guess would stay on the screen; a terminal that
      // never answers gets the old place.
      relocationPending = true
      DispatchQueue.main.asyncAfter(deadline: .now() + 2) { [weak self] in
        MainActor.assumeIsolated {
          guard let self, self.relocationPending else { return }
          self.moveRegion(top: self.regionTop)
          self.repaint()
        }
      }
      return
    }
    moveRegion(top: max(0, position.row - cursorRow))
  }

  /// Inline, a resize is acted on once the terminal has settled: 50 ms after the last SIGWINCH
  /// of a burst (a window being dragged sends many), nothing drawn meanwhile. tmux 3.3 was seen
  /// to change the size before its screen, answering a cursor report at once with the row of
  /// the old layout.
  private func scheduleRelocation() {
    relocationPending = true
    relocationTimer?.cancel()
    relocationTimer = mainQueueTimer(at: TerminalHost.now + 0.05) { host in
      host.relocationTimer?.cancel()
      host.relocationTimer = nil
      host.relocateRegion()
      host.repaint()
    }
  }

  /// Puts the region at `top` (or higher, if it no longer fits below), making room with line
  /// feeds at the bottom.
  private func moveRegion(top proposed: Int) {
    relocationPending = false
    let size = screenSize()
    let rows = configuration.presentation.regionRows(screenRows: size.rows)
    var top = min(proposed, size.rows - 1)
    if top + rows > size.rows {
      var bytes: [UInt8] = []
      Renderer.appendCUP(0, size.rows - 1, to: &bytes)
      bytes += Array(repeating: 0x0A, count: top + rows - size.rows)
      try? terminal.write(bytes)
      top = size.rows - rows
    }
    placeRegion(top: top, rows: rows, size: size)
  }

  /// Puts the region at `top`: the renderer draws from there, the app's screen is the region,
  /// and every way out (``Terminal/restorePreamble``) leaves or clears it as the app chose,
  /// the cursor below it or at its start.
  private func placeRegion(top: Int, rows: Int, size: TerminalSize) {
    regionTop = top
    regionRows = rows
    renderer.inlineOrigin = top
    renderer.invalidate()
    var preamble = Array("\u{1b}[m".utf8)
    switch configuration.presentation.exitBehavior {
    case .leaveLastFrame:
      Renderer.appendCUP(0, top + rows - 1, to: &preamble)
      preamble += [0x0D, 0x0A]
    case .clear:
      Renderer.appendCUP(0, top, to: &preamble)
      preamble += Array("\u{1b}[J".utf8)
    }
    terminal.restorePreamble = preamble
    let screen = Size(width: size.columns, height: rows)
    if application.screenSize != screen {
      application.handle(.resize(screen, timestamp: TerminalHost.now))
    }
  }

  /// Asks for the cursor position (`CSI 6 n`) and waits up to `timeout` milliseconds for the
  /// report. Other input read meanwhile (keys typed ahead, other replies) is held and
  /// delivered after, in order. A report that comes later is known for one (``lateReports``).
  private func queryCursorPosition(timeout: Int = 1000) -> (row: Int, column: Int)? {
    do { try terminal.write(Array("\u{1b}[6n".utf8)) } catch { return nil }
    let deadline = TerminalHost.now + Double(timeout) / 1000
    var found: (row: Int, column: Int)?
    wait: while found == nil {
      let remaining = Int32(max(0, (deadline - TerminalHost.now) * 1000))
      var descriptor = pollfd(fd: terminal.input, events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, remaining)
      if ready < 0 && errno == EINTR { continue }
      guard ready > 0 else { break }
      // A hang-up is found again by the read source, which shuts down.
      guard let count = try? readBuffer.withUnsafeMutableBytes({ try terminal.read(into: $0) }), count > 0
      else { break }
      var batch: [TerminalInput] = []
      readBuffer.withUnsafeBytes { bytes in
        parser.parse(UnsafeRawBufferPointer(rebasing: bytes[0..<count]), at: TerminalHost.now, into: &batch)
      }
      for item in batch {
        // Width probes were written before this request: their reports come first.
        if answerWidthProbe(item) { continue }
        if found == nil, case .reply(.cursorPosition(let row, let column)) = item {
          // Reports come in order: one an earlier, timed-out query asked for is stale.
          if lateReports > 0 {
            lateReports -= 1
            continue
          }
          found = (row, column)
        } else {
          heldInput.append(item)
        }
      }
      if TerminalHost.now >= deadline { break wait }
    }
    if found == nil { lateReports += 1 }
    if !heldInput.isEmpty {
      DispatchQueue.main.async { [weak self] in
        MainActor.assumeIsolated {
          guard let self, !self.heldInput.isEmpty else { return }
          self.items = self.heldInput
          self.heldInput.removeAll()
          self.deliver()
          self.scheduleEscapeTimer()
        }
      }
    }
    return found
  }

  /// Inline, touch locations are made relative to the region, and presses and wheel turns
  /// outside it are dropped (they belong to the lines above). nil drops the event.
  private func regionRelative(_ input: InputEvent) -> InputEvent? {
    guard configuration.presentation.isInline else { return input }
    let top = Double(regionTop)
    let rows = Double(regionRows)
    switch input {
    case .touches(var samples):
      for index in samples.indices {
        samples[index].location.y -= top
        if samples[index].phase == .began, samples[index].location.y < 0 || samples[index].location.y >= rows
        {
          return nil
        }
      }
      return .touches(samples)
    case .scroll(var scroll):
      scroll.location.y -= top
      guard scroll.location.y >= 0, scroll.location.y < rows else { return nil }
      return .scroll(scroll)
    case .mouse(var mouse):
      // A press above or below the region is not the app's; moves and releases still are, so
      // a drag or a hover that leaves the region ends where the app can see it.
      mouse.location.y -= top
      if mouse.phase == .down, mouse.location.y < 0 || mouse.location.y >= rows { return nil }
      return .mouse(mouse)
    default:
      return input
    }
  }

  // MARK: Input

  private func readInput() {
    // A cursor report's wait may have read what woke this source: then a read would block.
    if regionRows > 0, !Self.isReadable(terminal.input) { return }
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

  private static func isReadable(_ descriptor: Int32) -> Bool {
    var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    return poll(&request, 1, 0) != 0
  }

  func scheduleEscapeTimer() {
    escapeTimer?.cancel()
    escapeTimer = nil
    guard let deadline = parser.pendingDeadline else { return }
    escapeTimer = mainQueueTimer(at: deadline) { host in
      host.items.removeAll(keepingCapacity: true)
      host.parser.expire(at: TerminalHost.now, into: &host.items)
      host.deliver()
      host.scheduleEscapeTimer()
    }
  }

  func deliver() {
    let outer = delivering
    delivering = true
    for index in items.indices {
      let item = items[index]
      if answerWidthProbe(item) { continue }
      switch item {
      case .event(let event):
        if TerminalHost.isCoalescedMove(at: index, of: items) { continue }
        deliver(event)
      case .reply(.cursorPosition) where lateReports > 0:
        lateReports -= 1
        // The terminal answers again: ask afresh, as the screen may have changed since.
        if relocationPending && lateReports == 0 {
          relocateRegion()
          repaint()
        }
      case .reply(let reply):
        if case .cellPixelSize(let size) = reply { parser.cellPixelSize = size }
        // F3 with modifiers reads as a cursor report; none was asked for, so it is the key.
        if let key = InputParser.functionKey(forUnrequested: reply, at: TerminalHost.now) {
          deliver(.key(key))
        }
        negotiate(reply)
        negotiateGraphemeClustering(reply)
      case .pointer, .unknown:
        break
      }
      if application.isTerminated {
        delivering = outer
        return
      }
    }
    delivering = outer
    if application.needsDisplay || widthsLearned {
      widthsLearned = false
      render()
    }
  }

  private func deliver(_ event: InputEvent) {
    guard let input = regionRelative(event) else { return }
    if configuration.suspendsOnControlZ, case .key(let key) = input, key.phase == .down,
      key.modifierFlags.intersection(.deviceIndependent) == .control,
      key.charactersIgnoringModifiers == "z" || key.characters == "\u{1a}"
    {
      suspend()
      return
    }
    // The inspector's keys never reach the app (nor a recording).
    if let inspector, inspector.handle(input) { return }
    configuration.inputObserver?(input)
    let redraws = isRedrawKey(input)
    application.handle(input)
    if redraws { repaint() }
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
  /// modifyOtherKeys level 2 where the terminal answered its query (xterm) or inside tmux or
  /// screen (tmux passes it on with `extended-keys on`), else legacy keys.
  private func negotiate(_ reply: TerminalReply) {
    guard configuration.enhancedKeyboard, !keyboardNegotiated else { return }
    if case .modifyOtherKeys = reply {
      answersModifyOtherKeys = true
      return
    }
    finishPendingOutput()
    switch reply {
    case .keyboardFlags:
      keyboardNegotiated = true
      try? terminal.enable([.kittyKeyboard(flags: configuration.kittyFlags)])
    case .primaryDeviceAttributes:
      keyboardNegotiated = true
      let env = ProcessInfo.processInfo.environment
      let term = env["TERM"] ?? ""
      if answersModifyOtherKeys || env["TMUX"] != nil || term.hasPrefix("tmux") || term.hasPrefix("screen") {
        try? terminal.enable([.modifyOtherKeys(level: 2)])
      }
    default:
      break
    }
  }

  /// A DECRPM for mode 2027: a terminal that has it set measures clusters as the renderer
  /// does; one that has it reset is asked to set it (and to reset it on exit). Either way the
  /// screen is drawn again without the confinement of clusters of varying width.
  private func negotiateGraphemeClustering(_ reply: TerminalReply) {
    guard case .modeReport(mode: 2027, isPrivate: true, let state) = reply, !renderer.graphemeClustering
    else {
      return
    }
    switch state {
    case .set, .permanentlySet:
      break
    case .reset:
      finishPendingOutput()
      guard (try? terminal.enable([.graphemeClustering])) != nil else { return }
    default:
      return
    }
    renderer.graphemeClustering = true
    renderer.probesWidths = false
    repaint()
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
    timerSource = mainQueueTimer(at: due, leeway: .milliseconds(1)) { host in
      guard !host.application.isTerminated else { return }
      host.application.fireTimers(dueBy: TerminalHost.now)
      if host.application.needsDisplay { host.render() }
    }
  }

  /// A one-shot timer on the main queue at `due` (`TerminalHost.now`'s clock), running `handler` with the
  /// host while there is one: every timer of the host is made so.
  private func mainQueueTimer(
    at due: TimeInterval, leeway: DispatchTimeInterval = .nanoseconds(0),
    _ handler: @escaping @MainActor (TerminalHost) -> Void
  ) -> any DispatchSourceTimer {
    let timer = DispatchSource.makeTimerSource(queue: .main)
    timer.schedule(deadline: .now() + max(0, due - TerminalHost.now), leeway: leeway)
    timer.setEventHandler { [weak self] in
      MainActor.assumeIsolated {
        guard let self else { return }
        handler(self)
      }
    }
    timer.resume()
    return timer
  }

  // MARK: Output

  private func scheduleRender() {
    guard !renderScheduled, !delivering else { return }
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
    guard !hungUp, !application.isTerminated, !inBackground, !terminal.isSuspended, !relocationPending
    else { return }
    guard pendingOffset == pendingOutput.count else {
      frameDeferred = true
      return
    }
    frameDeferred = false
    // Drawn over the last frame; the rows it did not touch need no comparing, when the
    // renderer's last frame was the one before this one, as drawn.
    let drawn = application.renderFrame()
    var frame = drawn.buffer
    var changedRows = drawn.generation == lastFrameGeneration &+ 1 ? drawn.changedRows : nil
    lastFrameGeneration = drawn.generation
    var cursorPosition = application.cursorPosition
    var covered = false
    if let minimum = configuration.minimumSize, let notice = Self.tooSmallNotice(frame, minimum: minimum) {
      frame = notice
      cursorPosition = nil
      covered = true
    }
    if let inspector, inspector.isVisible {
      let canvas = Canvas(buffer: frame)
      inspector.draw(into: canvas)
      frame = canvas.buffer
      cursorPosition = nil
      covered = true
    }
    if covered {
      // Not the application's frame (a notice, the inspector): nor is it the next one's base.
      changedRows = nil
      lastFrameGeneration = -1
    }
    let cursor = cursorPosition.map {
      CursorPlacement(column: Int($0.x.rounded(.down)), row: Int($0.y.rounded(.down)))
    }
    pendingOutput.removeAll(keepingCapacity: true)
    pendingOffset = 0
    renderer.render(frame, cursor: cursor, changedRows: changedRows, into: &pendingOutput)
    let probes = renderer.takeWidthProbes()
    if !probes.isEmpty {
      widthProbes.sent(probes, at: TerminalHost.now)
      scheduleWidthProbeTimer()
    }
    writePendingOutput()
  }

  /// The number of columns this terminal answered a width probe with for `cluster`, one of
  /// the clusters terminals measure differently (`Character.terminalWidthVaries`):
  /// after the host first draws such a cluster, it asks the terminal where the cursor stopped
  /// (`CSI 6 n`), and draws it by the answer from then on. `nil` until the answer came, and
  /// for a terminal that does not answer or reports mode 2027 (it measures as the frame does).
  public func terminalWidth(of cluster: Character) -> Int? {
    renderer.terminalWidth(of: cluster)
  }

  /// A cursor report that answers a width probe: the width is the renderer's from now on.
  /// False for any other report (a key, another request's), which is handled as before.
  private func answerWidthProbe(_ item: TerminalInput) -> Bool {
    guard case .reply(.cursorPosition(let row, let column)) = item, !widthProbes.isEmpty,
      let answer = widthProbes.answer(row: row, column: column)
    else { return false }
    renderer.recordWidth(answer.width, of: answer.cluster)
    widthsLearned = true
    return true
  }

  /// Probes not answered in time: the terminal is taken not to answer, and no more are asked;
  /// a late answer is still recognised until the queue forgets it.
  private func scheduleWidthProbeTimer() {
    widthProbeTimer?.cancel()
    widthProbeTimer = nil
    guard let deadline = widthProbes.nextDeadline else { return }
    widthProbeTimer = mainQueueTimer(at: deadline, leeway: .milliseconds(50)) { host in
      host.widthProbes.expire(at: TerminalHost.now)
      if host.widthProbes.terminalIsSilent { host.renderer.probesWidths = false }
      host.scheduleWidthProbeTimer()
    }
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
  func finishPendingOutput() {
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
      if configuration.presentation.isInline {
        scheduleRelocation()
      } else {
        updateSize()
        repaint()
      }
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
      runLoopInput?.resume()
    }
    let wasSuspended = terminal.isSuspended
    do {
      if wasSuspended {
        try terminal.resume()
      } else {
        finishPendingOutput()
        try terminal.reapply()
      }
    } catch {
      hangUp()
    }
    StandardErrorCapture.begin()
    takeScreenBack(afterSuspend: wasSuspended)
  }

  /// After a stop: inline, a suspend gave the screen to the shell, so the region opens again
  /// at the cursor; after a stop the host did not make it is found again where it was.
  private func takeScreenBack(afterSuspend: Bool) {
    if configuration.presentation.isInline {
      if afterSuspend { openRegion() } else { relocateRegion() }
    } else {
      updateSize()
    }
    repaint()
  }

  /// In the background: no reads, no output; check again on the next SIGCONT and every 100 ms
  /// (a group the kernel will not stop — an orphaned one — gets no SIGCONT).
  private func enterBackground() {
    if !inBackground {
      inBackground = true
      readSource?.suspend()
      runLoopInput?.suspend()
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

  /// Tells the application (its document controller autosaves), restores the terminal, stops
  /// the process (as Control-Z in a shell does), and on
  /// continue re-enters the modes and repaints in full.
  ///
  /// What the app wrote to standard error meanwhile is shown before it stops. Continued in the
  /// background (`bg`), it waits for the foreground before it takes the terminal again.
  public func suspend() {
    // The last moment to save: a stopped process may never be continued (a closed shell).
    application.prepareForSuspend()
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
    takeScreenBack(afterSuspend: true)
  }

  private func finish() -> Never {
    if inBackground { readSource?.resume() }  // a suspended source must not be released
    readSource?.cancel()
    runLoopInput?.cancel()
    escapeTimer?.cancel()
    writeSource?.cancel()
    timerSource?.cancel()
    relocationTimer?.cancel()
    widthProbeTimer?.cancel()
    try? terminal.restore()
    CrashGuard.uninstall()
    // The signal handlers stay until the process exits: closing a terminal sends SIGHUP more
    // than once (the shell forwards its own), and a default action restored before `willExit`
    // let the second one kill the process before it wrote its recording.
    configuration.willExit?()
    if exitStatus == 0, let status = configuration.terminationStatus?() { exitStatus = status }
    signalMonitor?.stop()
    exit(exitStatus)
  }
}
