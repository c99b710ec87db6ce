import EventReplay
import Foundation
import ResponderKit
import TerminalHost

/// TouchLab: every standard control on one screen, with a live log of the control events
/// each sends and of where each action went, and the action trace of every touch and key.
///
///     TouchLab [--gestures] [--replay FILE] [--record FILE]
///
/// Touches come from the mouse, or — several at once — from a recording: `--replay` feeds an
/// EventReplay recording into the running app, each input at its recorded time after launch.
/// `--record` writes the session's input as a recording when the app quits. Both are the
/// host's options (`HostOptions`), carried out by a `RecordingSession`. `--gestures` opens on
/// the Gestures screen (Control+G switches), so a recording's touches land on its recognizers.
@main
@MainActor
enum TouchLab {
  static let usage = """
    usage: TouchLab [--gestures] \(HostOptions.usageLine)
    Every standard control on one screen, with a live log of the control events each sends
    and where each action went, over the action trace of each touch and key (the hit-test
    path, the view chosen, the control events and to whom). Control+G switches to the
    Gestures screen, which logs each gesture recognizer's state changes. Touches come from
    the mouse or from a recording (--replay). Control+L clears the log and the trace,
    Control+Q quits.
      --gestures   open on the Gestures screen
    """

  /// TouchLab's one option: whether to open on the Gestures screen.
  static func parseOptions(_ arguments: [String]) throws(CommandLineError) -> Bool {
    var gestures = false
    for argument in arguments {
      guard argument == "--gestures" else {
        throw CommandLineError(argument: argument, reason: "unknown option")
      }
      gestures = true
    }
    return gestures
  }

  static func main() {
    var configuration = TerminalHost.Configuration()
    // Smaller than this the host says so instead of drawing a clipped screen.
    configuration.minimumSize = Size(width: 60, height: 16)
    TerminalHost.run(usage: usage, options: parseOptions, configuration: configuration) { gestures in
      makeApplication(showingGestures: gestures)
    }
  }

  /// Builds the app: one window showing the lab (with the Gestures screen over it when
  /// `showingGestures`), with its actions known by name and its dispatches traced.
  static func makeApplication(showingGestures: Bool = false) -> (Application, LabViewController) {
    Action.register(
      .buttonPressed, .switchFlipped, .sliderMoved, .stepperStepped, .segmentChosen, .textEntered, .clearLog,
      .toggleGestures)
    let app = Application()
    let window = Window()
    let lab = LabViewController()
    window.rootViewController = lab
    app.addWindow(window)
    window.makeKeyAndOrderFront()
    window.makeFirstResponder(lab)
    if showingGestures { lab.present(lab.gestureLab) }
    // Every dispatch's trace, shown under the log; `--trace-actions FILE` and the inspector
    // add to this trace rather than replace it.
    let trace = ActionTrace(capacity: 50)
    trace.entryHandler = { [weak lab] entry in lab?.traceView.append(entry) }
    app.actionTrace = trace
    return (app, lab)
  }
}
