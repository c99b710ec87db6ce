import Dispatch
import Foundation
import Glibc
import ResponderKit
import TerminalHost

/// A small app for the host's exit-path and run-loop tests (`HostFaultEndToEndTests`): it
/// shows what ran on the main run loop, and its keys make it fail in each way the host must
/// survive. Not a sample: its keys crash it on purpose.
///
/// Keys: `s` `b` `i` `t` `a` `f` raise SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE from
/// the key handler; `o` overflows the stack; `x` is a `fatalError`; `e` writes a line to
/// standard error; `w` starts redrawing every cell every 5 ms; `q` quits.
///
/// `--inline ROWS` (or `ROWS%`) runs it in an inline region at the cursor, leaving the last
/// frame on exit, or clearing it with `--clear` (`InlineEndToEndTests`).
@main
@MainActor
enum HostProbe {
  static func main() {
    let app = Application()
    let window = Window()
    let view = ProbeView()
    window.rootView = view
    app.addWindow(window)
    window.makeKeyAndOrderFront()
    window.makeFirstResponder(view)

    // Everything a Cocoa developer expects of the main loop, each counted on screen.
    let timer = Timer(timeInterval: 0.05, repeats: true) { _ in
      MainActor.assumeIsolated { view.note(.foundationTimer) }
    }
    RunLoop.main.add(timer, forMode: .default)
    app.scheduleTimer(after: 0.05, repeating: 0.05) { [weak view] _ in view?.note(.applicationTimer) }
    DispatchQueue.main.async { view.note(.mainQueue) }
    Task { @MainActor in view.note(.task) }
    var configuration = TerminalHost.Configuration()
    let arguments = CommandLine.arguments
    if let index = arguments.firstIndex(of: "--inline"), index + 1 < arguments.count,
      let inline = TerminalPresentation(
        inlineHeight: arguments[index + 1], onExit: arguments.contains("--clear") ? .clear : .leaveLastFrame)
    {
      configuration.presentation = inline
    }
    TerminalHost.run(app, configuration: configuration)
  }
}

/// What ran, and on which thread.
enum ProbeSource: String, CaseIterable {
  case foundationTimer = "foundation-timer"
  case applicationTimer = "app-timer"
  case mainQueue = "main-queue"
  case task = "task"
}

final class ProbeView: View {
  private var counts: [ProbeSource: Int] = [:]
  private var offMainThread = 0
  private var stress: ApplicationTimer?
  private var generation = 0

  override var canBecomeFirstResponder: Bool { true }

  func note(_ source: ProbeSource) {
    counts[source, default: 0] += 1
    if !Thread.isMainThread { offMainThread += 1 }
    setNeedsDisplay()
  }

  override func draw(in canvas: Canvas) {
    canvas.draw("HostProbe — pid \(getpid())", x: 0, y: 0)
    for (row, source) in ProbeSource.allCases.enumerated() {
      canvas.draw(
        "\(source.rawValue): \(counts[source, default: 0] > 0 ? "ran" : "waiting")", x: 0, y: row + 1)
    }
    canvas.draw("off-main-thread: \(offMainThread)", x: 0, y: 5)
    // The last row, so a test sees the region's whole height and width.
    canvas.draw("bottom \(Int(bounds.width))x\(Int(bounds.height))", x: 0, y: Int(bounds.height) - 1)
    guard stress != nil else { return }
    // Every cell changes every frame: the most output a frame can need.
    let character = Character(UnicodeScalar(UInt8(65 + generation % 26)))
    let line = String(repeating: character, count: Int(bounds.width))
    for row in 7..<Int(bounds.height) { canvas.draw(line, x: 0, y: row) }
  }

  override func keyDown(with event: KeyEvent) {
    switch event.characters {
    case "s": crash(SIGSEGV)
    case "b": crash(SIGBUS)
    case "i": crash(SIGILL)
    case "t": crash(SIGTRAP)
    case "a": crash(SIGABRT)
    case "f": crash(SIGFPE)
    case "o": _ = overflow(1)
    case "x": fatalError("probe fatal error")
    case "e": FileHandle.standardError.write(Data("probe: a warning on stderr\n".utf8))
    case "w":
      stress = window?.application?.scheduleTimer(after: 0, repeating: 0.005) { [weak self] _ in
        self?.generation += 1
        self?.setNeedsDisplay()
      }
    case "q": window?.application?.terminate(nil)
    default: super.keyDown(with: event)
    }
  }

  private func crash(_ signal: Int32) {
    FileHandle.standardError.write(Data("probe: raising signal \(signal)\n".utf8))
    raise(signal)
  }

  /// Unbounded recursion that the optimiser cannot turn into a loop.
  private func overflow(_ depth: Int) -> Int {
    var locals = [Int](repeating: depth, count: 64)
    locals.withUnsafeMutableBufferPointer { buffer in buffer[0] = overflow(depth + 1) }
    return locals[0] + locals[63]
  }
}
