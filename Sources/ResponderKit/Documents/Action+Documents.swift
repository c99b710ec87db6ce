extension Action {
  /// Saves the document (AppKit's `saveDocument:`, `NSDocument.save(_:)` in Swift); an
  /// untitled one asks where, as Save As does. Answered by the window's ``Document``.
  public static let saveDocument = Action("saveDocument")
  /// Saves the document under another name (AppKit's `saveDocumentAs:`).
  public static let saveDocumentAs = Action("saveDocumentAs")
  /// Writes a copy of the document to another file, the document staying its own file and
  /// edited state (AppKit's `saveDocumentTo:`).
  public static let saveDocumentTo = Action("saveDocumentTo")
  /// Reverts the document to its file, after asking (AppKit's `revertDocumentToSaved:`).
  public static let revertDocumentToSaved = Action("revertDocumentToSaved")
  /// Closes the document and all its windows, reviewing its changes first.
  public static let closeDocument = Action("closeDocument")
  /// Makes an untitled document and shows it (AppKit's `newDocument:`). Answered by the
  /// application's ``DocumentController``.
  public static let newDocument = Action("newDocument")
  /// Asks for a file and opens it (AppKit's `openDocument:`), through
  /// ``DocumentController/openPanelHandler``.
  public static let openDocument = Action("openDocument")

  /// The document actions, for ``register(_:)``-style listings, key binding files and
  /// recordings.
  public static let documentSet: [Action] = [
    .saveDocument, .saveDocumentAs, .saveDocumentTo, .revertDocumentToSaved, .closeDocument, .newDocument,
    .openDocument,
  ]
}
