import ResponderKit

/// Manages one window of a ``TextDocument``: owns the window and its editor screen, and keeps
/// the screen's name, edited mark and message in step with the document.
@MainActor
final class EditorWindowController: WindowController {
  let editor = EditorViewController()

  /// Called when the window's title changed (the Window menu lists titles).
  var titleDidChange: (@MainActor () -> Void)?

  init(text: String) {
    let window = Window()
    window.rootViewController = editor
    editor.textView.text = text
    editor.textView.insertionPoint = 0
    window.initialFirstResponder = editor.textView
    super.init(window: window)
  }

  /// The title (the document's name, " — Edited" while edited) also goes to the screen's top
  /// line and the status line, with the document's last failure if there is one.
  override func synchronizeWindowTitleWithDocumentName() {
    super.synchronizeWindowTitleWithDocumentName()
    showDocumentState()
    titleDidChange?()
  }

  /// Shows the document's name, edited state and last failure on the screen.
  func showDocumentState() {
    editor.displayName = window?.title ?? ""
    editor.isEdited = document?.isDocumentEdited ?? false
    editor.message = document?.lastError ?? ""
  }

  /// The text view takes the keys whenever the window comes to the front.
  override func showWindow(_ sender: Any?) {
    super.showWindow(sender)
    window?.makeFirstResponder(editor.textView)
  }
}
