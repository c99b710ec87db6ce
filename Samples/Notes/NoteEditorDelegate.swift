import Foundation

/// What a note editor reports to whoever opened it. The editor never knows which screen that
/// is: it only holds the index path it was given and hands it back.
@MainActor
protocol NoteEditorDelegate: AnyObject {
  /// The user finished editing (Done, Control+S or the back label): `note` is the new
  /// content of the row at `indexPath`.
  func noteEditor(_ editor: NoteEditorViewController, didChange note: Note, at indexPath: IndexPath)
  /// The user cancelled (Escape or Cancel): nothing changed.
  func noteEditorDidCancel(_ editor: NoteEditorViewController)
}
