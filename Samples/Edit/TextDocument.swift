import Foundation
import ResponderKit

/// A plain text file as a document: UTF-8 in and out. The text lives in the editor's text
/// view once the document has a window (typing and undo change it there), and here before.
@MainActor
final class TextDocument: Document {
  /// The text read, kept until the window's text view holds it.
  private var loadedText = ""

  /// The window controller of the document's first window.
  var windowController: EditorWindowController? { windowControllers.first as? EditorWindowController }

  /// The text as it is now: the editor's when there is one.
  var text: String {
    get { windowController?.editor.textView.text ?? loadedText }
    set {
      loadedText = newValue
      windowController?.editor.textView.text = newValue
    }
  }

  /// Bytes that are not UTF-8 are refused with a sentence rather than opened as mojibake,
  /// which saving would write back over the file.
  override func read(from data: Data, ofType typeName: String) throws {
    guard let text = String(data: data, encoding: .utf8) else {
      throw DocumentError.notText(path: fileURL?.path ?? displayName)
    }
    self.text = text
    windowController?.editor.textView.insertionPoint = 0
  }

  override func data(ofType typeName: String) throws -> Data { Data(text.utf8) }

  override func makeWindowControllers() {
    addWindowController(EditorWindowController(text: loadedText))
  }

  /// The alert, and the sentence in the status line until the next success.
  override func presentError(_ error: any Error, completion: (@MainActor () -> Void)? = nil) {
    super.presentError(error, completion: completion)
    windowController?.showDocumentState()
  }
}
