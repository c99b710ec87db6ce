import EventReplay
import ResponderKit
import TerminalHost

/// Edit: a multi-document text editor in the spirit of TextEdit and nano, built on the
/// document architecture (``Document``, ``WindowController``, ``DocumentController``).
///
///     Edit [FILE…]
///
/// One window per file, a Window menu (Alt+1…9) to switch; New, Open, Save, Save As, Revert,
/// Close and Quit; undo per document; the find bar; a status line with the line, the column
/// and the edited state. Saves go through the terminal host's `LocalDocumentFileSystem`:
/// atomic, the file's permissions kept.
@main
@MainActor
enum Edit {
  static func main() {
    var configuration = TerminalHost.Configuration()
    // Smaller than this the host says so instead of drawing a clipped screen.
    configuration.minimumSize = Size(width: 30, height: 6)
    // Control+Z is Undo here, not suspend.
    configuration.suspendsOnControlZ = false
    TerminalHost.run(
      usage: EditOptions.usage, options: EditOptions.init(arguments:), configuration: configuration
    ) {
      options in
      let controller = EditAppController(files: options.files, fileSystem: LocalDocumentFileSystem())
      return (controller.application, controller)
    }
  }
}
