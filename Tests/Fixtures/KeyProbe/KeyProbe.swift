import EventReplay
import Foundation
import Glibc
import ResponderKit
import TerminalHost

/// A small app for `make terminals` (Tests/Terminals/matrix.py): it writes every input the host
/// decoded, one line each, to the file named by `KEYPROBE_LOG`, stamped with the monotonic clock
/// so the driver can match each line with the X key it sent. A line is the input in a
/// recording's syntax (EventReplay's `Recording`), the form a replay reads. Not a sample: it
/// has no keys of its own (the harness ends it), and F12 and Control-Z reach it as keys.
@main
@MainActor
enum KeyProbe {
  static func main() {
    guard let path = ProcessInfo.processInfo.environment["KEYPROBE_LOG"],
      let log = FileHandle(forWritingAtPath: path) ?? create(path)
    else {
      FileHandle.standardError.write(Data("KeyProbe: set KEYPROBE_LOG to a writable file\n".utf8))
      exit(2)
    }
    let app = Application()
    app.keyCommandOverlay.isEnabled = false
    let window = Window()
    let root = View()
    let label = Label(frame: Rect(x: 0, y: 0, width: 80, height: 1), text: "KeyProbe: press keys")
    // A 24-bit colour the harness reads back from a screenshot: exact where the terminal shows
    // true colour, the nearest palette colour where the host degrades it.
    let swatch = View(frame: Rect(x: 0, y: 1, width: 20, height: 3))
    swatch.backgroundColor = swatchColor
    root.addSubview(label)
    root.addSubview(swatch)
    // With KEYPROBE_HOVER set, a tracked view (the `pointer` step): the host then asks for
    // any-motion reporting, and entering and leaving it are logged. Off by default, so the other
    // steps see the terminal as an app without hover does.
    if ProcessInfo.processInfo.environment["KEYPROBE_HOVER"] != nil {
      let target = HoverTarget(frame: hoverFrame) { log.write(Data("\(monotonicSeconds()) \($0)\n".utf8)) }
      target.backgroundColor = .rgb(60, 90, 160)
      root.addSubview(target)
    }
    window.rootView = root
    app.addWindow(window)
    window.makeKeyAndOrderFront()
    var configuration = TerminalHost.Configuration()
    configuration.inspectorKey = nil
    configuration.suspendsOnControlZ = false
    configuration.inputObserver = { input in
      let line = "\(monotonicSeconds()) \(describe(input))"
      log.write(Data((line + "\n").utf8))
      label.text = line
    }
    TerminalHost.run(app, configuration: configuration)
  }

  /// The tracked view's frame: columns 40 to 49, rows 10 to 12.
  static let hoverFrame = Rect(x: 40, y: 10, width: 10, height: 3)

  /// The swatch's colour, which no palette entry has (the nearest 256-colour one is 204,
  /// #ff5f87).
  static let swatchColor = Color.rgb(250, 100, 140)

  static func create(_ path: String) -> FileHandle? {
    guard FileManager.default.createFile(atPath: path, contents: nil) else { return nil }
    return FileHandle(forWritingAtPath: path)
  }

  /// The input as a recording line without its time: a one-entry recording's last line.
  static func describe(_ input: InputEvent) -> String {
    var recording = Recording()
    recording.append(input, at: 0)
    let last = recording.text.split(separator: "\n").last ?? ""
    return String(last.drop { $0 != " " }.dropFirst())
  }

  /// CLOCK_MONOTONIC, the clock Python's `time.monotonic()` reads on Linux.
  static func monotonicSeconds() -> String {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return String(format: "%.6f", Double(now.tv_sec) + Double(now.tv_nsec) / 1e9)
  }
}

/// A view that tracks the pointer entering and leaving it and reports each as `hover entered X
/// Y` or `hover exited X Y` (the pointer's cell).
@MainActor
final class HoverTarget: View {
  let report: (String) -> Void

  init(frame: Rect, report: @escaping (String) -> Void) {
    self.report = report
    super.init(frame: frame)
    addTrackingArea(
      TrackingArea(rect: .zero, options: [.mouseEnteredAndExited, .activeAlways, .inVisibleRect]))
  }

  override func mouseEntered(with event: Event) { say("entered", event) }
  override func mouseExited(with event: Event) { say("exited", event) }

  private func say(_ what: String, _ event: Event) {
    let location = event.mouse?.location ?? Point(x: -1, y: -1)
    report("hover \(what) \(Int(location.x)) \(Int(location.y))")
  }
}
