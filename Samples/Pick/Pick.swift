import EventReplay
import Foundation
import Glibc
import ResponderKit
import TerminalHost

/// Pick: an inline fuzzy picker, the shape of fzf. Lines come from standard input (a file or
/// a pipe still being written), keys and the screen from the terminal (`/dev/tty`), and the
/// choice goes to standard output once the terminal is restored, so `ls | pick | wc` works.
@main
@MainActor
enum Pick {
  static func main() {
    // Parsed here too (the host parses again, with --record and --replay): the picker must
    // exist before the host's exit hooks, which write its choice, are set.
    let (_, options) = HostOptions.parse(usage: PickOptions.usage, appOptions: PickOptions.init(arguments:))
    let reader = StandardInputReader()
    if reader.isTerminal {
      FileHandle.standardError.write(
        Data(
          "Pick: nothing to pick from: pipe lines into it (seq 100 | Pick) or give a file (Pick < file)\n"
            .utf8))
      exit(2)
    }
    let picker = Picker(options: options)
    var configuration = TerminalHost.Configuration()
    configuration.presentation = options.height
    configuration.willExit = { picker.writeChoice() }
    configuration.terminationStatus = { picker.status }
    TerminalHost.run(
      usage: PickOptions.usage, options: PickOptions.init(arguments:), configuration: configuration
    ) {
      _ in
      reader.start { chunk in
        picker.read(chunk)
      } onEnd: { error in
        picker.inputEnded(error)
      }
      return (picker.application, reader)
    }
  }
}

/// The application, its model and view, and what happens at the end.
@MainActor
final class Picker {
  let application = Application()
  let model = PickModel()
  let view: PickView
  /// Set when input could not be read: shown after the terminal is restored.
  private(set) var inputError: String?

  init(options: PickOptions) {
    view = PickView(model: model, multi: options.multi, preview: options.preview)
    let window = Window()
    window.rootView = view
    application.addWindow(window)
    window.makeKeyAndOrderFront()
    window.makeFirstResponder(view)
    model.setQuery(options.query)
    view.onFinish = { [weak self] _ in self?.application.terminate(nil) }
  }

  func read(_ chunk: UnsafeRawBufferPointer) {
    if !model.append(chunk) {
      inputError = "input larger than \(LineStore.capacity) bytes; the rest is ignored"
    }
    view.inputChanged()
  }

  func inputEnded(_ error: FileError?) {
    if let error { inputError = "\(error)" }
    model.finishInput()
    view.inputChanged()
  }

  /// 0 when a line was chosen, 1 when the user cancelled (or nothing matched).
  var status: Int32 { view.accepted == true && !model.chosenLines.isEmpty ? 0 : 1 }

  /// After the terminal is restored: the choice on standard output.
  func writeChoice() {
    if let inputError { FileHandle.standardError.write(Data("Pick: \(inputError)\n".utf8)) }
    guard view.accepted == true else { return }
    let lines = model.chosenLines
    guard !lines.isEmpty else { return }
    FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
  }
}
