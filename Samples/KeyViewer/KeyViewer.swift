import EventReplay
import Foundation
import ResponderKit
import TerminalHost
import XKBKeyboard

/// KeyViewer: a live view of keyboard decoding, like xkbcli's interactive tools.
@main
@MainActor
enum KeyViewer {
  static func main() {
    var configuration = TerminalHost.Configuration()
    // Smaller than this the host says so instead of drawing a clipped screen.
    configuration.minimumSize = Size(width: 40, height: 8)
    TerminalHost.run(
      usage: KeyViewerOptions.usage, options: KeyViewerOptions.init(arguments:), configuration: configuration
    ) { options in
      let (app, decoder) = try makeApplication(options, decodesDevice: options.evdevPath != nil)
      var source: EvdevKeyboardSource?
      if let path = options.evdevPath, let decoder {
        source = try EvdevKeyboardSource(devicePath: path, grab: options.grab, decoder: decoder, queue: .main)
        { event in
          MainActor.assumeIsolated { _ = app.handle(.key(event)) }
        }
        source?.resume()
      }
      return (app, source)
    }
  }

  /// Builds the app: a keymap from the options, a full-screen window with the log view, an
  /// action trace the view shows each key's route from, and when keys come from a device,
  /// the decoder that turns its records into key events.
  static func makeApplication(_ options: KeyViewerOptions, decodesDevice: Bool) throws -> (
    Application, EvdevDecoder?
  ) {
    let keymap = try Keymap(names: options.names, strict: options.strict)
    var decoder: EvdevDecoder?
    if decodesDevice, let state = KeyboardState(keymap: keymap) {
      let table = try? ComposeTable(locale: options.composeLocale ?? ComposeTable.localeFromEnvironment())
      decoder = EvdevDecoder(state: state, compose: table.flatMap(ComposeState.init(table:)))
    }
    let app = Application()
    app.keyCommandOverlay.isEnabled = false  // F1 is a key to show like any other
    let window = Window()
    let view = KeyLogView(
      keymap: keymap, describer: KeyDescriber(keymap: keymap, names: options.names, decoder: decoder))
    view.source = options.evdevPath ?? "terminal"
    window.rootView = view
    app.addWindow(window)
    window.makeKeyAndOrderFront()
    window.makeFirstResponder(view)
    // Each key's trace, shown beside it; `--trace-actions FILE` and the inspector add to
    // this trace rather than replace it.
    let trace = ActionTrace(capacity: 50)
    trace.entryHandler = { [weak view] entry in view?.traced(entry) }
    app.actionTrace = trace
    return (app, decoder)
  }
}
